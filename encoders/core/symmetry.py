"""Symmetry groups of boards and their action on placements, computed from the grid.

Nothing here is written per puzzle: a board's group is every symmetry of its
grid (rotation or reflection about a lattice point) followed by the one
translation that brings the board back onto itself.  Families use the group to
split a count into orbit cases (Burnside's lemma on a stabilizer), which is
both faster than the raw count and gives the count up to symmetry.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Sequence

Cell = tuple
#: A board symmetry as a permutation of the board's cells.
Permutation = dict


def board_group(grid, cells: Iterable[Cell]) -> list[Permutation]:
    """The symmetries of a board as cell permutations, identity first.

    Each transform of the grid maps the board to a congruent copy somewhere
    else; comparing lexicographic minima (translation preserves that order,
    since a translation moves x and y and keeps the cell kind) gives the only
    translation that could bring the copy back.  Transforms whose copy then
    differs from the board are not symmetries of it.
    """
    board = set(cells)
    if not board:
        return [{}]
    anchor = min(board)
    group, seen = [], set()
    for transform in grid.transforms():
        image = {c: transform(c) for c in board}
        lowest = min(image.values())
        shift = (anchor[0] - lowest[0], anchor[1] - lowest[1])
        perm = {c: grid.translate(t, shift) for c, t in image.items()}
        if set(perm.values()) != board:
            continue
        signature = tuple(sorted(perm.items()))
        if signature not in seen:          # a board can make two transforms coincide
            seen.add(signature)
            group.append(perm)
    return group


def is_identity(perm: Permutation) -> bool:
    return all(k == v for k, v in perm.items())


def orbits(items: Sequence[Hashable], group: Sequence[Callable]) -> list[list]:
    """Partition `items` into orbits under the maps in `group` (each maps an item
    to an item); each orbit lists its items in the order given, the first one
    being its representative."""
    position = {item: k for k, item in enumerate(items)}
    done: set = set()
    result = []
    for item in items:
        if item in done:
            continue
        orbit = {g(item) for g in group}
        missing = orbit - position.keys()
        if missing:
            raise ValueError(f"the group maps {item!r} outside the given items")
        done |= orbit
        result.append(sorted(orbit, key=position.__getitem__))
    return result


def stabilizer(item: Hashable, group: Sequence[Callable]) -> list[int]:
    """Indices of the group elements that fix `item`."""
    return [k for k, g in enumerate(group) if g(item) == item]
