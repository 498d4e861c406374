"""Hexagon edge-matching puzzles: Toysmith Hexagon Bugs (seed 002) and any card set.

Hexagonal cards carry a label on each of their six sides.  Every card goes on
one cell of a board of hexagonal cells, turned (and, if allowed, turned over)
at will, so that every pair of touching sides matches under the puzzle's rule:
"bugs" (the same bug, one front = upper case and one back = lower case) or
"equal" (identical labels).

Geometry (DESIGN.md): cells in axial coordinates (x, y), pointy-top, y growing
downwards; rows are horizontal.  Side s of a cell faces SIDE_NAMES[s], and the
neighbour across it is (x, y) + SIDE_OFFSETS[s]; side s + 3 faces back.  A card
is stored with its labels in that frame (label k on side k when unturned);
orientation o < 6 turns it clockwise by o sixths, o >= 6 turns it over first
(mirror about the vertical axis) and then by o - 6.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import time
from dataclasses import dataclass
from functools import cached_property

from .cnf import Formula
from .tomlfile import read_toml
from .errors import InputError, RuleViolation
from .instance import Expected, Instance

SIDE_NAMES = ("upper-right", "right", "lower-right", "lower-left", "left", "upper-left")
#: Axial offset to the neighbour across each side.
SIDE_OFFSETS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

#: CNF schemes: "direct" forbids each mismatching pair of neighbouring
#: placements by a binary clause; "labels" gives every inner edge one label
#: variable that placements on both sides imply (smaller, propagates better);
#: "labels-cards" adds a card-at-cell variable per (card, cell), with its own
#: exactly-one constraints, so the solver can decide where a card goes before
#: how it is turned.
SCHEMES = ("direct", "labels", "labels-cards")
#: Faster in bench/bench_hexmatch.py on every size measured (and the only one
#: that stays small on large boards).
DEFAULT_SCHEME = "labels"

BUG_LETTERS = "PLSBRK"


def opposite(side: int) -> int:
    return (side + 3) % 6


def turn(labels: tuple, orientation: int) -> tuple:
    """The labels on board sides 0..5 of a card placed in `orientation`."""
    rotation, flipped = orientation % 6, orientation >= 6
    return tuple(labels[5 - (s - rotation) % 6] if flipped else labels[(s - rotation) % 6]
                 for s in range(6))


# -- the board -----------------------------------------------------------------

@dataclass(frozen=True)
class Symmetry:
    """A board symmetry: where each cell goes, and where each side direction goes."""
    cell_map: dict
    side_map: tuple
    name: str


class HexBoard:
    """A set of hexagonal cells, numbered 1.. in reading order (rows, then left to right)."""

    def __init__(self, cells, rows: list[int] | None = None):
        self.cells: list[tuple[int, int]] = sorted(set(map(tuple, cells)), key=lambda c: (c[1], c[0]))
        self.cellset = frozenset(self.cells)
        self.number = {c: k + 1 for k, c in enumerate(self.cells)}
        self.rows = rows            # kept so an instance file can be written back as given

    @classmethod
    def from_rows(cls, rows: list[int]) -> "HexBoard":
        """Rows of cell counts, each centred under the previous one (a honeycomb).

        The middle row is y = 0; a row of n cells at height y starts at
        x = -floor((n - 1 + y) / 2), which puts its centre at drawing x = 0 (half
        a cell left when the parities do not allow it).
        """
        top = -(len(rows) // 2)
        cells = []
        for k, n in enumerate(rows):
            y = top + k
            start = -((n - 1 + y) // 2)
            cells.extend((start + i, y) for i in range(n))
        return cls(cells, rows=list(rows))

    @classmethod
    def hexagon(cls, radius: int) -> "HexBoard":
        """The hexagon of the given radius around (0, 0): 3r(r+1)+1 cells."""
        return cls.from_rows([2 * radius + 1 - abs(k) for k in range(-radius, radius + 1)])

    def __len__(self) -> int:
        return len(self.cells)

    def neighbour(self, cell, side: int):
        """The cell across `side` of `cell`, or None at the border."""
        dx, dy = SIDE_OFFSETS[side]
        other = (cell[0] + dx, cell[1] + dy)
        return other if other in self.cellset else None

    def neighbours(self, cell) -> list:
        """Adjacent cells clockwise from the upper right."""
        return [n for s in range(6) if (n := self.neighbour(cell, s)) is not None]

    @cached_property
    def inner_edges(self) -> list[tuple]:
        """Each pair of touching cells once, as (cell a, side of a, cell b), a before b."""
        return [(c, s, n) for c in self.cells for s in (1, 2, 3)
                if (n := self.neighbour(c, s)) is not None]

    def label(self, cell) -> str:
        return f"{self.number[cell]:0{max(2, len(str(len(self.cells))))}d}"

    def symmetries(self, reflections: bool) -> list[Symmetry]:
        """Turns (and mirror images) of the axial grid that map this board onto itself.

        Computed from the cell set: any such map is a linear grid symmetry
        followed by a translation, found by matching the least cells.
        """
        found = []
        for mirrored in ((False, True) if reflections else (False,)):
            for k in range(6):
                def image(c, k=k, mirrored=mirrored):
                    x, y = c
                    if mirrored:
                        x, y = -x - y, y
                    for _ in range(k):
                        x, y = -y, x + y
                    return x, y
                moved = [image(c) for c in self.cells]
                low = min(moved, key=lambda c: (c[1], c[0]))
                dx, dy = self.cells[0][0] - low[0], self.cells[0][1] - low[1]
                cell_map = {c: (m[0] + dx, m[1] + dy) for c, m in zip(self.cells, moved)}
                if set(cell_map.values()) == self.cellset:
                    sides = tuple(((5 - s) if mirrored else s) + k for s in range(6))
                    found.append(Symmetry(cell_map, tuple(s % 6 for s in sides),
                                          ("mirror+" if mirrored else "") + f"turn {60 * k}"))
        return found

    def drawing_position(self, cell) -> tuple[float, float]:
        """Centre of a cell in units of the cell's width (x) and row height (y)."""
        return cell[0] + cell[1] / 2, cell[1]


