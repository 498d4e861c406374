"""encoders/packing/cubes.py: the packing DP split into cubes (orbits of X,
then (X, I) placements) must add up to the published counts and, orbit by
orbit of X, to the bitboard search of encoders/packing/bitboard.py (slow)."""

from fractions import Fraction
from itertools import product

import pytest

from polycnf.encoders.packing import bitboard as bb
from polycnf.encoders import catalog
from polycnf.encoders.packing import direct as pd
from polycnf.encoders.core.cubes import count_sequentially, total
from polycnf.encoders.packing.cubes import packing_cubes
from polycnf.encoders.packing.orbits import placement_orbits


@pytest.mark.parametrize("depth", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_6x10_by_cubes(depth):
    # Polyform Puzzler (Goodger), docs/references.md: 9,356 raw 6x10 tilings; also instances/pentomino-6x10.toml
    cubes = packing_cubes(10, 6, 0, depth=depth)
    assert len({c.label for c in cubes}) == len(cubes)
    assert count_sequentially(cubes) == 9356


def test_8x8_centre_by_cubes():
    # Dana Scott 1958 (docs/references.md): 520 raw, 65 up to the square's symmetries
    cubes = packing_cubes(fixed_empty=pd.CENTRE, depth=2)
    unique = packing_cubes(fixed_empty=pd.CENTRE, depth=2, divide_by=8)
    assert [c.label for c in cubes] == [c.label for c in unique]
    counts = [c.task() for c in cubes]
    assert total(c.weight * n for c, n in zip(cubes, counts)) == 520
    assert total(c.weight * n for c, n in zip(unique, counts)) == 65


def test_pair_orbits_cover_every_pair():
    """Orbit sizes add up to the number of disjoint (X, I) placement pairs,
    counted here by plain enumeration of X and I placements on the 8x8 board."""
    def places(shape):
        out = set()
        for asp in pd.aspects(shape):
            for r, c in product(range(8), repeat=2):
                cells = frozenset((r + dr, c + dc) for dr, dc in asp)
                if all(0 <= y < 8 and 0 <= x < 8 for y, x in cells):
                    out.add(cells)
        return out
    xs, is_ = places(pd.PENTOMINOES["X"]), places(pd.PENTOMINOES["I"])
    assert (len(xs), len(is_)) == (36, 64)
    pairs = sum(1 for x in xs for i in is_ if not x & i)
    orbits = placement_orbits(8, 8, ["X", "I"])
    assert sum(size for _, size in orbits) == pairs
    assert len(orbits) == 201


def test_tiling_hook_gives_cubes_for_direct_instances():
    instance = catalog.load("pentomino-8x8")
    assert instance.count_method == "direct"
    raw, unique = instance.cubes(), instance.cubes(unique=True)
    assert len(raw) == len(unique) == 201
    assert sum(c.weight for c in raw) == 8 * sum(c.weight for c in unique)
    assert all(isinstance(c.weight, Fraction) for c in unique)
    assert catalog.load("pentomino-6x10").cubes() is None     # counted by DLX by default


def test_incomplete_split_is_refused():
    with pytest.raises(ArithmeticError):
        total([Fraction(1, 8)])


@pytest.mark.slow
def test_8x8_orbit_by_orbit_against_bitboard():
    """Holes anywhere (about 10 min of DP and 20 of bitboard search): per orbit
    of X, the (X, I) cubes with that X add up to the bitboard count."""
    cubes = packing_cubes(depth=2)
    by_x = {}
    for cube in cubes:
        x_label = cube.label.split(" / ")[0]
        by_x[x_label] = by_x.get(x_label, 0) + cube.count()
    raw = 0
    for cells, weight, n in bb.x_orbit_counts():
        label = "X at " + " ".join(map(str, sorted(cells)))
        # a cube's weight is its (X, I) orbit size; X's orbit has `weight` placements
        assert by_x[label] == weight * n, label
        raw += weight * n
    assert raw == 536_773_672       # the shipped figure (packing DP and bitboard, README)


def test_lean_tables_count_the_same():
    # the centre-hole 8x8 (520, Scott 1958) and 6x10 (9,356, Polyform Puzzler) with uint32 tables
    assert pd.run(fixed_empty=pd.CENTRE, lean=True).count == 520
    assert pd.run(10, 6, 0, fixed_pieces={"X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))},
                  lean=True).count == pd.run(10, 6, 0, fixed_pieces={
                      "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))}).count


@pytest.mark.parametrize("images", [
    (0, 1, 5),                                            # identity and the two generators: a flip, a quarter turn
    pytest.param(tuple(range(8)), marks=pytest.mark.slow),  # the whole group
])
def test_every_image_of_a_cube_counts_the_same(images):
    """Each cube runs its placements turned by a board symmetry
    (_best_orientation); any image must give the representative's count, here
    for one light 8x8 cube (about 3 s an image)."""
    from polycnf.encoders.packing.orbits import _best_orientation, parts
    picked = [(label, fixed) for label, fixed, _ in parts(8, 8, (), list(pd.PIECE_NAMES))
              if "X at (2, 3)" in label and "I at (0, " in label][:1]
    assert picked
    for label, fixed in picked:
        names = [n for n, _ in fixed]
        combo = [cells for _, cells in fixed]
        counts = set()
        for g in [pd.board_symmetries(8, 8)[k] for k in images]:
            image = [tuple(sorted(g(r, c) for r, c in cells)) for cells in combo]
            counts.add(pd.run(fixed_pieces=dict(zip(names, image)), lean=True).count)
        assert len(counts) == 1, label
        assert _best_orientation(8, 8, combo, ()) is not None


def test_default_split_is_the_pairs_on_the_8x8():
    # the centre-hole 8x8 (520, Scott 1958): x-i-orbits (the default), x-orbits and no split agree
    assert pd.count_packings(fixed_empty=pd.CENTRE) == 520
    assert pd.count_packings(fixed_empty=pd.CENTRE, split="x-orbits") == 520
    _, details = pd.count_packings_detailed(fixed_empty=pd.CENTRE)
    assert len(details) > 6 and all(" / I at " in label for label, _, _ in details)
