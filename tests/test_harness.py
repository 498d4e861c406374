"""The benchmark suite and the solver harness: planted liars are named, real solvers are right."""

import json
import shutil
import sys
from pathlib import Path

import pytest

from polycnf import cli
from polycnf.harness import check, suite
from polycnf.solvers import adapters, answers

BROKEN = [sys.executable, str(Path(__file__).with_name("broken_solver.py"))]
SMALL = 15     # cells: the 3x5 pentomino rectangles and the radius-1 hexmatch puzzles


@pytest.fixture(scope="module")
def small_suite(tmp_path_factory):
    folder = tmp_path_factory.mktemp("suite") / "s"
    manifest = suite.write(folder, ("tiling", "hexmatch"), SMALL)
    return folder, manifest["instances"]


def one(entries, instance, expected):
    return next(e["file"] for e in entries if e["instance"] == instance and e["expected"] == expected)


# -- the suite -------------------------------------------------------------------
def test_suite_counts_come_from_two_methods(small_suite):
    folder, entries = small_suite
    by_instance = {e["instance"]: e for e in entries}
    # counts by exact cover / backtracking and PySAT enumeration, which must agree
    # (members.certify raises otherwise); pentomino-3x5-LYT: 4 tilings (2 up to
    # the rectangle's 4 symmetries), pentomino-3x5-LYN: none
    assert by_instance["pentomino-3x5-LYT"]["count"] == 4
    assert by_instance["pentomino-3x5-LYN"]["expected"] == "UNSAT"
    assert by_instance["hexmatch-r1-k4-s1-broken"]["expected"] == "UNSAT"
    assert all("two methods in polycnf agree" in e["source"] for e in entries)
    assert all(e["certification"][1] == "PySAT enumeration of the CNF (CaDiCaL)" and len(e["certification"]) == 2
               for e in entries)
    for e in entries:
        text = (folder / e["file"]).read_text()
        assert f"p cnf {e['variables']} {e['clauses']}" in text
        assert ("c p show" in text) == e["projected"]
        assert json.loads((folder / e["map"]).read_text())["cnf"] == e["file"]
    assert (folder / "manifest.csv").read_text().count("\n") == len(entries) + 1
    encodings = {e["encoding_label"] for e in entries if e["instance"] == "pentomino-3x5-LYT"}
    assert len(encodings) >= 2


def test_suite_refuses_a_folder_that_is_not_a_suite(tmp_path, capsys):
    (tmp_path / "precious.txt").write_text("keep me")
    assert cli.main(["suite", str(tmp_path), "--max-cells", "7"]) == 2
    err = capsys.readouterr().err
    assert "not a polycnf suite" in err and err.count("\n") == 1
    assert [p.name for p in tmp_path.iterdir()] == ["precious.txt"]


