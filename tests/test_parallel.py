"""Counts by cubes on Dask: a real LocalCluster of 2 workers, a
separately started scheduler and worker, a worker killed mid-run.

Every expected count is the instance's trusted count (its source is in the
instance file or encoders/t4/instance.py, and in docs/references.md) and also the
single-process count by the same method, which does not split.
"""

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import redirect_stdout
from fractions import Fraction
from functools import partial
from pathlib import Path

import cloudpickle
import pytest

from polycnf import api, cli
from polycnf.api import localcluster, parallel
from polycnf.api.counting import PartialCount
from polycnf.api.cubes import cubes_for
from polycnf.api.localcluster import Workers
from polycnf.encoders import catalog
from polycnf.encoders.core.cubes import Cube

cloudpickle.register_pickle_by_value(sys.modules[__name__])   # workers cannot import tests/

TILINGS = [("tetrahex-7x4", False), ("tetrahex-7x4", True), ("trigs-hexagon", False), ("tritrig-heart", True),
           pytest.param("pentomino-8x8-centre", True, marks=pytest.mark.slow),
           pytest.param("pentomino-8x8-centre", False, marks=pytest.mark.slow),
           pytest.param("pentomino-3x20", False, marks=pytest.mark.slow)]
T4 = ["t4-all", "t4-full", "t4-l12", "t4-l12-only", "t4-trivial"]


@pytest.fixture(scope="module")
def client():
    with Workers(jobs=2) as workers:
        yield workers.client()


def single_process(instance, method, unique=False):
    return api.count(instance, method, unique, jobs=1).count


def trusted(instance, unique):
    return instance.expected.unique if unique else instance.expected.raw


@pytest.mark.parametrize("name,unique", TILINGS)
def test_tilings_by_cubes_on_two_workers(client, name, unique):
    inst = catalog.load(name)
    cubes = cubes_for(inst, "dlx", unique)
    assert len(cubes) > 1
    n = parallel.run(cubes, client)
    assert n == trusted(inst, unique) == single_process(inst, "dlx", unique)


@pytest.mark.parametrize("name", T4)
def test_t4_by_frontier_cubes_on_two_workers(client, name):
    inst = catalog.load(name)
    cubes = cubes_for(inst, "direct")
    assert len(cubes) > 1
    assert parallel.run(cubes, client) == trusted(inst, False) == single_process(inst, "direct")


def test_t4_by_cnf_cubes_on_two_workers(client):
    inst = catalog.load("t4-trivial")
    cubes = cubes_for(inst, "ganak")
    assert len(cubes) == 4           # cube-and-conquer on 2 shown variables
    assert parallel.run(cubes, client) == trusted(inst, False) == single_process(inst, "ganak")


def test_each_case_equals_its_cover_cubes(client):
    """Each symmetry case counted whole by CNF enumeration (`count --cube`) equals
    the sum of its exact-cover sub-cubes counted by DLX on the workers."""
    inst = catalog.load("tetrahex-7x4")
    dlx_cubes = cubes_for(inst, "dlx")
    assert len(dlx_cubes) > len(inst.cases())
    raw = 0
    for case in cubes_for(inst, "enumerate"):
        parts = [c for c in dlx_cubes if c.label.startswith(case.label + " / ")]
        code, out = run_cli(["count", inst.name, "--method", "enumerate", "--cube", case.label, "--json"])
        got = json.loads(out)
        assert code == 0 and got["cube"] == case.label
        assert got["count"] == sum(f.result() for f in client.map(parallel.run_cube, parts, pure=False))
        raw += case.weight * got["count"]
    assert raw == 18                # Polyform Puzzler (instance file)


# -- failures -------------------------------------------------------------------------
def die_once(marker: str, task):
    """Kill this worker process the first time; count normally afterwards."""
    if not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(1)
    return task()


