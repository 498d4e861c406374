"""The plain search: backtracking over the cells, never looking at the CNF."""

from __future__ import annotations

import time

from .board import opposite


class SearchTimeout(Exception):
    """The plain search ran past its deadline."""


def solutions(puzzle, deadline: float | None = None):
    """Yield every solution by backtracking over the cells in reading order.

    A cell's candidates come from an index by the labels they must show
    toward its already-filled neighbours.  Raises SearchTimeout past
    `deadline` (time.monotonic()).
    """
    board, partner = puzzle.board, puzzle.rule.partner
    cells = board.cells
    position = {c: k for k, c in enumerate(cells)}
    # per position: sides whose neighbour is filled earlier, with that neighbour's position
    earlier = [[(s, position[n]) for s in range(6)
                if (n := board.neighbour(c, s)) is not None and position[n] < k]
               for k, c in enumerate(cells)]
    everything = [(number, o, sides) for number, table in enumerate(puzzle.orientation_of, 1)
                  for sides, o in table.items()]
    # per position: its candidates keyed by the labels they show toward filled neighbours
    fits = []
    for sides_needed in earlier:
        table: dict = {}
        for item in everything:
            table.setdefault(tuple(item[2][s] for s, _ in sides_needed), []).append(item)
        fits.append(table)
    chosen: list = [None] * len(cells)
    shown: list = [None] * len(cells)       # side labels per filled position
    used = [False] * (len(puzzle.cards) + 1)
    steps = [0]

    def fill(k):
        if k == len(cells):
            yield {cells[i]: chosen[i] for i in range(len(cells))}
            return
        steps[0] += 1
        if deadline is not None and steps[0] % 1024 == 0 and time.monotonic() > deadline:
            raise SearchTimeout
        want = tuple(partner(shown[j][opposite(s)]) for s, j in earlier[k])
        for number, o, sides in fits[k].get(want, ()):
            if used[number]:
                continue
            used[number] = True
            shown[k], chosen[k] = sides, (number, o)
            yield from fill(k + 1)
            used[number] = False

    yield from fill(0)
