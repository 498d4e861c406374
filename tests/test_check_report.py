"""check-solver with several solvers at once, and the report it writes (results, PAR-2, cactus plot)."""

import csv
import json
import sys
from pathlib import Path

import pytest

from polycnf import cli
from polycnf.harness import check, report, suite
from polycnf.solvers import runner

BROKEN = [sys.executable, str(Path(__file__).with_name("broken_solver.py"))]
MINISAT = "pysat:minisat22"
FIELDS = ["instance", "family", "variables", "clauses", "solver", "status", "answer", "certified", "verdict",
          "wall_s", "cpu_s", "memory_mb"]


@pytest.fixture(scope="module")
def small_suite(tmp_path_factory):
    """The radius-1 hexmatch puzzles: 9 files, 3 of them unsatisfiable."""
    folder = tmp_path_factory.mktemp("suite") / "s"
    entries = suite.write(folder, ("hexmatch",), 7)["instances"]
    assert len(entries) == 9 and sum(e["expected"] == "UNSAT" for e in entries) == 3
    return folder, entries


def broken(mode):
    return ["--", *BROKEN, mode, "{}"]


def flip_verdict(entry):
    """What `broken_solver.py flip` gets: a falsified model on a satisfiable file, UNSAT right."""
    return check.WRONG_MODEL if entry["expected"] == "SAT" else check.CORRECT


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


# -- several solvers at once ---------------------------------------------------------
@pytest.fixture(scope="module")
def two_at_once(small_suite, tmp_path_factory):
    """PySAT's MiniSat and a liar (flip) on the suite at once, with the default jobs (the
    machine's cores), --json and --report: (exit code, the JSON object, the report folder)."""
    import contextlib
    import io
    import os

    folder, _ = small_suite
    out = tmp_path_factory.mktemp("report") / "new" / "report"     # created, with its parent
    printed = io.StringIO()
    jobs = os.environ.pop("POLYCNF_JOBS", None)
    try:
        with contextlib.redirect_stdout(printed):
            code = cli.main(["check-solver", str(folder), "--json", "--solver", MINISAT, "--report", str(out),
                             *broken("flip")])
    finally:
        if jobs is not None:
            os.environ["POLYCNF_JOBS"] = jobs
    assert printed.getvalue().count("\n") == 1                    # one JSON object, one line
    return code, json.loads(printed.getvalue()), out


NAMES = [MINISAT, " ".join([Path(sys.executable).name, "broken_solver.py", "flip", "{}"])]   # paths shortened


def test_two_solvers_at_once_give_each_its_verdicts_and_exit_1(small_suite, two_at_once):
    _, entries = small_suite
    code, result, _ = two_at_once
    assert code == 1 and result["exit_code"] == 1 and result["command"] is None
    assert [(r["file"], r["solver"]) for r in result["results"]] == [(e["file"], n) for e in entries for n in NAMES]
    for r, entry in zip(result["results"], [e for e in entries for _ in NAMES]):
        assert r["verdict"] == (check.CORRECT if r["solver"] == MINISAT else flip_verdict(entry)), r
    minisat, liar = result["solvers"]
    assert [minisat["solver"], liar["solver"]] == NAMES and minisat["command"][-2:] == [MINISAT, "{}"]
    assert (minisat["summary"], minisat["solved"], minisat["wrong"], minisat["failed"]) == \
           ({check.CORRECT: 9}, 9, 0, 0)
    assert (liar["summary"], liar["solved"], liar["wrong"]) == ({check.CORRECT: 3, check.WRONG_MODEL: 6}, 3, 6)
    assert liar["par2"] >= 6 * 2 * 60.0 and result["summary"] == {check.CORRECT: 12, check.WRONG_MODEL: 6}


