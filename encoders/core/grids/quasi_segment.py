"""Quasi-polytrig cells (Goodger 2015, docs/references.md): the segments of the triangular grid with a wider
neighbour relation, so that polyforms may have gaps of length 1.

Only `polycnf polyforms` and encoders/tiling/polytrigs.py use this grid: it has the
segment grid's cells, geometry and symmetries, not boards of its own.
"""

from __future__ import annotations

from .segment import DIRECTIONS, SegmentGrid

#: The lattice step of direction d = 0..5, counter-clockwise from east.
DIRECTION_STEPS = DIRECTIONS + tuple((-dx, -dy) for dx, dy in DIRECTIONS)


def _gap_neighbour_offsets(z: int) -> tuple[tuple[int, int, int], ...]:
    """Segments within one gap of (0, 0, z): an end of each is at most one unit
    segment away from an end of the other (so touching segments count too)."""
    grid = SegmentGrid()
    ends = grid.lattice_corners((0, 0, z))
    near = {(x + dx, y + dy) for x, y in ends for dx, dy in DIRECTION_STEPS} | set(ends)
    reach = range(-3, 4)
    return tuple(
        (x, y, w)
        for x in reach
        for y in reach
        for w in range(3)
        if (x, y, w) != (0, 0, z) and any(p in near for p in grid.lattice_corners((x, y, w)))
    )


class QuasiSegmentGrid(SegmentGrid):
    """The segment grid where two segments are neighbours when they touch or are
    one gap of length 1 apart (an end of one is a unit step from an end of the
    other). Its connected polyforms are Goodger's quasi-polytrigs."""

    name = "quasi-segment"
    neighbour_offsets = tuple(_gap_neighbour_offsets(z) for z in range(3))
