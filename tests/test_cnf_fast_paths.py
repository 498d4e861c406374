"""The fast paths of encoders/core/cnf.py give the same clauses as the slow ones."""

import random

import pytest
from pysat.card import CardEnc, EncType

from polycnf.encoders.core.cnf import Formula, sequential_amo


@pytest.mark.parametrize("n", [3, 4, 5, 17, 200])
def test_sequential_amo_is_pysats_seqcounter(n):
    rng = random.Random(n)
    lits = [rng.choice([-1, 1]) * v for v in rng.sample(range(1, 3 * n), n)]
    top = 3 * n
    expected = CardEnc.atmost(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter).clauses
    assert sequential_amo(lits, top) == expected


def test_exactly_one_same_as_pysat_equals():
    f = Formula("t", "seqcounter")
    xs = [f.var(("x", i)) for i in range(6)]
    f.exactly_one(xs, "one")
    g = CardEnc.equals(lits=xs, bound=1, top_id=6, encoding=EncType.seqcounter)
    assert f.clauses == g.clauses and f.nvars == g.nv
    assert f.group_sizes() == {"one": len(g.clauses)}


def test_extend_checks_literals():
    f = Formula("t")
    a, b = f.var("a"), f.var("b")
    f.extend([[a, -b], [b]], "g")
    assert f.clauses == [[1, -2], [2]] and f.group_sizes() == {"g": 2}
    with pytest.raises(ValueError, match="literal 3 is not a variable"):
        f.extend([[a], [3]], "g")
    with pytest.raises(ValueError, match="literal 0"):
        f.extend([[0]], "g")
    assert len(f.clauses) == 2


def test_extend_converts_numpy_ints():
    np = pytest.importorskip("numpy")
    f = Formula("t")
    a = f.var("a")
    f.extend([np.array([a, -a])], "g")
    assert f.clauses == [[1, -1]] and all(type(l) is int for l in f.clauses[0])
