"""Tiling puzzles: shipped counts by two methods, symmetry cases against orbit
sizes, the TOML schema's errors, and a small hand-written board end to end.

Methods: the CNF path (PySAT enumeration over the cases, pyganak where it is
fast) and the exact-cover path (solvers/dlx on each case's ExactCover, with
invariant solutions filtered by enumeration).  Plain enumeration grouped by
`images` gives raw = sum of orbit sizes and unique = number of orbits.
"""

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from polycnf.encoders import catalog, tiling
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.tiling import from_toml, load
from polycnf.solvers import dlx, ganak, sat

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
SLOW = pytest.mark.slow


def shipped(name):
    return load(str(INSTANCES / f"{name}.toml"))


# -- counting helpers (the CLI's job, done by hand here) -----------------------
def cover_count(case):
    """Solutions of a case's exact cover; only g-invariant ones for a symmetry case.
    (Symmetry cases of puzzles with identical pieces have no cover: CNF only.)"""
    if case.cover is None:
        assert case.symmetry is not None
        return sum(1 for _ in sat.models(case.formula.clauses, case.formula.show_vars))
    n_primary, rows = case.cover.option_rows()
    if case.symmetry is None:
        return dlx.count(n_primary, rows)
    keys = case.cover.keys
    found = 0
    for solution in dlx.solutions(n_primary, rows):
        chosen = {keys[r] for r in solution}
        found += {case.symmetry[k] for k in chosen} == chosen
    return found


def sat_count(instance, case, time_limit=None):
    """Models of a case's formula, each decoded and checked by the plain checker."""
    f = case.formula
    found = 0
    for model in sat.models(f.clauses, f.show_vars, time_limit=time_limit):
        keys = f.decode(model)
        instance.check(instance.decode(keys))
        if case.symmetry is not None:
            assert {case.symmetry[k] for k in keys} == set(keys)
        found += 1
    return found


def weighted(instance, count, unique):
    total = sum((case.weight * count(case) for case in instance.cases(unique=unique)), Fraction(0))
    assert total.denominator == 1
    return int(total)


def enumerate_all(instance):
    """Every solution of the whole problem by DLX, decoded and checked."""
    cover = instance.exact_cover()
    n_primary, rows = cover.option_rows()
    solutions = []
    for chosen in dlx.solutions(n_primary, rows):
        solution = instance.decode([cover.keys[r] for r in chosen])
        instance.check(solution)
        solutions.append(solution)
    return solutions


def orbit_counts(instance, solutions):
    """(raw, unique) from orbits: raw = sum of orbit sizes over distinct orbits."""
    orbits = {}
    for s in solutions:
        images = set(instance.images(s))
        orbits[min(images)] = len(images)
    return sum(orbits.values()), len(orbits)


# -- shipped instances ---------------------------------------------------------
FAST = ["tetrahex-7x4", "pentomino-3x20", "pentomino-8x8-centre", "tritrig-heart"]
LONG = ["pentomino-6x10", "trigs-hexagon"]
ALL = FAST + [pytest.param(n, marks=SLOW) for n in LONG]


@pytest.mark.parametrize("name", ALL)
def test_dlx_cases_match_expected(name):
    instance = shipped(name)
    assert instance.expected.source
    assert weighted(instance, cover_count, unique=False) == instance.expected.raw
    assert weighted(instance, cover_count, unique=True) == instance.expected.unique


@pytest.mark.parametrize("name", ALL)
def test_enumeration_orbits_match_expected_and_cases(name):
    instance = shipped(name)
    solutions = enumerate_all(instance)
    raw, unique = orbit_counts(instance, solutions)
    assert len(solutions) == raw == instance.expected.raw
    assert unique == instance.expected.unique


@pytest.mark.parametrize("name", ["tetrahex-7x4", "tritrig-heart",
                                  pytest.param("pentomino-3x20", marks=SLOW),
                                  pytest.param("pentomino-8x8-centre", marks=SLOW)])
def test_cnf_cases_match_expected(name):
    instance = shipped(name)
    count = lambda case: sat_count(instance, case)
    assert weighted(instance, count, unique=True) == instance.expected.unique
    assert weighted(instance, count, unique=False) == instance.expected.raw


def test_cnf_whole_and_ganak_tetrahex():
    instance = shipped("tetrahex-7x4")
    f = instance.formula()
    assert sum(1 for _ in sat.models(f.clauses, f.show_vars)) == 18
    count = lambda case: ganak.count(case.formula.clauses, case.formula.nvars,
                                     case.formula.show_vars, time_limit=60)
    assert weighted(instance, count, unique=False) == 18
    assert weighted(instance, count, unique=True) == 9


