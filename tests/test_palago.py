"""Palago creatures (Kagey's code-golf challenge, 2019, docs/references.md): enumerator, CNF,
checker, the challenge's reference programs, CLI."""

from __future__ import annotations

import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from polycnf.encoders.core.cnf import read_dimacs
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.palago import cnf, tiles
from polycnf.encoders.palago.check import check_creature
from polycnf.encoders.palago import direct as enumerator
from polycnf.encoders.palago.instance import PUBLISHED, from_name
from polycnf.solvers import ganak

# a copy of the challenge page with its two JavaScript reference programs, in ../shared beside
# the checkout (its tests skip, saying so, when it is absent)
SEED = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds" / "000_77c913586f5cb858.txt"


def published_table() -> list[int]:
    """The free counts n = 1..12 as docs/references.md gives them (Kagey 2019, the designer's
    table): read from the page a user reads, not copied into the test."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "references.md").read_text()
    row = next(line for line in page.splitlines() if line.startswith("| creatures (free) |"))
    return [int(cell) for cell in row.strip("|").split("|")[1:]]


REFERENCE_FREE = published_table()


def test_published_table_is_reference():
    """The code's constant (what `count palago-N --unique` compares with) is the documented table."""
    assert len(REFERENCE_FREE) == 12 and sum(REFERENCE_FREE) == 147
    assert list(PUBLISHED) == REFERENCE_FREE


def test_enumerator_free_counts_match_reference():
    fixed, free = enumerator.count(12)
    assert free[1:] == REFERENCE_FREE
    # Burnside relation per class: fixed = sum over classes of 6 / stabiliser
    for n in range(1, 11):
        classes = {}
        for c in enumerator.creatures(n):
            classes.setdefault(tiles.canonical(c), set()).add(tiles.normal(c))
        assert len(classes) == free[n]
        assert sum(len(v) for v in classes.values()) == fixed[n]
        for v in classes.values():
            assert 6 % len(v) == 0


def test_compiled_growth_matches_python_growth():
    assert enumerator.count(12) == enumerator.count_reference(12)


def test_parallel_parts_add_up_and_burnside_is_checked():
    fixed, free, _ = enumerator.count_parallel(13, jobs=2)
    assert (fixed, free) == enumerator.count(13)
    fix = [[0, 6], [0, 0], [0, 0], [0, 2], [0, 0], [0, 0]]          # one reflection fixes more than its conjugates
    with pytest.raises(ArithmeticError, match="conjugate"):
        enumerator.burnside(fix)
    with pytest.raises(ArithmeticError, match="multiple of 6"):
        enumerator.burnside([[0, 5]] + [[0, 0]] * 5)


def test_every_enumerated_creature_passes_the_checker():
    for n in range(1, 11):
        seen = set()
        for c in enumerator.creatures(n):
            check_creature(c, n)
            for img in tiles.symmetries(c):
                check_creature(img, n)   # the six symmetries keep creatures creatures
            key = tiles.normal(c)
            assert key not in seen
            seen.add(key)


def test_checker_rejects_broken_creatures():
    three = {(0, 0): 1, (1, 0): 2, (0, 1): 0}      # the only creature of 3 tiles
    check_creature(three, 3)
    with pytest.raises(RuleViolation, match="open or in pieces"):
        check_creature({(0, 0): 1, (1, 0): 2, (0, 1): 1}, 3)
    with pytest.raises(RuleViolation, match="open or in pieces"):
        check_creature({(0, 0): 1, (1, 0): 2}, 2)
    with pytest.raises(RuleViolation, match="4 tiles, expected 3"):
        check_creature({**three, (5, 5): 0}, 3)
    with pytest.raises(RuleViolation, match="open or in pieces"):
        # two separate creatures are not one
        check_creature({**three, **{(x + 5, y): t for (x, y), t in three.items()}})


def test_sixty_degrees_is_not_a_symmetry():
    """(x, y) -> (-y, x + y) with any type relabelling breaks the 3-tile creature."""
    three = {(0, 0): 1, (1, 0): 2, (0, 1): 0}
    turned = {(-y, x + y): t for (x, y), t in three.items()}
    for perm in ((0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2)):
        with pytest.raises(RuleViolation):
            check_creature({c: perm[t] for c, t in turned.items()})


