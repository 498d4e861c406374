"""Bad input, hostile or merely unlucky, ends in one line and exit code 2:
never a traceback, never a wrong answer, never input silently ignored."""

import json

import pytest

from polycnf import cli

# 13 pieces in the JSON form: longer than a file name may be, and a valid start
HARDEST = ("a1-a2 h1-h2 i3-i4 j4-j5 k4-k5 l1-l2 m4-m5 n2-n4 o2-o3 r4-r5 s4-s5 t3-t4 v1-v2").split()
LONG_CONFIG = json.dumps([{"groove": w[0], "first": int(w[1]), "length": int(w[-1]) - int(w[1]) + 1}
                          for w in HARDEST])


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, message", [
    (["solve", "tetrahex-7x4", "l1-l2"], "'tetrahex-7x4' takes no configuration argument"),
    (["count", "tetrahex-7x4", "--solver", "nosuch"], "unknown solver 'nosuch'"),
    (["validate", "tetrahex-7x4", "--solver", "nosuch"], "unknown solver 'nosuch'"),
    (["cubes", "tetrahex-7x4", "--solver", "nosuch"], "unknown solver 'nosuch'"),
    (["count", "x" * 300], "unknown instance 'xxxxxxxx"),
    (["show", "x" * 300 + ".toml"], "no such file"),
    (["show", "/tmp/" + "y" * 300], "unknown instance"),
    (["count", "palago-\u0663"], "palago-\u0663: the number of tiles must be an integer from 1 to 40"),
    (["show", "/dev/null"], "/dev/null: unknown file type"),
    (["solve", "t4-puzzle", "l1-l2", "--svg", "x.svg"], "the t4-puzzle family draws no SVG"),
    (["t4", "show", "l1-l2\nzz9\nk1-k2"], "configuration 'l1-l2 zz9 k1-k2'"),
    (["solve", "t4-puzzle"], "t4-puzzle needs a configuration"),
])
def test_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("polycnf: error: ") and message in err, err


