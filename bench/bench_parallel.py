"""Counts by cubes: `--jobs 1` against `--jobs 2`, side by side in one run.

Each row runs in a fresh child process (so peak memory is its own): the
count's cubes (api/cubes.py) run in that process for jobs 1, on a Dask
LocalCluster of 2 worker processes for jobs 2 (cluster start-up included).
Printed: seconds, the ratio jobs1/jobs2 (2 is the goal on 2 cores), peak RSS
of the main process and of the largest worker, and whether both counts equal
the instance's trusted count.

Run: nice python bench/bench_parallel.py [--with-8x8]
(pentomino-8x8 by the packing DP is one cube until the DP splits: ~400 s each.)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROWS = [("pentomino-6x10", "dlx", False), ("pentomino-6x10", "dlx", True),
        ("pentomino-8x8-centre", "dlx", False)]
BIG = [("pentomino-8x8", "direct", False)]


def one(name: str, method: str, unique: bool, jobs: int) -> dict:
    """Count in this process (the child); returns the measurements."""
    from polycnf.api import parallel
    from polycnf.api.cubes import cubes_for
    from polycnf.api.localcluster import Workers
    from polycnf.encoders import catalog

    start = time.perf_counter()
    inst = catalog.load(name)
    with Workers(jobs) as workers:
        cubes = cubes_for(inst, method, unique)
        client = workers.client()
        n = parallel.run(cubes, client)
        worker_kb = max(client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss).values()) \
            if client is not None else 0
    expected = inst.expected.unique if unique else inst.expected.raw
    return {"count": n, "ok": n == expected, "cubes": len(cubes), "seconds": time.perf_counter() - start,
            "main_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "worker_mb": worker_kb / 1024}


def measure(name, method, unique, jobs) -> dict:
    out = subprocess.run([sys.executable, __file__, "--one", name, method,
                          str(int(unique)), str(jobs)], capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--with-8x8", action="store_true", help="also pentomino-8x8 anywhere (slow)")
    p.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.one:
        name, method, unique, jobs = a.one
        print(json.dumps(one(name, method, unique == "1", int(jobs))))
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (other users slow jobs 2 down)")
    print(f"{'count':<34} {'cubes':>5} {'jobs 1 s':>9} {'jobs 2 s':>9} {'ratio':>6} "
          f"{'MB main 1/2':>12} {'MB worker':>9}  exact")
    for name, method, unique in ROWS + (BIG if a.with_8x8 else []):
        r1, r2 = measure(name, method, unique, 1), measure(name, method, unique, 2)
        label = f"{name}{' --unique' if unique else ''} ({method})"
        print(f"{label:<34} {r1['cubes']:>5} {r1['seconds']:>9.2f} {r2['seconds']:>9.2f} "
              f"{r1['seconds'] / r2['seconds']:>6.2f} {r1['main_mb']:>5.0f}/{r2['main_mb']:<6.0f} "
              f"{r2['worker_mb']:>9.0f}  {r1['ok'] and r2['ok'] and r1['count'] == r2['count']}", flush=True)


if __name__ == "__main__":
    main()