def _ganak(formula):
    return ganak.count_in_process(formula.clauses, formula.nvars, formula.show_vars)


@pytest.mark.parametrize("n", range(1, 10))
def test_cnf_fixed_and_free_match_enumerator(n):
    fixed, free = enumerator.count(n)
    counts = [_ganak(cnf.fixed_point_formula(n, k)) for k in range(6)]
    assert counts[0] == fixed[n]
    assert Fraction(sum(counts), 6) == free[n] == REFERENCE_FREE[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(10, 13))
def test_cnf_fixed_and_free_match_enumerator_slow(n):
    test_cnf_fixed_and_free_match_enumerator(n)


def _models(formula) -> int:
    from polycnf.solvers import sat
    return sum(1 for _ in sat.models(formula.clauses, formula.show_vars, sat.DEFAULT_SOLVER))


@pytest.mark.parametrize("n", range(1, 13))
def test_cnf_enumeration_matches_enumerator_and_reference(n):
    """The CNF counted by enumerating its models (blocking clauses on the tile
    variables): fixed from the creature formula, free by Burnside over the six
    fixed-point formulas (Instance.cases), each enumerated."""
    fixed, free = enumerator.count(n)
    inst = from_name(f"palago-{n}")
    cases = inst.cases(unique=True)
    counts = [_models(c.formula) for c in cases]
    assert counts[0] == _models(inst.formula()) == fixed[n]
    assert counts[1] == counts[2] and counts[3] == counts[4] == counts[5]   # conjugate symmetries
    assert sum(c.weight * k for c, k in zip(cases, counts)) == free[n] == REFERENCE_FREE[n - 1]


def test_window_holds_every_creature():
    """The CNF's window (radius (n - 1) // 2, proved in cnf.window) against the
    enumerator's creatures, each moved to its anchor."""
    for n in range(3, 13):
        window = set(cnf.window(n))
        for c in enumerator.creatures(n):
            ay, ax = min((y, x) for x, y in c)
            assert {(x - ax, y - ay) for x, y in c} <= window


def test_cnf_models_decode_to_creatures():
    from polycnf.solvers import sat
    inst = from_name("palago-7")
    f = inst.formula()
    found = set()
    for model in sat.models(f.clauses, f.show_vars, sat.DEFAULT_SOLVER):
        creature = inst.decode(f.decode(model))
        inst.check(creature)
        found.add(tiles.normal(creature))
    assert found == {tiles.normal(c) for c in enumerator.creatures(7)}


def test_cardinality_encodings_agree():
    for encoding in ("seqcounter", "totalizer", "sortnetwrk"):
        assert _ganak(cnf.creature_formula(5, encoding)) == 3   # enumerator: 3 fixed creatures of 5


@pytest.mark.parametrize("spec", ["palago-0", "palago--3", "palago-x", "palago-", "palago-41"])
def test_bad_names(spec):
    with pytest.raises(InputError, match=re.escape(spec) + ": the number of tiles must be an integer from 1 to 40"):
        from_name(spec)


# -- the challenge's JavaScript programs as an oracle --------------------------

def _seed_programs():
    text = SEED.read_text()
    first = next(line for line in text.splitlines() if line.startswith("f=(n,T="))
    second = next(line for line in text.splitlines() if line.startswith("n=>(E="))
    return {"arnauld": first + ";console.log(f(N))", "second": "g=" + second + ";console.log(g(N))"}


NO_NODE = "node is not installed: the challenge's JavaScript oracle cannot run"
NO_PAGE = "../shared/seeds (the code-golf challenge's reference programs) is not beside this checkout"


@pytest.mark.skipif(shutil.which("node") is None, reason=NO_NODE)
@pytest.mark.skipif(not SEED.exists(), reason=NO_PAGE)
@pytest.mark.parametrize("program", ["arnauld", "second"])
def test_seed_programs_agree(program):
    _, free = enumerator.count(10)
    code = _seed_programs()[program]
    for n in range(1, 11):
        out = subprocess.run(["node", "-e", code.replace("N)", f"{n})")], capture_output=True,
                             text=True, check=True, timeout=120).stdout
        assert int(out) == free[n], (program, n)


