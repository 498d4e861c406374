"""The hexagonal board and how cards turn on it (axial coordinates, sides 0..5).

Geometry (DESIGN.md): cells in axial coordinates (x, y), pointy-top, y growing
downwards; rows are horizontal.  Side s of a cell faces SIDE_NAMES[s], and the
neighbour across it is (x, y) + SIDE_OFFSETS[s]; side s + 3 faces back.  A card
is stored with its labels in that frame (label k on side k when unturned);
orientation o < 6 turns it clockwise by o sixths, o >= 6 turns it over first
(mirror about the vertical axis) and then by o - 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

SIDE_NAMES = ("upper-right", "right", "lower-right", "lower-left", "left", "upper-left")
#: Axial offset to the neighbour across each side.
SIDE_OFFSETS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def opposite(side: int) -> int:
    return (side + 3) % 6


def turn(labels: tuple, orientation: int) -> tuple:
    """The labels on board sides 0..5 of a card placed in `orientation`."""
    rotation, flipped = orientation % 6, orientation >= 6
    return tuple(labels[5 - (s - rotation) % 6] if flipped else labels[(s - rotation) % 6]
                 for s in range(6))


@dataclass(frozen=True)
class Symmetry:
    """A board symmetry: where each cell goes, and where each side direction goes."""
    cell_map: dict
    side_map: tuple
    name: str


class HexBoard:
    """A set of hexagonal cells, numbered 1.. in reading order (rows, then left to right)."""

    def __init__(self, cells, rows: list[int] | None = None):
        self.cells: list[tuple[int, int]] = sorted(set(map(tuple, cells)), key=lambda c: (c[1], c[0]))
        self.cellset = frozenset(self.cells)
        self.number = {c: k + 1 for k, c in enumerate(self.cells)}
        self.rows = rows            # kept so an instance file can be written back as given

    @classmethod
    def from_rows(cls, rows: list[int]) -> "HexBoard":
        """Rows of cell counts, each centred under the previous one (a honeycomb).

        The middle row is y = 0; a row of n cells at height y starts at
        x = -floor((n - 1 + y) / 2), which puts its centre at drawing x = 0 (half
        a cell left when the parities do not allow it).
        """
        top = -(len(rows) // 2)
        cells = []
        for k, n in enumerate(rows):
            y = top + k
            start = -((n - 1 + y) // 2)
            cells.extend((start + i, y) for i in range(n))
        return cls(cells, rows=list(rows))

    @classmethod
    def hexagon(cls, radius: int) -> "HexBoard":
        """The hexagon of the given radius around (0, 0): 3r(r+1)+1 cells."""
        return cls.from_rows([2 * radius + 1 - abs(k) for k in range(-radius, radius + 1)])

    def __len__(self) -> int:
        return len(self.cells)

    def neighbour(self, cell, side: int):
        """The cell across `side` of `cell`, or None at the border."""
        dx, dy = SIDE_OFFSETS[side]
        other = (cell[0] + dx, cell[1] + dy)
        return other if other in self.cellset else None

    def neighbours(self, cell) -> list:
        """Adjacent cells clockwise from the upper right."""
        return [n for s in range(6) if (n := self.neighbour(cell, s)) is not None]

    @cached_property
    def inner_edges(self) -> list[tuple]:
        """Each pair of touching cells once, as (cell a, side of a, cell b), a before b."""
        return [(c, s, n) for c in self.cells for s in (1, 2, 3)
                if (n := self.neighbour(c, s)) is not None]

    def label(self, cell) -> str:
        return f"{self.number[cell]:0{max(2, len(str(len(self.cells))))}d}"

    def symmetries(self, reflections: bool) -> list[Symmetry]:
        """Turns (and mirror images) of the axial grid that map this board onto itself.

        Computed from the cell set: any such map is a linear grid symmetry
        followed by a translation, found by matching the least cells.
        """
        found = []
        for mirrored in ((False, True) if reflections else (False,)):
            for k in range(6):
                def image(c, k=k, mirrored=mirrored):
                    x, y = c
                    if mirrored:
                        x, y = -x - y, y
                    for _ in range(k):
                        x, y = -y, x + y
                    return x, y
                moved = [image(c) for c in self.cells]
                low = min(moved, key=lambda c: (c[1], c[0]))
                dx, dy = self.cells[0][0] - low[0], self.cells[0][1] - low[1]
                cell_map = {c: (m[0] + dx, m[1] + dy) for c, m in zip(self.cells, moved)}
                if set(cell_map.values()) == self.cellset:
                    sides = tuple(((5 - s) if mirrored else s) + k for s in range(6))
                    found.append(Symmetry(cell_map, tuple(s % 6 for s in sides),
                                          ("mirror+" if mirrored else "") + f"turn {60 * k}"))
        return found

    def drawing_position(self, cell) -> tuple[float, float]:
        """Centre of a cell in units of the cell's width (x) and row height (y)."""
        return cell[0] + cell[1] / 2, cell[1]