# -- matching rules ------------------------------------------------------------

class Rule:
    """When two touching sides match.  Every label has exactly one partner."""
    name = ""

    def partner(self, label: str) -> str:
        raise NotImplementedError

    def matches(self, a: str, b: str) -> bool:
        return b == self.partner(a)

    def problem(self, label: str, alphabet) -> str | None:
        """Why `label` is not allowed (None if it is)."""
        raise NotImplementedError


class BugsRule(Rule):
    """Same bug, one front (upper case) and one back (lower case)."""
    name = "bugs"

    def partner(self, label: str) -> str:
        return label.swapcase()

    def matches(self, a: str, b: str) -> bool:
        return a != b and b == a.swapcase()

    def problem(self, label, alphabet):
        letters = alphabet or BUG_LETTERS
        if not (label.isupper() or label.islower()):
            return f"label '{label}' is neither a front (upper case) nor a back (lower case)"
        if label.upper() not in {l.upper() for l in letters}:
            return f"unknown bug '{label}' (known: {', '.join(letters)} in either case)"
        return None


class EqualRule(Rule):
    """Identical labels."""
    name = "equal"

    def partner(self, label: str) -> str:
        return label

    def problem(self, label, alphabet):
        if alphabet is not None and label not in alphabet:
            return f"unknown label '{label}' (labels: {', '.join(alphabet)})"
        return None


RULES = {r.name: r for r in (BugsRule(), EqualRule())}


# -- the puzzle ----------------------------------------------------------------

class SearchTimeout(Exception):
    """The plain search ran past its deadline."""


