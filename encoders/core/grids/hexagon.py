"""The hexagon grid: cells in axial coordinates (x, y), the axes 60 degrees apart.

The six neighbours are (+-1, 0), (0, +-1), (-1, +1), (+1, -1). Cell centres form a
triangular lattice with x along the horizontal, so hexagons are pointy-topped and
each row of constant y sits half a cell to the right of the row below.
"""

from __future__ import annotations

import math

from .lattice import Cell, LatticeGrid, label_width

_SQRT3 = math.sqrt(3)


class HexGrid(LatticeGrid):
    """Regular hexagons of unit edge; centres are sqrt(3) apart."""

    name = "hex"
    dims = 2
    rotation = ((0, -1), (1, 1))  # (x, y) -> (-y, x + y): 60 degrees anticlockwise
    reflection = ((-1, -1), (0, 1))  # (x, y) -> (-x - y, y): mirror left-right
    neighbour_offsets = (((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)),)

    def center(self, c: Cell) -> tuple[float, float]:
        x, y = c
        return (_SQRT3 * (x + y / 2), 1.5 * y)

    def points(self, c: Cell) -> list[tuple[float, float]]:
        """Corners anticlockwise, starting from the lower right one."""
        cx, cy = self.center(c)
        return [
            (cx + math.cos(math.radians(a)), cy + math.sin(math.radians(a)))
            for a in range(-30, 330, 60)
        ]

    def render(self, cells: dict[Cell, str]) -> str:
        """A honeycomb: rows of labels, top row first, each row half a cell right of the one below."""
        if not cells:
            return ""
        width = label_width(cells)
        half = (width + 2) // 2  # half the distance between neighbouring labels in a row
        column = {c: half * (2 * c[0] + c[1]) for c in cells}
        left = min(column.values())
        ys = [y for _, y in cells]
        lines = []
        for y in range(max(ys), min(ys) - 1, -1):
            row = {column[c] - left: label for c, label in cells.items() if c[1] == y}
            line = [" "] * (max(row, default=0) + width)
            for at, label in row.items():
                line[at : at + width] = str(label).ljust(width)
            lines.append("".join(line).rstrip())
        return "\n".join(lines)
