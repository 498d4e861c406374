"""encoders/core/polyforms/count.py: the compiled subtree search against the
pure-Python one (method="python", the reference), cube by cube, on every grid
and kind; both against Burnside's lemma (a count with no canonical test) and
against published counts (docs/references.md); and the time limit of
`polycnf polyforms`, which can only act between cubes."""

import math
import os
import subprocess
import sys
import time

import pytest

from polycnf import api
from polycnf.encoders.core.cubes import count_sequentially
from polycnf.encoders.core.grids import GRIDS, POLYFORM_GRIDS
from polycnf.encoders.core.polyforms import count
from polycnf.encoders.core.polyforms.count import (KINDS, _lattice, burnside_counts, count_polyforms,
                                                   polyform_cubes)

GRID_NAMES = [*GRIDS, *POLYFORM_GRIDS]
#: orders at which the pure-Python search takes about a second per kind
SMALL = {"square": 7, "hex": 6, "triangle": 8, "segment": 5, "quasi-segment": 4}

# docs/references.md / OEIS: A000105 (free polyominoes), A000988 (one-sided), A001168 (fixed),
# A000228 (free polyhexes), A000577 (free polyiamonds), A159867 (free polytrigs),
# A151539 (one-sided polytrigs), Goodger 2015 (quasi-polytrigs)
PUBLISHED = [
    ("square", "free", 10, 4655), ("square", "one-sided", 10, 9189), ("square", "fixed", 10, 36446),
    ("hex", "free", 10, 30490), ("triangle", "free", 10, 448), ("segment", "free", 6, 2613),
    ("segment", "one-sided", 6, 5123), ("quasi-segment", "free", 4, 3377),
    ("quasi-segment", "one-sided", 4, 6639), ("segment", "free", 8, 143_660),
    pytest.param("segment", "free", 9, 1_101_860, marks=pytest.mark.slow), ("square", "free", 12, 63_600),
]
#: polytrigs of order 10, computed by polycnf three ways that agree: the compiled
#: search with the canonical test (free 22 s, one-sided 17 s, fixed 1 s of CPU),
#: Burnside's lemma (52 s, all three), and the pure-Python search (fixed 48 s,
#: free 1,106 s); docs/references.md does not list them
ORDER_10 = {"free": 8_562_292, "one-sided": 17_119_423, "fixed": 102_707_301}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("grid", GRID_NAMES)
def test_compiled_agrees_with_python_cube_by_cube(grid, kind):
    n = SMALL[grid]
    compiled = polyform_cubes(grid, n, kind)
    python = polyform_cubes(grid, n, kind, method="python")
    assert [c.label for c in compiled] == [c.label for c in python]
    assert [c.count() for c in compiled] == [c.count() for c in python]


@pytest.mark.parametrize("grid", GRID_NAMES)
def test_compiled_agrees_with_python_at_every_order_and_depth(grid):
    """Every order up to SMALL - 1, every prefix depth (up to whole forms as cubes)."""
    for n in range(1, SMALL[grid]):
        for kind in KINDS:
            want = count_polyforms(grid, n, kind, progress=False, method="python")
            assert count_polyforms(grid, n, kind, progress=False) == want
            for prefix in range(1, n + 2):
                assert count_sequentially(polyform_cubes(grid, n, kind, prefix=prefix)) == want, prefix


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("grid", GRID_NAMES)
def test_numpy_tables_are_the_python_tables(grid, kind):
    lattice = _lattice(grid, 5, kind)
    steps, deg, xs, ys, maps = lattice.tables
    python_xs, python_ys, python_maps = lattice._python_tables
    assert xs.tolist() == python_xs and ys.tolist() == python_ys
    assert maps.shape == (len(python_maps), lattice.size) and maps.tolist() == python_maps
    assert [list(row[:d]) for row, d in zip(steps.tolist(), deg)] == lattice.steps


@pytest.mark.parametrize("grid", GRID_NAMES)
def test_burnside_agrees_with_the_canonical_test(grid):
    for n in range(1, SMALL[grid] + 1):
        by_burnside = burnside_counts(grid, n)
        assert by_burnside == {kind: count_polyforms(grid, n, kind, progress=False) for kind in KINDS}, n


