"""The square grid: cells (row, col), row 0 at the top, rows growing downwards."""

from __future__ import annotations

from .lattice import Cell, LatticeGrid, label_width


class SquareGrid(LatticeGrid):
    """Unit squares; (row, col) like a matrix or a printed board."""

    name = "square"
    dims = 2
    rotation = ((0, -1), (1, 0))  # (r, c) -> (-c, r): a quarter turn anticlockwise on screen
    reflection = ((1, 0), (0, -1))  # (r, c) -> (r, -c): mirror left-right
    neighbour_offsets = (((-1, 0), (1, 0), (0, -1), (0, 1)),)

    def points(self, c: Cell) -> list[tuple[float, float]]:
        """Corners anticlockwise from bottom left; x = col, y = -row so y points up."""
        r, col = c
        return [(col, -r - 1), (col + 1, -r - 1), (col + 1, -r), (col, -r)]

    def render(self, cells: dict[Cell, str]) -> str:
        """One label per cell, rows top to bottom; labels wider than 1 get a space between."""
        if not cells:
            return ""
        width = label_width(cells)
        pitch = width if width == 1 else width + 1
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        lines = []
        for r in range(min(rows), max(rows) + 1):
            line = [" "] * (pitch * (max(cols) - min(cols) + 1))
            for (cr, cc), label in cells.items():
                if cr == r:
                    at = pitch * (cc - min(cols))
                    line[at : at + width] = str(label).ljust(width)
            lines.append("".join(line).rstrip())
        return "\n".join(lines)
