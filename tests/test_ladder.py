"""The ladder (`polycnf suite DIR --ladder`): every rung's answer is certified by two
methods, and the tests check the small rungs once more from the written files."""

import json

import pytest

from polycnf import cli
from polycnf.encoders.core.cnf import read_dimacs
from polycnf.harness import check, ladder, suite
from polycnf.solvers import sat

FIELDS = {"file", "family", "parameters", "expected", "count", "certification", "gbd_hash", "source", "sha256"}


@pytest.fixture(scope="module")
def small_ladder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ladder") / "L"
    manifest = suite.write(folder, ladder=True, rungs=1)
    return folder, manifest


def test_every_family_has_its_small_rungs_with_the_manifest_fields(small_ladder):
    folder, manifest = small_ladder
    entries = manifest["instances"]
    assert manifest["ladder"] is True and manifest["rungs"] == 1
    assert {e["family"] for e in entries} == set(ladder.FAMILIES)
    for e in entries:
        assert FIELDS <= set(e), e["file"]
        assert len(e["certification"]) >= 2, e["file"]           # two methods, or a publication and a method
        assert e["expected"] in ("SAT", "UNSAT")
        assert e["count"] is None or (e["count"] > 0) == (e["expected"] == "SAT")
        assert (folder / e["file"]).is_file()
    assert suite.read_manifest(folder)[1] == entries                  # the entries' SHA-256 holds
    assert (folder / suite.CSV_NAME).read_text().splitlines()[0].split(",")[-3:] == \
        ["certification", "difficulty", "gbd_hash"]


def test_small_rungs_are_answered_again_from_the_written_files(small_ladder):
    """A third look at each small rung's answer: PySAT on the DIMACS file itself,
    enumerating the models projected on its show set (its status for t4 planning)."""
    folder, manifest = small_ladder
    for e in manifest["instances"]:
        nvars, clauses, show, _ = read_dimacs(str(folder / e["file"]))
        show = range(1, nvars + 1) if show is None else show
        if e["count"] is None:
            assert sat.satisfiable(clauses) == (e["expected"] == "SAT"), e["file"]
        elif e["count"] <= 1_000:
            assert sum(1 for _ in sat.models(clauses, show, limit=1_001)) == e["count"], e["file"]


@pytest.mark.parametrize("cells", [6, 10, 14, 18])
def test_t4_sub_boards_by_the_frontier_dp_and_by_exact_cover(cells):
    for full in (True, False):
        question = ladder.t4_question(cells, full)
        assert ladder.t4_by_exact_cover(question) == question.direct_count()


def test_methods_that_disagree_stop_the_ladder(monkeypatch, tmp_path):
    monkeypatch.setattr(ladder, "t4_by_exact_cover", lambda inst: inst.direct_count() + 1)
    with pytest.raises(RuntimeError, match="disagree"):
        suite.write(tmp_path / "L", ["t4"], ladder=True, rungs=1)
    assert not (tmp_path / "L").exists()


def test_the_ladder_gbd_hashes_are_gbd_tools_own(small_ladder):
    gbdc = pytest.importorskip("gbdc", reason="gbd-tools' gbdc is not installed (pip install gbdc)")
    folder, manifest = small_ladder
    for e in manifest["instances"]:
        assert e["gbd_hash"] == gbdc.gbdhash(str(folder / e["file"])), e["file"]


def test_a_solver_is_judged_on_the_ladder_models_included(small_ladder):
    """check-solver rebuilds each rung (ladder specs too) and checks every model:
    t4 sub-board configurations by the rules, t4 plans replayed move by move."""
    folder, _ = small_ladder
    assert cli.main(["check-solver", str(folder), "--solver", "pysat:minisat22", "--json", "--jobs", "1"]) == 0


def test_ladder_arguments_are_checked(tmp_path, capsys):
    assert cli.main(["suite", str(tmp_path / "a"), "--rungs", "2"]) == 2
    assert "--rungs is for the ladder" in capsys.readouterr().err
    assert cli.main(["suite", str(tmp_path / "b"), "--ladder", "--families", "tiling"]) == 2
    assert "unknown ladder family 'tiling'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        cli.main(["suite", str(tmp_path / "c"), "--ladder", "--rungs", "0"])
    assert stop.value.code == 2
    assert not any(tmp_path.iterdir())


def test_a_plan_model_that_does_not_reach_the_goal_is_a_wrong_model(small_ladder):
    folder, manifest = small_ladder
    entry = next(e for e in manifest["instances"] if e["family"] == "t4-plan" and e["expected"] == "SAT")
    rung = ladder.load_spec(entry["spec"], folder)
    f = rung.formula()
    model = next(sat.models(f.clauses, range(1, f.nvars + 1), limit=1))
    assert check.ModelChecker(folder).problem(entry, model) is None
    goal = rung.encoding.goal(rung.bound)
    broken = [-lit if abs(lit) == goal else lit for lit in model]
    assert "falsified" in check.ModelChecker(folder).problem(entry, broken)


@pytest.mark.slow
def test_the_whole_ladder_is_written_and_certified(tmp_path, capsys):
    assert cli.main(["suite", str(tmp_path / "L"), "--ladder", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    manifest = json.loads((tmp_path / "L" / suite.MANIFEST).read_text())
    entries = {e["instance"]: e for e in manifest["instances"]}
    assert out["files"] == len(entries)
    # the top rungs carry the certified tables' answers
    from polycnf.encoders.palago.instance import known_terms
    from polycnf.encoders.t4 import builtins
    assert entries[f"ladder-palago-{ladder.PALAGO_N[-1]}"]["count"] == known_terms()[ladder.PALAGO_N[-1]].raw
    assert entries["ladder-t4-all"]["count"] == builtins()["t4-all"].expected.raw
    from polycnf.encoders.t4.starts import library
    k = max(library())
    assert entries[f"ladder-t4-plan-k{k}-bound-{k}"]["expected"] == "SAT"
    assert entries[f"ladder-t4-plan-k{k}-bound-{k - 1}"]["expected"] == "UNSAT"
    assert all(len(e["certification"]) >= 2 for e in entries.values())
