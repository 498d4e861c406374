"""The t4 hex-slide board (seed 001): straight pieces in the grooves of 38 hexagons.

The board is taken literally from the seed's three diagrams: one names every
cell by its row groove (i..o), the other two give the same cells' positions in
the two diagonal groove families (a..h and p..w).  Everything else -- grooves,
neighbours, piece placements -- is derived by parsing those strings, so the
module cannot drift from the seed.

A piece covers 2 or 3 consecutive cells of one groove; a configuration is a
set of non-overlapping pieces.  The five published questions differ only in a
few side conditions (full cover, a required piece, forbidden pieces, cells
kept empty), declared as data on each instance.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import NamedTuple

from .cnf import ENCODINGS, Formula
from .errors import InputError, RuleViolation
from .instance import Expected, Instance

# -- the seed's diagrams, verbatim ---------------------------------------------

ROW_DIAGRAM = """
      i1  i2  i3  i4  i5
    j1  j2  j3  j4  j5  j6
      k1  k2  k3  k4  k5
    l1  l2  l3  l4  l5  l6
      m1  m2  m3  m4  m5
    n1  n2  n3  n4  n5  n6
      o1  o2  o3  o4  o5
"""

FALLING_DIAGRAM = """
      e1  d1  c1  b1  a1
    f1  e2  d2  c2  b2  a2
      f2  e3  d3  c3  b3
    g1  f3  e4  d4  c4  b4
      g2  f4  e5  d5  c5
    h1  g3  f5  e6  d6  c6
      h2  g4  f6  e7  d7
"""

RISING_DIAGRAM = """
      p2  q4  r6  s7  t7
    p1  q3  r5  s6  t6  u6
      q2  r4  s5  t5  u5
    q1  r3  s4  t4  u4  v4
      r2  s3  t3  u3  v3
    r1  s2  t2  u2  v2  w2
      s1  t1  u1  v1  w1
"""

#: Neighbour offsets in diagram text (line, column), clockwise from upper right.
CLOCKWISE = ((-1, 2), (0, 4), (1, 2), (1, -2), (0, -4), (-1, -2))

SOURCE = "seed 001 (Carl Mäsak, 'Counting t4 configurations', 2012), REFERENCE.md"


def parse_diagram(text: str) -> dict[tuple[int, int], tuple[str, int]]:
    """Map each label's text position (line, column) to (groove letter, index)."""
    labels = {}
    for line_no, line in enumerate(text.strip("\n").splitlines()):
        for m in re.finditer(r"([a-z])(\d+)", line):
            labels[(line_no, m.start())] = (m.group(1), int(m.group(2)))
    return labels


class Piece(NamedTuple):
    """A straight piece: `length` cells of `groove` starting at position `first`."""
    groove: str
    first: int
    length: int

    def __str__(self) -> str:
        """The seed's style: groove letter and positions, e.g. 'l12'."""
        return self.groove + "".join(str(self.first + k) for k in range(self.length))


class Board:
    """Cells, grooves and neighbours, all derived from the seed's diagrams."""

    def __init__(self):
        rows = parse_diagram(ROW_DIAGRAM)
        diagonals = [parse_diagram(FALLING_DIAGRAM), parse_diagram(RISING_DIAGRAM)]
        for diagram in diagonals:
            if set(diagram) != set(rows):
                raise ValueError("groove diagrams do not put labels at the same places")
        #: cell names in reading order (i1, i2, ..., o5)
        self.cells: list[str] = []
        #: cell name -> text position (line, column) in the diagrams
        self.position: dict[str, tuple[int, int]] = {}
        #: cell name -> its three (groove, index) labels: row, falling, rising
        self.labels: dict[str, tuple[tuple[str, int], ...]] = {}
        for pos in sorted(rows):
            name = "%s%d" % rows[pos]
            self.cells.append(name)
            self.position[name] = pos
            self.labels[name] = (rows[pos],) + tuple(d[pos] for d in diagonals)
        self.cell_at = {pos: name for name, pos in self.position.items()}
        grooves: dict[str, dict[int, str]] = {}
        for name, labels in self.labels.items():
            for letter, index in labels:
                if index in grooves.setdefault(letter, {}):
                    raise ValueError(f"groove position {letter}{index} appears twice")
                grooves[letter][index] = name
        #: groove letter -> its cells in groove order (position 1 first)
        self.grooves: dict[str, list[str]] = {}
        for letter in sorted(grooves):
            places = grooves[letter]
            if sorted(places) != list(range(1, len(places) + 1)):
                raise ValueError(f"groove {letter} skips a position")
            self.grooves[letter] = [places[i] for i in range(1, len(places) + 1)]

    def neighbours(self, cell: str) -> list[str]:
        """Adjacent cells, clockwise from the upper right (as the seed lists l3's)."""
        line, col = self.position[cell]
        return [self.cell_at[(line + dl, col + dc)] for dl, dc in CLOCKWISE
                if (line + dl, col + dc) in self.cell_at]

    def direction(self, a: str, b: str) -> tuple[int, int]:
        """Text offset from cell a to cell b."""
        (la, ca), (lb, cb) = self.position[a], self.position[b]
        return lb - la, cb - ca

    def groove_family(self, letter: str) -> int:
        """0 for rows (i..o), 1 for the a..h diagonals, 2 for the p..w diagonals."""
        return next(k for k, (g, _) in enumerate(self.labels[self.grooves[letter][0]])
                    if g == letter)

    def piece_cells(self, piece: Piece) -> list[str]:
        return self.grooves[piece.groove][piece.first - 1: piece.first - 1 + piece.length]

    @cached_property
    def pieces(self) -> list[Piece]:
        """Every placement: each run of 2 or 3 consecutive cells of each groove."""
        return [Piece(letter, first, length)
                for letter, cells in self.grooves.items()
                for length in (2, 3)
                for first in range(1, len(cells) - length + 2)]


