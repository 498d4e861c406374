"""A Monte Carlo estimate of question 3: uniform random starts, each decided by BFS.

A start is the piece on l1-l2 plus any non-overlapping pieces outside groove l.
`Starts` counts them by a DP over the cells in reading order (the state is
the set of later cells already covered), which also draws one uniformly: at
each cell, the choices (empty, or a piece beginning there) are numbered in turn by
the completions each leaves, so a start is drawn by its number.  Each drawn start is
decided by a BFS within its type (types.Layout.solvable); the solvable share
gives the estimate, with a Wilson score interval.
"""

from __future__ import annotations

import math
import random

from .board import BOARD
from .moves import SPECIAL_START
from .solvable import placements
from .types import Layout

Z95 = 1.959963984540054


class Starts:
    """Start configurations of a sub-board: their number and uniform draws."""

    def __init__(self, cells):
        self.cells = [c for c in BOARD.cells if c in set(cells)]
        index = {c: k for k, c in enumerate(self.cells)}
        self.beginning: dict[int, list] = {}
        for p in placements(self.cells):
            if p.groove != "l":
                run = [index[c] for c in BOARD.piece_cells(p)]
                self.beginning.setdefault(min(run), []).append((p, sum(1 << k for k in run)))
        self.special = sum(1 << index[c] for c in BOARD.piece_cells(SPECIAL_START))
        self._memo: dict[tuple[int, int], int] = {}

    def count(self, k: int = 0, covered: int | None = None) -> int:
        """Completions from cell k with `covered` (a bit mask of cells) already taken."""
        covered = self.special if covered is None else covered
        if k == len(self.cells):
            return 1
        key = (k, covered)
        if key not in self._memo:
            self._memo[key] = sum(self.count(k + 1, c) for _, c in self.choices(k, covered))
        return self._memo[key]

    def choices(self, k, covered):
        """(piece or None, covered after) for cell k; bits below k+1 are dropped."""
        low = ~((2 << k) - 1)
        if covered >> k & 1:
            return [(None, covered & low)]
        return [(None, covered & low)] + [(p, (covered | m) & low)
                                         for p, m in self.beginning.get(k, ()) if not covered & m]

    def unrank(self, index: int) -> frozenset:
        """The start numbered `index` (0 <= index < count()): a bijection, so a
        uniform index gives a uniform start."""
        if not 0 <= index < self.count():
            raise ValueError(f"start number {index} is out of range")
        chosen, covered = [SPECIAL_START], self.special
        for k in range(len(self.cells)):
            for choice in self.choices(k, covered):
                n = self.count(k + 1, choice[1])
                if index < n:
                    break
                index -= n
            piece, after = choice
            if piece is not None:
                chosen.append(piece)
            covered = after
        return frozenset(chosen)

    def draw(self, rng: random.Random) -> frozenset:
        """One start, uniformly among all `count()` of them."""
        return self.unrank(rng.randrange(self.count()))


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(cells, samples: int, seed: int = 0, progress=None) -> dict:
    """Estimated solvable starts from `samples` uniform starts (seeded, reproducible).

    Returns {"starts" (exact universe), "samples", "solvable_samples", "estimate", "low", "high"}
    with the 95% interval [low, high] (floats: an estimate, not a count).
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    space, layout, rng = Starts(cells), Layout(cells), random.Random(seed)
    total = space.count()
    hits = 0
    for _ in range(samples):
        hits += layout.solvable(space.draw(rng))
        if progress:
            progress(1)
    low, high = wilson(hits, samples)
    return {"starts": total, "samples": samples, "solvable_samples": hits,
            "estimate": total * hits / samples, "low": total * low, "high": total * high}
