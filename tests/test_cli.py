"""The command line end to end: JSON output, DIMACS round trip, validation, errors."""

import json
import shutil

import pytest

import polycnf
from polycnf import cli
from polycnf.encoders.core.cnf import read_dimacs
from polycnf.solvers import ganak


def run(capsys, *argv):
    """Run polycnf in-process; returns (exit code, stdout, stderr)."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 1, "exactly one JSON object on stdout"
    return json.loads(lines[0])


def test_count_json_has_the_promised_keys(capsys):
    result = run_json(capsys, "count", "t4-trivial")
    assert result["count"] == 7_767_954_496          # Mäsak 2012, published
    assert result["instance"] == "t4-trivial" and result["method"] == "ganak"
    assert isinstance(result["seconds"], float) and result["matches"] is True


def test_count_prints_the_number_first(capsys):
    code, out, _ = run(capsys, "count", "t4-l12-only", "--method", "direct")
    assert code == 0 and out.splitlines()[0] == "375873151406"  # Mäsak 2012, published


@pytest.mark.parametrize("encoding, header", [(None, "c t mc"), ("totalizer", "c t pmc")])
def test_encode_round_trips_through_pysat_and_ganak(capsys, tmp_path, encoding, header):
    out = tmp_path / "t4.cnf"
    argv = ["encode", "t4-trivial", "-o", str(out)] + (["--encoding", encoding] if encoding else [])
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    lines = out.read_text().splitlines()
    assert lines[0] == header
    assert any("expected count: 7767954496" in l for l in lines)
    assert any(l.startswith("c p show") for l in lines) == (header == "c t pmc")
    nvars, clauses, show, _ = read_dimacs(out)
    from pysat.formula import CNF
    assert CNF(from_file=str(out)).clauses == clauses
    mapping = json.loads((tmp_path / "t4.cnf.map.json").read_text())
    assert mapping["instance"] == "t4-trivial" and len(mapping["show"]) == len(show or range(nvars))
    n = ganak.count(clauses, nvars, show or range(1, nvars + 1))
    assert n == 7_767_954_496                                           # Mäsak 2012
    assert run_json(capsys, "count", str(out))["count"] == n            # the file as an instance


def test_solve_decodes_and_checks(capsys):
    result = run_json(capsys, "solve", "t4-l12", "-n", "3")
    assert result["found"] == 3 and not result["complete"]
    for config in result["solutions"]:
        assert any(p["groove"] == "l" and p["first"] == 1 and p["length"] == 2 for p in config)


def test_solve_draws_pictures(capsys):
    code, out, _ = run(capsys, "solve", "t4-l12", "-n", "2", "--color", "never")
    assert code == 0 and "solution 2:" in out and "AA--AA" in out


def test_validate_agrees_on_t4(capsys):
    code, out, _ = run(capsys, "validate", "t4-trivial", "--time-limit", "5", "--json")
    result = json.loads(out)
    assert code == 0 and result["agree"]
    counted = {r["method"]: r["count"] for r in result["methods"] if r["count"] is not None}
    assert counted["ganak"] == counted["direct"] == 7_767_954_496


@pytest.mark.skipif(not shutil.which("cadical"), reason="Debian's cadical is not installed")
def test_validate_checks_an_external_solver_model(capsys):
    code, out, _ = run(capsys, "validate", "t4-full", "--time-limit", "8", "--json")
    rows = {r["method"]: r for r in json.loads(out)["methods"]}
    assert rows["cadical (external)"]["ok"] is True


def test_list_names_the_t4_questions(capsys):
    result = run_json(capsys, "list")
    names = {r["instance"]: r for r in result["instances"]}
    assert names["t4-all"]["raw"] == 4_783_154_184_978 and "Mäsak" in names["t4-all"]["source"]
    assert "docs/references.md" in names["t4-all"]["source"]


def test_show_reports_the_formula(capsys):
    result = run_json(capsys, "show", "t4-full")
    # the board as the t4 write-up describes it: 38 cells, 23 grooves of lengths 2 to 7; and 159
    # possible pieces (runs of 2 or 3 cells along a groove), the placement variables of a pairwise CNF
    assert result["cells"] == 38 and result["grooves"].startswith("23 ") and result["placements"] == 159
    assert sum(result["groups"].values()) == result["clauses"] > 0       # every clause in one labelled group
    assert 0 < result["shown_variables"] <= result["variables"]


@pytest.mark.parametrize("argv, message", [
    (["count", "no-such-puzzle"], "polycnf: error: unknown instance 'no-such-puzzle' (see 'polycnf list'"),
    (["solve", "t4-l12", "--solver", "zchaff"], "polycnf: error: unknown solver 'zchaff' (choose from:"),
    (["count", "t4-l12", "--encoding", "magic"], "polycnf: error: unknown encoding 'magic' for t4"),
    (["count", "missing.toml"], "polycnf: error: missing.toml: no such file"),
    (["encode", "t4-l12", "-o", "/nonexistent-dir/x.cnf"], "polycnf: error: /nonexistent-dir/x.cnf: cannot write"),
    (["solve", "t4-l12", "--svg", "x.svg"], "polycnf: error: t4-l12: the t4 family draws no SVG"),
    (["polyforms", "cube", "3"], "polycnf: error: unknown grid 'cube' (choose from: square, hex"),
    (["count", "t4-l12", "--method", "dlx"], "polycnf: error: dlx: t4-l12 is not an exact-cover problem"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_bad_usage_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["count"])
    assert e.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_malformed_cnf_names_file_and_line(capsys, tmp_path):
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 two 0\n")
    code, _, err = run(capsys, "count", str(bad))
    assert code == 2 and err == f"polycnf: error: {bad}:2: not an integer in '1 two 0'\n"


def test_failed_encode_leaves_no_partial_files(capsys, tmp_path):
    out = tmp_path / "ok.cnf"
    code, _, err = run(capsys, "encode", "t4-l12", "-o", str(out), "--map", "/nonexistent-dir/m.json")
    assert code == 2 and "cannot write" in err
    assert list(tmp_path.iterdir()) == []


def test_json_stdout_stays_clean_of_native_counter_output():
    """Ganak prints progress on the C level; `--json` must still be one object."""
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "polycnf", "count", "tetrahex-7x4", "--unique",
                          "--method", "ganak", "--json"], capture_output=True, text=True,
                         cwd=__file__.rsplit("/tests/", 1)[0], timeout=300)
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.splitlines()) == 1
    assert json.loads(run.stdout)["count"] == 9          # Polyform Puzzler (Goodger), docs/references.md


HAND_WRITTEN = '''
name = "tetrominoes-4x5"
description = "the 5 tetrominoes in a 4x5 rectangle (no solution: the T breaks the colouring)"
grid = "square"
board = """
.....
.....
.....
.....
"""
pieces = "tetrominoes"
'''

L_TROMINOES = '''
name = "l-trominoes-3x4"
grid = "square"
board = """
....
....
....
"""
[pieces]
A = [[0, 0], [1, 0], [1, 1]]
B = [[0, 0], [1, 0], [1, 1]]
C = [[0, 0], [1, 0], [1, 1]]
D = [[0, 0], [1, 0], [1, 1]]
'''


def test_hand_written_toml_through_every_command(capsys, tmp_path):
    """A new board, written by hand: count, solve, encode and validate.
    Four identical L-trominoes tile the 3x4 rectangle in 4 ways (2 up to the
    rectangle's 4 symmetries); PySAT enumeration, DLX and Ganak must agree."""
    path = tmp_path / "l3x4.toml"
    path.write_text(L_TROMINOES)
    assert run_json(capsys, "count", str(path))["count"] == 4
    assert run_json(capsys, "count", str(path), "--unique")["count"] == 2
    assert run_json(capsys, "count", str(path), "--method", "ganak")["count"] == 4
    solved = run_json(capsys, "solve", str(path), "--all")
    assert solved["found"] == 4 and solved["complete"] and solved["distinct"] == 2
    out = tmp_path / "l3x4.cnf"
    run_json(capsys, "encode", str(path), "-o", str(out))
    assert run_json(capsys, "count", str(out))["count"] == 4
    code, text, _ = run(capsys, "validate", str(path), "--time-limit", "10", "--json")
    rows = {r["method"]: r["count"] for r in json.loads(text)["methods"]}
    assert code == 0 and rows["enumerate"] == rows["dlx"] == rows["ganak"] == 4


def test_hand_written_unsolvable_board(capsys, tmp_path):
    path = tmp_path / "t4x5.toml"
    path.write_text(HAND_WRITTEN)
    assert run_json(capsys, "count", str(path))["count"] == 0
    code, out, _ = run(capsys, "solve", str(path))
    assert code == 0 and "no solution: the instance is unsatisfiable" in out


def test_generated_radius_6_puzzle_round_trips_through_dimacs(capsys, tmp_path):
    """generate -> instance file + DIMACS; the DIMACS read back is solved, its
    model decoded through the instance file's own formula and checked."""
    from pysat.solvers import Solver
    toml, cnf = tmp_path / "g6.toml", tmp_path / "g6.cnf"
    made = run_json(capsys, "generate", "hexmatch", "--radius", "6", "--labels", "2", "--seed", "11",
                    "-o", str(toml), "--cnf", str(cnf))
    assert made["radius"] == 6
    nvars, clauses, show, _ = read_dimacs(cnf)
    instance = polycnf.load(str(toml))
    formula = instance.formula()
    assert (nvars, clauses, show) == (formula.nvars, formula.clauses, formula.show_vars)
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        assert s.solve()
        solution = instance.decode(formula.decode(s.get_model()))
    instance.check(solution)
    assert len(solution) == 127                       # 3 r (r + 1) + 1 cells