BOARD = Board()


# -- the direct counter: a frontier dynamic program (no CNF) --------------------

def count_by_frontier(cells: list[str], placements: list[list[str]],
                      required: list[list[str]] = (), full: bool = False) -> int:
    """Count sets of non-overlapping `placements` (cell lists) that include `required`.

    Cells are visited in the given order; a placement is decided at its first
    cell, and the state is the set of later cells already covered (a bit mask),
    so the state space stays as small as the board's width in that order.
    With `full`, every cell must be covered.
    """
    index = {c: k for k, c in enumerate(cells)}
    starting_at: list[list[int]] = [[] for _ in cells]
    for placement in placements:
        if placement in required:
            continue
        bits = [index[c] for c in placement]
        starting_at[min(bits)].append(sum(1 << b for b in bits))
    state = 0
    for placement in required:
        mask = sum(1 << index[c] for c in placement)
        if state & mask:
            return 0                           # required pieces overlap
        state |= mask
    counts = {state: 1}
    for k in range(len(cells)):
        bit = 1 << k
        after: dict[int, int] = {}
        for covered, n in counts.items():
            if covered & bit:
                key = covered ^ bit
                after[key] = after.get(key, 0) + n
                continue
            if not full:
                after[covered] = after.get(covered, 0) + n
            for mask in starting_at[k]:
                if not covered & mask:
                    key = (covered | mask) ^ bit
                    after[key] = after.get(key, 0) + n
        counts = after
    return counts.get(0, 0)


# -- joints: the low-width basis for the CNF -------------------------------------

class Joint(NamedTuple):
    """Cells `first` and `first + 1` of `groove` belong to the same piece.

    A configuration is exactly a set of joints in which every cell's joints run
    along one groove and no groove has three joints in a row: the pieces are
    the maximal runs.  This basis has 91 variables whose constraints are all
    local, so a model counter's tree decomposition stays narrow.
    """
    groove: str
    first: int


def piece_joints(piece: Piece) -> list[Joint]:
    """The joints inside a piece (1 or 2)."""
    return [Joint(piece.groove, k) for k in range(piece.first, piece.first + piece.length - 1)]


def piece_borders(piece: Piece) -> list[Joint]:
    """The joints just outside a piece's ends (they must be absent)."""
    return [Joint(piece.groove, piece.first - 1), Joint(piece.groove, piece.first + piece.length - 1)]


def pieces_from_joints(joints) -> list[Piece]:
    """The pieces of a joint set: each maximal run of joints in a groove."""
    joints = set(joints)
    pieces = []
    for j in sorted(joints):
        if Joint(j.groove, j.first - 1) in joints:
            continue                           # not the start of a run
        end = j.first
        while Joint(j.groove, end + 1) in joints:
            end += 1
        pieces.append(Piece(j.groove, j.first, end - j.first + 2))
    return pieces


# -- instances -------------------------------------------------------------------

