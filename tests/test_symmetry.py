"""Board groups are computed from the grid: check their orders and that they are groups."""

import pytest

from polycnf.encoders.core import symmetry
from polycnf.encoders.core.grids import get_grid


def rectangle(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


def closed_under_composition(group):
    signatures = {tuple(sorted(g.items())) for g in group}
    for g in group:
        for h in group:
            composed = {c: g[h[c]] for c in h}
            if tuple(sorted(composed.items())) not in signatures:
                return False
    return True


@pytest.mark.parametrize("grid, cells, order", [
    ("square", rectangle(6, 10), 4),
    ("square", rectangle(8, 8), 8),
    ("square", [c for c in rectangle(8, 8) if c not in {(3, 3), (3, 4), (4, 3), (4, 4)}], 8),
    ("square", [c for c in rectangle(8, 8) if c != (0, 0)], 2),       # only the diagonal mirror
    ("square", [(0, 0), (0, 1), (1, 0)], 2),                            # L tromino
    ("square", [(0, 0), (0, 1), (0, 2), (1, 1)], 2),                    # T tetromino
    ("square", [(0, 0), (1, 0), (1, 1), (2, 1)], 2),                    # S tetromino: half turn only
    ("hex", [(x, y) for x in range(7) for y in range(4)], 2),           # parallelogram
    ("hex", [(x, y) for x in range(4) for y in range(4)], 4),           # rhombus
    ("hex", [(x, y) for x in range(-1, 2) for y in range(-1, 2) if abs(x + y) <= 1], 12),
    ("triangle", [(0, 0, 0)], 1),     # its 6 symmetries all fix the one cell: one permutation
    ("triangle", [(0, 0, 0), (0, 0, 1), (1, 0, 0), (0, 1, 0), (1, 0, 1), (0, 1, 1)], 2),
    ("triangle", [(1, 1, 0), (0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (0, 0, 1)], 12),  # hexagon
    ("triangle", [(x, y, z) for x in range(2) for y in range(2) for z in range(2) if x + y + z <= 1], 6),
])
def test_group_orders(grid, cells, order):
    group = symmetry.board_group(get_grid(grid), cells)
    assert len(group) == order
    assert symmetry.is_identity(group[0])
    assert all(set(g) == set(cells) and set(g.values()) == set(cells) for g in group)
    assert closed_under_composition(group)


def test_orbits_and_stabilizers():
    cells = rectangle(2, 2)
    group = symmetry.board_group(get_grid("square"), cells)
    maps = [g.__getitem__ for g in group]
    assert symmetry.orbits(cells, maps) == [cells]
    assert len(symmetry.stabilizer((0, 0), maps)) == 2     # identity and the diagonal mirror
    rect = rectangle(1, 3)
    maps = [g.__getitem__ for g in symmetry.board_group(get_grid("square"), rect)]
    assert symmetry.orbits(rect, maps) == [[(0, 0), (0, 2)], [(0, 1)]]


def test_orbits_reject_maps_leaving_the_items():
    with pytest.raises(ValueError):
        symmetry.orbits([1], [lambda x: x, lambda x: x + 1])
