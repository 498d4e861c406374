"""The exact-cover back end: both engines agree with each other, with brute
force, and with published tiling counts."""

import itertools
import random

import pytest

from polycnf.solvers import dlx

ENGINES = ["python", "xcover"]

# Knuth, TAOCP 7.2.2.1 (the first example): items a..g, exactly one solution.
KNUTH_ROWS = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]


def queens(n):
    """n queens: ranks and files primary, diagonals secondary."""
    rank = lambda r: r
    file = lambda c: n + c
    up = lambda r, c: 2 * n + r + c
    down = lambda r, c: 2 * n + (2 * n - 1) + (r - c + n - 1)
    rows = [[rank(r), file(c), up(r, c), down(r, c)] for r in range(n) for c in range(n)]
    return 2 * n, rows, 2 * n + 2 * (2 * n - 1)


def brute_force(n_primary, rows, n_items):
    """Solutions by trying every subset of rows that hold a primary item."""
    useful = [r for r, row in enumerate(rows) if any(i < n_primary for i in row)]
    found = []
    for size in range(len(useful) + 1):
        for chosen in itertools.combinations(useful, size):
            tally = [0] * n_items
            for r in chosen:
                for i in rows[r]:
                    tally[i] += 1
            if all(t == 1 for t in tally[:n_primary]) and all(t <= 1 for t in tally[n_primary:]):
                found.append(list(chosen))
    return found


def random_problem(seed):
    rnd = random.Random(seed)
    n_primary, n_secondary = rnd.randint(0, 6), rnd.randint(0, 3)
    n_items = n_primary + n_secondary
    rows = [rnd.sample(range(n_items), rnd.randint(0, min(3, n_items))) for _ in range(rnd.randint(0, 11))]
    return n_primary, rows, n_items


# -- pentominoes (a small local list: tests must not depend on polyforms.py) --
PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."],
    "N": ["##..", ".###"], "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."],
    "U": ["#.#", "###"], "V": ["#..", "#..", "###"], "W": ["#..", "##.", ".##"],
    "X": [".#.", "###", ".#."], "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
}


def pentomino_rows(height, width):
    """Items: 12 piece names then the cells; one row per placement."""
    def normal(cells):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)

    board = [(r, c) for r in range(height) for c in range(width)]
    index = {x: i for i, x in enumerate(sorted(PENTOMINOES) + board)}
    rows = []
    for name, picture in sorted(PENTOMINOES.items()):
        shape = {(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"}
        aspects = set()
        for _ in range(4):
            shape = {(c, -r) for r, c in shape}
            aspects |= {normal(shape), normal({(r, -c) for r, c in shape})}
        for aspect in aspects:
            for dr in range(height):
                for dc in range(width):
                    cells = [(r + dr, c + dc) for r, c in aspect]
                    if all(r < height and c < width for r, c in cells):
                        rows.append([index[name]] + [index[x] for x in cells])
    return len(index), rows


# -- tests --------------------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_knuth_example_has_one_solution(engine):
    assert dlx.count(7, KNUTH_ROWS, method=engine) == 1
    assert list(dlx.solutions(7, KNUTH_ROWS, method=engine)) == [[0, 3, 4]]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("n, expected", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40)])
def test_queens_use_secondary_items(engine, n, expected):   # OEIS A000170
    n_primary, rows, n_items = queens(n)
    assert dlx.count(n_primary, rows, n_items, method=engine) == expected


@pytest.mark.parametrize("engine", ENGINES)
def test_random_problems_match_brute_force(engine):
    for seed in range(150):
        n_primary, rows, n_items = random_problem(seed)
        truth = sorted(brute_force(n_primary, rows, n_items))
        assert sorted(dlx.solutions(n_primary, rows, method=engine)) == truth, seed
        assert dlx.count(n_primary, rows, n_items, method=engine) == len(truth), seed


@pytest.mark.parametrize("engine", ENGINES)
def test_edge_cases(engine):
    assert dlx.count(1, [[0], [0]], method=engine) == 2     # xcover alone fails here
    assert dlx.count(0, [[0], [1]], method=engine) == 1     # nothing to cover: the empty solution
    assert dlx.count(2, [[0]], method=engine) == 0          # item 1 in no row
    assert dlx.count(1, [[0], [1], [0, 1]], method=engine) == 2  # row [1] is never chosen
    assert dlx.count(1, [], method=engine) == 0
    assert list(dlx.solutions(0, [], method=engine)) == [[]]