def fail_once(marker: str, task):
    if not os.path.exists(marker):
        Path(marker).write_text("failed")
        raise RuntimeError("a transient failure")
    return task()


def always_fails():
    raise RuntimeError("this cube never works")


def test_a_killed_worker_does_not_change_the_count(client, tmp_path):
    inst = catalog.load("tetrahex-7x4")
    cubes = cubes_for(inst, "dlx")
    victim = len(cubes) // 2
    marker = str(tmp_path / "killed")
    cubes[victim] = Cube(cubes[victim].label, partial(die_once, marker, cubes[victim].task),
                         cubes[victim].weight)
    before = set(client.run(os.getpid).values())
    assert parallel.run(cubes, client) == 18       # Polyform Puzzler (instance file)
    assert int(Path(marker).read_text()) in before  # a worker really died mid-run
    client.wait_for_workers(2)


def test_a_cube_that_raises_is_retried_once(client, tmp_path):
    inst = catalog.load("t4-full")
    cubes = cubes_for(inst, "direct")
    cubes[3] = Cube(cubes[3].label, partial(fail_once, str(tmp_path / "m"), cubes[3].task))
    assert parallel.run(cubes, client) == 11_071_306          # Mäsak 2012
    assert parallel.run(cubes_for(inst, "direct"), None) == 11_071_306


@pytest.mark.parametrize("on_workers", [True, False])
def test_a_cube_that_fails_twice_is_reported_by_label(client, on_workers):
    cubes = [Cube("fine", partial(int, 3)), Cube("broken piece", always_fails)]
    with pytest.raises(parallel.CubeFailed, match="cube 'broken piece' failed 2 times: "
                       "RuntimeError: this cube never works"):
        parallel.run(cubes, client if on_workers else None)


def interrupt():
    raise KeyboardInterrupt


def test_ctrl_c_gives_a_marked_partial_sum():
    cubes = [Cube("a", partial(int, 7), Fraction(1, 2)), Cube("b", partial(int, 5), 2),
             Cube("c", interrupt), Cube("d", partial(int, 1))]
    with pytest.raises(parallel.Interrupted) as caught:
        parallel.run(cubes, None)
    assert (caught.value.partial, caught.value.done, caught.value.cubes) == (Fraction(27, 2), 2, 4)
    result = PartialCount("x", "dlx", False, 0.5, caught.value.partial, caught.value.done, caught.value.cubes)
    assert str(result).startswith("PARTIAL (interrupted): 27/2 from 2 of 4 cubes") and result.exit_code == 130
    assert {k: result.as_json()[k] for k in ("partial", "sum", "cubes_done", "cubes")} == \
        {"partial": True, "sum": "27/2", "cubes_done": 2, "cubes": 4}


def test_an_interrupted_count_is_a_partial_result(monkeypatch):
    """api.count returns the partial sum as a result (exit code 130), not an exception."""
    import polycnf
    from polycnf.api import cubes as cube_module
    cubes = [Cube("a", partial(int, 7)), Cube("b", interrupt)]
    monkeypatch.setattr(cube_module, "cubes_for", lambda *a, **k: cubes)
    result = polycnf.count("tetrahex-7x4", method="dlx", jobs=2)
    assert isinstance(result, PartialCount) and (result.partial, result.done, result.cubes) == (7, 1, 2)


# -- the command line -------------------------------------------------------------------
def run_cli(argv):
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(argv)
    return code, out.getvalue()


