"""The triangle grid: cells (x, y, z) on the triangular lattice of points (x, y).

The X and Y axes are 60 degrees apart. z = 0 is the upward triangle on points
(x, y), (x+1, y), (x, y+1); z = 1 the downward triangle on (x+1, y), (x, y+1),
(x+1, y+1).
"""

from __future__ import annotations

import math
from typing import Iterable

from .lattice import Cell, LatticeGrid, label_width

_SQRT3 = math.sqrt(3)


def lattice_point_xy(p: tuple[int, int]) -> tuple[float, float]:
    """Cartesian position of the lattice point p = (x, y), unit spacing, X axis horizontal."""
    return (p[0] + p[1] / 2, p[1] * _SQRT3 / 2)


class TriangleGrid(LatticeGrid):
    """Equilateral triangles of unit edge, two per lattice point."""

    name = "triangle"
    dims = 3
    kinds = 2
    rotation = ((0, -1), (1, 1))  # points (x, y) -> (-y, x + y): 60 degrees anticlockwise
    reflection = ((-1, -1), (0, 1))  # points (x, y) -> (-x - y, y): mirror left-right
    neighbour_offsets = (
        ((0, -1, 1), (0, 0, 1), (-1, 0, 1)),  # up: across its bottom, right and left edges
        ((0, 0, 0), (1, 0, 0), (0, 1, 0)),  # down: across its left, right and top edges
    )

    def lattice_corners(self, cell: Cell) -> list[tuple[int, int]]:
        x, y, z = cell
        if z == 0:
            return [(x, y), (x + 1, y), (x, y + 1)]
        return [(x + 1, y), (x, y + 1), (x + 1, y + 1)]

    def cell_with_corners(self, corners: Iterable[tuple[int, int]]) -> Cell:
        """An up triangle has one corner on the lowest line x + y = s, a down triangle two."""
        low, mid, high = sorted(corners, key=lambda p: p[0] + p[1])
        if sum(mid) == sum(low):
            return (high[0] - 1, high[1] - 1, 1)
        return (low[0], low[1], 0)

    def points(self, c: Cell) -> list[tuple[float, float]]:
        return [lattice_point_xy(p) for p in self.lattice_corners(c)]

    def render(self, cells: dict[Cell, str]) -> str:
        """Rows of alternating /A\\ and \\B/ triangles sharing their slanted edges, top row first."""
        if not cells:
            return ""
        width = label_width(cells)
        pitch = width + 1
        # Position along a row, in half triangle widths: rows above sit half a triangle right.
        slot = {c: 2 * c[0] + c[1] + c[2] for c in cells}
        left = min(slot.values())
        ys = [c[1] for c in cells]
        lines = []
        for y in range(max(ys), min(ys) - 1, -1):
            row = [c for c in cells if c[1] == y]
            line = [" "] * (pitch * (max(slot[c] for c in row) - left + 1) + 1)
            for c in row:
                at = pitch * (slot[c] - left)
                up = c[2] == 0
                line[at] = "/" if up else "\\"
                line[at + 1 : at + 1 + width] = str(cells[c]).center(width)
                line[at + pitch] = "\\" if up else "/"
            lines.append("".join(line).rstrip())
        return "\n".join(lines)
