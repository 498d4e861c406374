"""The direct counter of t4 questions: a frontier dynamic program (no CNF)."""

from __future__ import annotations


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
