"""Tests for encoders/packing/direct.py, the transfer-matrix counter for the 8x8
puzzle (12 pentominoes + 4 monominoes, docs/references.md): agreement with a plain
brute force on small boards, classic pentomino rectangle counts, and the
cross-checks with encoders/packing/bitboard.py (centre 2x2: 520; X at the centre).
The default tests take under 10 s; the full count (about 1.5 min, 2 GB) and the
runs with X fixed (about 10 s each) are marked slow."""

import random

import pytest

from polycnf.encoders.packing import direct as pd

# ---------------------------------------------------------------------------
# brute force, independent of the module: its own aspects, plain recursion


def _aspects(cells):
    out = set()
    for a, b, c, d in ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
                       (-1, 0, 0, 1), (0, 1, 1, 0), (1, 0, 0, -1), (0, -1, -1, 0)):
        img = [(a * r + b * c_, c * r + d * c_) for r, c_ in cells]
        r0 = min(r for r, _ in img)
        c0 = min(c_ for _, c_ in img)
        out.add(frozenset((r - r0, c_ - c0) for r, c_ in img))
    return out


def _placements(cells, width, height, blocked):
    out = []
    for asp in _aspects(cells):
        for r in range(height):
            for c in range(width):
                p = frozenset((r + dr, c + dc) for dr, dc in asp)
                if all(0 <= y < height and 0 <= x < width for y, x in p) and not p & blocked:
                    out.append(p)
    return out


def brute_force(width, height, pieces, holes, fixed_empty=(), fixed_pieces=None):
    """Place the pieces one by one in every free way; count the packings that
    leave exactly ``holes`` cells empty (the fixed ones among them)."""
    fixed_pieces = fixed_pieces or {}
    blocked = frozenset(fixed_empty)
    shapes = [pd.PENTOMINOES[p] if isinstance(p, str) else p for p in pieces]
    if sum(len(s) for s in shapes) + holes != width * height:
        return 0
    tables = []
    for name, s in zip(pieces, shapes):
        if isinstance(name, str) and name in fixed_pieces:
            tables.append([frozenset(fixed_pieces[name])])
        else:
            tables.append(_placements(s, width, height, blocked))

    def rec(k, used):
        if k == len(tables):
            return 1
        return sum(rec(k + 1, used | p) for p in tables[k] if not p & used)

    return rec(0, blocked)


# ---------------------------------------------------------------------------