class HexMatch(Instance):
    """One edge-matching puzzle: board, cards (labels in the side frame), rule, flipping."""

    family = "hexmatch"

    def __init__(self, name: str, board: HexBoard, cards: list[tuple], rule: str = "bugs",
                 flip: bool = False, description: str = "", expected: Expected | None = None,
                 first_side: int = 0, labels: list[str] | None = None,
                 scheme: str = DEFAULT_SCHEME, planted: dict | None = None):
        super().__init__(name, description, expected)
        self.board = board
        self.cards = [tuple(c) for c in cards]
        self.rule = RULES[rule]
        self.flip = flip
        self.first_side = first_side
        self.labels = labels
        self.scheme = scheme
        #: a known solution (cell -> (card, orientation)), e.g. the generator's
        self.planted = planted
        allowed = range(12 if flip else 6)
        #: per card: {side labels: its first orientation showing them}
        self.orientation_of: list[dict] = []
        for card in self.cards:
            table = {}
            for o in allowed:
                table.setdefault(turn(card, o), o)
            self.orientation_of.append(table)

    # -- the CNF ---------------------------------------------------------------
    def formula(self, encoding: str | None = None, scheme: str | None = None) -> Formula:
        """Each card on one cell in one orientation, one card per cell, inner edges match.

        `encoding` is the PySAT cardinality encoding of the exactly-one
        constraints, or a matching scheme's name (SCHEMES); `scheme` chooses
        how matching is encoded.
        """
        if encoding in SCHEMES:
            encoding, scheme = None, encoding
        scheme = scheme or self.scheme
        if scheme not in SCHEMES:
            raise InputError(f"unknown hexmatch scheme '{scheme}' (choose from: {', '.join(SCHEMES)})")
        f = Formula(self.name, encoding) if encoding else Formula(self.name)
        f.comments.append(f"hexmatch scheme: {scheme}")
        f.label = scheme if encoding is None else f"{scheme} with {encoding}"
        at = {cell: [] for cell in self.board.cells}   # cell -> [(var, card, side labels)]
        for number, table in enumerate(self.orientation_of, 1):
            mine = []
            for cell in self.board.cells:
                for sides, o in table.items():
                    v = f.var(("place", number, cell, o))
                    mine.append(v)
                    at[cell].append((v, number, sides))
            f.exactly_one(mine, f"card {number} is placed once", encoding)
        for cell in self.board.cells:
            f.exactly_one([v for v, _, _ in at[cell]], f"cell {self.board.label(cell)} holds one card",
                          encoding)
        f.show([k for k in f.keys() if k[0] == "place"])
        if scheme == "direct":
            self._match_direct(f, at)
        else:
            self._match_labels(f, at, encoding)
        if scheme == "labels-cards":
            self._card_at_cell(f, at, encoding)
        return f

    def _card_at_cell(self, f: Formula, at: dict, encoding) -> None:
        """Redundant channel: card k is at cell c iff one of its placements there is chosen."""
        for cell in self.board.cells:
            by_card: dict[int, list] = {}
            for v, card, _ in at[cell]:
                by_card.setdefault(card, []).append(v)
            for card, vs in by_card.items():
                x = f.var(("at", card, cell))
                for v in vs:
                    f.add([-v, x], f"card {card} at cell {self.board.label(cell)}")
                f.add([-x] + vs, f"card {card} at cell {self.board.label(cell)}")
            f.exactly_one([f.var(("at", card, cell)) for card in by_card],
                          f"cell {self.board.label(cell)} holds one card", encoding)
        for card in range(1, len(self.cards) + 1):
            f.exactly_one([f.var(("at", card, cell)) for cell in self.board.cells],
                          f"card {card} is placed once", encoding)

    def _match_direct(self, f: Formula, at: dict) -> None:
        """A binary clause for each pair of neighbouring placements that do not match."""
        for a, side, b in self.board.inner_edges:
            group = f"cells {self.board.label(a)} and {self.board.label(b)} match"
            here = _by_label(at[a], side)
            there = _by_label(at[b], opposite(side))
            for la, pa in here.items():
                for lb, pb in there.items():
                    if self.rule.matches(la, lb):
                        continue
                    for va, ca in pa:
                        for vb, cb in pb:
                            if ca != cb:
                                f.add([-va, -vb], group)

    def _match_labels(self, f: Formula, at: dict, encoding) -> None:
        """Per inner edge one label (as seen from cell a); placements imply it, and it
        implies some placement on each side showing it."""
        partner = self.rule.partner
        for a, side, b in self.board.inner_edges:
            group = f"cells {self.board.label(a)} and {self.board.label(b)} match"
            here = _by_label(at[a], side)
            there = {partner(lb): p for lb, p in _by_label(at[b], opposite(side)).items()}
            both = [l for l in here if l in there]
            edge = {l: f.var(("edge", a, side, l)) for l in both}
            f.exactly_one(list(edge.values()), group, encoding)
            clauses = []      # added in bulk: one Formula.add per clause dominated radius 8
            for placements in (here, there):
                for label, ps in placements.items():
                    e = edge.get(label)
                    clauses += [[-v, e] if e else [-v] for v, _ in ps]
                    if e:
                        clauses.append([-e] + [v for v, _ in ps])
            f.extend(clauses, group)

    # -- solutions -------------------------------------------------------------
    def decode(self, keys: list) -> dict:
        """Shown keys -> {cell: (card number, orientation)}."""
        solution = {}
        for key in keys:
            if key[0] != "place":
                continue
            _, card, cell, o = key
            if cell in solution:
                raise RuleViolation(f"cell {self.board.label(cell)} holds two cards: "
                                    f"{solution[cell][0]} and {card}")
            solution[cell] = (card, o)
        return solution

    def side_labels(self, placement) -> tuple:
        card, o = placement
        return turn(self.cards[card - 1], o)

    def check(self, solution: dict) -> None:
        """Plain rule check: one card per cell, every card once, every inner edge matches."""
        board = self.board
        for cell in solution:
            if cell not in board.cellset:
                raise RuleViolation(f"cell {cell} is not on the board")
        where: dict[int, list] = {}
        for cell in board.cells:
            if cell not in solution:
                raise RuleViolation(f"cell {board.label(cell)} holds no card")
            card, o = solution[cell]
            if not 1 <= card <= len(self.cards):
                raise RuleViolation(f"cell {board.label(cell)} holds card {card}, which does not exist")
            if o not in range(12 if self.flip else 6):
                raise RuleViolation(f"cell {board.label(cell)}: card {card} in orientation {o} "
                                    f"is not allowed" + ("" if self.flip else " (no flipping)"))
            where.setdefault(card, []).append(board.label(cell))
        for card in range(1, len(self.cards) + 1):
            cells = where.get(card, [])
            if len(cells) != 1:
                raise RuleViolation(f"card {card} is used {len(cells)} times"
                                    + (f" (cells {', '.join(cells)})" if cells else ""))
        for a, side, b in board.inner_edges:
            la = self.side_labels(solution[a])[side]
            lb = self.side_labels(solution[b])[opposite(side)]
            if not self.rule.matches(la, lb):
                raise RuleViolation(
                    f"cells {board.label(a)} and {board.label(b)} do not match: card "
                    f"{solution[a][0]} shows '{la}' on its {SIDE_NAMES[side]} side, card "
                    f"{solution[b][0]} shows '{lb}' ({self.rule.name} rule)")

    def placement_text(self, placement) -> str:
        card, o = placement
        width = max(2, len(str(len(self.cards))))
        return f"{card:0{width}d}{'f' if o >= 6 else 'r'}{o % 6}"

    def render(self, solution: dict, color: bool = False) -> str:
        """Honeycomb text: card number and turn per cell, e.g. 05r2 (f = turned over)."""
        def text(cell):
            t = self.placement_text(solution[cell])
            if color:
                t = f"\033[{31 + solution[cell][0] % 6}m{t}\033[0m"
            return t
        return _honeycomb(self.board, text, len(self.placement_text((1, 0))))

    def picture(self) -> str:
        """The empty board with its cell numbers."""
        return _honeycomb(self.board, self.board.label, len(self.board.label(self.board.cells[0])))

    def solution_json(self, solution: dict):
        return [{"cell": self.board.number[c], "at": list(c), "card": solution[c][0],
                 "rotation": solution[c][1] % 6, "flipped": solution[c][1] >= 6,
                 "sides": list(self.side_labels(solution[c]))}
                for c in self.board.cells if c in solution]

    def svg(self, solution: dict) -> str:
        """Hexagons with card number, turn and the six side labels (fronts bold upper case)."""
        size = 40.0
        w = math.sqrt(3) * size
        pos = {c: (w * self.board.drawing_position(c)[0], 1.5 * size * c[1]) for c in self.board.cells}
        xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
        x0, y0 = min(xs) - w / 2 - 4, min(ys) - size - 4
        width, height = max(xs) - min(xs) + w + 8, max(ys) - min(ys) + 2 * size + 8
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
               f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">']
        for cell in self.board.cells:
            cx, cy = pos[cell]
            corners = " ".join(f"{cx + size * math.cos(math.radians(60 * i - 90)):.1f},"
                               f"{cy + size * math.sin(math.radians(60 * i - 90)):.1f}" for i in range(6))
            placement = solution.get(cell)
            fill = "#eee" if placement is None else f"hsl({(placement[0] * 47) % 360},55%,85%)"
            out.append(f'<polygon points="{corners}" fill="{fill}" stroke="#333" stroke-width="1.5"/>')
            if placement is None:
                continue
            out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" font-size="14">'
                       f'{self.placement_text(placement)}</text>')
            for s, label in enumerate(self.side_labels(placement)):
                angle = math.radians(60 * s - 60)
                lx, ly = cx + 0.7 * w / 2 * math.cos(angle), cy + 0.7 * w / 2 * math.sin(angle)
                front = self.rule.name == "bugs" and label.isupper()
                style = 'font-weight="bold" fill="#000"' if front else 'font-style="italic" fill="#555"'
                out.append(f'<text x="{lx:.1f}" y="{ly + 4:.1f}" text-anchor="middle" font-size="11" '
                           f'{style}>{_xml(label)}</text>')
        out.append("</svg>")
        return "\n".join(out) + "\n"

    # -- symmetry --------------------------------------------------------------
    @cached_property
    def symmetries(self) -> list[Symmetry]:
        """Board symmetries that map solutions to solutions: turns; mirror images only
        when cards may be turned over."""
        return self.board.symmetries(reflections=self.flip)

    def identical_cards(self) -> list[list[int]]:
        """Groups of cards (numbers) showing the same sides up to turning (and turning over
        when allowed); singletons are left out."""
        groups: dict = {}
        for number, table in enumerate(self.orientation_of, 1):
            groups.setdefault(frozenset(table), []).append(number)
        return [g for g in groups.values() if len(g) > 1]

    def form(self, solution: dict) -> tuple:
        """Hashable form: (card, orientation) per cell in reading order, orientations
        normalised to the first one showing the same sides."""
        return tuple((solution[c][0], self.orientation_of[solution[c][0] - 1][self.side_labels(solution[c])])
                     for c in self.board.cells)

    def _moved(self, solution: dict, sym) -> dict:
        """The solution under a board symmetry: cell -> (card, its six side labels)."""
        moved = {}
        for cell, placement in solution.items():
            sides = self.side_labels(placement)
            turned = [None] * 6
            for s in range(6):
                turned[sym.side_map[s]] = sides[s]
            moved[sym.cell_map[cell]] = (placement[0], tuple(turned))
        return moved

    def symmetry_note(self) -> str:
        same = "; ".join(" = ".join(map(str, g)) for g in self.identical_cards())
        kinds = "rotations and reflections" if self.flip else "rotations"
        return (f"distinct means up to the board's {len(self.symmetries)} {kinds} and swaps of "
                f"identical cards ({'identical cards: ' + same if same else 'no two cards are identical'})")

    def images(self, solution: dict) -> list:
        """Forms of all solutions equivalent under board symmetries and swaps of identical
        cards (orbit size = number of distinct images)."""
        groups = self.identical_cards()
        swaps = []
        for perms in itertools.product(*(itertools.permutations(g) for g in groups)):
            swap = {}
            for group, perm in zip(groups, perms):
                swap.update(zip(group, perm))
            swaps.append(swap)
        result = []
        for sym in self.symmetries:
            moved = self._moved(solution, sym)
            for swap in swaps:
                result.append(tuple(
                    (card := swap.get(moved[c][0], moved[c][0]),
                     self.orientation_of[card - 1][moved[c][1]])
                    for c in self.board.cells))
        return result

    def canonical(self, solution: dict) -> tuple:
        """min(images(solution)), without listing the images: per board symmetry, the
        least order of identical cards gives their members in increasing order to
        their first cells in reading order."""
        group_of = {card: tuple(g) for g in self.identical_cards() for card in g}
        best = None
        for sym in self.symmetries:
            moved = self._moved(solution, sym)
            handed: dict[tuple, int] = {}
            form = []
            for c in self.board.cells:
                card, sides = moved[c]
                group = group_of.get(card)
                if group:
                    card = group[handed.get(group, 0)]
                    handed[group] = handed.get(group, 0) + 1
                form.append((card, self.orientation_of[card - 1][sides]))
            form = tuple(form)
            if best is None or form < best:
                best = form
        return best

    def orbit_size(self, solution: dict) -> int:
        """len(set(images(solution))) without listing them: |symmetries| x product of
        (group size)! / the number of board symmetries that map the solution onto
        itself up to identical cards."""
        group_of = {card: tuple(g) for g in self.identical_cards() for card in g}
        seen = {cell: (group_of.get(card, card), self.side_labels((card, o)))
                for cell, (card, o) in solution.items()}
        fixed = 0
        for sym in self.symmetries:
            moved = self._moved(solution, sym)
            fixed += all(seen[cell] == (group_of.get(card, card), sides)
                         for cell, (card, sides) in moved.items())
        swaps = math.prod(math.factorial(len(g)) for g in self.identical_cards())
        return len(self.symmetries) * swaps // fixed

    # -- the plain search (never looks at the CNF) -----------------------------
    def solutions(self, deadline: float | None = None):
        """Yield every solution by backtracking over the cells in reading order.

        A cell's candidates come from an index by the labels they must show
        toward its already-filled neighbours.  Raises SearchTimeout past
        `deadline` (time.monotonic()).
        """
        board, partner = self.board, self.rule.partner
        cells = board.cells
        position = {c: k for k, c in enumerate(cells)}
        # per position: sides whose neighbour is filled earlier, with that neighbour's position
        earlier = [[(s, position[n]) for s in range(6)
                    if (n := board.neighbour(c, s)) is not None and position[n] < k]
                   for k, c in enumerate(cells)]
        everything = [(number, o, sides) for number, table in enumerate(self.orientation_of, 1)
                      for sides, o in table.items()]
        # per position: its candidates keyed by the labels they show toward filled neighbours
        fits = []
        for sides_needed in earlier:
            table: dict = {}
            for item in everything:
                table.setdefault(tuple(item[2][s] for s, _ in sides_needed), []).append(item)
            fits.append(table)
        chosen: list = [None] * len(cells)
        shown: list = [None] * len(cells)       # side labels per filled position
        used = [False] * (len(self.cards) + 1)
        steps = [0]

        def fill(k):
            if k == len(cells):
                yield {cells[i]: chosen[i] for i in range(len(cells))}
                return
            steps[0] += 1
            if deadline is not None and steps[0] % 1024 == 0 and time.monotonic() > deadline:
                raise SearchTimeout
            want = tuple(partner(shown[j][opposite(s)]) for s, j in earlier[k])
            for number, o, sides in fits[k].get(want, ()):
                if used[number]:
                    continue
                used[number] = True
                shown[k], chosen[k] = sides, (number, o)
                yield from fill(k + 1)
                used[number] = False

        yield from fill(0)

    def direct_count(self, unique: bool = False) -> int:
        """Count by the plain search; with `unique`, count orbits (distinct solutions)."""
        if unique:
            return len({self.canonical(s) for s in self.solutions()})
        return sum(1 for _ in self.solutions())

    # -- description -----------------------------------------------------------
    def summary(self) -> dict:
        groups = self.identical_cards()
        return {
            "cells": len(self.board),
            "cards": len(self.cards),
            "rule": self.rule.name,
            "flipping": "allowed" if self.flip else "not allowed",
            "board symmetries": len(self.symmetries),
            "identical cards": "; ".join(" = ".join(map(str, g)) for g in groups) or "none",
            "scheme": self.scheme,
        }