#: Encodings of the CNF: "joints" (default) and "joint-pieces" are this
#: family's own; the rest put one variable on each piece and forbid overlaps
#: per cell with PySAT's cardinality encoding of that name ("pairwise" is the
#: plain formula).  Ganak spends most of its time searching a tree
#: decomposition, and the 91 joint variables with purely local constraints
#: give it the smallest graph: 2 to 6 times less CPU than pairwise on the five
#: questions (bench/bench_t4.py).
JOINT_ENCODINGS = ("joints", "joint-pieces")
T4_ENCODINGS = JOINT_ENCODINGS + ENCODINGS
DEFAULT_T4_ENCODING = "joints"


class T4Instance(Instance):
    """A question about configurations on (part of) the t4 board.

    The question is data: `full` (every cell covered), `required` pieces,
    `forbidden` pieces (with a `reason` naming the rule) and `empty` cells.
    `cells` restricts everything to a sub-board, for cross-checks on sizes a
    brute force can handle.
    """

    family = "t4"

    def __init__(self, name: str, description: str = "", expected: Expected | None = None, *,
                 full: bool = False, required=(), forbidden=(), reason: str = "",
                 empty=(), cells=None):
        super().__init__(name, description, expected)
        unknown = set(cells or ()) - set(BOARD.cells)
        if unknown:
            raise InputError(f"{name}: unknown cells {', '.join(sorted(unknown))}")
        self.board = BOARD
        self.cells = [c for c in BOARD.cells if cells is None or c in set(cells)]
        self.full = full
        self.required = [Piece(*p) for p in required]
        self.forbidden = {Piece(*p) for p in forbidden}
        self.reason = reason
        self.empty = set(empty)
        on_board = set(self.cells)
        #: pieces the question allows (the required ones included)
        self.placements = [p for p in BOARD.pieces
                           if set(BOARD.piece_cells(p)) <= on_board
                           and p not in self.forbidden
                           and not self.empty & set(BOARD.piece_cells(p))]
        for p in self.required:
            if p not in self.placements:
                raise InputError(f"{name}: required piece {p} is not an allowed placement")

    # -- the CNF -------------------------------------------------------------
    def formula(self, encoding: str | None = None) -> Formula:
        """The question as CNF; see T4_ENCODINGS for the choices."""
        encoding = encoding or DEFAULT_T4_ENCODING
        if encoding not in T4_ENCODINGS:
            raise InputError(f"unknown encoding '{encoding}' for t4 "
                             f"(choose from: {', '.join(T4_ENCODINGS)})")
        if encoding in JOINT_ENCODINGS:
            return self._joint_formula(with_pieces=encoding == "joint-pieces")
        return self._piece_formula(encoding)

    def _piece_formula(self, encoding: str) -> Formula:
        """One variable per piece; at most (or, if full, exactly) one piece per cell.

        With "pairwise" this is the plain formula: every board placement gets a
        variable and the question's conditions are unit clauses.
        """
        f = Formula(self.name, encoding)
        on_board = set(self.cells)
        pieces = [p for p in BOARD.pieces if set(BOARD.piece_cells(p)) <= on_board]
        allowed = set(self.placements)
        for p in pieces:
            f.var(p)
        f.show(pieces)
        covering = {c: [] for c in self.cells}
        for p in pieces:
            for c in BOARD.piece_cells(p):
                covering[c].append(f.var(p))
        for c in self.cells:
            f.at_most_one(covering[c], f"cell {c}: at most one piece")
            if self.full:
                f.at_least_one(covering[c], f"cell {c}: covered")
        for p in self.required:
            f.add([f.var(p)], f"required piece {p}")
        for p in pieces:
            if p not in allowed:
                f.add([-f.var(p)], f"piece {p} not allowed")
        return f

    def _joint_formula(self, with_pieces: bool) -> Formula:
        """Variables on joints (see Joint); pieces are the maximal runs.

        Every constraint touches one cell or three consecutive joints, which
        keeps the counter's tree decomposition narrow.  With `with_pieces`,
        piece variables defined from the joints become the show set.
        """
        f = Formula(self.name, "pairwise")     # PySAT's name for the few cardinality constraints
        f.label = "joint-pieces" if with_pieces else "joints"
        f.comments.append("t4 encoding: " + ("joint-pieces" if with_pieces else "joints")
                          + " (variables on joints of adjacent cells; pieces are maximal runs)")
        joints = sorted({j for p in self.placements for j in piece_joints(p)})
        for j in joints:
            f.var(j)
        f.show(joints)
        have = set(joints)
        for j in joints:
            run = [j, Joint(j.groove, j.first + 1), Joint(j.groove, j.first + 2)]
            if all(k in have for k in run):
                f.add([-f.var(k) for k in run], "pieces have at most 3 cells")
        allowed = set(self.placements)
        for p in BOARD.pieces:                 # a run of joints that is not an allowed piece
            inner = piece_joints(p)
            if p not in allowed and all(k in have for k in inner):
                f.add([-f.var(k) for k in inner] + [f.var(k) for k in piece_borders(p) if k in have],
                      f"piece {p} not allowed")
        for c in self.cells:
            families = [[k for k in (Joint(g, i - 1), Joint(g, i)) if k in have]
                        for g, i in BOARD.labels[c]]
            for a in range(3):
                for b in range(a + 1, 3):
                    for x in families[a]:
                        for y in families[b]:
                            f.add([-f.var(x), -f.var(y)], f"cell {c}: in one piece only")
            if self.full:
                f.add([f.var(k) for fam in families for k in fam], f"cell {c}: covered")
        for p in self.required:
            f.extend([[f.var(k)] for k in piece_joints(p)], f"required piece {p}")
            f.extend([[-f.var(k)] for k in piece_borders(p) if k in have], f"required piece {p}")
        if with_pieces:
            for p in self.placements:
                v = f.var(p)
                inner = [f.var(k) for k in piece_joints(p)]
                border = [f.var(k) for k in piece_borders(p) if k in have]
                f.extend([[-v, x] for x in inner] + [[-v, -x] for x in border]
                         + [[v] + [-x for x in inner] + border], f"piece {p} from its joints")
            f.show(self.placements)
        return f

    # -- second method -------------------------------------------------------
    def direct_count(self, unique: bool = False) -> int:
        """Frontier dynamic program over the cells in reading order (no CNF)."""
        if unique:
            raise InputError(f"{self.name}: counting up to symmetry is not supported for t4")
        return count_by_frontier(self.cells, [BOARD.piece_cells(p) for p in self.placements],
                                 [BOARD.piece_cells(p) for p in self.required], self.full)

    # -- solutions -----------------------------------------------------------
    def decode(self, keys: list) -> list[Piece]:
        """Shown keys (pieces or joints) -> the configuration as sorted pieces."""
        pieces = [Piece(*k) for k in keys if len(k) == 3]
        joints = [Joint(*k) for k in keys if len(k) == 2]
        return sorted(set(pieces) | set(pieces_from_joints(joints)))

    def check(self, solution) -> None:
        """Plain rule check, independent of any CNF."""
        owner: dict[str, Piece] = {}
        pieces = []
        on_board = set(self.cells)
        for item in solution:
            p = self._as_piece(item)
            pieces.append(p)
            for c in BOARD.piece_cells(p):
                if c not in on_board:
                    raise RuleViolation(f"piece {p} covers {c}, which is not on this board")
                if c in owner:
                    raise RuleViolation(f"pieces {owner[c]} and {p} overlap on cell {c}")
                owner[c] = p
        for p in self.required:
            if p not in pieces:
                raise RuleViolation(f"piece {p} is missing: {self.name} requires it")
        for p in pieces:
            if p in self.forbidden:
                raise RuleViolation(f"piece {p} is not allowed in {self.name}"
                                    + (f": {self.reason}" if self.reason else ""))
        covered_empty = sorted(self.empty & set(owner), key=self.cells.index)
        if covered_empty:
            c = covered_empty[0]
            raise RuleViolation(f"cell {c} must stay empty in {self.name} but piece {owner[c]} covers it")
        if self.full:
            gaps = [c for c in self.cells if c not in owner]
            if gaps:
                raise RuleViolation(f"the board must be completely filled, but "
                                    f"{len(gaps)} cell(s) are empty: {', '.join(gaps)}")

    @staticmethod
    def _as_piece(item) -> Piece:
        """A Piece from a Piece, a (groove, first, length) triple, or a list."""
        try:
            groove, first, length = item
            p = Piece(str(groove), int(first), int(length))
        except (TypeError, ValueError):
            raise RuleViolation(f"{item!r} is not a piece (groove, first, length)") from None
        if p.groove not in BOARD.grooves:
            raise RuleViolation(f"piece {tuple(p)}: there is no groove '{p.groove}'")
        if p.length not in (2, 3):
            raise RuleViolation(f"piece {p}: a piece has 2 or 3 cells, not {p.length}")
        if not 1 <= p.first <= len(BOARD.grooves[p.groove]) - p.length + 1:
            raise RuleViolation(f"piece {p}: groove {p.groove} has only "
                                f"{len(BOARD.grooves[p.groove])} cells")
        return p

    def render(self, solution, color: bool = False) -> str:
        return render_board(self.cells, [self._as_piece(p) for p in solution], color)

    def solution_json(self, solution):
        return [{"piece": str(p), "groove": p.groove, "first": p.first, "length": p.length,
                 "cells": BOARD.piece_cells(p)} for p in map(self._as_piece, solution)]

    # -- description ---------------------------------------------------------
    def picture(self) -> str:
        """The empty board with its cell names, in the seed's layout."""
        return "\n".join(row for row in render_board(self.cells, [], names=True).splitlines() if row)

    def summary(self) -> dict:
        grooves = {g: len(cells) for g, cells in BOARD.grooves.items()}
        return {
            "cells": len(self.cells),
            "grooves": f"{len(grooves)} (rows i-o, diagonals a-h and p-w), lengths "
                       f"{min(grooves.values())} to {max(grooves.values())}",
            "placements": len(self.placements),
            "rule": self.description,
        }