# -- the command line ------------------------------------------------------------

def _cli(*args):
    from polycnf import cli
    return subprocess.run(["python", "-m", "polycnf", *args], capture_output=True, text=True,
                          cwd=Path(cli.__file__).parent.parent)


def test_cli_count():
    r = _cli("count", "palago-12", "--unique")
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "81"      # published (docs/references.md)
    r = _cli("count", "palago-12", "--unique", "--method", "enumerate")
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "81"      # published (docs/references.md)
    r = _cli("count", "palago-5", "--unique", "--method", "ganak")
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "1"       # published (docs/references.md)


@pytest.mark.parametrize("command, spec", [("count", "palago-0"), ("count", "palago--3"), ("count", "palago-x"),
                                           ("count", "palago-41"), ("solve", "palago-x"), ("encode", "palago-0")])
def test_cli_bad_names(command, spec, tmp_path):
    r = _cli(command, spec, *(["-o", str(tmp_path / "x.cnf")] if command == "encode" else []))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == f"polycnf: error: {spec}: the number of tiles must be an integer from 1 to 40"


def test_cli_solve_draws_and_svg(tmp_path):
    svg = tmp_path / "c.svg"
    r = _cli("solve", "palago-7", "--all", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    assert "all 9 solutions" in r.stdout     # enumerator: 9 fixed creatures of 7 tiles
    text = svg.read_text()
    assert text.count("<polygon") == 9 * 7 * 3 and "#2b6cb0" in text     # every one drawn


def test_cli_solve_unique_draws_each_class_once(tmp_path):
    svg = tmp_path / "c.svg"
    r = _cli("solve", "palago-9", "--all", "--unique", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    assert "all 9 solutions, one per symmetry class" in r.stdout      # docs/references.md: 9 free creatures
    assert r.stdout.count("solution ") == 9 and "solution 9:" in r.stdout
    text = svg.read_text()
    assert text.count("<polygon") == 9 * 9 * 3 and text.count("<text") == 9
    r = _cli("solve", "palago-9", "--unique")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


def test_encode_round_trips(tmp_path):
    path = tmp_path / "p8.cnf"
    r = _cli("encode", "palago-8", "-o", str(path))
    assert r.returncode == 0, r.stderr
    text = path.read_text()
    assert "c p show" in text
    nvars, clauses, show, _ = read_dimacs(str(path))
    f = from_name("palago-8").formula()
    assert (nvars, clauses, show) == (f.nvars, f.clauses, f.show_vars)
    # enumerator: 12 fixed creatures of 8 tiles; the file alone counts them
    assert ganak.count_in_process(clauses, nvars, show) == 12


def test_encode_palago_14_round_trips(tmp_path):
    from polycnf.solvers import sat
    path = tmp_path / "p14.cnf"
    r = _cli("encode", "palago-14", "-o", str(path))
    assert r.returncode == 0, r.stderr
    nvars, clauses, show, _ = read_dimacs(str(path))
    inst = from_name("palago-14")
    f = inst.formula()
    assert (nvars, clauses, show) == (f.nvars, f.clauses, f.show_vars)
    model = next(sat.models(clauses, show, sat.DEFAULT_SOLVER))     # the file alone gives a creature
    inst.check(inst.decode(f.decode(model)))


# -- the sequence file -------------------------------------------------------------

def test_sequence_file_terms():
    import tomllib

    from polycnf.encoders.palago import search
    path = Path(__file__).parent.parent / "instances" / "sequences" / "palago.toml"
    data = tomllib.loads(path.read_text())
    assert data["family"] == "palago"
    terms = data["term"]
    assert [t["n"] for t in terms] == list(range(1, len(terms) + 1))
    fixed, free = enumerator.count(len(terms))
    for t in terms:
        assert len(set(t["methods"])) >= 2 and "enumerator" in t["methods"]
        assert (t["fixed"], t["free"]) == (fixed[t["n"]], free[t["n"]])
        if t["n"] <= 12:
            assert t["free"] == REFERENCE_FREE[t["n"] - 1]
        if "search" in t["methods"] and t["n"] <= 8:    # larger n: slow, see bench
            assert search.count(t["n"]) == (t["fixed"], t["free"])


def _encloses_empty_cell(creature) -> bool:
    nb = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    xs = [x for x, _ in creature]
    ys = [y for _, y in creature]
    box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
    start = (min(xs) - 1, min(ys) - 1)
    outside, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in nb:
            q = (x + dx, y + dy)
            if q in box and q not in creature and q not in outside:
                outside.add(q)
                todo.append(q)
    return len(box) > len(outside) + len(creature)


#: The smallest (by translation-free form) of the 3 fixed creatures of 15 tiles
#: that enclose an empty cell, (0, 2), found by enumerator.creatures(15).
HOLED = {(-1, 1): 1, (-1, 2): 0, (-1, 3): 1, (-1, 4): 0, (0, 0): 1, (0, 1): 1, (0, 3): 0, (0, 4): 0,
         (1, 0): 0, (1, 1): 2, (1, 2): 2, (1, 3): 1, (2, 0): 2, (2, 1): 2, (2, 2): 2}


def _seed_closed(creature) -> bool:
    """The challenge program's own test, run under node: does its function E (the second
    program's search for an empty cell the creature needs), started into some
    tile, find no such cell and visit every tile?"""
    import json
    line = next(x for x in SEED.read_text().splitlines() if x.startswith("n=>(E="))
    e = re.match(r"n=>\((E=.*?),I=c=>", line).group(1)
    h = [[x, y, t] for (x, y), t in creature.items()]
    js = (f"{e};H={json.dumps(h)};S={json.dumps(tiles.STEP)};out=false;"
          "for(const [x,y] of H)for(let d=0;d<3;d++){V={};const r=E(x-S[d][0],y-S[d][1],d);"
          "const seen=new Set(Object.keys(V).map(k=>k.split(',').slice(0,2).join(',')));"
          "if(r===0&&H.every(h=>seen.has(h[0]+','+h[1])))out=true};console.log(out)")
    out = subprocess.run(["node", "-e", js], capture_output=True, text=True, check=True, timeout=60).stdout
    return out.strip() == "true"


def test_holed_creature_counts():
    """Holes were decided from the challenge programs' code (tiles.py): a creature may
    enclose an empty cell.  The checker, the CNF and the enumerator accept one."""
    assert (0, 2) not in HOLED and _encloses_empty_cell(HOLED)
    check_creature(HOLED, 15)
    from polycnf.solvers import sat
    f = cnf.creature_formula(15)
    units = [[f.var(cnf.tile(c, t))] for c, t in HOLED.items()]
    assert next(sat.models(f.clauses + units, f.show_vars, sat.DEFAULT_SOLVER, limit=1), None) is not None
    assert tiles.normal(HOLED) in {tiles.normal(c) for c in enumerator.creatures(15)}


@pytest.mark.skipif(shutil.which("node") is None, reason=NO_NODE)
@pytest.mark.skipif(not SEED.exists(), reason=NO_PAGE)
def test_seed_code_accepts_holed_creature():
    assert _seed_closed(HOLED)
    assert _seed_closed({(0, 0): 1, (1, 0): 2, (0, 1): 0})          # the 3-tile creature
    assert not _seed_closed({c: t for c, t in HOLED.items() if c != (2, 2)})   # opened


def test_holes_first_appear_at_15_and_are_creatures():
    """The issue: creatures enclosing an empty cell first appear at n = 15;
    the challenge's programs never look at such cells, so they count."""
    assert not any(_encloses_empty_cell(c) for c in enumerator.creatures(14))
    holed = [c for c in enumerator.creatures(15) if _encloses_empty_cell(c)]
    assert holed
    for c in holed:
        check_creature(c, 15)


def test_cubes_add_up_to_the_count():
    import pickle

    from polycnf.encoders.core.cubes import count_sequentially
    inst = from_name("palago-12")
    fixed, free = enumerator.count(12)
    for unique, want in ((False, fixed[12]), (True, free[12])):
        cubes = inst.cubes(unique)
        assert len({c.label for c in cubes}) == len(cubes)
        pickle.dumps(cubes)
        assert count_sequentially(cubes) == want