def _by_label(placements, side) -> dict:
    """Group (var, card, sides) by the label on `side` -> [(var, card)]."""
    groups: dict = {}
    for v, card, sides in placements:
        groups.setdefault(sides[side], []).append((v, card))
    return groups


def _honeycomb(board: HexBoard, text, width: int) -> str:
    """Lay out one text per cell, rows offset by half a cell like a honeycomb."""
    step = width + 2
    lefts = [board.drawing_position(c)[0] for c in board.cells]
    low = min(lefts)
    lines: dict[int, str] = {}
    for cell, left in zip(board.cells, lefts):
        column = round((left - low) * step)
        line = lines.get(cell[1], "")
        lines[cell[1]] = line + " " * max(0, column - _visible_len(line)) + text(cell)
    return "\n".join(lines[y].rstrip() for y in sorted(lines)) + "\n"


def _visible_len(text: str) -> int:
    """Length without ANSI colour codes."""
    return len(re.sub(r"\033\[[0-9;]*m", "", text))


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- instance files --------------------------------------------------------------

TOP_KEYS = {"family", "name", "description", "rule", "flip", "first_side", "rows", "cells",
            "radius", "cards", "labels", "scheme", "expected", "planted"}
EXPECTED_KEYS = {"raw", "unique", "source"}
PLANTED_KEYS = {"placements"}


