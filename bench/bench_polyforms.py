"""Free polytrigs of orders 7, 8, 9: the compiled subtree search against the pure-Python one.

Each figure is one fresh child process, measured with os.wait4: wall seconds
and CPU seconds (user + system of the child and every process it waited for:
Dask's nannies and workers).  A row is one order and one --jobs: the cubes of
`polyform_cubes("segment", n, "free", method=...)` summed by the project's
runner (api/parallel.run: cubes start in this process and go to a local Dask
cluster only when the rest look worth over 10 s of CPU), with the pure-Python
search (method="python", the previous code) and the compiled one (numba, the
default); the last columns are compiled / python.  The `polycnf polyforms`
rows are the command a user runs (it counts in one process; it has no --jobs).
The command rows add the peak RSS.
The first rows time the numba compile: a first run on an empty numba cache
(as after `pip install`), then the same run again on the warm cache.
Every count must equal OEIS A159867 (143,660 and 1,101,860 for orders 8 and 9)
where the tests know it, and the two methods must agree.  The machine is
shared: the load average is printed before and after.

Run: nice python bench/bench_polyforms.py [--orders 7,8,9] [--jobs N] [--skip-python 9]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

from bench_parallel import measured     # run as a child: JSON, wall, CPU, peak MB

PUBLISHED = {6: 2613, 8: 143_660, 9: 1_101_860}      # A159867, as in tests/test_polyform_cubes.py

RUN = """
import json, sys
from polycnf.api import parallel
from polycnf.api.localcluster import Workers
from polycnf.encoders.core.polyforms.count import polyform_cubes
n, method, jobs = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
cubes = polyform_cubes("segment", n, "free", method=method)
with Workers(jobs) as workers:
    count = parallel.run(cubes, None, start=None if workers.local else workers.client)
print(json.dumps({"count": count, "cubes": len(cubes)}))
"""


def by_runner(n: int, method: str, jobs: int) -> dict:
    return measured([sys.executable, "-c", RUN, str(n), method, str(jobs)])


def by_command(n: int, env=None) -> dict:
    return measured([sys.executable, "-m", "polycnf", "polyforms", "segment", str(n), "--json"], env)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def cells(r: dict | None) -> str:
    return f"{'-':>7} {'-':>7}" if r is None else f"{r['wall']:>7.2f} {r['cpu']:>7.2f}"


def ratios(new: dict, old: dict | None) -> str:
    if old is None:
        return f"{'-':>6} {'-':>6}"
    return f"{new['wall'] / old['wall']:>6.3f} {new['cpu'] / old['cpu']:>6.3f}"


def exact(n: int, *results) -> str:
    counts = {r["count"] for r in results if r is not None}
    if len(counts) != 1:
        return f"DIFFER {sorted(counts)}"
    count = counts.pop()
    if n in PUBLISHED:
        return f"{count:,} {'= A159867' if count == PUBLISHED[n] else 'WRONG (A159867: %d)' % PUBLISHED[n]}"
    return f"{count:,} (methods agree)"


def main() -> None:
    from polycnf.api.localcluster import default_jobs

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--orders", default="7,8,9", help="comma-separated orders (default 7,8,9)")
    p.add_argument("--jobs", type=int, default=default_jobs(), help="the many-jobs column (default: the "
                   "default jobs, $POLYCNF_JOBS or the cores)")
    p.add_argument("--skip-python", type=int, default=None, metavar="N",
                   help="leave out the pure-Python runs of order N and up (order 9: about 80 s CPU each)")
    a = p.parse_args()
    orders = [int(n) for n in a.orders.split(",")]

    print(load())
    with tempfile.TemporaryDirectory(prefix="bench-numba-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold, warm = by_command(3, env), by_command(3, env)
    print(f"numba compile: `polycnf polyforms segment 3` on an empty cache {cold['wall']:.2f} s wall, "
          f"{cold['cpu']:.2f} s CPU; again on the warm cache {warm['wall']:.2f} s wall, {warm['cpu']:.2f} s CPU")
    print(f"\n{'free polytrigs':<28} {'python':^15} | {'compiled':^15} | {'compiled/python':^13} | count")
    print(f"{'':<28} {'wall s':>7} {'cpu s':>7} | {'wall s':>7} {'cpu s':>7} | {'wall':>6} {'cpu':>6} |")
    for n in orders:
        for jobs in dict.fromkeys((1, a.jobs)):
            python = None if a.skip_python is not None and n >= a.skip_python else by_runner(n, "python", jobs)
            compiled = by_runner(n, "compiled", jobs)
            label = f"order {n}, --jobs {jobs} ({compiled['cubes']} cubes)"
            print(f"{label:<28} {cells(python)} | {cells(compiled)} | {ratios(compiled, python)} | "
                  f"{exact(n, python, compiled)}", flush=True)
        command = by_command(n)
        print(f"{f'polycnf polyforms segment {n}':<28} {cells(None)} | {cells(command)} | {ratios(command, None)} | "
              f"{exact(n, command)}, peak {command['mb']:.0f} MB", flush=True)
    print(load())


if __name__ == "__main__":
    main()
