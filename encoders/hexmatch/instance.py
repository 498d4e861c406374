"""The hexmatch puzzle: board, cards, rule, flipping; its solutions, checker and symmetries.

The CNF, the plain search and the pictures live in their own modules; the
methods here hand over to them, so a HexMatch is the one object callers use.
"""

from __future__ import annotations

import itertools
import math
from functools import cached_property

from ..core.errors import RuleViolation
from ..core.instance import Expected, Instance
from . import cnf, direct, draw
from .cnf import DEFAULT_SCHEME
from .board import HexBoard, Symmetry, turn
from .check import check_solution
from .rules import RULES


class HexMatch(Instance):
    """One edge-matching puzzle: board, cards (labels in the side frame), rule, flipping."""

    family = "hexmatch"
    direct_name = "backtracking search"

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
    def formula(self, encoding: str | None = None, scheme: str | None = None):
        """See hexmatch/cnf.py."""
        return cnf.formula(self, encoding, scheme)

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
        """Plain rule check: one card per cell, every card once, every inner edge matches (hexmatch/check.py)."""
        check_solution(self, solution)

    # -- pictures (hexmatch/draw.py) -------------------------------------------
    def placement_text(self, placement) -> str:
        return draw.placement_text(self, placement)

    def render(self, solution: dict, color: bool = False) -> str:
        return draw.render(self, solution, color)

    def picture(self) -> str:
        return draw.picture(self)

    def solution_json(self, solution: dict):
        return [{"cell": self.board.number[c], "at": list(c), "card": solution[c][0],
                 "rotation": solution[c][1] % 6, "flipped": solution[c][1] >= 6,
                 "sides": list(self.side_labels(solution[c]))}
                for c in self.board.cells if c in solution]
    def svg(self, solution: dict) -> str:
        return draw.svg(self, solution)

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

    # -- the plain search (hexmatch/direct.py) ---------------------------------
    def solutions(self, deadline: float | None = None):
        """Every solution by the plain search; see hexmatch/direct.py."""
        return direct.solutions(self, deadline)

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