def test_solutions_limit():
    n_primary, rows, n_items = queens(6)
    assert len(list(dlx.solutions(n_primary, rows, limit=3))) == 3
    assert list(dlx.solutions(n_primary, rows, limit=0)) == []


def test_bad_rows_are_refused():
    with pytest.raises(ValueError, match="twice"):
        dlx.count(1, [[0, 0]])
    with pytest.raises(ValueError, match="outside"):
        dlx.count(1, [[0, 3]], n_items=2)
    with pytest.raises(ValueError, match="unknown exact-cover method"):
        dlx.count(1, [[0]], method="dancing")


@pytest.mark.parametrize("engine", ENGINES)
def test_progress_gives_the_same_count(engine):
    n_primary, rows, n_items = queens(6)
    assert dlx.count(n_primary, rows, n_items, progress=True, method=engine) == 4


def test_time_limit_in_child_process_still_counts():
    n_primary, rows, n_items = queens(6)
    assert dlx.count(n_primary, rows, n_items, time_limit=60, progress=True, method="xcover") == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_time_limit_raises(engine):
    n_items, rows = pentomino_rows(6, 10)
    with pytest.raises(TimeoutError):
        dlx.count(12 + 60, rows, n_items, time_limit=0.3, method=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_pentominoes_3x20(engine):     # Polyform Puzzler (Goodger), docs/references.md: 8 raw
    n_items, rows = pentomino_rows(3, 20)
    assert len(rows) == 1236
    assert dlx.count(n_items, rows, method=engine) == 8


@pytest.mark.slow
def test_pentominoes_6x10():           # Polyform Puzzler (Goodger), docs/references.md: 9,356 raw
    n_items, rows = pentomino_rows(6, 10)
    assert len(rows) == 2056
    assert dlx.count(n_items, rows, method="xcover") == 9356


@pytest.mark.slow
def test_pentominoes_6x10_pure_python():
    n_items, rows = pentomino_rows(6, 10)
    assert dlx.count(n_items, rows, method="python") == 9356


def _solve_in_child(tmp_path, env_extra):
    """`polycnf solve knuth.dlx --solver dlx` in a child process: (exit code, stdout, stderr)."""
    import os
    import subprocess
    import sys
    problem = tmp_path / "knuth.dlx"
    problem.write_text("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")
    env = dict(os.environ, **env_extra)
    env.pop("PYTHONWARNINGS", None)
    run = subprocess.run([sys.executable, "-m", "polycnf", "solve", str(problem), "--solver", "dlx"],
                         capture_output=True, text=True, env=env, timeout=300,
                         cwd=__file__.rsplit("/tests/", 1)[0])
    return run.returncode, run.stdout, run.stderr


def test_dlx_solve_prints_no_library_warning(tmp_path):
    pytest.importorskip("xcover")
    code, out, err = _solve_in_child(tmp_path, {})
    assert code == 0 and "1 solution" in out, err
    assert "Warning" not in err, err


def test_xcover_import_silences_only_numba_type_safety(tmp_path, monkeypatch):
    """A stand-in xcover that warns as the real one does on a fresh numba cache:
    that warning is silenced, any other still reaches the user."""
    import sys
    import warnings
    pytest.importorskip("numba")
    (tmp_path / "xcover.py").write_text(
        "import warnings\n"
        "from numba.core.errors import NumbaTypeSafetyWarning\n"
        "warnings.warn('unsafe cast from uint64 to uint32', NumbaTypeSafetyWarning)\n"
        "warnings.warn('something else', UserWarning)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = sys.modules.pop("xcover", None)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            module = dlx._xcover()
        assert module.__file__ == str(tmp_path / "xcover.py")
        assert [w.category for w in caught] == [UserWarning]
    finally:
        sys.modules.pop("xcover", None)
        if saved is not None:
            sys.modules["xcover"] = saved


@pytest.mark.slow
def test_first_solve_after_install_prints_no_library_warning(tmp_path):
    """On a fresh numba cache (as after `pip install`) importing xcover compiles
    its code and numba warns (NumbaTypeSafetyWarning); the user must not see it.
    An empty cache directory makes the compilation really happen (about 15 s)."""
    pytest.importorskip("xcover")
    code, out, err = _solve_in_child(tmp_path, {"NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")})
    assert code == 0 and "1 solution" in out, err
    assert "Warning" not in err, err
