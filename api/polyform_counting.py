"""Counting (and drawing) polyforms of order n on a grid: `polycnf polyforms`.

>>> import polycnf
>>> polycnf.polyforms("square", 5).count
12
>>> polycnf.polyforms("segment", 3, "one-sided").count
19
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from polycnf.encoders.core.errors import InputError

from .encoding import jsonable
from .options import alarm

KINDS = ("free", "one-sided", "fixed")
MAX_ORDER = 40           # counting keeps no forms, so only time bounds it (use --time-limit)
MAX_DRAW_ORDER = 10      # drawing keeps every form: order 10 is thousands to a million of them


@dataclass(frozen=True)
class PolyformCount:
    grid: str
    n: int
    kind: str
    count: int
    seconds: float
    shapes: list | None = None        # with draw: every form
    picture: str | None = None
    exit_code = 0

    def as_json(self) -> dict:
        data = {"grid": self.grid, "n": self.n, "kind": self.kind, "count": self.count, "seconds": self.seconds}
        if self.shapes is not None:
            data["shapes"] = jsonable(self.shapes)
        return data


def polyforms(grid: str, n: int, kind: str = "free", draw: bool = False, *,
              time_limit: float | None = None) -> PolyformCount:
    """The number of `kind` (free, one-sided, fixed) polyforms of order `n`
    on `grid` (square, hex, triangle, segment, quasi-segment); with `draw`,
    every form and a picture of them."""
    from polycnf.encoders.core import polyforms as forms
    from polycnf.encoders.core.grids import get_grid
    from polycnf.encoders.core.polyforms.count import count_polyforms

    try:
        lattice = get_grid(grid)
    except ValueError as e:
        raise InputError(str(e)) from None
    if kind not in KINDS:
        raise InputError(f"unknown kind '{kind}' (choose from: {', '.join(KINDS)})")
    top = MAX_DRAW_ORDER if draw else MAX_ORDER
    if not 1 <= n <= top:
        raise InputError(f"order {n}: must lie in 1..{top}" + (" when drawing" if draw else ""))
    start = time.monotonic()
    with alarm(time_limit):
        if draw:
            make = {"free": forms.free, "one-sided": forms.one_sided, "fixed": forms.fixed}[kind]
            shapes = make(lattice, n)
            return PolyformCount(grid, n, kind, len(shapes), round(time.monotonic() - start, 3), shapes,
                                 forms.draw(lattice, shapes))
        count = count_polyforms(grid, n, kind)
    return PolyformCount(grid, n, kind, count, round(time.monotonic() - start, 3))
