"""Polytrig puzzles: boards, the no-crossing rule two ways, quasi-polytrigs.

The no-crossing rule is checked by two independent methods that must agree:
the exact-cover items of `crossing_items` (Goodger 2015) and the geometric
`crossing_problems`; the counts are those of docs/references.md.
"""

import itertools
import json
from collections import Counter

import pytest

from polycnf.encoders.tiling import polytrigs
from polycnf.encoders.core.errors import InputError
from polycnf.encoders.tiling import from_toml
from polycnf.encoders.core.grids import get_grid
from polycnf.encoders.core.polyforms import aspects, piece_set, quasi
from polycnf.encoders.core.symmetry import board_group
from polycnf.solvers import dlx

GRID = get_grid("segment")
STEPS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]  # directions 0..5 as in Goodger 2015


def star(directions, at=(0, 0)):
    """Segments leaving the point `at` in the given directions."""
    x, y = at
    return [GRID.cell_with_corners([(x, y), (x + STEPS[d][0], y + STEPS[d][1])]) for d in directions]


def tritrigs():
    return piece_set("tritrigs")[1]


def ditrigs():
    return piece_set("ditrigs")[1]


def solve(board, pieces, no_crossing):
    """Every solution as a frozenset of option keys (piece name, placed segments)."""
    cover = polytrigs.exact_cover(board, pieces, no_crossing)
    n_primary, rows = cover.option_rows()
    keys = cover.keys
    return [frozenset(keys[r] for r in found) for found in dlx.solutions(n_primary, rows)]


def unique_count(board, solutions):
    """Solutions up to the board's symmetries, by canonical forms."""
    group = board_group(GRID, board)
    canonical = {
        min(tuple(sorted((name, tuple(sorted(map(g.get, placed)))) for name, placed in found))
            for g in group)
        for found in solutions
    }
    return len(canonical)


# -- boards -------------------------------------------------------------------------


def test_hexagon_matches_the_reference_description():
    literal = [
        (x, y, z)
        for x in range(5)
        for y in range(5)
        for z in range(3)
        if not (z != 0 and y == 4)
        and not (z == 0 and x == 4)
        and not (z == 2 and x == 0)
        and 2 <= x + y <= 6
        and (x + y < 6 or z == 2)
    ]
    assert polytrigs.hexagon_side2() == sorted(literal)
    assert len(literal) == 42


def test_heart_is_the_hexagon_less_six_segments():
    heart = polytrigs.heart()
    assert len(heart) == 36
    assert set(polytrigs.hexagon_side2()) - set(heart) == set(polytrigs.HEART_HOLES)


def test_board_symmetries():
    assert len(board_group(GRID, polytrigs.hexagon_side2())) == 12
    assert len(board_group(GRID, polytrigs.heart())) == 2


# -- crossing items -----------------------------------------------------------------


def test_crossing_items_of_the_ditrigs_follow_the_seed():
    pieces = ditrigs()
    # I2 goes straight through (1, 0): both sides blocked, all six directions.
    assert polytrigs.crossing_items(pieces["I2"]) == [("i", 1, 0, d) for d in range(6)]
    # L2 bends by 120 degrees at (1, 0): directions 1 and 3 and the gap 2.
    assert polytrigs.crossing_items(pieces["L2"]) == [("i", 1, 0, d) for d in (1, 2, 3)]
    # V2 bends by 60 degrees: nothing.
    assert polytrigs.crossing_items(pieces["V2"]) == []


def test_a_lone_segment_blocks_nothing():
    assert polytrigs.crossing_items([(3, 4, 2)]) == []


def test_items_and_geometry_agree_on_every_pair_of_stars():
    """Any two pieces meeting at a point look there like two disjoint stars."""
    subsets = [s for k in range(1, 7) for s in itertools.combinations(range(6), k)]
    verdicts = Counter()
    for first in subsets:
        for second in subsets:
            if set(first) & set(second):
                continue
            a, b = star(first), star(second)
            shared = set(polytrigs.crossing_items(a)) & set(polytrigs.crossing_items(b))
            crossing = polytrigs.crossing_problems({"A": a, "B": b})
            assert bool(shared) == bool(crossing), (first, second)
            verdicts[bool(crossing)] += 1
    assert verdicts[True] and verdicts[False]


# -- crossing_problems --------------------------------------------------------------


def test_touching_and_ending_on_a_straight_path_are_allowed():
    straight = star([0, 3])
    assert polytrigs.crossing_problems({"A": straight, "B": star([1])}) == []
    assert polytrigs.crossing_problems({"A": straight, "B": star([1, 2])}) == []
    assert polytrigs.crossing_problems({"A": star([0, 1]), "B": star([3, 4])}) == []


def test_paths_through_each_other_cross():
    assert polytrigs.crossing_problems({"A": star([0, 3]), "B": star([1, 4])}) == [
        "A and B cross at point (0, 0)"
    ]
    assert polytrigs.crossing_problems({"A": star([0, 2]), "B": star([1, 3])}) == [
        "A and B cross at point (0, 0)"
    ]


