"""The tiling puzzle: board, pieces, kinds of identical pieces, placements; the checker.

The CNF, the exact cover, the symmetry cases, the direct counter and the
pictures live in their own modules; the methods here hand over to them, so a
Tiling is the one object callers use.
"""

from __future__ import annotations

from functools import cached_property

from ..core import symmetry
from ..core.errors import InputError
from ..core.grids import get_grid
from ..core.instance import Case, Expected, Instance
from ..core.limits import MAX_PLACEMENTS
from ..core.polyforms import aspects
from . import cases, cnf, cover, direct, draw, polytrigs
from .check import check_solution
from .placement import Kind, Placement

FILLS = ("exact", "at-most")
DISPLAYS = ("letters", "hex-digits")


class Tiling(Instance):
    """Place every piece on the board, each cell covered once (or at most once)."""

    family = "tiling"
    direct_name = "the packing DP"
    count_method = "dlx"        # model counters are weak on exact covers (DESIGN.md)
    symmetry_cases = True       # cases(unique=True) counts up to the board's symmetries
    counter_names = ("bitboard",)   # other_counters() on the 8x8 pentomino packing

    def __init__(self, name: str, grid, board, pieces: dict, fill: str = "exact",
                 display: str = "letters", description: str = "",
                 expected: Expected | None = None, order=None, no_crossing: bool = False,
                 count_method: str = "dlx"):
        super().__init__(name, description, expected)
        self.count_method = count_method
        #: polytrigs (Goodger 2015, docs/references.md): pieces may touch but not cross at a lattice point
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
        for names in by_shape.values():
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
        most = sum(len(a) for a in self.aspects.values()) * len(self.board)
        if most > MAX_PLACEMENTS:
            raise InputError(f"{self.name}: up to {most:,} placements (piece shapes x aspects x cells), "
                             f"more than polycnf's limit of {MAX_PLACEMENTS:,}")
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

    def crossing_items(self, placement) -> list:
        """Secondary items that two crossing placements share (polytrigs only)."""
        return polytrigs.crossing_items(placement.cells) if self.no_crossing else []

    # -- counting: the CNF, the exact cover, symmetry cases, the direct counter --
    def formula(self, encoding: str | None = None):
        """See tiling/cnf.py."""
        return cnf.formula(self, encoding)

    def exact_cover(self):
        """See tiling/cover.py."""
        return cover.exact_cover(self)

    @cached_property
    def pivot(self):
        """See tiling/cases.py."""
        return cases.pivot(self)

    def cases(self, encoding: str | None = None, unique: bool = False) -> list[Case]:
        """See tiling/cases.py."""
        return cases.cases(self, encoding, unique)

    def direct_count(self, unique: bool = False) -> int | None:
        """See tiling/direct.py."""
        return direct.direct_count(self, unique)

    def cubes(self, unique: bool = False) -> list | None:
        """See tiling/direct.py."""
        return direct.cubes(self, unique)

    def other_counters(self) -> dict:
        """The bitboard search on the 8x8 pentomino packing (tiling/direct.py)."""
        return direct.other_counters(self)

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
        and (exact fill) every cell covered (tiling/check.py)."""
        check_solution(self, solution)

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

    # -- pictures (tiling/draw.py) ----------------------------------------------
    @cached_property
    def labels(self) -> dict[str, str]:
        return draw.labels(self)

    def render(self, solution: dict, color: bool = False) -> str:
        return draw.render(self, solution, color)

    def svg(self, solution: dict) -> str:
        return draw.svg(self, solution)

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

