"""The t4 board's question 3 on a sub-board: how many start configurations
can bring the piece on l1-l2 to l5-l6 (`polycnf t4-solvable`).

>>> import polycnf
>>> polycnf.t4_solvable("klm", ["search"]).methods["search"]["solvable"]
169
"""

from __future__ import annotations

from dataclasses import dataclass

from polycnf.encoders.core.errors import InputError

from .encoding import jsonable
from .options import Options, alarm, progress_bar

SOLVABLE_METHODS = ("search", "bdd")


@dataclass(frozen=True)
class SolvableCount:
    """Each method's count of solvable starts on the sub-board (they agree)."""
    rows: str
    cells: int
    methods: dict
    exit_code = 0

    def as_json(self) -> dict:
        return {"rows": self.rows, "cells": self.cells, **jsonable(self.methods)}


def t4_solvable(rows: str = "jklm", methods=SOLVABLE_METHODS, *, time_limit: float | None = None,
                progress: bool = False) -> SolvableCount:
    """Solvable start configurations on the sub-board of the row grooves
    `rows` (letters from i-o, l among them), by each of `methods`."""
    from polycnf.encoders import catalog

    solvable = catalog.question("t4-solvable")
    cells = solvable.sub_board(rows)
    if "l1" not in cells or any(r not in "ijklmno" for r in rows):
        raise InputError(f"--rows {rows}: give row letters from i-o including l, e.g. jklm")
    unknown = [m for m in methods if m not in SOLVABLE_METHODS]
    if unknown:
        raise InputError(f"unknown method '{unknown[0]}' (choose from: {', '.join(SOLVABLE_METHODS)})")
    with alarm(time_limit), progress_bar(Options(progress=progress), f"t4-solvable {rows}", unit="step") as bar:
        found = solvable.count_by(cells, methods, progress=lambda method: bar.update(1))
    return SolvableCount(rows, len(cells), found)