def test_count_with_jobs_2():
    code, out = run_cli(["count", "t4-l12", "--method", "direct", "--jobs", "2", "--json"])
    assert code == 0
    assert json.loads(out)["count"] == 573_538_221_334     # Mäsak 2012


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def scheduler(tmp_path):
    """`dask scheduler` and one `dask worker`, separate processes on 127.0.0.1."""
    dask = str(Path(sys.executable).with_name("dask"))
    address = f"tcp://127.0.0.1:{free_port()}"
    env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="False")
    log = open(tmp_path / "dask.log", "w")
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                               "--no-dashboard"], stdout=log, stderr=log, env=env, start_new_session=True)]
    time.sleep(1.0)
    procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                   "--no-dashboard"], stdout=log, stderr=log, env=env, start_new_session=True))
    try:
        from distributed import Client
        with Client(address, timeout="30s") as c:
            c.wait_for_workers(1, timeout=30)
        yield address
    finally:
        for p in reversed(procs):       # each its own process group: the worker's nanny and child too
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        log.close()


def test_count_on_a_separately_started_scheduler(scheduler):
    code, out = run_cli(["count", "tetrahex-7x4", "--unique", "--scheduler", scheduler, "--json"])
    assert code == 0
    assert json.loads(out)["count"] == 9           # Polyform Puzzler (instance file)
    code, out = run_cli(["count", "t4-full", "--method", "direct", "--scheduler", scheduler, "--json"])
    assert code == 0
    assert json.loads(out)["count"] == 11_071_306  # Mäsak 2012


def test_unreachable_scheduler_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setattr(localcluster, "CONNECT_TIMEOUT", "1s")
    assert cli.main(["count", "t4-full", "--scheduler", f"tcp://127.0.0.1:{free_port()}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("polycnf: error: cannot reach the Dask scheduler at tcp://127.0.0.1:")


def test_cubes_lists_labels(capsys):
    assert cli.main(["cubes", "t4-full", "--method", "direct"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err.strip() == f"t4-full: {len(lines)} cubes by direct (all weight 1)"
    assert all(line.startswith("1\t") for line in lines)
    assert cli.main(["count", "t4-full", "--method", "direct", "--cube", "no such cube"]) == 2
    assert "no cube labelled 'no such cube'" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_on_the_command_line_prints_the_partial_sum():
    proc = subprocess.Popen([sys.executable, "-m", "polycnf", "count", "pentomino-8x8", "--method", "dlx",
                             "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(15)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert out.startswith("PARTIAL (interrupted): ") and "cubes; not the count" in out


# -- a cluster only when the cubes left are worth one ---------------------------------
def no_cluster():
    raise AssertionError("a cluster was started for a small count")


def test_small_counts_never_start_a_cluster():
    inst = catalog.load("tetrahex-7x4")
    assert parallel.run(cubes_for(inst, "dlx"), None, start=no_cluster) == 18   # Polyform Puzzler


def test_the_rest_goes_to_the_cluster_when_worth_it(client, monkeypatch):
    """With the thresholds at 0, one cube runs here and the rest on the workers."""
    monkeypatch.setattr(parallel, "CLUSTER_WORTH", 0.0)
    inst = catalog.load("tetrahex-7x4")
    cubes = cubes_for(inst, "dlx")
    started = []

    def start():
        started.append(True)
        return client
    assert parallel.run(cubes, None, start=start, local_seconds=0.0) == 18      # Polyform Puzzler
    assert started == [True]


def test_worth_a_cluster():
    assert not parallel._worth_a_cluster(1.0, 10, 1000, 2.0)        # not 2 s of CPU yet
    assert parallel._worth_a_cluster(3.0, 10, 100, 2.0)             # 30 s left
    assert not parallel._worth_a_cluster(3.0, 10, 20, 2.0)          # 6 s left


def test_8x8_counts_by_its_packing_cubes():
    """pentomino-8x8's direct count splits into the 201 (X, I) cubes of
    encoders/packing/cubes.py (raw: orbit sizes; unique: the same / 8)."""
    inst = catalog.load("pentomino-8x8")
    raw, unique = cubes_for(inst, "direct"), cubes_for(inst, "direct", unique=True)
    assert len(raw) == len(unique) == 201
    assert [c.label for c in raw] == [c.label for c in unique]
    assert sum(c.weight for c in raw) == 8 * sum(c.weight for c in unique)
