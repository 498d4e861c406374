"""The hexmatch family's plain rule checker: it reads the puzzle's rules, never the CNF."""

from __future__ import annotations

from ..core.errors import RuleViolation
from .board import SIDE_NAMES, opposite


def check_solution(puzzle, solution: dict) -> None:
    """Plain rule check: one card per cell, every card once, every inner edge matches."""
    board = puzzle.board
    for cell in solution:
        if cell not in board.cellset:
            raise RuleViolation(f"cell {cell} is not on the board")
    where: dict[int, list] = {}
    for cell in board.cells:
        if cell not in solution:
            raise RuleViolation(f"cell {board.label(cell)} holds no card")
        card, o = solution[cell]
        if not 1 <= card <= len(puzzle.cards):
            raise RuleViolation(f"cell {board.label(cell)} holds card {card}, which does not exist")
        if o not in range(12 if puzzle.flip else 6):
            raise RuleViolation(f"cell {board.label(cell)}: card {card} in orientation {o} "
                                f"is not allowed" + ("" if puzzle.flip else " (no flipping)"))
        where.setdefault(card, []).append(board.label(cell))
    for card in range(1, len(puzzle.cards) + 1):
        cells = where.get(card, [])
        if len(cells) != 1:
            raise RuleViolation(f"card {card} is used {len(cells)} times"
                                + (f" (cells {', '.join(cells)})" if cells else ""))
    for a, side, b in board.inner_edges:
        la = puzzle.side_labels(solution[a])[side]
        lb = puzzle.side_labels(solution[b])[opposite(side)]
        if not puzzle.rule.matches(la, lb):
            raise RuleViolation(
                f"cells {board.label(a)} and {board.label(b)} do not match: card "
                f"{solution[a][0]} shows '{la}' on its {SIDE_NAMES[side]} side, card "
                f"{solution[b][0]} shows '{lb}' ({puzzle.rule.name} rule)")