def test_the_report_has_a_row_per_file_and_solver_and_par2_per_solver(small_suite, two_at_once):
    _, entries = small_suite
    _, result, out = two_at_once
    assert result["report"]["directory"] == str(out) and result["report"]["files"][:3] == \
           ["results.csv", "results.json", "summary.csv"]
    with open(out / "results.csv", newline="") as f:
        assert next(csv.reader(f)) == FIELDS                      # exactly these columns
    rows = read_csv(out / "results.csv")
    assert [(r["instance"], r["solver"], r["verdict"]) for r in rows] == \
           [(r["file"], r["solver"], r["verdict"]) for r in result["results"]]
    for row, entry in zip(rows, [e for e in entries for _ in NAMES]):
        assert row["certified"] == ("UNSAT" if entry["expected"] == "UNSAT" else str(entry["count"]))
        assert (row["family"], int(row["variables"]), int(row["clauses"])) == \
               (entry["family"], entry["variables"], entry["clauses"])
        assert row["status"] == row["answer"] == ("UNSAT" if entry["expected"] == "UNSAT" else "SAT")
        assert float(row["wall_s"]) > 0 and float(row["cpu_s"]) > 0 and float(row["memory_mb"]) > 0

    scores = read_csv(out / "summary.csv")
    assert [s["solver"] for s in scores] == NAMES
    for score in scores:                                       # PAR-2 by hand from the rows
        mine = [r for r in rows if r["solver"] == score["solver"]]
        by_hand = sum(float(r["wall_s"]) if r["verdict"] == check.CORRECT else 2 * 60.0 for r in mine)
        assert float(score["par2"]) == pytest.approx(by_hand, abs=0.01)
    assert [(s["files"], s["solved"], s["wrong"], s["failed"]) for s in scores] == \
           [("9", "9", "0", "0"), ("9", "3", "6", "0")]
    document = json.loads((out / "results.json").read_text())
    assert document["fields"] == FIELDS and [s["solver"] for s in document["solvers"]] == NAMES
    assert document["results"] == [{k: _typed(k, v) for k, v in r.items()} for r in rows]
    assert document["time_limit_s"] == 60.0 and document["summary"][1]["solved"] == 3
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert not (out / "cactus.svg").exists()
    else:
        assert (out / "cactus.svg").read_text().lstrip().startswith("<?xml")


def _typed(key, value):
    if key in ("variables", "clauses"):
        return int(value)
    if key in ("wall_s", "cpu_s", "memory_mb"):
        return None if value == "" else float(value)
    return value


def test_jobs_1_prints_the_same_verdicts_in_a_table_with_a_solver_column(two_at_once, small_suite, capsys):
    folder, _ = small_suite
    _, result, _ = two_at_once
    assert cli.main(["check-solver", str(folder), "--jobs", "1", "--solver", MINISAT, *broken("flip")]) == 1
    lines = capsys.readouterr().out.splitlines()
    width, named = max(len(r["file"]) for r in result["results"]), max(map(len, NAMES))
    table = [f"{r['file']:<{width}}  {r['solver']:<{named}}  {r['verdict']:<11}" for r in result["results"]]
    assert [line[:len(row)] for line, row in zip(lines, table)] == table
    summary = lines[len(table):]
    assert summary[0].startswith("summary (9 files per solver; PAR-2: wall time if solved correctly, else 2 x 60 s")
    assert summary[1].split()[:3] == [MINISAT, "solved", "9,"] and summary[1].endswith("(9 correct)")
    assert "solved 3, wrong 6, failed 0; PAR-2 " in summary[2] and summary[2].endswith("(3 correct, 6 WRONG MODEL)")
    assert len(summary) == 3


def test_par2_of_a_solver_that_never_answers_is_twice_the_limit_per_file(small_suite, tmp_path, capsys):
    folder, entries = small_suite
    out = tmp_path / "hang"
    assert cli.main(["check-solver", str(folder), "--time-limit", "0.5", "--report", str(out), *broken("hang")]) == 4
    assert "9 timeout (of 9 files)" in capsys.readouterr().out           # one solver: the table as before
    (score,) = read_csv(out / "summary.csv")
    assert float(score["par2"]) == pytest.approx(2 * 0.5 * len(entries))
    assert (score["solved"], score["wrong"], score["failed"], float(score["time_limit_s"])) == ("0", "0", "9", 0.5)
    rows = read_csv(out / "results.csv")
    assert {(r["verdict"], r["status"], r["answer"], r["cpu_s"], r["memory_mb"]) for r in rows} == \
           {(check.TIMEOUT, "none", "", "", "")}                           # killed: no CPU or memory figure


def test_verdicts_come_in_file_order_whatever_order_runs_finish_in(small_suite):
    """An executor that hands the runs back last first: the verdicts still come in
    file order x solver order, each judged against its own file."""
    folder, entries = small_suite
    solvers = [check.Solver(name, [name, "{}"]) for name in ("a", "b", "c")]

    def backwards(argvs, time_limit, memory_mb, group):
        for k in reversed(range(len(argvs))):
            yield k, runner.Run(argvs[k], 0.01 * k, 20, "s UNSATISFIABLE\n", "")

    checked = check.check_many(folder, solvers, 1.0, execute=backwards)
    assert [(v.file, v.solver) for v in checked.verdicts] == [(e["file"], s.name) for e in entries for s in solvers]
    for v, entry in zip(checked.verdicts, [e for e in entries for _ in solvers]):
        assert v.verdict == (check.CORRECT if entry["expected"] == "UNSAT" else check.WRONG_UNSAT)
    assert [v.file for v in checked.by_solver["b"]] == [e["file"] for e in entries]