class _Locator:
    """Finds the line of a piece of text in the raw file, for error messages."""

    def __init__(self, path: str, text: str | None):
        self.path = path
        self.lines = text.splitlines() if text else []

    def line_of(self, needle: str, occurrence: int = 0, start_of_line: bool = False) -> int | None:
        seen = 0
        for number, line in enumerate(self.lines, 1):
            hit = line.lstrip().startswith(needle) if start_of_line else needle in line
            if hit:
                if seen == occurrence:
                    return number
                seen += 1
        return None

    def error(self, message: str, line: int | None = None) -> InputError:
        return InputError(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")


def load(path) -> HexMatch:
    """Read a hexmatch instance file (TOML)."""
    data, text = read_toml(path)
    return from_toml(data, os.fspath(path), text)


def from_toml(data: dict, path: str, text: str | None = None) -> HexMatch:
    """Build an instance from parsed TOML; `text` (read from `path` when omitted) only
    serves to put line numbers into error messages."""
    if text is None and path and os.path.isfile(path):
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except OSError:
            text = None
    at = _Locator(path, text)

    def key_error(key, table=None):
        line = at.line_of(f"[{key}]" if isinstance(data.get(key), dict) else key, start_of_line=True)
        if table:
            line = at.line_of(key, start_of_line=True)
        allowed = sorted(EXPECTED_KEYS if table == "expected" else PLANTED_KEYS if table == "planted"
                         else TOP_KEYS)
        where = f"[{table}] " if table else ""
        return at.error(f"unknown {where}key '{key}' (allowed: {', '.join(allowed)})", line)

    for key in data:
        if key not in TOP_KEYS:
            raise key_error(key)

    def typed(key, kind, default, what):
        value = data.get(key, default)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise at.error(f"'{key}' must be {what}", at.line_of(key, start_of_line=True))
        return value

    family = typed("family", str, "hexmatch", "a string")
    if family != "hexmatch":
        raise at.error(f"family '{family}' is not hexmatch", at.line_of("family", start_of_line=True))
    name = typed("name", str, os.path.splitext(os.path.basename(path))[0], "a string")
    description = typed("description", str, "", "a string")
    rule = typed("rule", str, "bugs", "a string")
    if rule not in RULES:
        raise at.error(f"unknown rule '{rule}' (choose from: {', '.join(RULES)})",
                       at.line_of("rule", start_of_line=True))
    flip = typed("flip", bool, False, "true or false")
    first = typed("first_side", str, "upper-right", "a string")
    if first not in SIDE_NAMES:
        raise at.error(f"unknown first_side '{first}' (choose from: {', '.join(SIDE_NAMES)})",
                       at.line_of("first_side", start_of_line=True))
    first_side = SIDE_NAMES.index(first)
    scheme = typed("scheme", str, DEFAULT_SCHEME, "a string")
    if scheme not in SCHEMES:
        raise at.error(f"unknown scheme '{scheme}' (choose from: {', '.join(SCHEMES)})",
                       at.line_of("scheme", start_of_line=True))
    labels = data.get("labels")
    if labels is not None and (not isinstance(labels, list) or not labels
                               or not all(isinstance(l, str) and l for l in labels)):
        raise at.error("'labels' must be a list of non-empty strings", at.line_of("labels", start_of_line=True))

    board = _board_from(data, at)
    cards = _cards_from(data, at, RULES[rule], labels, first_side)
    if len(cards) != len(board):
        more = "more" if len(cards) > len(board) else "fewer"
        raise at.error(f"{more} cards ({len(cards)}) than cells ({len(board)})",
                       at.line_of("cards", start_of_line=True))

    expected = Expected()
    if "expected" in data:
        table = data["expected"]
        if not isinstance(table, dict):
            raise at.error("'expected' must be a table", at.line_of("expected", start_of_line=True))
        for key in table:
            if key not in EXPECTED_KEYS:
                raise key_error(key, "expected")
        for key in ("raw", "unique"):
            if key in table and (not isinstance(table[key], int) or isinstance(table[key], bool)
                                 or table[key] < 0):
                raise at.error(f"[expected] {key} must be a count", at.line_of(key, start_of_line=True))
        if "source" in table and not isinstance(table["source"], str):
            raise at.error("[expected] source must be a string", at.line_of("source", start_of_line=True))
        expected = Expected(table.get("raw"), table.get("unique"), table.get("source", ""))

    instance = HexMatch(name, board, cards, rule=rule, flip=flip, description=description,
                        expected=expected, first_side=first_side, labels=labels, scheme=scheme)
    if "planted" in data:
        instance.planted = _planted_from(data["planted"], instance, at, key_error)
    return instance


def _board_from(data: dict, at: _Locator) -> HexBoard:
    given = [k for k in ("rows", "cells", "radius") if k in data]
    if len(given) > 1:
        raise at.error(f"give only one of {', '.join(given)}", at.line_of(given[1], start_of_line=True))
    key = given[0] if given else None
    line = at.line_of(key, start_of_line=True) if key else None
    if key is None:
        return HexBoard.hexagon(2)
    value = data[key]
    if key == "radius":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise at.error("'radius' must be a whole number >= 0", line)
        return HexBoard.hexagon(value)
    if key == "rows":
        if (not isinstance(value, list) or not value
                or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value)):
            raise at.error("'rows' must be a list of positive cell counts", line)
        return HexBoard.from_rows(value)
    if (not isinstance(value, list) or not value
            or not all(isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) for v in c)
                       for c in value)):
        raise at.error("'cells' must be a list of [x, y] axial coordinates", line)
    cells = [tuple(c) for c in value]
    if len(set(cells)) != len(cells):
        dup = next(c for c in cells if cells.count(c) > 1)
        raise at.error(f"cell {list(dup)} is listed twice", line)
    return HexBoard(cells)


