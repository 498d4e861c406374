"""Formula: naming, groups, cardinality encodings, show set, DIMACS round trip."""

import pytest

from polycnf.encoders.core.cnf import ENCODINGS, Formula, read_dimacs
from polycnf.encoders.core.errors import InputError
from polycnf.solvers import bdd, ganak, sat


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_exactly_one_counts_n_on_every_encoding(encoding, n):
    f = Formula("eo", encoding)
    f.exactly_one([f.var(("x", i)) for i in range(n)], "pick one")
    assert ganak.count(f.clauses, f.nvars, f.show_vars) == n
    assert sum(1 for _ in sat.models(f.clauses, f.show_vars)) == n


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_at_most_one_counts_n_plus_one(encoding):
    f = Formula("amo", encoding)
    f.at_most_one([f.var(i) for i in range(6)], "at most one")
    assert ganak.count(f.clauses, f.nvars, f.show_vars) == 7
    assert bdd.count(f.clauses, f.nvars, f.show_vars) == 7


@pytest.mark.parametrize("encoding", ["seqcounter", "totalizer", "kmtotalizer"])
def test_exactly_k_counts_binomial(encoding):
    f = Formula("ek", encoding)
    f.exactly([f.var(i) for i in range(6)], 2, "two of six")
    assert ganak.count(f.clauses, f.nvars, f.show_vars) == 15
    assert sum(1 for _ in sat.models(f.clauses, f.show_vars)) == 15


def test_unprojected_totalizer_would_overcount():
    """Why we always project: the totalizer leaves auxiliaries free."""
    f = Formula("eo", "totalizer")
    f.exactly_one([f.var(i) for i in range(5)], "one of five")
    assert f.has_auxiliaries
    assert ganak.count(f.clauses, f.nvars, list(range(1, f.nvars + 1))) > 5
    assert ganak.count(f.clauses, f.nvars, f.show_vars) == 5


def test_names_groups_and_decode():
    f = Formula("t", "pairwise")
    a, b, c = f.var(("piece", 1)), f.var(("piece", 2)), f.var("c")
    assert f.var(("piece", 1)) == a and f.key(b) == ("piece", 2)
    f.exactly_one([a, b, c], "one thing")
    f.add([-c], "no c")
    assert f.group_sizes() == {"one thing": 4, "no c": 1}
    f.show([("piece", 1), ("piece", 2)])
    assert f.show_vars == [a, b] and f.has_auxiliaries
    assert f.decode([a, -b, -c]) == [("piece", 1)]
    with pytest.raises(ValueError):
        f.add([99], "bad")


def test_dimacs_round_trip(tmp_path):
    f = Formula("rt", "seqcounter")
    xs = [f.var(i) for i in range(5)]
    f.exactly_one(xs, "one of five")
    f.show(range(5))
    path = tmp_path / "f.cnf"
    f.write_dimacs(path, ["polycnf instance: test"])
    text = path.read_text().splitlines()
    assert text[0] == "c t pmc" and any(l.startswith("c p show 1 2 3 4 5 0") for l in text)
    nvars, clauses, show, comments = read_dimacs(path)
    assert (nvars, clauses, show) == (f.nvars, f.clauses, [1, 2, 3, 4, 5])
    assert "polycnf instance: test" in comments
    assert ganak.count(clauses, nvars, show) == 5
    from pysat.formula import CNF
    assert CNF(from_file=str(path)).clauses == f.clauses


def test_plain_formula_is_marked_mc(tmp_path):
    f = Formula("mc", "pairwise")
    f.exactly_one([f.var(i) for i in range(3)], "one of three")
    path = tmp_path / "f.cnf"
    f.write_dimacs(path)
    lines = path.read_text().splitlines()
    assert lines[0] == "c t mc" and not any(l.startswith("c p show") for l in lines)


@pytest.mark.parametrize("text, message", [
    ("1 2 0\n", "bad.cnf:1: clause before the 'p cnf' header"),
    ("p cnf 2 1\n1 x 0\n", "bad.cnf:2: not an integer in '1 x 0'"),
    ("p cnf 2 1\n1 3 0\n", "bad.cnf:2: literal 3 exceeds the 2 declared variables"),
    ("p cnf 2 2\n1 2 0\n", "bad.cnf: header declares 2 clauses, file has 1"),
    ("p cnf 2 1\n1 2\n", "bad.cnf: last clause is not terminated by 0"),
    ("c nothing\n", "bad.cnf: no 'p cnf' header"),
    ("p cnf 2 1\nc p show 1 2\n1 0\n", "bad.cnf:2: 'c p show' line must end with 0"),
])
def test_malformed_dimacs_names_file_and_line(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.cnf").write_text(text)
    with pytest.raises(InputError) as e:
        read_dimacs("bad.cnf")
    assert str(e.value) == message


def test_unwritable_path_leaves_nothing(tmp_path):
    f = Formula("w")
    f.add([f.var(1)])
    with pytest.raises(InputError, match="cannot write"):
        f.write_dimacs(tmp_path / "missing-dir" / "f.cnf")
    assert not (tmp_path / "missing-dir").exists()


def test_unknown_encoding_is_one_line():
    with pytest.raises(InputError, match="unknown encoding 'nope' \\(choose from: pairwise"):
        Formula("x", "nope")


@pytest.mark.parametrize("name", ["tiling", "t4", "palago", "hexmatch"])
def test_formula_builders_show_their_dimacs(name):
    """Each family's formula builder ends in a doctest that prints its DIMACS."""
    import doctest
    import importlib

    module = importlib.import_module(f"polycnf.encoders.{name}.cnf")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