def test_solver_lists_are_checked_before_any_run(small_suite, tmp_path, capsys):
    folder, _ = small_suite
    assert cli.main(["check-solver", str(folder), "--solver", MINISAT, "--solver", MINISAT]) == 2
    err = capsys.readouterr().err
    assert f"--solver {MINISAT} is given twice" in err and err.count("\n") == 1
    assert cli.main(["check-solver", str(folder)]) == 2
    assert "give either --solver NAME or '-- COMMAND" in capsys.readouterr().err
    (tmp_path / "file").write_text("not a folder")
    assert cli.main(["check-solver", str(folder), "--solver", MINISAT, "--report", str(tmp_path / "file")]) == 2
    err = capsys.readouterr().err
    assert "file: exists and is not a folder" in err and err.count("\n") == 1
    assert (tmp_path / "file").read_text() == "not a folder"


# -- the report files ------------------------------------------------------------------
def made_up_check(small_suite, time_limit=2.0) -> check.Checked:
    """A check of two solvers with verdicts written by hand (no solver runs)."""
    folder, entries = small_suite
    solvers = [check.Solver("fast", ["fast"]), check.Solver("liar", ["liar"])]
    verdicts = []
    for i, e in enumerate(entries):
        verdicts.append(check.Verdict(e["file"], check.CORRECT, "", 0.25 + i / 100, e["expected"], "fast", 0.2, 5.0))
        kind = [check.CORRECT, check.WRONG_COUNT, check.TIMEOUT][i % 3]
        verdicts.append(check.Verdict(e["file"], kind, "", time_limit if kind == check.TIMEOUT else 1.0,
                                      "" if kind == check.TIMEOUT else "7", "liar"))
    return check.Checked(folder, entries, solvers, verdicts, time_limit, 4096)


def test_par2_and_counts_by_hand(small_suite):
    fast, liar = report.scores(made_up_check(small_suite))
    assert fast["par2"] == pytest.approx(sum(0.25 + i / 100 for i in range(9)))
    # liar: 3 right in 1.0 s, 3 wrong and 3 timeouts at 2 x 2.0 s each
    assert liar["par2"] == pytest.approx(3 * 1.0 + 6 * 2 * 2.0)
    assert (liar["solved"], liar["wrong"], liar["failed"]) == (3, 3, 3)


def test_cactus_plot_is_an_svg(small_suite, tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install 'polycnf[report]')")
    written = report.write(tmp_path / "r", made_up_check(small_suite))
    assert written.note is None and written.files[-1] == "cactus.svg"
    svg = (tmp_path / "r" / "cactus.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert "instances solved correctly" in svg and "fast (9 of 9)" in svg and "liar (3 of 9)" in svg


def test_without_matplotlib_the_tables_are_written_and_a_note_names_the_extra(small_suite, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)         # import matplotlib fails
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "cactus.svg").write_text("<svg>an older run's</svg>")
    written = report.write(tmp_path / "r", made_up_check(small_suite))
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == ["results.csv", "results.json", "summary.csv"]
    assert 'pip install "polycnf[report]"' in written.note and "\n" not in written.note
    assert written.files == ["results.csv", "results.json", "summary.csv"]


def test_a_report_that_cannot_be_written_leaves_nothing(small_suite, tmp_path):
    out = tmp_path / "r"
    out.mkdir()
    (out / "summary.csv").mkdir()                               # a folder where a file must go
    with pytest.raises(report.InputError, match="is a folder, not a file"):
        report.write(out, made_up_check(small_suite))
    assert [p.name for p in out.iterdir()] == ["summary.csv"]


# -- the runner's measurements -------------------------------------------------------------
def test_memory_is_the_solvers_own_not_polycnfs():
    """A solver forked straight from a big process would report that process's pages:
    the launcher keeps the figure to the solver's own."""
    ballast = b"x" * (150 * 2 ** 20)                              # 150 MB resident here
    small = runner.run([sys.executable, "-S", "-c", "pass"], 60)
    big = runner.run([sys.executable, "-S", "-c", "b = b'x' * (200 * 2 ** 20)"], 60)
    assert len(ballast) and small.returncode == 0 and big.returncode == 0
    assert small.memory_mb < 100 <= 200 <= big.memory_mb
    assert small.cpu is not None and big.cpu >= small.cpu


def test_a_stopped_group_kills_what_starts_in_it():
    group = runner.Group()
    group.stop()
    run = runner.run(["sleep", "600"], 600, group=group)        # killed at once, not after 600 s
    assert run.signalled and not run.timed_out


def test_the_certified_column_names_each_kind_of_answer():
    # a t4 plan at its bound is certified SAT with no count: the report says SAT, not "None"
    assert report.certified({"expected": "SAT", "count": None}) == "SAT"
    assert report.certified({"expected": "UNSAT", "count": 0}) == "UNSAT"
    assert report.certified({"expected": "SAT", "count": 18}) == "18"
