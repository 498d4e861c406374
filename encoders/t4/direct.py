"""The direct counter of t4 questions: a frontier dynamic program (no CNF),
whole or split into cubes on the pieces over the first free cells."""

from __future__ import annotations

from functools import partial

from ..core.cubes import Cube
from .board import BOARD

#: splitting stops at this many cubes, whatever the number of workers, so that
#: labels are stable (the same figure as the API's other splits)
TARGET_CUBES = 64


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


def frontier_cubes(question, target: int = TARGET_CUBES) -> list[Cube]:
    """The raw count of a t4 question as cubes: split on the pieces (or, when
    the board need not be full, no piece) over one free cell after another,
    until there are `target` cubes; each cube is one frontier DP."""
    cells = question.cells
    pieces = [BOARD.piece_cells(p) for p in question.placements]
    names = [str(p) for p in question.placements]
    required = [BOARD.piece_cells(p) for p in question.required]
    parts = [((), required)]
    free = [c for c in cells if not any(c in r for r in required)]
    for cell in free:
        if len(parts) >= target:
            break
        split = []
        for path, req in parts:
            if any(cell in r for r in req):
                split.append((path, req))
                continue
            split += [(path + (names[j],), req + [pieces[j]]) for j, p in enumerate(pieces)
                      if cell in p and not any(set(p) & set(r) for r in req)]
            if not question.full:
                split.append((path + (f"{cell} empty",), req + [[cell]]))
        parts = split
    return [Cube(" / ".join(path) or "direct",
                 partial(count_part, cells, pieces, req, question.full)) for path, req in parts]


def count_part(cells, pieces, required, full: bool) -> int:
    """One cube of `frontier_cubes`: a one-cell 'required piece' marks that cell empty."""
    empty = {r[0] for r in required if len(r) == 1}
    if empty:
        if full:
            return 0
        pieces = [p for p in pieces if not empty & set(p)]     # the cell stays, but no piece may cover it
        required = [r for r in required if len(r) != 1]
    return count_by_frontier(cells, pieces, required, full)
