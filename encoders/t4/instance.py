"""The t4 questions: configurations of pieces on (part of) the board, as instances.

A piece covers 2 or 3 consecutive cells of one groove; a configuration is a
set of non-overlapping pieces.  The five published questions differ only in a
few side conditions (full cover, a required piece, forbidden pieces, cells
kept empty), declared as data on each instance.
"""

from __future__ import annotations

from ..core.cnf import Formula
from ..core.errors import InputError
from ..core.instance import Expected, Instance
from . import cnf
from .board import BOARD, Piece
from .check import as_piece, check_solution
from .draw import render_board
from .direct import count_by_frontier, frontier_cubes
from .joints import Joint, pieces_from_joints

SOURCE = "Carl Mäsak, 'Counting t4 configurations' (2012); docs/references.md"


class T4Instance(Instance):
    """A question about configurations on (part of) the t4 board.

    The question is data: `full` (every cell covered), `required` pieces,
    `forbidden` pieces (with a `reason` naming the rule) and `empty` cells.
    `cells` restricts everything to a sub-board, for cross-checks on sizes a
    brute force can handle.
    """

    family = "t4"
    direct_name = "the frontier DP"

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

    # -- the CNF (t4/cnf.py) -------------------------------------------------
    def formula(self, encoding: str | None = None) -> Formula:
        """The question as CNF; see t4/cnf.py for the encodings."""
        return cnf.formula(self, encoding)

    # -- second method -------------------------------------------------------
    def direct_count(self, unique: bool = False) -> int:
        """Frontier dynamic program over the cells in reading order (no CNF)."""
        if unique:
            raise InputError(f"{self.name}: counting up to symmetry is not supported for t4")
        return count_by_frontier(self.cells, [BOARD.piece_cells(p) for p in self.placements],
                                 [BOARD.piece_cells(p) for p in self.required], self.full)

    def cubes(self, unique: bool = False) -> list | None:
        """The frontier DP split on the pieces over the first free cells (t4/direct.py)."""
        return None if unique else frontier_cubes(self)

    # -- solutions -----------------------------------------------------------
    def decode(self, keys: list) -> list[Piece]:
        """Shown keys (pieces or joints) -> the configuration as sorted pieces."""
        pieces = [Piece(*k) for k in keys if len(k) == 3]
        joints = [Joint(*k) for k in keys if len(k) == 2]
        return sorted(set(pieces) | set(pieces_from_joints(joints)))

    def check(self, solution) -> None:
        """Plain rule check, independent of any CNF (t4/check.py)."""
        check_solution(self, solution)

    def render(self, solution, color: bool = False) -> str:
        return render_board(self.cells, [as_piece(p) for p in solution], color)

    def solution_json(self, solution):
        return [{"piece": str(p), "groove": p.groove, "first": p.first, "length": p.length,
                 "cells": BOARD.piece_cells(p)} for p in map(as_piece, solution)]

    # -- description ---------------------------------------------------------
    def picture(self) -> str:
        """The empty board with its cell names, in Mäsak's layout."""
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


# -- the published questions -----------------------------------------------------

L12 = Piece("l", 1, 2)


def builtins() -> dict[str, T4Instance]:
    """The five questions of Mäsak's post (2012) with their published counts."""
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
