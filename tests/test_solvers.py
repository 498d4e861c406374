"""Back ends on plain clauses: solving, enumeration, limits, counting agreement."""

import random

import pytest

from polycnf.solvers import bdd, d4, ganak, sat
from polycnf.solvers.errors import BackendError


def random_cnf(seed):
    rnd = random.Random(seed)
    n = rnd.randint(3, 12)
    clauses = [[rnd.choice((-1, 1)) * rnd.randint(1, n) for _ in range(3)] for _ in range(rnd.randint(1, 3 * n))]
    show = sorted(rnd.sample(range(1, n + 1), rnd.randint(1, n)))
    return n, clauses, show


@pytest.mark.parametrize("seed", range(15))
def test_three_counters_agree_on_random_projected_cnfs(seed):
    n, clauses, show = random_cnf(seed)
    by_enumeration = sum(1 for _ in sat.models(clauses, show))
    assert ganak.count_in_process(clauses, n, show) == by_enumeration
    assert bdd.count_in_process(clauses, n, show) == by_enumeration


def brute_force_count(n, clauses, show):
    """Projected models by trying every assignment: the definition itself."""
    import itertools
    seen = set()
    for bits in itertools.product((False, True), repeat=n):
        if all(any(bits[abs(l) - 1] == (l > 0) for l in c) for c in clauses):
            seen.add(tuple(bits[v - 1] for v in show))
    return len(seen)


EDGE_FORMULAS = [   # (nvars, clauses, show): valid DIMACS that counters get wrong or cannot read
    (0, [], []),                         # p cnf 0 0: one (empty) model
    (1, [[]], [1]),                      # an empty clause: no model
    (2, [[1], []], [1, 2]),
    (3, [[1, 2, 3]], []),                # c p show 0: projected on nothing, so 1 if satisfiable
    (2, [], []),
    (3, [[1], [-1]], []),                # unsatisfiable, empty show set: 0
    (4, [[1, -2]], [1, 2, 3, 4]),        # variables in no clause still count
]


@pytest.mark.parametrize("n, clauses, show", EDGE_FORMULAS)
def test_counters_agree_with_brute_force_on_edge_formulas(n, clauses, show):
    expected = brute_force_count(n, clauses, show)
    assert ganak.count_in_process(clauses, n, show) == expected
    if d4.available():
        assert d4.count_in_process(clauses, n, show) == expected
    assert sum(1 for _ in sat.models(clauses, show)) == expected


@pytest.mark.skipif(not d4.available(), reason="d4Solver (module py_d4) is not installed")
def test_d4_agrees_with_brute_force_on_random_projected_cnfs():
    rnd = random.Random(7)
    for _ in range(150):
        n = rnd.randint(1, 7)
        clauses = [[rnd.choice((-1, 1)) * rnd.randint(1, n) for _ in range(rnd.randint(1, 3))]
                   for _ in range(rnd.randint(0, 8))]
        show = sorted(rnd.sample(range(1, n + 1), rnd.randint(0, n)))
        assert d4.count_in_process(clauses, n, show) == brute_force_count(n, clauses, show), (n, clauses, show)


def test_native_counters_never_write_on_stdout(capfd):
    clauses, show = [[1, 2], [-1, 3]], [1, 2, 3]
    assert ganak.count_in_process(clauses, 3, show) == 4
    if d4.available():
        assert d4.count_in_process(clauses, 3, show) == 4
    out, _ = capfd.readouterr()
    assert out == ""


def test_counts_are_exact_ints_beyond_float_precision():
    n = 70                                   # 2**70 models: floats would round
    assert ganak.count([], n, range(1, n + 1)) == 2 ** 70
    assert isinstance(ganak.count([], n, range(1, n + 1)), int)


def test_limit_and_solver_aliases():
    clauses = [[1, 2, 3]]
    assert len(list(sat.models(clauses, [1, 2, 3], "glucose4", limit=2))) == 2
    assert len(list(sat.models(clauses, [1, 2, 3], "m22"))) == 7
    assert sat.canonical_name("cd19") == "cadical195"


def test_unknown_solver_is_a_clear_error():
    with pytest.raises(BackendError, match="unknown solver 'zchaff' \\(choose from: cadical103"):
        list(sat.models([[1]], [1], "zchaff"))


def test_time_limit_stops_a_hard_enumeration():
    # pigeon hole 13 -> 12 is unsatisfiable and far too hard for CDCL in 0.5 s
    var = lambda p, h: p * 12 + h + 1
    clauses = [[var(p, h) for h in range(12)] for p in range(13)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(12) for p in range(13) for q in range(p)]
    with pytest.raises(TimeoutError):
        list(sat.models(clauses, [1], time_limit=0.5))


def test_ganak_time_limit_kills_the_child():
    import time
    # a counting problem large enough to take longer than the limit
    rnd = random.Random(5)
    n = 300
    clauses = [[rnd.choice((-1, 1)) * rnd.randint(1, n) for _ in range(3)] for _ in range(900)]
    start = time.monotonic()
    try:
        ganak.count(clauses, n, range(1, n + 1), time_limit=0.3)
    except TimeoutError:
        pass
    assert time.monotonic() - start < 5


def _sleep_in_grandchild(path):
    """A child that starts its own limited child (as a cube running Ganak does), which sleeps."""
    from polycnf.solvers.child import run_limited
    return run_limited(_record_and_sleep, (path,), None)


def _record_and_sleep(path):
    import os
    import time
    with open(path, "w") as out:
        out.write(str(os.getpid()))
    time.sleep(60)


def test_a_timed_out_child_leaves_no_grandchild(tmp_path):
    import time

    from polycnf.solvers.child import run_limited
    marker = tmp_path / "grandchild.pid"
    with pytest.raises(TimeoutError):
        run_limited(_sleep_in_grandchild, (str(marker),), 1.5)
    pid = int(marker.read_text())
    time.sleep(0.2)
    assert not running(pid)


def running(pid: int) -> bool:
    """A process that exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