def test_piece_table():
    assert sorted(pd.PIECE_NAMES) == list("FILNPTUVWXYZ")
    n_aspects = {n: len(pd.aspects(c)) for n, c in pd.PENTOMINOES.items()}
    assert n_aspects == {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4,
                         "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert sum(n_aspects.values()) == 63
    # 12 distinct free pentominoes, each connected with 5 cells
    canon = {min(tuple(sorted(a)) for a in pd.aspects(c)) for c in pd.PENTOMINOES.values()}
    assert len(canon) == 12
    assert pd._f_has_no_symmetry()
    # placements on 8x8 agree with the brute force's own table
    for cells in pd.PENTOMINOES.values():
        tb = pd.build_tables(8, 8, [cells])
        assert len(tb.piece) == len(_placements(cells, 8, 8, frozenset()))
    assert pd.build_tables(8, 8, list(pd.PENTOMINOES.values())).span == 32


CASES = [
    # (width, height, pieces, holes, fixed_empty)
    (5, 4, ["L", "P", "U"], 5, ()),
    (5, 4, ["I", "L", "P"], 5, ()),
    (4, 5, ["F", "N", "Y"], 5, ()),
    (5, 5, ["T", "V", "W", "Z"], 5, ()),
    (5, 5, ["X", "P", "L", "Y"], 5, ((2, 2),)),
    (6, 5, ["F", "I", "N", "U"], 10, ((0, 0), (4, 5))),
    (5, 6, ["W", "Y", "P", "V"], 10, ()),
    (6, 4, ["L", "N", "P", "U"], 4, ()),
    (6, 4, ["L", "N", "P", "U"], 4, ((1, 1),)),
    (3, 5, ["P", "U", "L"], 0, ()),
    (3, 5, ["P", "U", "L"], 1, ()),  # area mismatch: 0
    # mixed sizes (tromino, domino, tetromino, pentomino): no mod-5 pruning
    (4, 4, [[(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1)], [(0, 0), (1, 0), (1, 1), (2, 1)], "P"],
     2, ()),
    (5, 4, [[(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 0)], "T", "L"], 5, ((0, 0), (3, 4))),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}x{c[1]}-{len(c[2])}p-{c[3]}h")
def test_brute_force_small(case):
    w, h, pieces, holes, fixed = case
    expected = brute_force(w, h, pieces, holes, fixed)
    assert pd.count_packings(w, h, holes, fixed, pieces=pieces) == expected
    assert pd.run(w, h, holes, fixed, pieces, prune=False).count == expected


def test_brute_force_random():
    rng = random.Random(4)
    names = list(pd.PIECE_NAMES)
    nonzero = 0
    for _ in range(12):
        w, h = rng.choice([(5, 4), (4, 5), (5, 5), (6, 4), (3, 6)])
        k = rng.randint(2, min(4, w * h // 5))
        pieces = rng.sample(names, k)
        holes = w * h - 5 * k
        cells = [(r, c) for r in range(h) for c in range(w)]
        fixed = tuple(rng.sample(cells, rng.randint(0, min(2, holes))))
        expected = brute_force(w, h, pieces, holes, fixed)
        nonzero += expected > 0
        got = pd.count_packings(w, h, holes, fixed, pieces=pieces)
        assert got == expected, (w, h, pieces, fixed)
    assert nonzero >= 6


def test_fixed_piece_and_split_small():
    # splitting on X (every placement, or orbits weighted by size) gives the plain DP count
    w, h, pieces, holes = 5, 5, ["X", "P", "L", "Y"], 5
    plain = pd.count_packings(w, h, holes, pieces=pieces, split=None)
    assert plain == brute_force(w, h, pieces, holes) > 0
    assert pd.count_packings(w, h, holes, pieces=pieces, split="x") == plain
    assert pd.count_packings(w, h, holes, pieces=pieces, split="x-orbits") == plain
    fixed = ((0, 0),)
    plain = pd.count_packings(w, h, holes, fixed, pieces=pieces, split=None)
    assert pd.count_packings(w, h, holes, fixed, pieces=pieces, split="x-orbits") == plain
    x = ((1, 2), (2, 1), (2, 2), (2, 3), (3, 2))
    assert (pd.run(w, h, holes, pieces=pieces, fixed_pieces={"X": x}).count
            == brute_force(w, h, pieces, holes, fixed_pieces={"X": x}))


def test_split_orbit_weights():
    parts = pd.split_placements(8, 8, pd.PENTOMINOES["X"])
    assert sum(wt for _, wt in parts) == 36 and len(parts) == 6
    parts = pd.split_placements(8, 8, pd.PENTOMINOES["X"], [(3, 3), (3, 4), (4, 3)])
    # only the reflection in the main diagonal fixes the three cells
    assert sum(wt for _, wt in parts) == len(pd.split_placements(
        8, 8, pd.PENTOMINOES["X"], [(3, 3), (3, 4), (4, 3)], orbits=False))
    assert {wt for _, wt in parts} == {1, 2}


@pytest.mark.parametrize("width,height,raw", [(3, 20, 8), (4, 15, 1472), (5, 12, 4040),
                                              (6, 10, 9356)])
def test_pentomino_rectangles(width, height, raw):
    # the classic counts of the 12-pentomino rectangles (2, 368, 1010, 2339 up
    # to symmetry, times the 4 symmetries of a rectangle, none fixing a tiling)
    assert pd.count_packings(width, height, holes=0) == raw


def test_centre_520():
    # cross-check with encoders/packing/bitboard.py: 520 raw, 65 up to symmetry
    raw = pd.count_packings(fixed_empty=pd.CENTRE, split=None)
    assert raw == 520
    assert pd.unique(raw) == 65


def test_three_fixed_holes():
    # cross-check with encoders/packing/bitboard.py: 40,508 (a few seconds, split on X)
    assert pd.count_packings(fixed_empty=[(3, 3), (3, 4), (4, 3)]) == 40508


@pytest.mark.slow
def test_x_at_centre():
    # cross-check with encoders/packing/bitboard.py: X covering (2,3),(3,2),(3,3),(3,4),(4,3)
    x = ((2, 3), (3, 2), (3, 3), (3, 4), (4, 3))
    assert pd.run(fixed_pieces={"X": x}).count == 12_989_702


# The 8x8 puzzle with the 4 holes anywhere, computed by this method
# (bench/bench_packing_dp.py, split on the 6 orbits of X placements, weights
# 4, 8, 8, 4, 8, 4); it must agree with encoders/packing/bitboard.py, the
# independent method.
FULL_RAW = 536_773_672
X_ORBIT_COUNTS = [11_817_642, 20_951_431, 13_800_158, 12_503_430, 13_689_733, 12_989_702]


@pytest.mark.slow
def test_full_count():
    # about 1.5 min and 2 GB
    raw, details = pd.count_packings_detailed(split="x-orbits")
    assert [r.count for _, _, r in details] == X_ORBIT_COUNTS
    assert [w for _, w, _ in details] == [4, 8, 8, 4, 8, 4]
    assert raw == FULL_RAW
    assert pd.unique(raw) == FULL_RAW // 8 == 67_096_709


@pytest.mark.slow
@pytest.mark.parametrize("centre,expected", [((2, 1), X_ORBIT_COUNTS[1]),
                                             ((6, 4), X_ORBIT_COUNTS[2])])
def test_x_orbit_weighting(centre, expected):
    # X at another member of an orbit gives the representative's count
    # (checks the orbit weighting without trusting it)
    r, c = centre
    x = ((r - 1, c), (r, c - 1), (r, c), (r, c + 1), (r + 1, c))
    assert pd.run(fixed_pieces={"X": x}).count == expected


def test_growing_work_space_and_buffers_count_the_same():
    # _merge's hash table starts at 4 slots and the state buffers at 1024, so
    # both grow (several times) mid-count; a second run reuses the grown ones.
    # Against the brute force above (the 5x5 square by F, I, L, P, U: 16) and
    # the 3x20 rectangle's published 8 (2 up to the 4 symmetries).
    pd._POOL.work = pd._Workspace(slots=4)
    pd._POOL.bufs = None
    assert pd.run(20, 3, 0).count == 8
    pieces = ["F", "I", "L", "P", "U"]
    assert pd.run(5, 5, 0, pieces=pieces).count == brute_force(5, 5, pieces, 0) > 0
    assert pd.run(20, 3, 0).count == 8
