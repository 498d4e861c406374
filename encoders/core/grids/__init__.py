"""Grids of polyform cells: square, hexagon, triangle cells and triangular-grid segments.

Every grid here is a lattice of translations (moving x and y) with one or more
cell kinds per lattice point (the z coordinate). That shared shape lets one
class handle translation, normalization, neighbours and the symmetry group;
each grid module adds only its geometry and its text picture.
"""

from __future__ import annotations

from .hexagon import HexGrid
from .lattice import Cell, LatticeGrid, LatticeMap, Matrix, Shape, label_width
from .quasi_segment import QuasiSegmentGrid
from .segment import SegmentGrid
from .square import SquareGrid
from .triangle import TriangleGrid

__all__ = ["Cell", "Shape", "Matrix", "LatticeGrid", "LatticeMap", "label_width", "GRIDS", "POLYFORM_GRIDS",
           "get_grid", "HexGrid", "QuasiSegmentGrid", "SegmentGrid", "SquareGrid", "TriangleGrid"]

GRIDS: dict[str, LatticeGrid] = {
    grid.name: grid for grid in (SquareGrid(), HexGrid(), TriangleGrid(), SegmentGrid())
}


#: Grids that only generate polyforms: another neighbour relation on the cells
#: of a grid above, so boards (instance files) do not use them.
POLYFORM_GRIDS: dict[str, LatticeGrid] = {grid.name: grid for grid in (QuasiSegmentGrid(),)}


def get_grid(name: str) -> LatticeGrid:
    """The grid called name; a ValueError lists the valid names."""
    try:
        return GRIDS.get(name) or POLYFORM_GRIDS[name]
    except KeyError:
        names = ", ".join([*GRIDS, *POLYFORM_GRIDS])
        raise ValueError(f"unknown grid {name!r} (choose from: {names})") from None
