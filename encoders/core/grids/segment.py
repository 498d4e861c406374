"""Triangular-grid segments (polytrig cells): unit edges between lattice points.

A segment (x, y, z) runs from point (x, y) to (x+1, y) if z = 0, to (x, y+1) if
z = 1, to (x-1, y+1) if z = 2; the X and Y axes are 60 degrees apart (Goodger 2015, docs/references.md).
Two segments are neighbours when they share an end point.
"""

from __future__ import annotations

from typing import Iterable

from .lattice import Cell, LatticeGrid
from .triangle import lattice_point_xy

DIRECTIONS = ((1, 0), (0, 1), (-1, 1))  # the step along a segment of kind z = 0, 1, 2


def segments_at(point: tuple[int, int]) -> list[Cell]:
    """The six segments with an end at the lattice point."""
    x, y = point
    starting = [(x, y, z) for z in range(3)]
    ending = [(x - dx, y - dy, z) for z, (dx, dy) in enumerate(DIRECTIONS)]
    return starting + ending


def _neighbour_offsets(z: int) -> tuple[tuple[int, int, int], ...]:
    """The segments sharing an end with (0, 0, z): five at each end."""
    ends = [(0, 0), DIRECTIONS[z]]
    return tuple(s for p in ends for s in segments_at(p) if s != (0, 0, z))


class SegmentGrid(LatticeGrid):
    """Unit segments of the triangular lattice, three kinds per lattice point."""

    name = "segment"
    dims = 3
    kinds = 3
    rotation = ((0, -1), (1, 1))  # points (x, y) -> (-y, x + y): 60 degrees anticlockwise
    reflection = ((-1, -1), (0, 1))  # points (x, y) -> (-x - y, y): mirror left-right
    neighbour_offsets = tuple(_neighbour_offsets(z) for z in range(3))
    default_label = ""  # no label: draw with line characters

    def lattice_corners(self, cell: Cell) -> list[tuple[int, int]]:
        """The two end points."""
        x, y, z = cell
        dx, dy = DIRECTIONS[z]
        return [(x, y), (x + dx, y + dy)]

    def cell_with_corners(self, corners: Iterable[tuple[int, int]]) -> Cell:
        p, q = corners
        step = (q[0] - p[0], q[1] - p[1])
        if step in DIRECTIONS:
            return (p[0], p[1], DIRECTIONS.index(step))
        return (q[0], q[1], DIRECTIONS.index((-step[0], -step[1])))

    def points(self, c: Cell) -> list[tuple[float, float]]:
        return [lattice_point_xy(p) for p in self.lattice_corners(c)]

    def render(self, cells: dict[Cell, str]) -> str:
        """An ASCII line drawing: _ for z = 0, / for z = 1, \\ for z = 2, or the label's first character.

        Lattice point (x, y) is the lower left corner of character (row 2y,
        column 4x + 2y), counting rows upwards. A horizontal segment fills four
        characters; a slanted one two characters on two rows. Slanted segments
        are drawn last, so where a horizontal one meets them at its ends the
        slant shows.
        """
        if not cells:
            return ""
        canvas: dict[tuple[int, int], str] = {}
        for (x, y, z), label in sorted(cells.items(), key=lambda item: item[0][2] != 0):
            row, col = 2 * y, 4 * x + 2 * y
            mark = str(label)[:1] or "_/\\"[z]
            if z == 0:
                for i in range(4):
                    canvas[row, col + i] = mark
            elif z == 1:
                canvas[row, col] = canvas[row + 1, col + 1] = mark
            else:
                canvas[row, col - 1] = canvas[row + 1, col - 2] = mark
        rows = [r for r, _ in canvas]
        left = min(c for _, c in canvas)
        lines = []
        for r in range(max(rows), min(rows) - 1, -1):
            width = max((c for rr, c in canvas if rr == r), default=left - 1) - left + 1
            lines.append("".join(canvas.get((r, left + i), " ") for i in range(width)).rstrip())
        return "\n".join(lines)