# -- pictures --------------------------------------------------------------------

#: ANSI colours for pieces (cycled): the six plain and six bright ones.
PIECE_COLOURS = [f"\x1b[{n}m" for n in (31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96)]
RESET = "\x1b[0m"
PIECE_TAGS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_board(cells, pieces, color: bool = False, names: bool = False) -> str:
    """The board as hexagonal ASCII art, as laid out in the seed's diagrams.

    Each cell is a 2-character tag: its name (names=True), the letter of the
    piece covering it, or '..' when empty.  The cells of a piece are joined by
    '--', '\\' or '/' along its groove.
    """
    left = min(BOARD.position[c][1] for c in BOARD.cells)
    height = 2 * max(BOARD.position[c][0] for c in BOARD.cells) + 1
    width = max(BOARD.position[c][1] for c in BOARD.cells) - left + 2
    canvas = [[" "] * width for _ in range(height)]
    paint = [[None] * width for _ in range(height)]

    def put(row, col, text, colour=None):
        for k, ch in enumerate(text):
            canvas[row][col + k] = ch
            paint[row][col + k] = colour

    for c in cells:
        line, col = BOARD.position[c]
        put(2 * line, col - left, c if names else "..")
    for n, piece in enumerate(pieces):
        tag = PIECE_TAGS[n % len(PIECE_TAGS)] * 2 if n < len(PIECE_TAGS) else f"{n:02d}"[-2:]
        colour = PIECE_COLOURS[n % len(PIECE_COLOURS)] if color else None
        run = BOARD.piece_cells(piece)
        for c in run:
            line, col = BOARD.position[c]
            put(2 * line, col - left, tag, colour)
        for a, b in zip(run, run[1:]):
            (line, col), (dl, dc) = BOARD.position[a], BOARD.direction(a, b)
            if (dl, dc) in ((-1, 2), (-1, -2), (0, -4)):   # draw from the upper/left cell
                (line, col), (dl, dc) = BOARD.position[b], (-dl, -dc)
            if dl == 0:
                put(2 * line, col - left + 2, "--", colour)
            elif dc > 0:
                put(2 * line + 1, col - left + 2, "\\", colour)
            else:
                put(2 * line + 1, col - left - 1, "/", colour)
    rows = []
    for chars, colours in zip(canvas, paint):
        text, current = "", None
        for ch, colour in zip(chars, colours):
            if colour != current:
                text += RESET if current else ""
                text += colour or ""
                current = colour
            text += ch
        rows.append((text + (RESET if current else "")).rstrip())
    return "\n".join(rows)


# -- the published questions -----------------------------------------------------

L12 = Piece("l", 1, 2)


def builtins() -> dict[str, T4Instance]:
    """The five questions of seed 001 with their published counts."""
    def expect(n):
        return Expected(raw=n, source=SOURCE)

    other_l = [p for p in BOARD.pieces if p.groove == "l" and p != L12]
    found = [
        T4Instance("t4-all", "any configuration: non-overlapping pieces, gaps allowed",
                   expect(4_783_154_184_978)),
        T4Instance("t4-full", "configurations that fill the board completely",
                   expect(11_071_306), full=True),
        T4Instance("t4-l12", "configurations with a piece on l1-l2",
                   expect(573_538_221_334), required=[L12]),
        T4Instance("t4-l12-only", "a piece on l1-l2 and no other piece in groove l",
                   expect(375_873_151_406), required=[L12], forbidden=other_l,
                   reason="no piece in groove l other than l12"),
        T4Instance("t4-trivial", "trivially solvable: a piece on l1-l2, cells l3-l6 empty",
                   expect(7_767_954_496), required=[L12], empty=["l3", "l4", "l5", "l6"]),
    ]
    return {inst.name: inst for inst in found}
