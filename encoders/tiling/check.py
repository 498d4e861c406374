"""The tiling family's plain rule checker: it reads the puzzle's rules, never the CNF."""

from __future__ import annotations

from ..core.errors import RuleViolation
from . import polytrigs


def check_solution(puzzle, solution: dict) -> None:
    """Every piece once, congruent to its shape, inside the board, no overlap,
    and (exact fill) every cell covered.  Never looks at the CNF."""
    board = set(puzzle.board)
    missing = [n for n in puzzle.pieces if n not in solution]
    if missing:
        raise RuleViolation(f"piece {missing[0]} is not placed")
    used: dict = {}
    for name, cells in solution.items():
        if name not in puzzle.pieces:
            raise RuleViolation(f"'{name}' is not a piece of this puzzle")
        cells = list(cells)
        if len(set(cells)) != len(cells):
            raise RuleViolation(f"piece {name} names a cell twice")
        outside = [c for c in cells if c not in board]
        if outside:
            raise RuleViolation(f"piece {name} covers {outside[0]}, which is not on the board")
        if puzzle.grid.normalize(cells) not in puzzle.aspects[puzzle.kind_of[name].name]:
            raise RuleViolation(f"piece {name} is placed as a shape that is not congruent to it")
        for c in cells:
            if c in used:
                raise RuleViolation(f"cell {c} is covered by {used[c]} and {name}")
            used[c] = name
    if puzzle.fill == "exact" and len(used) != len(board):
        empty = min(board - used.keys())
        raise RuleViolation(f"cell {empty} is not covered")
    if puzzle.no_crossing:
        problems = polytrigs.crossing_problems(solution)
        if problems:
            raise RuleViolation(problems[0])