def _cards_from(data, at, rule: Rule, labels, first_side: int) -> list[tuple]:
    if "cards" not in data:
        raise at.error("no 'cards' given")
    value = data["cards"]
    line = at.line_of("cards", start_of_line=True)
    if not isinstance(value, list) or not value:
        raise at.error("'cards' must be a list of cards (strings of six labels, or lists of six labels)",
                       line)
    cards, seen = [], {}
    for number, card in enumerate(value, 1):
        needle = card if isinstance(card, str) else None
        occurrence = seen.get(needle, 0)
        seen[needle] = occurrence + 1
        card_line = (at.line_of(f'"{needle}"', occurrence) if needle is not None else None) or line
        if isinstance(card, str):
            sides = list(card)
        elif isinstance(card, list) and all(isinstance(l, str) and l for l in card):
            sides = card
        else:
            raise at.error(f"card {number} must be a string of six labels or a list of six labels",
                           card_line)
        if len(sides) != 6:
            raise at.error(f"card {number} ({card!r}) has {len(sides)} sides, not 6", card_line)
        for label in sides:
            problem = rule.problem(label, labels)
            if problem:
                raise at.error(f"card {number} ({card!r}): {problem}", card_line)
        frame = [None] * 6
        for k, label in enumerate(sides):
            frame[(first_side + k) % 6] = label
        cards.append(tuple(frame))
    return cards


