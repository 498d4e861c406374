"""Back ends on plain clauses: solving, enumeration, limits, counting agreement."""

import random

import pytest

from polycnf.solvers import bdd, ganak, sat
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