def test_raw_cases_equal_the_plain_count():
    instance = shipped("pentomino-3x20")
    n_primary, rows = instance.exact_cover().option_rows()
    assert weighted(instance, cover_count, unique=False) == dlx.count(n_primary, rows) == 8


def test_symmetry_choices():
    six_by_ten = shipped("pentomino-6x10")
    assert len(six_by_ten.group) == 4
    piece, orbits = six_by_ten.pivot
    assert piece == "X" and len(orbits) == 8
    assert len(shipped("pentomino-8x8-centre").group) == 8
    assert len(shipped("tetrahex-7x4").group) == 2


def test_pentomino_8x8_any_monominoes_setup():
    """The 8x8 puzzle's count with monominoes anywhere: the problem's shape."""
    instance = shipped("pentomino-8x8")
    assert instance.expected.source.startswith("computed:")
    assert [k.copies for k in instance.kinds] == [4] + [1] * 12
    assert instance.copies_forced_by_area
    cover = instance.exact_cover()
    assert len(cover.primary) == 64 + 12 + 4          # cells, pentominoes, monomino copies
    piece, orbits = instance.pivot
    assert len(orbits) * 8 == sum(len(o) for o in orbits)     # all orbits free


def test_catalog_finds_shipped_tilings():
    for name in FAST + LONG + ["pentomino-8x8"]:
        assert name in catalog.builtin_names()
        assert isinstance(catalog.load(name), tiling.Tiling)


# -- the 8x8 puzzle's hex-digit display ----------------------------------------
def test_hex_digit_display():
    instance = shipped("pentomino-8x8")
    # the 8x8 puzzle's display: monominoes 0-3, pentominoes in its order I L Y V T Z N P U W F X
    assert "".join(instance.labels[n] for n in "m1 m2 m3 m4 I L Y V T Z N P U W F X".split()) \
        == "0123456789ABCDEF"
    centre = shipped("pentomino-8x8-centre")
    cover = centre.exact_cover()
    n_primary, rows = cover.option_rows()
    solution = centre.decode([cover.keys[r] for r in next(dlx.solutions(n_primary, rows))])
    solution.update(m1=((3, 3),), m2=((3, 4),), m3=((4, 3),), m4=((4, 4),))
    instance.check(solution)
    picture = instance.render(solution).split("\n")
    assert len(picture) == 8 and all(len(line) == 8 for line in picture)
    assert sorted(set("".join(picture))) == list("0123456789ABCDEF")
    assert sum(line.count(d) for line in picture for d in "0123") == 4
    coloured = instance.render(solution, color=True)
    assert "\x1b[" in coloured


def test_centre_display_keeps_the_square():
    instance = shipped("pentomino-8x8-centre")
    cover = instance.exact_cover()
    n_primary, rows = cover.option_rows()
    solution = instance.decode([cover.keys[r] for r in next(dlx.solutions(n_primary, rows))])
    picture = instance.render(solution).split("\n")
    assert [line[3:5] for line in picture[3:5]] == ["  ", "  "]
    assert set("".join(picture)) - {" "} == set("456789ABCDEF")
    assert instance.svg(solution).count("<polygon") == 60 + 60


def test_segment_svg_colours_each_piece():
    """Segments have no area: each piece's segments are stroked in its own colour
    (#rrggbb, which every SVG renderer reads), the board's in light grey."""
    instance = shipped("tritrig-heart")
    cover = instance.exact_cover()
    n_primary, rows = cover.option_rows()
    solution = instance.decode([cover.keys[r] for r in next(dlx.solutions(n_primary, rows))])
    picture = ET.fromstring(instance.svg(solution))
    pieces = picture.findall("{http://www.w3.org/2000/svg}g")
    strokes = [{e.get("stroke") for e in g if e.tag.endswith("polyline")} for g in pieces]
    assert len(pieces) == 12 and all(len(s) == 1 for s in strokes)
    colours = set().union(*strokes)
    assert len(colours) == 12 and all(re.fullmatch("#[0-9a-f]{6}", c) for c in colours)
    board = [e for e in picture if e.tag.endswith("polyline")]
    assert len(board) == 36 and {e.get("stroke") for e in board} == {"#ccc"}


# -- a small hand-written board -------------------------------------------------
L_TROMINOES = {
    "grid": "square",
    "board": "....\n....\n....\n",
    "pieces": {"a": [[0, 0], [1, 0], [1, 1]], "b": [[0, 0], [1, 0], [1, 1]],
               "c": [[0, 0], [1, 0], [1, 1]], "d": [[0, 0], [1, 0], [1, 1]]},
}