def _planted_from(table, instance: HexMatch, at: _Locator, key_error) -> dict:
    line = at.line_of("[planted]", start_of_line=True)
    if not isinstance(table, dict):
        raise at.error("'planted' must be a table with 'placements'", line)
    for key in table:
        if key not in PLANTED_KEYS:
            raise key_error(key, "planted")
    solution = {}
    for item in table.get("placements", []):
        ok = (isinstance(item, list) and len(item) in (3, 4)
              and all(isinstance(v, int) and not isinstance(v, bool) for v in item[:3])
              and (len(item) == 3 or isinstance(item[3], bool)))
        if not ok or not 1 <= item[0] <= len(instance.board) or not 0 <= item[2] < 6:
            raise at.error(f"[planted] placement {item!r} is not [cell, card, rotation(0..5)] "
                           f"or [cell, card, rotation, flipped]", line)
        cell = instance.board.cells[item[0] - 1]
        solution[cell] = (item[1], item[2] + (6 if len(item) == 4 and item[3] else 0))
    return solution


def to_toml(instance: HexMatch, comments=()) -> str:
    """An instance file that from_toml reads back to the same puzzle."""
    out = [f"# {c}" if c else "#" for c in comments]
    out.append('family = "hexmatch"')
    out.append(f"name = {_toml_str(instance.name)}")
    if instance.description:
        out.append(f"description = {_toml_str(instance.description)}")
    out.append(f'rule = "{instance.rule.name}"')
    out.append(f"flip = {'true' if instance.flip else 'false'}")
    out.append(f'first_side = "{SIDE_NAMES[instance.first_side]}"')
    if instance.scheme != DEFAULT_SCHEME:
        out.append(f'scheme = "{instance.scheme}"')
    if instance.labels is not None:
        out.append("labels = [" + ", ".join(map(_toml_str, instance.labels)) + "]")
    board = instance.board
    if board.rows is not None:
        out.append(f"rows = {board.rows}")
    else:
        out.append("cells = [" + ", ".join(f"[{x}, {y}]" for x, y in board.cells) + "]")
    listed = [[card[(instance.first_side + k) % 6] for k in range(6)] for card in instance.cards]
    single = all(len(l) == 1 for card in listed for l in card)
    out.append("cards = [")
    for number, card in enumerate(listed, 1):
        text = _toml_str("".join(card)) if single else "[" + ", ".join(map(_toml_str, card)) + "]"
        out.append(f"    {text},  # {number}")
    out.append("]")
    exp = instance.expected
    if exp.raw is not None or exp.unique is not None or exp.source:
        out.append("")
        out.append("[expected]")
        if exp.raw is not None:
            out.append(f"raw = {exp.raw}")
        if exp.unique is not None:
            out.append(f"unique = {exp.unique}")
        if exp.source:
            out.append(f"source = {_toml_str(exp.source)}")
    if instance.planted:
        out.append("")
        out.append("[planted]")
        out.append("placements = [")
        for cell in board.cells:
            if cell in instance.planted:
                card, o = instance.planted[cell]
                extra = ", true" if o >= 6 else ""
                out.append(f"    [{board.number[cell]}, {card}, {o % 6}{extra}],")
        out.append("]")
    return "\n".join(out) + "\n"


def _toml_str(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def generate(radius: int, labels: int, seed: int, unique: bool = False, rule: str = "equal",
             flip: bool = False, **options) -> HexMatch:
    """A random puzzle with a planted solution; see hexmatch_generate.generate."""
    from .hexmatch_generate import generate as _generate
    return _generate(radius, labels, seed, unique=unique, rule=rule, flip=flip, **options)