def test_crossings_elsewhere_on_the_pieces_are_found():
    a = [(0, 0, 0), (1, 0, 0)]  # straight through (1, 0)
    b = [(1, -1, 1), (1, 0, 1)]  # straight through (1, 0) the other way
    c = [(5, 5, 0)]
    assert polytrigs.crossing_problems({"a": a, "b": b, "c": c}) == ["a and b cross at point (1, 0)"]


# -- puzzles ------------------------------------------------------------------------


def test_placements_are_every_aspect_inside_the_board():
    board = polytrigs.hexagon_side2()
    for shape in tritrigs().values():
        found = polytrigs.placements(board, shape)
        assert {GRID.normalize(p) for p in found} <= set(aspects(GRID, shape))
        assert all(set(p) <= set(board) for p in found)
    # a lone segment fits wherever the board has one
    assert len(polytrigs.placements(board, [(0, 0, 0)])) == 42


@pytest.fixture(scope="module")
def heart_solutions():
    heart = polytrigs.heart()
    return solve(heart, tritrigs(), True), solve(heart, tritrigs(), False)


def test_heart_counts(heart_solutions):
    with_rule, without_rule = heart_solutions
    assert len(with_rule) == len(set(with_rule)) == 100
    assert len(without_rule) == len(set(without_rule)) == 6882


def test_heart_solutions_do_not_cross(heart_solutions):
    with_rule, _ = heart_solutions
    for found in with_rule:
        assert polytrigs.crossing_problems(dict(found)) == []


def test_both_crossing_methods_pick_the_same_heart_solutions(heart_solutions):
    with_rule, without_rule = heart_solutions
    passing = {found for found in without_rule if not polytrigs.crossing_problems(dict(found))}
    assert passing == set(with_rule)


def test_heart_unique_count(heart_solutions):
    with_rule, _ = heart_solutions
    assert unique_count(polytrigs.heart(), with_rule) == 50


@pytest.mark.slow
def test_hexagon_with_ditrigs_and_tritrigs():
    board = polytrigs.hexagon_side2()
    found = solve(board, {**ditrigs(), **tritrigs()}, True)
    assert len(found) == 13416
    assert unique_count(board, found) == 1118
    assert all(polytrigs.crossing_problems(dict(f)) == [] for f in found)


# -- quasi-polytrigs ----------------------------------------------------------------

QUASI_FREE = [1, 9, 140, 3377]
QUASI_ONE_SIDED = [1, 13, 259, 6639]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_quasi_counts(n):
    assert len(quasi(n)) == QUASI_FREE[n - 1]
    assert len(quasi(n, one_sided=True)) == QUASI_ONE_SIDED[n - 1]


def test_quasi_ditrigs_match_the_seed_table():
    found = quasi(2)
    # C12 I02 I12 L02 L12 P12 S12 V02 Z12 have 6 3 3 6 12 12 6 6 6 aspects
    assert Counter(len(aspects(GRID, s)) for s in found) == Counter({3: 2, 6: 5, 12: 2})
    connected = {s for s in found if set(GRID.neighbours(s[0])) & set(s)}
    assert connected == {aspects(GRID, s)[0] for s in ditrigs().values()}
    # the disconnected ones are exactly one gap apart: a unit step between two ends
    for shape in set(found) - connected:
        ends = [GRID.lattice_corners(s) for s in shape]
        gaps = {GRID.cell_with_corners([p, q]) for p in ends[0] for q in ends[1]
                if (q[0] - p[0], q[1] - p[1]) in STEPS}
        assert gaps


def test_quasi_polytrigs_contain_the_polytrigs():
    from polycnf.encoders.core.polyforms import free

    for n in (1, 2, 3):
        assert set(free(GRID, n)) <= set(quasi(n))


@pytest.mark.parametrize("kind, counts", [("--free", QUASI_FREE), ("--one-sided", QUASI_ONE_SIDED)])
def test_polyforms_command_reaches_quasi_polytrigs(capsys, kind, counts):
    """`polycnf polyforms quasi-segment N` (Goodger's table, docs/references.md)."""
    from polycnf import cli
    for n, count in enumerate(counts, 1):
        assert cli.main(["polyforms", "quasi-segment", str(n), kind, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert (result["grid"], result["n"], result["count"]) == ("quasi-segment", n, count)
    assert cli.main(["polyforms", "quasi-segment", "2", "--draw"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "9" and "free quasi-segment polyforms of order 2: 9" in out


def test_quasi_segment_is_no_board_grid():
    """Quasi-polytrigs have no boards: instance files keep the four grids."""
    from polycnf.encoders.core.grids import GRIDS, POLYFORM_GRIDS, get_grid
    assert "quasi-segment" not in GRIDS and get_grid("quasi-segment") is POLYFORM_GRIDS["quasi-segment"]
    with pytest.raises(InputError, match="unknown grid 'quasi-segment'"):
        from_toml({"grid": "quasi-segment", "cells": [[0, 0, 0]], "pieces": {"a": [[0, 0, 0]]}}, "q.toml")