def brute_force_tilings(instance):
    """Fillings of the board, counted the naive way (a third method): cover the
    smallest empty cell with an aspect of a kind that still has copies left."""
    kinds = [(sorted(instance.aspects[k.name]), k.copies) for k in instance.kinds]

    def fill(empty, left):
        if not empty:
            return 1
        first = min(empty)
        total = 0
        for k, (shapes, _) in enumerate(kinds):
            if not left[k]:
                continue
            for aspect in shapes:
                anchor = aspect[0]
                cells = {(first[0] + c[0] - anchor[0], first[1] + c[1] - anchor[1]) for c in aspect}
                if cells <= empty:
                    total += fill(empty - cells, left[:k] + (left[k] - 1,) + left[k + 1:])
        return total

    return fill(frozenset(instance.board), tuple(copies for _, copies in kinds))


def test_identical_pieces_count_once():
    instance = from_toml(dict(L_TROMINOES), "l.toml")
    assert len(instance.kinds) == 1 and instance.kinds[0].copies == 4
    expected = brute_force_tilings(instance)
    assert expected == 4
    f = instance.formula()
    assert sum(1 for _ in sat.models(f.clauses, f.show_vars)) == expected
    assert weighted(instance, cover_count, unique=False) == expected
    solutions = enumerate_all(instance)
    raw, unique = orbit_counts(instance, solutions)
    assert raw == expected
    assert weighted(instance, cover_count, unique=True) == unique
    assert weighted(instance, lambda c: sat_count(instance, c), unique=True) == unique


def test_at_most_fill_with_identical_pieces():
    """Three L trominoes on the 3x4 board, a cell or three left empty."""
    data = dict(L_TROMINOES, fill="at-most")
    data["pieces"] = {k: v for k, v in L_TROMINOES["pieces"].items() if k != "d"}
    instance = from_toml(data, "l.toml")
    aspects = sorted(instance.aspects[instance.kinds[0].name])
    placements = [p.cells for p in instance.placements]
    naive = sum(1 for a, b, c in product(range(len(placements)), repeat=3)
                if a < b < c and len(set(placements[a] + placements[b] + placements[c])) == 9)
    f = instance.formula()
    models = list(sat.models(f.clauses, f.show_vars))
    for m in models:
        instance.check(instance.decode(f.decode(m)))
    assert len(models) == naive > 0
    assert len(aspects) == 4
    assert weighted(instance, lambda c: sat_count(instance, c), unique=False) == naive
    assert weighted(instance, cover_count, unique=False) == naive
    assert len(enumerate_all(instance)) == naive


def test_small_hex_board_with_own_pieces(tmp_path):
    path = tmp_path / "hex.toml"
    path.write_text(
        'name = "little-hex"\n'
        'grid = "hex"\n'
        'cells = [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [-1, 1], [-1, 2], [0, 2]]\n'
        '[pieces]\n'
        'bar = [[0, 0], [1, 0], [2, 0]]\n'
        'tri = [[0, 0], [1, 0], [0, 1]]\n'
        'duo = [[0, 0], [1, 0]]\n')
    instance = load(str(path))
    assert instance.name == "little-hex" and len(instance.group) == 2
    solutions = enumerate_all(instance)
    f = instance.formula("pairwise")
    assert len(solutions) == sum(1 for _ in sat.models(f.clauses, f.show_vars)) == 5
    assert brute_force_tilings(instance) == 5
    assert weighted(instance, cover_count, unique=False) == 5
    assert orbit_counts(instance, solutions) == (5, 3)
    assert weighted(instance, cover_count, unique=True) == 3
    assert weighted(instance, lambda c: sat_count(instance, c), unique=True) == 3
    text = instance.render(solutions[0])
    assert sorted(text.split()) == sorted("bbbtttdd")
    assert "<svg" in instance.svg(solutions[0])


def test_check_catches_broken_solutions():
    instance = shipped("tetrahex-7x4")
    good = enumerate_all(instance)[0]
    instance.check(good)
    broken = dict(good)
    del broken["I4"]
    with pytest.raises(RuleViolation, match="piece I4 is not placed"):
        instance.check(broken)
    swapped = dict(good, I4=good["O4"], O4=good["I4"])
    with pytest.raises(RuleViolation, match="not congruent"):
        instance.check(swapped)
    overlap = dict(good, I4=good["J4"])
    with pytest.raises(RuleViolation):
        instance.check(overlap)
    outside = dict(good, I4=((10, 0), (11, 0), (12, 0), (13, 0)))
    with pytest.raises(RuleViolation, match="not on the board"):
        instance.check(outside)


# -- the TOML schema's errors --------------------------------------------------
def error_of(tmp_path, text):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load(str(path))
    return str(caught.value).replace(str(path), "bad.toml")


GOOD_HEAD = 'grid = "square"\nboard = """\n.....\n.....\n"""\n'