@pytest.mark.parametrize("grid, kind, n, published", PUBLISHED)
def test_published_counts(grid, kind, n, published):
    assert count_polyforms(grid, n, kind, progress=False) == published


@pytest.mark.parametrize("grid, kind, n, published",
                         [p for p in PUBLISHED if not isinstance(p, tuple) or p[1] != "fixed"])
def test_published_counts_by_burnside(grid, kind, n, published):
    assert burnside_counts(grid, n)[kind] == published


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_polytrigs_of_order_10(kind):
    assert count_polyforms("segment", 10, kind, progress=False) == ORDER_10[kind]


@pytest.mark.slow
def test_polytrigs_of_order_10_by_burnside():
    assert burnside_counts("segment", 10) == ORDER_10


def test_methods_and_edges():
    with pytest.raises(ValueError):
        polyform_cubes("square", 3, method="fortran")
    assert burnside_counts("square", 0) == {"free": 0, "one-sided": 0, "fixed": 0}
    for method in count.METHODS:
        assert count_polyforms("segment", 1, "one-sided", progress=False, method=method) == 1
        assert count_polyforms("square", 2, "fixed", progress=False, method=method) == 2


def test_default_depth_keeps_cubes_short():
    """At least n // 2 cells, and a cube grows about CUBE_FORMS forms or fewer at
    the grid's growth rate (which is at least the measured ratio of fixed counts)."""
    for grid in GRID_NAMES:
        growth = count.GROWTH[grid]
        for n in range(1, 20):
            depth = _lattice(grid, n, "free").depth()
            assert min(n, max(1, n // 2)) <= depth <= n
            assert growth ** (n - depth) <= count.CUBE_FORMS
    for grid, n in [("square", 10), ("hex", 8), ("triangle", 12), ("segment", 6), ("quasi-segment", 4)]:
        fixed = [count_polyforms(grid, m, "fixed", progress=False) for m in (n - 1, n)]
        assert fixed[1] / fixed[0] <= count.GROWTH[grid]


def test_too_many_cubes_means_a_shallower_prefix(monkeypatch):
    """Past MAX_CUBES prefixes the depth steps back, to the deepest within it but
    never below n // 2; the count stays the same.  (Free polytrigs of order 6
    have 91, 603, 4215 and 30535 prefixes of 3, 4, 5 and 6 cells.)"""
    monkeypatch.setattr(count, "CUBE_FORMS", 2)           # asks for depth n
    for limit, depth in [(700, 4), (50, 3)]:
        monkeypatch.setattr(count, "MAX_CUBES", limit)
        cubes = polyform_cubes("segment", 6, "free")
        assert [c.label for c in cubes] == [c.label for c in polyform_cubes("segment", 6, "free", prefix=depth)]
        assert count_sequentially(cubes) == 2613        # A159867


def test_time_limit_stops_the_compiled_count_between_cubes():
    """The alarm cannot stop compiled code, so it acts when a cube returns:
    with cubes of milliseconds, within a fraction of a second of the limit."""
    count_polyforms("segment", 3, progress=False)         # compile (or load from the cache) first
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        api.polyforms("segment", 10, time_limit=1.0)      # about 20 s of cubes
    assert time.monotonic() - start < 1.0 + 2.0


def test_polyforms_command_stops_at_the_limit():
    env = {k: v for k, v in os.environ.items() if k != "POLYCNF_JOBS"}
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "polycnf", "polyforms", "segment", "11", "--time-limit", "2"],
                       capture_output=True, text=True, env=env, timeout=120)
    seconds = time.monotonic() - start
    assert r.returncode == 3, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.splitlines()[-1] == "polycnf: error: time limit of 2 s reached"
    assert seconds < 2 + 15.0         # start-up (numba import, cache load) on a loaded machine


def test_growth_table_names_every_grid():
    assert set(count.GROWTH) == set(GRID_NAMES)
    assert all(math.isfinite(g) and g > 1 for g in count.GROWTH.values())
