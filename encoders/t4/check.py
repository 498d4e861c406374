"""The t4 family's plain rule checker: it reads the question's side conditions, never the CNF."""

from __future__ import annotations

from ..core.errors import RuleViolation
from .board import BOARD, Piece


def check_solution(question, solution) -> None:
    """Plain rule check, independent of any CNF."""
    owner: dict[str, Piece] = {}
    pieces = []
    on_board = set(question.cells)
    for item in solution:
        p = as_piece(item)
        pieces.append(p)
        for c in BOARD.piece_cells(p):
            if c not in on_board:
                raise RuleViolation(f"piece {p} covers {c}, which is not on this board")
            if c in owner:
                raise RuleViolation(f"pieces {owner[c]} and {p} overlap on cell {c}")
            owner[c] = p
    for p in question.required:
        if p not in pieces:
            raise RuleViolation(f"piece {p} is missing: {question.name} requires it")
    for p in pieces:
        if p in question.forbidden:
            raise RuleViolation(f"piece {p} is not allowed in {question.name}"
                                + (f": {question.reason}" if question.reason else ""))
    covered_empty = sorted(question.empty & set(owner), key=question.cells.index)
    if covered_empty:
        c = covered_empty[0]
        raise RuleViolation(f"cell {c} must stay empty in {question.name} but piece {owner[c]} covers it")
    if question.full:
        gaps = [c for c in question.cells if c not in owner]
        if gaps:
            raise RuleViolation(f"the board must be completely filled, but "
                                f"{len(gaps)} cell(s) are empty: {', '.join(gaps)}")


def as_piece(item) -> Piece:
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
