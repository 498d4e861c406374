"""How a command ends when the world around it does: stdout promised as JSON on
the default (parallel) path, a closed pipe, a full disk, Ctrl-C or SIGTERM to
the whole process group.  Each runs `python -m polycnf` as a user does, with
the default --jobs (POLYCNF_JOBS unset)."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

ENV = {k: v for k, v in os.environ.items() if k != "POLYCNF_JOBS"}
POLYCNF = [sys.executable, "-m", "polycnf"]


def run(*argv, **kw):
    return subprocess.run([*POLYCNF, *argv], capture_output=True, text=True, env=ENV, timeout=300, **kw)


@pytest.mark.parametrize("argv", [["count", "hexagon-bugs"], ["count", "SMALL"]])
def test_json_on_the_default_path_is_one_object(tmp_path, argv):
    """Ganak counting cubes in this process used to print progress lines before the JSON."""
    small = tmp_path / "small.cnf"
    small.write_text("p cnf 3 2\n1 2 0\n-1 3 0\n")
    r = run(*[str(small) if a == "SMALL" else a for a in argv], "--json")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 1
    json.loads(r.stdout)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_stdout_on_a_full_disk_is_one_line():
    with open("/dev/full", "w") as full:
        r = subprocess.run([*POLYCNF, "list"], stdout=full, stderr=subprocess.PIPE, text=True, env=ENV, timeout=120)
    assert r.returncode == 2
    assert r.stderr == "polycnf: error: cannot write to standard output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_stderr_on_a_full_disk_still_exits_2():
    with open("/dev/full", "w") as full:
        r = subprocess.run([*POLYCNF, "count", "no-such-instance"], stdout=subprocess.PIPE, stderr=full,
                           text=True, env=ENV, timeout=120)
    assert r.returncode == 2 and r.stdout == ""


def test_a_closed_pipe_ends_quietly():
    p = subprocess.Popen([*POLYCNF, "list", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=ENV)
    p.stdout.close()                       # as `| head -c 0` would
    err = p.stderr.read()
    assert p.wait(timeout=120) == 141 and err == ""


def group(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-g", str(pid)], capture_output=True, text=True).stdout.split()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_the_group_gives_one_partial_line(sig):
    """What a terminal's Ctrl-C (or `kill -TERM -PGID`) does while a 2-worker
    cluster starts or runs cubes: one marked PARTIAL line, no traceback,
    nothing left.  The signal goes as soon as the workers' processes appear,
    which on a busy machine is still during the cluster's start (a Ctrl-C
    there used to be lost: the count ran on)."""
    p = subprocess.Popen([*POLYCNF, "count", "pentomino-8x8", "--jobs", "2"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=ENV, start_new_session=True)
    deadline = time.monotonic() + 120
    while len(group(p.pid)) < 3 and time.monotonic() < deadline:   # polycnf and its two workers
        time.sleep(0.1)
    os.killpg(p.pid, sig)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130
    assert out.startswith("PARTIAL (interrupted): ") and out.endswith("cubes; not the count\n")
    assert err == "polycnf: interrupted\n"
    deadline = time.monotonic() + 60                # workers may take a while to go on a loaded machine
    while group(p.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert group(p.pid) == []