@pytest.mark.parametrize("text, message", [
    (GOOD_HEAD + 'pieces = "pentominoes"\ncolour = "red"\n',
     "bad.toml:7: unknown key 'colour' (allowed: name, description, grid, board, cells, pieces, "
     "fill, display, order, no_crossing, method, expected)"),
    (GOOD_HEAD + 'pieces = "heptominoes"\n',
     "bad.toml:6: unknown piece set 'heptominoes' (choose from: pentominoes, tetrominoes, "
     "tetrahexes, hexiamonds, tritrigs, ditrigs, monominoes:K)"),
    (GOOD_HEAD + 'pieces = "tetrahexes"\n',
     "bad.toml:6: piece set 'tetrahexes' is on the hex grid, not the square grid"),
    (GOOD_HEAD + 'pieces = "pentominoes"\n',
     "bad.toml:6: the pieces cover 60 cells but the board has 10 (fill 'exact' needs them equal)"),
    (GOOD_HEAD + 'pieces = "pentominoes"\nfill = "at-most"\n',
     "bad.toml:6: the pieces cover 60 cells, more than the board's 10"),
    (GOOD_HEAD + 'fill = "some"\n[pieces]\nQ = [[0, 0], [0, 1]]\n',
     "bad.toml:6: unknown fill 'some' (choose from: exact, at-most)"),
    ('grid = "hex"\ncells = [[0, 0], [1, 0, 2]]\npieces = "tetrahexes"\n',
     "bad.toml:2: 'cells': [1, 0, 2] is not a hex cell (x, y)"),
    ('grid = "triangle"\ncells = [[0, 0, 0], [0, 0, 2]]\npieces = "hexiamonds"\n',
     "bad.toml:2: 'cells': [0, 0, 2] is not a triangle cell (x, y, z)"),
    (GOOD_HEAD + '[pieces]\nQ = [[0, 0], [0, "1"]]\n',
     "bad.toml:7: piece 'Q': [0, '1'] is not a square cell (row, col)"),
    ('grid = "hex"\nboard = """\n..\n"""\npieces = "tetrahexes"\n',
     "bad.toml:2: 'board' pictures are for the square grid; give 'cells' for the hex grid"),
    ('grid = "square"\nboard = """\n##\n"""\npieces = "pentominoes"\n',
     "bad.toml:2: the board has no cells"),
    ('grid = "square"\nboard = 5\npieces = "pentominoes"\n',
     "bad.toml:2: 'board' must be a string picture ('.' a cell, anything else a hole)"),
    ('grid = "square"\npieces = "pentominoes"\n',
     "bad.toml: give the board either as 'board' (ASCII art) or as 'cells', not neither"),
    ('grid = "squares"\n',
     "bad.toml:1: unknown grid 'squares' (choose from: square, hex, triangle, segment)"),
    (GOOD_HEAD + 'pieces = "monominoes:10"\n[expected]\nraw = 1\ncolour = 2\n',
     "bad.toml:9: unknown key 'expected.colour' (allowed: raw, unique, source)"),
    (GOOD_HEAD + 'pieces = "monominoes:10"\n[expected]\nraw = 1\n',
     "bad.toml:7: expected counts need a 'source'"),
])
def test_toml_errors(tmp_path, text, message):
    assert error_of(tmp_path, text) == message


def test_toml_good_minimal(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text(GOOD_HEAD + 'pieces = "monominoes:10"\n')
    instance = load(str(path))
    assert instance.name == "ok" and len(instance.board) == 10
    f = instance.formula()
    assert sum(1 for _ in sat.models(f.clauses, f.show_vars)) == 1     # identical copies: once
    assert weighted(instance, cover_count, unique=True) == 1


@pytest.mark.parametrize("name", ["pentomino-3x20", "pentomino-8x8-centre",
                                  pytest.param("pentomino-6x10", marks=SLOW)])
def test_direct_dp_matches_expected(name):
    """The transfer-matrix DP (no CNF, no exact cover) as a further method."""
    instance = shipped(name)
    assert instance.direct_count() == instance.expected.raw
    assert instance.direct_count(unique=True) == instance.expected.unique


def test_direct_dp_declines_what_it_cannot_count():
    assert shipped("tetrahex-7x4").direct_count() is None       # hex grid
    assert shipped("tritrig-heart").direct_count() is None      # segments


@SLOW
def test_pentomino_8x8_anywhere_by_the_packing_dp():
    """Half a billion solutions: only the DP counts them (about 5 minutes);
    bench/bench_8x8.py confirms every X-orbit sub-count with the bitboard search."""
    instance = shipped("pentomino-8x8")
    assert instance.count_method == "direct"
    assert instance.direct_count(unique=True) == instance.expected.unique
