"""The palago family's plain rule checker: a creature by the tile model alone, never the CNF."""

from __future__ import annotations

from ..core.errors import RuleViolation
from .tiles import TYPES, reached


def check_creature(tiles: dict, n: int | None = None) -> None:
    """Raise RuleViolation unless `tiles` (cell -> type) is one creature:
    some blue region is closed (opens onto no empty cell) and reaches every
    tile; with `n`, exactly n tiles."""
    if not tiles:
        raise RuleViolation("a creature has at least one tile")
    bad = [c for c, t in tiles.items() if t not in TYPES]
    if bad:
        raise RuleViolation(f"cell {bad[0]}: tile type {tiles[bad[0]]} is not 0, 1 or 2")
    if n is not None and len(tiles) != n:
        raise RuleViolation(f"{len(tiles)} tiles, expected {n}")
    for cell in tiles:
        for d in range(3):
            cells, holes = reached(tiles, (cell, d))
            if not holes and len(cells) == len(tiles):
                return
    raise RuleViolation("no closed blue region reaches every tile: the shape is open or in pieces")
