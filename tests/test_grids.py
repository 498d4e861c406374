"""Grid geometry: coordinate forms, neighbours, the symmetry groups, normalization, pictures."""

import itertools
import math
import random

import pytest

from polycnf.encoders.core.grids import GRIDS, get_grid

ALL = sorted(GRIDS)
GROUP_SIZES = {"square": (8, 4), "hex": (12, 6), "triangle": (12, 6), "segment": (12, 6)}
NEIGHBOUR_COUNTS = {"square": 4, "hex": 6, "triangle": 3, "segment": 10}


def patch(grid, radius=3):
    """All cells with x and y in [-radius, radius]."""
    span = range(-radius, radius + 1)
    if grid.dims == 2:
        return [(x, y) for x in span for y in span]
    return [(x, y, z) for x in span for y in span for z in range(grid.kinds)]


def close(p, q):
    return math.isclose(p[0], q[0], abs_tol=1e-9) and math.isclose(p[1], q[1], abs_tol=1e-9)


def shared_points(grid, a, b):
    return sum(1 for p in grid.points(a) for q in grid.points(b) if close(p, q))


def test_get_grid_names():
    assert set(GRIDS) == {"square", "hex", "triangle", "segment"}
    for name in ALL:
        assert get_grid(name).name == name


def test_unknown_grid_lists_choices():
    with pytest.raises(ValueError, match=r"unknown grid 'cube' \(choose from: .*hex"):
        get_grid("cube")


def test_is_cell():
    square, tri, seg = get_grid("square"), get_grid("triangle"), get_grid("segment")
    assert square.is_cell((0, -3)) and not square.is_cell((0, 0, 0)) and not square.is_cell([0, 0])
    assert not square.is_cell((0.0, 1)) and not square.is_cell((True, 1))
    assert tri.is_cell((1, 2, 1)) and not tri.is_cell((1, 2, 2))
    assert seg.is_cell((1, 2, 2)) and not seg.is_cell((1, 2, 3)) and not seg.is_cell((1, 2))


@pytest.mark.parametrize("name", ALL)
def test_neighbours_are_geometric_and_symmetric(name):
    grid = get_grid(name)
    needed = 1 if name == "segment" else 2  # segments share an end, polygons an edge
    for cell in patch(grid, 2):
        nbs = grid.neighbours(cell)
        assert len(set(nbs)) == len(nbs) == NEIGHBOUR_COUNTS[name]
        for nb in nbs:
            assert grid.is_cell(nb) and cell in grid.neighbours(nb)
            assert shared_points(grid, cell, nb) == needed
    # and nothing else nearby touches that much
    cell = grid.base_cells()[-1]
    touching = [c for c in patch(grid, 3) if c != cell and shared_points(grid, cell, c) >= needed]
    assert sorted(touching) == sorted(grid.neighbours(cell))


@pytest.mark.parametrize("name", ALL)
def test_unit_edges(name):
    grid = get_grid(name)
    for cell in grid.base_cells():
        pts = grid.points(cell)
        sides = [math.dist(p, q) for p, q in zip(pts, pts[1:] + pts[:1])]
        assert all(math.isclose(s, 1) for s in sides)


@pytest.mark.parametrize("name", ALL)
def test_group_structure(name):
    grid = get_grid(name)
    transforms, rotations = grid.transforms(), grid.rotations()
    assert (len(transforms), len(rotations)) == GROUP_SIZES[name]
    cells = patch(grid, 2)
    images = [tuple(t(c) for c in cells) for t in transforms]
    assert images[0] == tuple(cells)  # identity first
    assert len(set(images)) == len(transforms)  # all distinct
    assert [tuple(r(c) for c in cells) for r in rotations] == images[: len(rotations)]
    # closed under composition
    for s, t in itertools.product(transforms, repeat=2):
        assert tuple(s(t(c)) for c in cells) in images


@pytest.mark.parametrize("name", ALL)
def test_transforms_preserve_adjacency_and_geometry(name):
    grid = get_grid(name)
    cells = patch(grid, 2)
    rotations = len(grid.rotations())
    a, b, c = grid.center(cells[0]), grid.center(cells[7]), grid.center(cells[-5])

    def orientation(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    for i, t in enumerate(grid.transforms()):
        for cell in cells:
            assert grid.is_cell(t(cell))
            assert sorted(t(n) for n in grid.neighbours(cell)) == sorted(grid.neighbours(t(cell)))
        # an isometry: distances between centres are kept
        for p, q in [(cells[0], cells[-1]), (cells[3], cells[11]), (cells[5], cells[6])]:
            assert math.isclose(
                math.dist(grid.center(p), grid.center(q)),
                math.dist(grid.center(t(p)), grid.center(t(q))),
            )
        # proper rotations keep orientation, reflections reverse it
        ta, tb, tc = (grid.center(t(x)) for x in (cells[0], cells[7], cells[-5]))
        same = orientation(a, b, c) * orientation(ta, tb, tc) > 0
        assert same == (i < rotations)


@pytest.mark.parametrize("name", ALL)
def test_lattice_corners_round_trip(name):
    grid = get_grid(name)
    if grid.dims == 3:
        for cell in patch(grid, 2):
            assert grid.cell_with_corners(reversed(grid.lattice_corners(cell))) == cell


@pytest.mark.parametrize("name", ALL)
def test_normalize_is_translation_invariant(name):
    grid = get_grid(name)
    rng = random.Random(7)
    cells = patch(grid, 3)
    for _ in range(50):
        shape = rng.sample(cells, rng.randint(1, 8))
        d = (rng.randint(-9, 9), rng.randint(-9, 9))
        moved = [grid.translate(c, d) for c in shape]
        norm = grid.normalize(shape)
        assert grid.normalize(moved) == norm == grid.normalize(reversed(moved))
        assert min(c[0] for c in norm) == 0 and min(c[1] for c in norm) == 0
        assert list(norm) == sorted(norm)
        assert sorted(c[2:] for c in norm) == sorted(c[2:] for c in shape)


def test_square_picture():
    grid = get_grid("square")
    f_pentomino = {(0, 1): "F", (0, 2): "F", (1, 0): "F", (1, 1): "F", (2, 1): "F"}
    assert grid.render(f_pentomino) == " FF\nFF\n F"
    assert grid.render({(0, 0): "10", (1, 1): "7"}) == "10\n   7"


def test_hex_picture():
    grid = get_grid("hex")
    cells = {(0, 0): "a", (1, 0): "b", (0, 1): "c", (1, 1): "d", (-1, 2): "e"}
    assert grid.render(cells) == "e\n c d\na b"


def test_triangle_picture():
    grid = get_grid("triangle")
    hexagon = {(0, 1, 0): "A", (0, 1, 1): "B", (1, 1, 0): "C", (0, 0, 1): "D", (1, 0, 0): "E", (1, 0, 1): "F"}
    assert grid.render(hexagon) == "/A\\B/C\\\n\\D/E\\F/"


def test_segment_pictures():
    grid = get_grid("segment")
    triangle = {(0, 0, 0): "", (1, 0, 2): "", (0, 0, 1): ""}
    assert grid.render(triangle) == " /\\\n/__\\"
    bend = {(0, 0, 0): "", (1, 0, 0): "", (2, 0, 1): "", (2, 1, 2): ""}
    assert grid.render(bend) == "        \\\n         \\\n         /\n________/"
    labelled = {(0, 0, 0): "a", (1, 0, 0): "a", (2, 0, 1): "b", (2, 1, 2): "b"}
    assert grid.render(labelled) == "        b\n         b\n         b\naaaaaaaab"
