"""Tiling puzzles: place these pieces on this board (family "tiling").

A puzzle is data: a board (cells of one grid), named pieces, and whether the
board must be filled exactly or only at most once per cell.  Every aspect
(rotation, reflection) of every piece may be used, so the placements are every
translate of every aspect that lies inside the board; everything else -- the
CNF, the exact cover, the symmetry cases -- is derived from them.

Identical pieces.  Pieces with the same shape (e.g. the four monominoes
m1..m4) are interchangeable: a board filling counts once, not once per
permutation of the copies.  Their placements share one "kind" (one variable
per placement, whichever copy lies there), and
  - in the CNF: when the board must be filled exactly and the piece areas add
    up to the board, the copies need no constraint (the cells left by the
    other pieces force exactly k of them); otherwise `exactly(k)` of the
    kind's placements;
  - in the exact cover: one primary item per copy, and copy j+1 must lie at a
    later placement than copy j (Knuth's ordering trick with secondary items:
    copy j at placement i takes "order" items 0..i, copy j+1 at i' takes
    i'..end, so they clash unless i < i').  Each filling is then one exact
    cover.  Without the copy items the search would not know that only k
    copies exist and would wander through fillings with too many of them
    (on the 8x8 board with 4 monominoes, hours instead of seconds).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from . import polytrigs, symmetry
from .cnf import Formula
from .errors import InputError, RuleViolation
from .grids import get_grid
from .instance import Case, Expected, Instance
from .polyforms import aspects

FILLS = ("exact", "at-most")
DISPLAYS = ("letters", "hex-digits")
HEX_DIGITS = "0123456789ABCDEF"
#: Label characters handed out when a piece's own name gives no free one.
SPARE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&*+=?"


class Placement(NamedTuple):
    """One piece kind on a set of board cells: the meaning of one variable."""
    piece: str
    cells: tuple

    def __str__(self) -> str:
        return f"{self.piece}@{' '.join(map(str, self.cells))}"


class CopyPlacement(NamedTuple):
    """Copy number `copy` of an identical piece kind on some cells: an option of
    the exact cover only (the CNF does not tell copies apart)."""
    piece: str
    cells: tuple
    copy: int

    def placement(self) -> Placement:
        return Placement(self.piece, self.cells)


class Kind(NamedTuple):
    """Pieces of one shape: `names` are the interchangeable copies."""
    name: str
    shape: tuple
    names: tuple

    @property
    def copies(self) -> int:
        return len(self.names)


class Tiling(Instance):
    """Place every piece on the board, each cell covered once (or at most once)."""

    family = "tiling"
    count_method = "dlx"        # model counters are weak on exact covers (DESIGN.md)
    symmetry_cases = True       # cases(unique=True) counts up to the board's symmetries

    def __init__(self, name: str, grid, board, pieces: dict, fill: str = "exact",
                 display: str = "letters", description: str = "",
                 expected: Expected | None = None, order=None, no_crossing: bool = False,
                 count_method: str = "dlx"):
        super().__init__(name, description, expected)
        self.count_method = count_method
        #: polytrigs (seed 003): pieces may touch but not cross at a lattice point
        self.no_crossing = no_crossing
        self.grid = get_grid(grid) if isinstance(grid, str) else grid
        self.board = tuple(sorted(set(board)))
        self.pieces = {n: self.grid.normalize(s) for n, s in pieces.items()}
        if fill not in FILLS:
            raise InputError(f"{name}: unknown fill '{fill}' (choose from: {', '.join(FILLS)})")
        if display not in DISPLAYS:
            raise InputError(f"{name}: unknown display '{display}' (choose from: {', '.join(DISPLAYS)})")
        self.fill = fill
        self.display = display
        #: piece names in the order labels are handed out (default: declaration order)
        self.order = list(order) if order else list(self.pieces)
        if sorted(self.order) != sorted(self.pieces):
            raise InputError(f"{name}: 'order' must name every piece exactly once")
        self.kinds = self._kinds()
        self.kind_of = {n: k for k in self.kinds for n in k.names}

    def _kinds(self) -> list[Kind]:
        """Group pieces by shape up to rotation and reflection, in declaration order."""
        by_shape: dict = {}
        for piece, shape in self.pieces.items():
            by_shape.setdefault(aspects(self.grid, shape)[0], []).append(piece)
        kinds = []
        for shape, names in by_shape.items():
            label = names[0] if len(names) == 1 else "/".join(names)
            kinds.append(Kind(label, self.pieces[names[0]], tuple(names)))
        return kinds

    # -- derived puzzle data ---------------------------------------------------
    @cached_property
    def aspects(self) -> dict[str, set]:
        """Kind name -> its normalized aspects (the shapes a placement may take)."""
        return {k.name: set(aspects(self.grid, k.shape)) for k in self.kinds}

    @cached_property
    def placements(self) -> list[Placement]:
        """Every translate of every aspect of every kind inside the board."""
        board = set(self.board)
        found = []
        for kind in self.kinds:
            seen = set()
            for aspect in sorted(self.aspects[kind.name]):
                anchor = aspect[0]
                for target in self.board:
                    if tuple(target[2:]) != tuple(anchor[2:]):
                        continue
                    shift = (target[0] - anchor[0], target[1] - anchor[1])
                    cells = tuple(sorted(self.grid.translate(c, shift) for c in aspect))
                    if cells not in seen and board.issuperset(cells):
                        seen.add(cells)
                        found.append(Placement(kind.name, cells))
        return found

    @property
    def area(self) -> int:
        return sum(len(s) for s in self.pieces.values())

    @property
    def copies_forced_by_area(self) -> bool:
        """True when exact fill and matching areas make identical copies need no constraint."""
        return self.fill == "exact" and self.area == len(self.board)

    @cached_property
    def group(self) -> list[dict]:
        """The board's symmetries as cell permutations, identity first."""
        return symmetry.board_group(self.grid, self.board)

    def act(self, g: dict, placement: Placement) -> Placement:
        """The image of a placement under the board symmetry g."""
        return Placement(placement.piece, tuple(sorted(g[c] for c in placement.cells)))

    # -- the CNF ---------------------------------------------------------------
    def formula(self, encoding: str | None = None) -> Formula:
        f = Formula(self.name, encoding) if encoding else Formula(self.name)
        variables = {p: f.var(p) for p in self.placements}
        covering: dict = {c: [] for c in self.board}
        by_kind: dict = {k.name: [] for k in self.kinds}
        for p, v in variables.items():
            by_kind[p.piece].append(v)
            for c in p.cells:
                covering[c].append(v)
        for c in self.board:
            if self.fill == "exact":
                f.exactly_one(covering[c], "each cell covered exactly once")
            else:
                f.at_most_one(covering[c], "each cell covered at most once")
        for kind in self.kinds:
            if kind.copies == 1:
                f.exactly_one(by_kind[kind.name], "each piece placed once")
            elif not self.copies_forced_by_area:
                f.exactly(by_kind[kind.name], kind.copies, "identical pieces placed as often as they are given")
        if self.no_crossing:
            sharing: dict = {}
            for p, v in variables.items():
                for item in self.crossing_items(p):
                    sharing.setdefault(item, []).append(v)
            for item, vs in sharing.items():
                if len(vs) > 1:
                    f.at_most_one(vs, "no crossings (seed 003 intersection items)")
        f.show(self.placements)
        return f

    def crossing_items(self, placement) -> list:
        """Secondary items that two crossing placements share (polytrigs only)."""
        return polytrigs.crossing_items(placement.cells) if self.no_crossing else []

    # -- the exact cover -------------------------------------------------------
    def exact_cover(self):
        """Cells (primary for exact fill, else secondary) and one primary item per
        piece; copies of identical pieces are kept in placement order."""
        from .exactcover import ExactCover
        cells = [f"cell {c}" for c in self.board]
        pieces, order, options = [], [], {}
        for kind in self.kinds:
            mine = [p for p in self.placements if p.piece == kind.name]
            if kind.copies == 1:
                pieces.append(f"piece {kind.name}")
                for p in mine:
                    options[p] = [f"piece {kind.name}"] + [f"cell {c}" for c in p.cells] \
                        + [crossing_name(i) for i in self.crossing_items(p)]
                continue
            pieces += [f"piece {kind.name} #{j}" for j in range(1, kind.copies + 1)]
            slots = [[f"order {kind.name} #{j} {i}" for i in range(len(mine))]
                     for j in range(1, kind.copies)]
            order += [item for row in slots for item in row]
            for j in range(1, kind.copies + 1):
                for i, p in enumerate(mine):
                    items = [f"piece {kind.name} #{j}"] + [f"cell {c}" for c in p.cells] \
                        + [crossing_name(i) for i in self.crossing_items(p)]
                    if j < kind.copies:
                        items += slots[j - 1][:i + 1]
                    if j > 1:
                        items += slots[j - 2][i:]
                    options[CopyPlacement(p.piece, p.cells, j)] = items
        crossings = sorted({i for items in options.values() for i in items if i.startswith("crossing ")})
        order += crossings
        primary, secondary = (cells + pieces, order) if self.fill == "exact" else (pieces, cells + order)
        return ExactCover(primary, secondary, options)

    # -- symmetry-aware counting ----------------------------------------------
    @cached_property
    def pivot(self):
        """(kind name, orbits of its placements) for the piece the symmetry cases
        fix, or None.  Best is the single piece whose placements form the most
        nearly free orbits (placements per orbit close to |G|, so each orbit case
        stands for |G| raw cases); ties go to the fewest placements."""
        if len(self.group) == 1:
            return None
        maps = [lambda p, g=g: self.act(g, p) for g in self.group]
        best = None
        for kind in self.kinds:
            if kind.copies != 1:
                continue
            mine = [p for p in self.placements if p.piece == kind.name]
            if not mine:
                continue
            parts = symmetry.orbits(mine, maps)
            score = (Fraction(len(mine), len(parts)), -len(mine))
            if best is None or score > best[0]:
                best = (score, kind.name, parts)
        return None if best is None else (best[1], best[2])

    def cases(self, encoding: str | None = None, unique: bool = False) -> list[Case]:
        """Orbit cases of the pivot piece's placements (see encoders/symmetry.py).

        raw    = sum over orbit representatives p of |G|/|S_p| * N(p)
        unique = sum over p of 1/|S_p| * sum over g in S_p of Fix_g(p)
        where N(p) counts solutions with the pivot at p and Fix_g(p) those that
        g also leaves unchanged.  Without a pivot: the whole problem (raw), or
        Burnside over the whole group (unique).
        """
        whole = self.formula(encoding)
        cover = self.exact_cover()
        if self.pivot is None:
            if not unique or len(self.group) == 1:
                return [Case(whole, Fraction(1), cover, None, "whole board")]
            order = len(self.group)
            return [self._case(whole, cover, None, g, Fraction(1, order), f"symmetry {k}")
                    for k, g in enumerate(self.group)]
        piece, parts = self.pivot
        order = len(self.group)
        found = []
        for n, orbit in enumerate(parts):
            p = orbit[0]
            fixing = [g for g in self.group if self.act(g, p) == p]
            label = f"{piece} at {' '.join(map(str, p.cells))} (orbit {n + 1} of {len(parts)}, size {len(orbit)})"
            if not unique:
                found.append(self._case(whole, cover, p, self.group[0], Fraction(order, len(fixing)), label))
                continue
            for k, g in enumerate(fixing):
                found.append(self._case(whole, cover, p, g, Fraction(1, len(fixing)),
                                        label + ("" if k == 0 else f", symmetry {k}")))
        return found

    def _case(self, whole: Formula, cover, at: Placement | None, g: dict, weight: Fraction,
              label: str) -> Case:
        """The problem with the pivot forced to `at` (if given) and, unless g is the
        identity, only solutions that g maps to themselves."""
        f = whole.copy(f"{self.name}: {label}")
        if at is not None:
            for p in self.placements:
                if p.piece == at.piece:
                    f.add([f.var(p)] if p == at else [-f.var(p)], "symmetry case: pivot piece")
            if cover is not None:
                cover = cover.restrict(lambda key: key.piece != at.piece or key == at)
        key_map = None
        if not symmetry.is_identity(g):
            if any(k.copies > 1 for k in self.kinds):
                cover = None     # g permutes fillings, not copy numbers: count this case by CNF
            key_map = {p: self.act(g, p) for p in self.placements}
            for p, q in key_map.items():
                if p != q:
                    f.add([-f.var(p), f.var(q)], "symmetry case: invariant solutions")
        return Case(f, weight, cover, key_map, label)

    def direct_count(self, unique: bool = False) -> int | None:
        """Raw count by the transfer-matrix DP of encoders/packing_dp.py (no CNF,
        no exact cover), for square boards inside a rectangle: cells outside the
        board and monominoes are its holes.  None where that DP does not apply."""
        if unique:
            return self._unique_from_raw()
        problem = self._packing_problem()
        if problem is None:
            return None
        from . import packing_dp

        width, height, holes, outside, pieces = problem
        return packing_dp.count_packings(width, height, holes, outside, progress=True, pieces=pieces)

    def _packing_problem(self):
        """(width, height, holes, outside cells, pieces) for the packing DP, or None."""
        if self.grid.name != "square" or self.no_crossing:
            return None
        from . import packing_dp

        rows, cols = [c[0] for c in self.board], [c[1] for c in self.board]
        top, left = min(rows), min(cols)
        height, width = max(rows) - top + 1, max(cols) - left + 1
        board = set(self.board)
        outside = [(r, c) for r in range(height) for c in range(width) if (r + top, c + left) not in board]
        monominoes = [k for k in self.kinds if len(k.shape) == 1]
        if monominoes and self.fill != "exact":
            return None
        pieces = []
        for kind in self.kinds:
            if len(kind.shape) == 1:
                continue
            if kind.copies > 1:
                return None          # the DP would count identical copies as distinct
            known = packing_dp.PENTOMINOES.get(kind.name)
            same = known is not None and aspects(self.grid, known)[0] == aspects(self.grid, kind.shape)[0]
            pieces.append(kind.name if same else list(kind.shape))
        holes = height * width - sum(len(k.shape) for k in self.kinds if len(k.shape) > 1)
        return width, height, holes, outside, pieces

    def cubes(self, unique: bool = False) -> list | None:
        """The direct method's count as cubes (encoders/packing_cubes.py): one
        packing DP per orbit of (X, I) placements; unique = raw / |G| under the
        same condition as ``_unique_from_raw``."""
        if self.count_method != "direct":
            return None
        problem = self._packing_problem()
        if problem is None or (unique and not self._rigid_kinds()):
            return None
        from .packing_cubes import packing_cubes

        return packing_cubes(*problem, divide_by=len(self.group) if unique else 1)

    def _rigid_kinds(self) -> list:
        """Kinds used once with no symmetry that are not straight (see _unique_from_raw)."""
        return [k for k in self.kinds if k.copies == 1
                and len(self.aspects[k.name]) == len(self.grid.transforms())
                and len({c[0] for c in k.shape}) > 1 and len({c[1] for c in k.shape}) > 1]

    def _unique_from_raw(self) -> int | None:
        """raw / |G| when no solution can be fixed by a non-identity board symmetry:
        true when some piece used once has no symmetry at all (as many aspects as
        the grid has transforms) and is not straight -- g would have to map its
        placement onto itself, i.e. be a symmetry of the piece or fix its cells
        one by one, which only a reflection does, and only to cells on one line.
        Burnside's lemma then leaves only the identity's term."""
        if not self._rigid_kinds():
            return None
        raw = self.direct_count()
        if raw is None or raw % len(self.group):
            return None
        return raw // len(self.group)

    # -- solutions -------------------------------------------------------------
    def decode(self, keys: list) -> dict:
        """Placement keys -> {piece name: cells}; identical copies take the kind's
        placements in sorted order."""
        placed: dict = {}
        for key in sorted(Placement(k.piece, k.cells) for k in keys):
            placed.setdefault(key.piece, []).append(key.cells)
        solution = {}
        for kind in self.kinds:
            for name, cells in zip(kind.names, placed.get(kind.name, [])):
                solution[name] = cells
            extra = placed.get(kind.name, [])[kind.copies:]
            for k, cells in enumerate(extra):      # a wrong model: keep it visible for check
                solution[f"{kind.name}+{k + 1}"] = cells
        return solution

    def check(self, solution: dict) -> None:
        """Every piece once, congruent to its shape, inside the board, no overlap,
        and (exact fill) every cell covered.  Never looks at the CNF."""
        board = set(self.board)
        missing = [n for n in self.pieces if n not in solution]
        if missing:
            raise RuleViolation(f"piece {missing[0]} is not placed")
        used: dict = {}
        for name, cells in solution.items():
            if name not in self.pieces:
                raise RuleViolation(f"'{name}' is not a piece of this puzzle")
            cells = list(cells)
            if len(set(cells)) != len(cells):
                raise RuleViolation(f"piece {name} names a cell twice")
            outside = [c for c in cells if c not in board]
            if outside:
                raise RuleViolation(f"piece {name} covers {outside[0]}, which is not on the board")
            if self.grid.normalize(cells) not in self.aspects[self.kind_of[name].name]:
                raise RuleViolation(f"piece {name} is placed as a shape that is not congruent to it")
            for c in cells:
                if c in used:
                    raise RuleViolation(f"cell {c} is covered by {used[c]} and {name}")
                used[c] = name
        if self.fill == "exact" and len(used) != len(board):
            empty = min(board - used.keys())
            raise RuleViolation(f"cell {empty} is not covered")
        if self.no_crossing:
            problems = polytrigs.crossing_problems(solution)
            if problems:
                raise RuleViolation(problems[0])

    def solution_json(self, solution: dict):
        return {name: [list(c) for c in cells] for name, cells in solution.items()}

    def images(self, solution: dict) -> list:
        """The solution under every board symmetry, as sorted (kind, cells) tuples;
        copies of one kind are interchangeable, so only the kind is kept."""
        placed = [Placement(self.kind_of[n].name if n in self.kind_of else n, tuple(sorted(cells)))
                  for n, cells in solution.items()]
        return [tuple(sorted(self.act(g, p) for p in placed)) for g in self.group]

    def symmetry_note(self) -> str:
        same = [k.name for k in self.kinds if len(k.names) > 1]
        return (f"distinct means up to the board's {len(self.group)} symmetries"
                + (f"; identical pieces: {', '.join(same)}" if same else ""))

    # -- pictures --------------------------------------------------------------
    @cached_property
    def labels(self) -> dict[str, str]:
        """One character per piece: its name's first free character, or hex digits
        (display "hex-digits": area-1 pieces take 0, 1, ...; the others the top
        digits ending at F, in `order` -- so 4 monominoes are 0-3 and 12
        pentominoes are 4-F)."""
        if self.display == "hex-digits":
            small = [n for n in self.order if len(self.pieces[n]) == 1]
            large = [n for n in self.order if len(self.pieces[n]) != 1]
            if len(small) + len(large) > 16:
                raise InputError(f"{self.name}: display 'hex-digits' allows at most 16 pieces")
            labels = {n: HEX_DIGITS[k] for k, n in enumerate(small)}
            labels.update({n: HEX_DIGITS[16 - len(large) + k] for k, n in enumerate(large)})
            return labels
        labels, taken = {}, {"."}
        for name in self.order:
            label = next(ch for ch in name + name.upper() + SPARE_LABELS if ch not in taken and ch.strip())
            labels[name] = label
            taken.add(label)
        return labels

    def render(self, solution: dict, color: bool = False) -> str:
        cells = {c: "." for c in self.board}
        for name, placed in solution.items():
            for c in placed:
                cells[c] = self.labels.get(name, "?")
        if self.display == "hex-digits":
            cells = self._square_frame(cells)
        text = self.grid.render(cells)
        if not color:
            return text
        colour_of = {self.labels[n]: k for k, n in enumerate(self.pieces)}
        return "".join(_ansi(ch, colour_of[ch]) if ch in colour_of else ch for ch in text)

    def _square_frame(self, cells: dict) -> dict:
        """Holes inside the board's bounding box as spaces, so the picture keeps its square."""
        if self.grid.name != "square":
            return cells
        rows = [r for r, _ in self.board]
        cols = [c for _, c in self.board]
        return {(r, c): cells.get((r, c), " ")
                for r in range(min(rows), max(rows) + 1) for c in range(min(cols), max(cols) + 1)}

    def svg(self, solution: dict) -> str:
        """Board cells in light grey, each piece's cells in its own colour."""
        def polygon(c, fill):
            pts = " ".join(f"{x:.3f},{-y:.3f}" for x, y in self.grid.points(c))
            return f'<polygon points="{pts}" fill="{fill}" stroke="#333" stroke-width="0.03"/>'
        xs, ys = [], []
        for c in self.board:
            for x, y in self.grid.points(c):
                xs.append(x)
                ys.append(-y)
        parts = [polygon(c, "#eee") for c in self.board]
        for k, (name, placed) in enumerate(solution.items()):
            colour = _svg_colour(k, len(self.pieces))
            parts.append(f'<g><title>{name}</title>' + "".join(polygon(c, colour) for c in placed) + "</g>")
        x0, y0 = min(xs) - 0.2, min(ys) - 0.2
        w, h = max(xs) - min(xs) + 0.4, max(ys) - min(ys) + 0.4
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}" '
                f'width="{40 * w:.0f}" height="{40 * h:.0f}">' + "".join(parts) + "</svg>")

    def picture(self) -> str:
        return self.grid.render({c: "." for c in self.board})

    def summary(self) -> dict:
        facts = {
            "grid": self.grid.name,
            "cells": len(self.board),
            "pieces": " ".join(self.pieces),
            "piece area": self.area,
            "fill": self.fill,
            "placements": len(self.placements),
            "board symmetries": len(self.group),
        }
        if self.pivot is not None:
            piece, parts = self.pivot
            facts["symmetry cases"] = f"piece {piece}: {len(parts)} placement orbits"
        return facts


def crossing_name(item) -> str:
    """An intersection item ("i", x, y, direction) as an exact-cover item name."""
    return "crossing " + " ".join(map(str, item))


def _ansi(ch: str, k: int) -> str:
    """A character on one of 16 distinguishable background colours."""
    palette = (196, 208, 226, 46, 51, 21, 201, 94, 34, 27, 129, 172, 240, 105, 160, 37)
    return f"\x1b[48;5;{palette[k % len(palette)]}m\x1b[38;5;16m{ch}\x1b[0m"


def _svg_colour(k: int, n: int) -> str:
    return f"hsl({round(360 * k / max(n, 1))}, 70%, 60%)"


def from_toml(data: dict, path: str, text: str | None = None) -> Tiling:
    """A Tiling from a parsed TOML table (see encoders/tiling_toml.py)."""
    from .tiling_toml import from_toml as parse
    return parse(data, path, text)


def load(path: str) -> Tiling:
    """A Tiling from a TOML file."""
    from .tiling_toml import load as read
    return read(path)