@pytest.mark.parametrize("argv", [
    ["count", "tetrahex-7x4", "--scheduler", "garbage"],
    ["count", "tetrahex-7x4", "--scheduler", "tcp://host"],
    ["count", "tetrahex-7x4", "--jobs", "\u0663"],
    ["count", "tetrahex-7x4", "--jobs", "0"],
    ["polyforms", "square", "1000000000"],
    ["generate", "t4", "--moves", "1000000", "-o", "x.toml"],
    ["check-solver", "suite", "--solver", "cadical", "--memory-mb", "99999999999999999"],
])
def test_usage_errors_are_one_line(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and err.startswith("polycnf: error: argument "), err


def test_errors_under_json_are_one_json_object(capsys):
    code, out, err = run(capsys, "count", "no-such-instance", "--json")
    assert code == 2 and json.loads(out) == {"error": json.loads(out)["error"], "exit_code": 2}
    assert "unknown instance 'no-such-instance'" in json.loads(out)["error"] and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["validate", "tetrahex-7x4", "--time-limit", "5" * 60, "--json"],      # found by the user-level fuzz run
    ["count", "tetrahex-7x4", "--method", "nosuch", "--json"],
])
def test_usage_errors_under_json_are_one_json_object_too(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and len(out.splitlines()) == 1
    assert json.loads(out) == {"error": err.removeprefix("polycnf: error: ").rstrip("\n"), "exit_code": 2}


def test_a_valid_configuration_longer_than_a_file_name(capsys):
    assert len(LONG_CONFIG.encode()) > 255
    code, out, err = run(capsys, "t4", "show", LONG_CONFIG, "--json")
    assert code == 0, err
    assert json.loads(out)["configuration"] == " ".join(HARDEST)
    code, out, err = run(capsys, "solve", "t4-puzzle", LONG_CONFIG, "--json")
    assert code == 0 and json.loads(out)["moves"] == 26, err     # SAT and BFS agree (tests/test_t4_game.py)


def test_show_and_solve_a_t4_puzzle_file(capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('family = "t4-puzzle"\nrule = "slide"\nmoves = 3\npieces = ["l1-l2", "c4-c6", "k3-k5"]\n')
    code, out, err = run(capsys, "show", str(path), "--json")
    assert code == 0, err
    info = json.loads(out)
    assert info["family"] == "t4-puzzle" and info["pieces"] == 3 and info["variables"] > 0
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert code == 0 and json.loads(out)["moves"] == 3
    code, out, err = run(capsys, "solve", str(path), "--rule", "step")
    assert code == 2 and "is for the slide rule" in err and out == ""
    code, out, err = run(capsys, "count", str(path))
    assert code == 2 and "has nothing to count" in err and out == ""


def test_the_limits_page_states_every_limit():
    """docs/limits.md is what users read: each constant of encoders/core/limits.py is on it."""
    from pathlib import Path

    from polycnf.encoders.core import limits
    page = (Path(__file__).resolve().parent.parent / "docs" / "limits.md").read_text()
    for name in dir(limits):
        if name.startswith("MAX_"):
            value = getattr(limits, name)
            shown = f"{value // 2 ** 20} MB" if name == "MAX_FILE_BYTES" else f"{value:,}"
            assert shown in page, (name, shown)


@pytest.mark.parametrize("text, message", [
    ('grid = "segment"\ncells = [[0, 0, 0], [2147483648, 0, 0]]\npieces = "tritrigs"\n',
     "lies beyond coordinate 1,000"),
    ('grid = "hex"\ncells = [[0, 0], [1000000000, 0]]\npieces = {a = [[0, 0]], b = [[0, 0]]}\n',
     "lies beyond coordinate 1,000"),
    ('grid = "square"\nboard = """\n........\n"""\npieces = "monominoes:1000000000"\n',
     "must be a whole number from 1 to 10,000"),
    ('cards = ["ABCDEF"]\nradius = 40\n', "'radius' must be a whole number from 0 to 10"),
])
def test_sizes_beyond_the_limits_are_refused_before_anything_is_built(capsys, tmp_path, text, message):
    path = tmp_path / "big.toml"
    path.write_text(text)
    code, out, err = run(capsys, "show", str(path))
    assert code == 2 and message in err and err.count("\n") == 1, err


def test_a_dimacs_header_beyond_the_limits_is_refused(capsys, tmp_path):
    path = tmp_path / "big.cnf"
    path.write_text("p cnf 99999999999 1\n1 0\n")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and err == (f"polycnf: error: {path}:1: 'p cnf 99999999999 1' is beyond polycnf's limits "
                                 "(1,000,000 variables, 10,000,000 clauses)\n")


@pytest.mark.parametrize("argv, message", [
    (["solve", "t4-l12", "-n", "2222222222222222222", "--json"], "-n 2,222,222,222,222,222,222: at most 1,000,000"),
    (["solve", "t4-l12", "--all", "--json"], "--all would keep all 573,538,221,334 solutions"),
])
def test_solve_keeps_at_most_a_million_solutions(capsys, argv, message):
    """Found by the user-level fuzz run: -n 10**97 on t4-l12 listed solutions until killed."""
    from polycnf import cli

    assert cli.main(argv) == 2
    out = json.loads(capsys.readouterr().out)
    assert message in out["error"] and out["exit_code"] == 2


def test_solve_all_stops_past_the_limit_when_no_count_is_known(capsys, tmp_path, monkeypatch):
    from polycnf import cli
    from polycnf.api import solving

    monkeypatch.setattr(solving, "MAX_SOLUTIONS", 5)
    path = tmp_path / "free.cnf"
    path.write_text("p cnf 3 0\n")                          # 8 models, no trusted count
    assert cli.main(["solve", str(path), "--all"]) == 2
    err = capsys.readouterr().err
    assert err == f"polycnf: error: {path}: more than 5 solutions, the most one solve keeps; " \
                  "'polycnf count' counts them without keeping them\n"
