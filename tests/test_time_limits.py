"""--time-limit is one limit for the whole command, whatever the method: the
family's own counters, cubes on workers, solving and validation stop at it
with exit code 3 and say so (never "no solution", never a wrong count).

Each command runs as a user runs it: `python -m polycnf` in a fresh process
with the default --jobs (POLYCNF_JOBS unset), so cubes may go to workers.
"""

import json
import os
import subprocess
import sys
import time

import pytest

from polycnf import cli

GRACE = 15.0      # start-up, cluster shutdown and a loaded machine: far below the minutes these take unlimited


def polycnf(*argv, limit):
    env = {k: v for k, v in os.environ.items() if k != "POLYCNF_JOBS"}
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "polycnf", *argv, "--time-limit", str(limit)],
                       capture_output=True, text=True, env=env, timeout=limit + 120)
    return r, time.monotonic() - start


def assert_stopped(r, seconds, limit):
    assert r.returncode == 3, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.splitlines()[-1] == f"polycnf: error: time limit of {limit:g} s reached"
    assert "Traceback" not in r.stderr
    assert seconds < limit + GRACE


@pytest.fixture(scope="module")
def slow_hexmatch(tmp_path_factory):
    """A generated radius-4 card set with 2 labels: its backtracking count takes minutes."""
    path = tmp_path_factory.mktemp("hm") / "hm4.toml"
    assert cli.main(["generate", "hexmatch", "--radius", "4", "--labels", "2", "--seed", "3", "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize("argv", [
    ["count", "pentomino-8x8"],                          # packing DP cubes, on workers after 2 s
    ["count", "palago-30"],                              # the enumerator's cubes
    ["count", "palago-40", "--unique"],
    ["count", "t4-full", "--method", "enumerate"],       # 11 million models, one by one
    ["solve", "palago-40"],                              # building the CNF alone takes longer
])
def test_long_commands_stop_at_the_limit(argv):
    r, seconds = polycnf(*argv, limit=2)
    assert_stopped(r, seconds, 2)


def test_the_family_counter_stops_at_the_limit(slow_hexmatch):
    r, seconds = polycnf("count", str(slow_hexmatch), "--method", "direct", limit=2)
    assert_stopped(r, seconds, 2)


def test_validate_gives_each_method_the_limit(slow_hexmatch):
    r, seconds = polycnf("validate", str(slow_hexmatch), "--json", limit=2)
    result = json.loads(r.stdout)
    notes = {row["method"]: row["note"] for row in result["methods"]}
    assert notes["direct"] == notes["enumerate"] == "time limit of 2 s reached"
    assert seconds < 2 * len(notes) + GRACE
    # nothing counted: exit 3, and stderr says why in one line although stdout holds the JSON
    assert r.returncode == 3
    assert r.stderr.splitlines() == [
        "polycnf: error: nothing counted: every method ran out of time or could not take it"]


def test_json_says_the_limit_was_reached(capsys):
    r, _ = polycnf("count", "palago-30", "--json", limit=2)
    assert r.returncode == 3 and json.loads(r.stdout) == {"error": "time limit of 2 s reached", "exit_code": 3}


def test_a_solve_cut_short_says_so():
    r, _ = polycnf("solve", "palago-40", limit=2)
    assert r.returncode == 3 and "no solution: the instance is unsatisfiable" not in r.stdout


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e309", "1e20", "0", "-1", "soon"])
def test_time_limits_that_are_not_a_duration_are_usage_errors(capsys, value):
    with pytest.raises(SystemExit) as stop:
        cli.main(["count", "tetrahex-7x4", "--time-limit", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and err.startswith("polycnf: error: argument --time-limit")
