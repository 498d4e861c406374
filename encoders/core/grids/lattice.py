"""What every grid shares: cells on a lattice of translations, and its symmetries.

The grid modules subclass LatticeGrid; the package `grids` gathers them.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

Cell = tuple
Shape = tuple
Matrix = tuple[tuple[int, int], tuple[int, int]]


def _mat_mul(m: Matrix, n: Matrix) -> Matrix:
    """The matrix of "apply n, then m"."""
    return tuple(
        tuple(sum(m[i][k] * n[k][j] for k in range(2)) for j in range(2)) for i in range(2)
    )


def _mat_apply(m: Matrix, point: tuple[int, int]) -> tuple[int, int]:
    return (m[0][0] * point[0] + m[0][1] * point[1], m[1][0] * point[0] + m[1][1] * point[1])


_IDENTITY: Matrix = ((1, 0), (0, 1))


class LatticeMap:
    """A symmetry of a grid that fixes a lattice point, acting on cells.

    A linear map of the lattice moves the cell (x, y, z) to M(x, y) plus the
    image of the cell (0, 0, z), because the cell is (0, 0, z) translated by
    (x, y). So one matrix and one image per cell kind describe the whole map,
    and applying it costs a few integer operations.
    """

    __slots__ = ("matrix", "images")

    def __init__(self, matrix: Matrix, images: Sequence[Cell] | None):
        self.matrix = matrix
        self.images = images  # None for grids with one cell kind (cells are lattice points)

    def __call__(self, cell: Cell) -> Cell:
        (a, b), (c, d) = self.matrix
        if self.images is None:
            x, y = cell
            return (a * x + b * y, c * x + d * y)
        x, y, z = cell
        ix, iy, iz = self.images[z]
        return (a * x + b * y + ix, c * x + d * y + iy, iz)

    def __repr__(self) -> str:
        return f"LatticeMap({self.matrix}, {self.images})"


class LatticeGrid:
    """Behaviour shared by all grids; subclasses set the class attributes below.

    - ``name``, ``dims`` (2: cells are (x, y); 3: cells are (x, y, z))
    - ``kinds``: number of z values (cell kinds per lattice point), 1 when dims is 2
    - ``rotation``: lattice matrix of the smallest proper rotation (generates 4 or 6)
    - ``reflection``: lattice matrix of one reflection
    - ``neighbour_offsets``: per cell kind, the (dx, dy[, z]) of edge-adjacent cells
    - ``default_label``: what ``polyforms.draw`` fills cells with
    Subclasses with dims 3 also define ``lattice_corners`` and ``cell_with_corners``.
    """

    name: str
    dims: int
    kinds: int = 1
    rotation: Matrix
    reflection: Matrix
    neighbour_offsets: Sequence[Sequence[tuple[int, ...]]]
    default_label: str = "#"

    def __init__(self) -> None:
        rotations = [_IDENTITY]
        while True:
            nxt = _mat_mul(self.rotation, rotations[-1])
            if nxt == _IDENTITY:
                break
            rotations.append(nxt)
        matrices = rotations + [_mat_mul(r, self.reflection) for r in rotations]
        self._rotations = [self._lattice_map(m) for m in rotations]
        self._transforms = [self._lattice_map(m) for m in matrices]

    # -- subclass geometry (dims 3) -------------------------------------------------
    def lattice_corners(self, cell: Cell) -> list[tuple[int, int]]:
        """The lattice points that define a cell (its corners or end points)."""
        raise NotImplementedError

    def cell_with_corners(self, corners: Iterable[tuple[int, int]]) -> Cell:
        """Inverse of ``lattice_corners``: the cell these lattice points define."""
        raise NotImplementedError

    def _lattice_map(self, matrix: Matrix) -> LatticeMap:
        if self.dims == 2:
            return LatticeMap(matrix, None)
        images = [
            self.cell_with_corners(_mat_apply(matrix, p) for p in self.lattice_corners((0, 0, z)))
            for z in range(self.kinds)
        ]
        return LatticeMap(matrix, images)

    # -- cells ------------------------------------------------------------------------
    def is_cell(self, c: object) -> bool:
        """True if c has this grid's coordinate form: a tuple of ints with z in range."""
        return (
            isinstance(c, tuple)
            and len(c) == self.dims
            and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
            and (self.dims == 2 or 0 <= c[2] < self.kinds)
        )

    def base_cells(self) -> list[Cell]:
        """One cell of each kind at the origin: every cell is a translate of one of them."""
        return [(0, 0)] if self.dims == 2 else [(0, 0, z) for z in range(self.kinds)]

    def neighbours(self, c: Cell) -> list[Cell]:
        """Edge-adjacent cells (for segments: the segments sharing an end point)."""
        if self.dims == 2:
            x, y = c
            return [(x + dx, y + dy) for dx, dy in self.neighbour_offsets[0]]
        x, y, z = c
        return [(x + dx, y + dy, nz) for dx, dy, nz in self.neighbour_offsets[z]]

    def translate(self, c: Cell, d: tuple[int, int]) -> Cell:
        """Move a cell by the lattice vector d; the cell kind is unchanged."""
        return (c[0] + d[0], c[1] + d[1]) + tuple(c[2:])

    def normalize(self, shape: Iterable[Cell]) -> Shape:
        """Canonical translate: sorted cells, smallest x and smallest y both 0."""
        cells = list(shape)
        dx = min(c[0] for c in cells)
        dy = min(c[1] for c in cells)
        if self.dims == 2:
            return tuple(sorted((x - dx, y - dy) for x, y in cells))
        return tuple(sorted((x - dx, y - dy, z) for x, y, z in cells))

    # -- symmetry ---------------------------------------------------------------------
    def rotations(self) -> list[Callable[[Cell], Cell]]:
        """The proper rotations about a lattice point, identity first."""
        return list(self._rotations)

    def transforms(self) -> list[Callable[[Cell], Cell]]:
        """The full point group: the rotations, then each rotation after one reflection."""
        return list(self._transforms)

    # -- drawing ----------------------------------------------------------------------
    def points(self, c: Cell) -> list[tuple[float, float]]:
        """Cartesian corners of the cell (unit edge length, y up)."""
        raise NotImplementedError

    def center(self, c: Cell) -> tuple[float, float]:
        pts = self.points(c)
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def render(self, cells: dict[Cell, str]) -> str:
        """A text picture of labelled cells."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def label_width(cells: dict[Cell, str]) -> int:
    """Width of the widest label (at least 1), so pictures can pad to a common width."""
    return max([len(str(v)) for v in cells.values()] + [1])