def test_a_full_disk_while_writing_the_suite_is_one_line_and_leaves_nothing(tmp_path, capsys, monkeypatch):
    import errno
    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.suffix == ".cnf":
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    assert cli.main(["suite", str(tmp_path / "s"), "--families", "hexmatch", "--max-cells", "7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("polycnf: error: ") and "cannot write the suite: No space left on device" in err
    assert err.count("\n") == 1 and list(tmp_path.iterdir()) == []


def test_suite_rewrite_in_place(small_suite, tmp_path):
    folder = tmp_path / "again"
    shutil.copytree(small_suite[0], folder)
    assert cli.main(["suite", str(folder), "--families", "hexmatch", "--max-cells", "7"]) == 0
    names = {e["instance"] for e in json.loads((folder / "manifest.json").read_text())["instances"]}
    assert names == {"hexmatch-r1-k3-s1", "hexmatch-r1-k4-s1", "hexmatch-r1-k4-s1-broken"}
    assert not list(tmp_path.glob(".again-*"))


# -- reading answers -------------------------------------------------------------
@pytest.mark.parametrize("text, sat, count", [
    ("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", True, None),
    ("s UNSATISFIABLE\n", False, None),
    ("s SATISFIABLE\nc s type mc\nc s exact arb int 12\n", True, 12),
    ("s mc 0\n", False, 0),
    ("c d4 stuff\ns 56\n", True, 56),
    ("Solving...\n# solutions \n9356\n# END\n".replace("# solutions \n", "# solutions\n"), True, 9356),
])
def test_answer_formats(text, sat, count):
    a = answers.parse(text)
    assert a.readable and a.sat == sat and a.count == count


@pytest.mark.parametrize("text, problem", [
    ("s SATISFIABLE\ns UNSATISFIABLE\n", "both"),
    ("s UNSATISFIABLE\nc s exact arb int 3\n", "contradicts"),
    ("s SATISFIABLE\nv 1 2\n", "does not end with 0"),
    ("c s exact arb int 3\ns mc 4\n", "several different counts"),
])
def test_contradictory_answers_are_unreadable(text, problem):
    assert problem in answers.parse(text).problem


# -- planted liars ----------------------------------------------------------------
@pytest.mark.parametrize("mode, on_sat, on_unsat", [
    ("flip", check.WRONG_MODEL, check.CORRECT),
    ("count+1", check.WRONG_COUNT, check.WRONG_SAT),
    ("unsat", check.WRONG_UNSAT, check.CORRECT),
    ("negative", check.WRONG_COUNT, check.WRONG_COUNT),
    ("nomodel", check.NO_MODEL, check.CORRECT),
    ("unsat+model", check.WRONG_UNSAT, check.CORRECT),
    ("garbage", check.UNREADABLE, check.UNREADABLE),
    ("crash", check.CRASH, check.CRASH),
    ("hang", check.TIMEOUT, check.TIMEOUT),
])
def test_broken_solvers_are_named(small_suite, mode, on_sat, on_unsat):
    folder, entries = small_suite
    for instance, expected, verdict in (("pentomino-3x5-LYT", "SAT", on_sat),
                                         ("hexmatch-r1-k4-s1-broken", "UNSAT", on_unsat)):
        path = folder / one(entries, instance, expected)
        (result,) = check.check(path, [*BROKEN, mode, "{}"], time_limit=0.5 if mode == "hang" else 30.0)
        assert result.verdict == verdict, result


def test_no_models_accepts_a_sat_claim_without_a_model(small_suite):
    folder, entries = small_suite
    path = folder / one(entries, "pentomino-3x5-LYT", "SAT")
    (result,) = check.check(path, [*BROKEN, "nomodel", "{}"], time_limit=30.0, models=False)
    assert result.verdict == check.CORRECT and "no model given" in result.note


@pytest.mark.parametrize("text", ["s SATISFIABLE\nc s exact arb int -4\n", "s mc -4\n", "s -4\n"])
def test_a_negative_count_is_a_wrong_count(small_suite, text):
    folder, entries = small_suite
    entry = next(e for e in entries if e["instance"] == "pentomino-3x5-LYT")
    run = check.runner.Run([], 0.1, 0, text, "")
    verdict = check.judge(entry, run, check.ModelChecker(folder))
    assert verdict.verdict == check.WRONG_COUNT and "non-negative" in verdict.note


def test_wrong_model_names_the_broken_rule(small_suite):
    folder, entries = small_suite
    path = folder / one(entries, "hexmatch-r1-k3-s1", "SAT")
    (result,) = check.check(path, [*BROKEN, "flip", "{}"], time_limit=10.0)
    assert result.verdict == check.WRONG_MODEL
    assert "falsified" in result.note or "rules" in result.note


def test_cli_exit_codes_and_json(small_suite, capsys):
    folder, entries = small_suite
    path = str(folder / one(entries, "pentomino-3x5-LYT", "SAT"))
    assert cli.main(["check-solver", path, "--json", "--", *BROKEN, "unsat", "{}"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["summary"] == {check.WRONG_UNSAT: 1} and out["wrong"] == 1
    assert cli.main(["check-solver", path, "--", *BROKEN, "crash", "{}"]) == 4
    assert "1 crash" in capsys.readouterr().out
    assert cli.main(["check-solver", path, "--", *BROKEN, "nomodel", "{}"]) == 4
    assert "1 NO MODEL" in capsys.readouterr().out
    assert cli.main(["check-solver", path, "--no-models", "--", *BROKEN, "nomodel", "{}"]) == 0
    assert "1 correct" in capsys.readouterr().out
    assert cli.main(["check-solver", path, "--", *BROKEN, "silent"]) == 2
    assert "printed no answer" in capsys.readouterr().err
    assert cli.main(["check-solver", path, "--", "no-such-solver-xyz"]) == 2
    assert "command not found: no-such-solver-xyz" in capsys.readouterr().err
    assert cli.main(["check-solver", path, "--solver", "nosuch"]) == 2
    assert "unknown solver 'nosuch'" in capsys.readouterr().err
    assert cli.main(["check-solver", path, "--solver", "pysat:nosuch"]) == 2
    assert "unknown solver 'nosuch'" in capsys.readouterr().err
    assert cli.main(["check-solver", path]) == 2
    assert "give either --solver NAME or '-- COMMAND" in capsys.readouterr().err


def test_every_pysat_solver_is_named():
    from polycnf.solvers import sat
    assert {f"pysat:{n}" for n in sat.solver_names()} <= set(adapters.names())
    assert {"cadical", "minisat", "picosat", "cryptominisat5", "d4", "ganak", "approxmc"} <= set(adapters.names())


def test_target_without_manifest(tmp_path, capsys):
    (tmp_path / "x.cnf").write_text("p cnf 1 1\n1 0\n")
    assert cli.main(["check-solver", str(tmp_path), "--solver", "pysat:minisat22"]) == 2
    err = capsys.readouterr().err
    assert "no suite manifest" in err and err.count("\n") == 1


def test_approximate_count_is_judged_by_its_tolerance(small_suite):
    folder, entries = small_suite
    entry = next(e for e in entries if e["instance"] == "pentomino-3x5-LYT")
    ok = check.runner.Run([], 0.1, 0, "s SATISFIABLE\nc s approx arb int 7\n", "")
    far = check.runner.Run([], 0.1, 0, "s SATISFIABLE\nc s approx arb int 8\n", "")
    checker = check.ModelChecker(folder)
    right = check.judge(entry, ok, checker, epsilon=0.8, delta=0.2)       # 7 <= 4 * 1.8
    assert right.verdict == check.CORRECT and "error +0.75; epsilon 0.8, delta 0.2" in right.note
    wrong = check.judge(entry, far, checker, epsilon=0.8, delta=0.2)
    assert wrong.verdict == check.WRONG_COUNT
    assert "(error +1) is outside the tolerance (epsilon 0.8, delta 0.2)" in wrong.note
    assert check.judge(entry, ok, checker, epsilon=None).verdict == check.WRONG_COUNT


def test_mutated_answers_are_judged_and_never_accepted_when_wrong(small_suite):
    """300 randomly edited solver outputs (the fuzz test's mutations): judging
    never raises, and CORRECT is only given to a right status with a right count."""
    import random

    from pysat.solvers import Solver

    from test_fuzz import mutate

    folder, entries = small_suite
    sat = next(e for e in entries if e["instance"] == "pentomino-3x5-LYT" and e["expected"] == "SAT")
    unsat = next(e for e in entries if e["expected"] == "UNSAT")
    nvars, clauses, _ = adapters.read_cnf(str(folder / sat["file"]))
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        assert s.solve()
        model = " ".join(map(str, s.get_model()))
    outputs = [(sat, f"s SATISFIABLE\nv {model} 0\n"), (sat, f"s SATISFIABLE\nc s exact arb int {sat['count']}\n"),
               (sat, f"s mc {sat['count']}\n"), (unsat, "s UNSATISFIABLE\n"), (unsat, "s mc 0\n")]
    checker, rng = check.ModelChecker(folder), random.Random(20261129)
    for k in range(300):
        entry, text = outputs[k % len(outputs)]
        text = mutate(text.encode(), rng).decode("utf-8", "replace")
        verdict = check.judge(entry, check.runner.Run([], 0.1, 0, text, ""), checker)
        assert verdict.verdict in check.VERDICTS, (text, verdict)
        if verdict.verdict == check.CORRECT:
            answer = answers.parse(text)
            assert answer.sat == (entry["expected"] == "SAT"), (text, verdict)
            assert answer.count in (None, entry["count"]), (text, verdict)


# -- a damaged suite is reported, not blamed on the solver ---------------------------
@pytest.mark.parametrize("damage", ["empty the UNSAT file", "garble the file", "edit the map", "edit the toml"])
def test_a_changed_suite_file_is_named_before_any_solver_runs(small_suite, tmp_path, capsys, damage):
    folder = tmp_path / "copy"
    shutil.copytree(small_suite[0], folder)
    entries = small_suite[1]
    unsat = next(e for e in entries if e["expected"] == "UNSAT")
    name = {"empty the UNSAT file": unsat["file"], "garble the file": entries[0]["file"],
            "edit the map": entries[0]["map"], "edit the toml": "pentomino-3x5-LYT.toml"}[damage]
    if damage == "edit the toml" and not (folder / name).exists():
        name = next(p.name for p in folder.glob("*.toml"))
    text = (folder / name).read_text()
    (folder / name).write_text("" if damage.startswith("empty") else text.replace("1", "2", 1) + "junk\n")
    assert cli.main(["check-solver", str(folder), "--", *BROKEN, "unsat", "{}"]) == 2
    err = capsys.readouterr().err
    assert f"{name}: suite file changed since it was written" in err and err.count("\n") == 1


@pytest.mark.parametrize("edit", ["count", "expected", "file"])
def test_an_edited_manifest_is_named_before_any_solver_runs(small_suite, tmp_path, capsys, edit):
    """A right solver would be judged WRONG against an edited expected answer: the
    manifest carries the SHA-256 of its entries, checked first."""
    folder = tmp_path / "copy"
    shutil.copytree(small_suite[0], folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    entry = next(e for e in manifest["instances"] if e["expected"] == "SAT")
    first = folder / manifest["instances"][0]["file"]
    entry[edit] = {"count": entry["count"] + 1, "expected": "UNSAT", "file": "other.cnf"}[edit]
    (folder / "manifest.json").write_text(json.dumps(manifest))
    for target in (folder, first):
        assert cli.main(["check-solver", str(target), "--solver", "pysat:minisat22"]) == 2
        err = capsys.readouterr().err
        assert "manifest.json: changed since it was written" in err and err.count("\n") == 1


def test_a_manifest_without_hashes_is_refused(small_suite, tmp_path, capsys):
    folder = tmp_path / "old"
    shutil.copytree(small_suite[0], folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    for e in manifest["instances"]:
        del e["sha256"]
    del manifest["instances_sha256"]
    (folder / "manifest.json").write_text(json.dumps(manifest))
    assert cli.main(["check-solver", str(folder), "--solver", "pysat:minisat22"]) == 2
    assert "no SHA-256" in capsys.readouterr().err


# -- real solvers -------------------------------------------------------------------
def real(name):
    try:
        return adapters.adapter(name)
    except Exception as e:          # not installed here
        pytest.skip(str(e))


@pytest.mark.parametrize("name", ["cadical", "minisat", "pysat:glucose4", "d4"])
def test_real_solvers_are_correct(small_suite, name):
    folder, entries = small_suite
    adapter = real(name)
    results = check.check(folder, adapter.command, time_limit=60.0, memory_mb=4096,
                          epsilon=adapter.epsilon)
    assert [r.verdict for r in results] == [check.CORRECT] * len(entries), results


def test_d4_counts_as_a_method(small_suite, capsys):
    folder, _ = small_suite
    real("d4")
    path = str(folder / "pentomino-3x5-LYT.toml")
    assert cli.main(["count", path, "--method", "d4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 4   # 4: see test_suite_counts_come_from_two_methods


# -- the Global Benchmark Database identifier ----------------------------------------
def test_every_suite_file_carries_its_gbd_hash_as_gbd_tools_computes_it(small_suite):
    gbdc = pytest.importorskip("gbdc", reason="gbd-tools' gbdc is not installed (pip install gbdc)")
    folder, entries = small_suite
    assert len({e["gbd_hash"] for e in entries}) == len(entries)           # distinct files, distinct ids
    for e in entries:
        assert e["gbd_hash"] == gbdc.gbdhash(str(folder / e["file"])), e["file"]
    assert "gbd_hash" in (folder / "manifest.csv").read_text().splitlines()[0]


def test_gbd_hash_agrees_with_gbd_tools_on_mutated_dimacs(tmp_path):
    """2,000 edited DIMACS files (comments, white space, CR LF, digits): wherever our reader
    accepts the file, harness/gbd.py and gbd-tools give the same identifier."""
    import random

    from polycnf.harness.gbd import gbd_hash
    from test_fuzz import mutate

    gbdc = pytest.importorskip("gbdc", reason="gbd-tools' gbdc is not installed (pip install gbdc)")
    texts = [b"p cnf 2 1\n1 -2 0\n", b"c x\np cnf 2 2\n1   -2 0 2\n0\n", b"p cnf 0 0\n", b"c only\np cnf 1 0\n",
             b"p cnf 3 2\r\n1 2 0\r\n-3 0\r\n", b"p cnf 3 1\n\t1\t2  3 0   \n\n",
             b"c t pmc\np cnf 2 1\nc p show 1 0\n1 2 0\n", b"p cnf 10 1\n10 -10 0\n"]
    rng, path, compared = random.Random(20261203), tmp_path / "x.cnf", 0
    for k in range(2000):
        data = texts[k % len(texts)] if k < len(texts) else mutate(texts[k % len(texts)], rng)
        path.write_bytes(data if data.endswith(b"\n") else data + b"\n")   # gbdc 0.4.3 may drop an unended last line
        try:
            adapters.read_cnf(str(path))
            theirs = gbdc.gbdhash(str(path))
        except Exception:                     # noqa: BLE001  (not DIMACS for one reader or the other)
            continue
        assert gbd_hash(path) == theirs, data
        compared += 1
    assert compared > 800
