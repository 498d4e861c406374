"""A second, independent counter: the code-golf challenge's own search, on tiles.

Following the challenge's reference programs (docs/references.md): start from one tile, follow its blue region
(tiles.reached), and whenever it opens onto an empty cell, try the three
tiles there; a configuration that opens onto nothing is a creature.  It
shares only the tile table with the corner enumerator (no corners, no
Redelmeier, no Burnside): fixed creatures are counted as distinct
translation-free forms, free ones as distinct canonical forms.  Every
creature has a tile whose small arc lies on its blue region, so starting
from the arc of each tile type at the origin finds them all.  Slow (it finds
each creature many times); meant for n up to about 12.
"""

from __future__ import annotations

from .tiles import TYPES, canonical, normal, reached


def creature_forms(n: int) -> set:
    """Translation-free forms of every creature of n tiles."""
    forms = set()

    def grow(tiles, start):
        cells, holes = reached(tiles, start)
        if not holes:
            if len(tiles) == n:
                forms.add(normal(tiles))
            return
        if len(tiles) == n:
            return
        hole = min(holes)
        for t in TYPES:
            tiles[hole] = t
            grow(tiles, start)
            del tiles[hole]

    for t in TYPES:
        grow({(0, 0): t}, ((0, 0), (2 - t) % 3))
    return forms


def count(n: int) -> tuple[int, int]:
    """(fixed, free) creatures of n tiles."""
    forms = creature_forms(n)
    return len(forms), len({canonical(dict(f)) for f in forms})
