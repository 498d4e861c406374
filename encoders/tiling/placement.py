"""What a variable of a tiling means: a piece kind on some cells."""

from __future__ import annotations

from typing import NamedTuple


class Placement(NamedTuple):
    """One piece kind on a set of board cells: the meaning of one variable."""
    piece: str
    cells: tuple

    def __str__(self) -> str:
        return f"{self.piece}@{' '.join(map(str, self.cells))}"


class CopyPlacement(NamedTuple):
    """Copy number `copy` of an identical piece kind on some cells: an option of
    the exact cover only (the CNF does not tell copies apart)."""
    piece: str
    cells: tuple
    copy: int

    def placement(self) -> Placement:
        return Placement(self.piece, self.cells)


class Kind(NamedTuple):
    """Pieces of one shape: `names` are the interchangeable copies."""
    name: str
    shape: tuple
    names: tuple

    @property
    def copies(self) -> int:
        return len(self.names)
