"""A lower bound for question 3: starts cleared by one move per blocking piece.

Sufficient criterion ("one-move clearable"): a start (l1-l2, no other piece
in groove l) where every piece covering l3..l6 -- always a diagonal piece,
which crosses row l once -- can slide in one move to a position off row l
through cells that are empty, with the cells used by different blockers
disjoint.  Then the blockers move away one after the other and the special
piece slides home, so every such start is solvable.  Unlike the full
question, the criterion is a local condition that a projected model counter
(Ganak) counts on the full board; `count_direct` counts it by enumeration on
sub-boards to check the CNF.
"""

from __future__ import annotations

from itertools import product

from .board import BOARD, Piece
from .instance import L12, T4Instance
from .joints import Joint

ROW_L_TARGETS = ["l3", "l4", "l5", "l6"]


def clearances(cells, piece) -> list[frozenset]:
    """For each position off row l the piece can slide to: the cells it sweeps outside itself."""
    on = set(cells)
    groove = BOARD.grooves[piece.groove]
    own = set(BOARD.piece_cells(piece))
    result = []
    for first in range(1, len(groove) - piece.length + 2):
        lo, hi = min(first, piece.first), max(first, piece.first) + piece.length - 1
        span = groove[lo - 1: hi]
        target = groove[first - 1: first - 1 + piece.length]
        if set(span) <= on and not any(c[0] == "l" for c in target):
            result.append(frozenset(span) - own)
    return result


def start_instance(cells) -> T4Instance:
    others = [p for p in BOARD.pieces if p.groove == "l" and p != L12]
    return T4Instance("t4-l12-only", required=[L12], forbidden=others, cells=cells)


def criterion_formula(cells, encoding: str = "joint-pieces"):
    """CNF of the starts plus existential reservations r(P, k), projected on the configuration.

    "joint-pieces" projects on joints; "pairwise" on piece variables (a
    second CNF for the same count).
    """
    inst = start_instance(cells)
    f = inst.formula(encoding)
    shown = [k for k in f.keys() if isinstance(k, Joint)] if encoding == "joint-pieces" \
        else [k for k in f.keys() if isinstance(k, Piece)]
    reservations = []
    for c in ROW_L_TARGETS:
        if c not in inst.cells:
            continue
        for p in inst.placements:
            if c not in BOARD.piece_cells(p) or p.groove == "l":
                continue
            options = []
            for k, need in enumerate(clearances(inst.cells, p)):
                r = f.var(("reserve", p, k))
                options.append(r)
                reservations.append((p, need, r))
                f.add([-r, f.var(p)], "reservation needs its piece")
                for q in inst.placements:
                    if need & set(BOARD.piece_cells(q)):
                        f.add([-r, -f.var(q)], "reserved cells are empty")
            f.add([-f.var(p)] + options, f"blocker of {c} moves off row l")
    for a in range(len(reservations)):
        for b in range(a + 1, len(reservations)):
            (p, need_p, r), (q, need_q, s) = reservations[a], reservations[b]
            if p != q and need_p & need_q:
                f.add([-r, -s], "blockers use disjoint cells")
    f.show(shown)
    return f


def clearable(cells, config) -> bool:
    """The criterion checked directly on one configuration (a set of pieces)."""
    occupied = {c for p in config for c in BOARD.piece_cells(p)}
    blockers = [p for p in config if p.groove != "l" and set(BOARD.piece_cells(p)) & set(ROW_L_TARGETS)]
    choices = [[n for n in clearances(cells, p) if not n & occupied] for p in blockers]
    for pick in product(*choices):
        used = [c for n in pick for c in n]
        if len(used) == len(set(used)):
            return True
    return False


def count_direct(cells) -> int:
    """Starts meeting the criterion, by enumerating every start on a sub-board."""
    from .solvable import configurations
    inst = start_instance(cells)
    return sum(clearable(inst.cells, c) for c in configurations(inst.cells, inst.placements) if L12 in c)
