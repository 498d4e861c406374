"""Counts on all cores: `--jobs 1` against `--jobs 2`, side by side in one run.

Each figure is one `python -m polycnf count ... --json` run as a fresh child
process, measured with os.wait4: wall seconds, CPU seconds (user + system of
the child and every process it waited for: Dask's nannies and workers), and
peak RSS of the largest single process in that tree.  `--jobs 1` counts in one
process; `--jobs 2` starts in this process and sends what is left after
api/parallel.LOCAL_SECONDS to a LocalCluster of 2 workers (start-up included);
a dlx count estimated below api/parallel.SPLIT_WORTH is not split at all, and
Ganak counts run whole.  Each figure is the median of --repeats runs, the two
settings taking turns; a wall ratio below RATIO_FLOOR is marked SLOWER, and the
CPU ratio beside it shows whether that is the count or the machine's load.
The last row puts the single-process DP over the 6 X orbits (what `count
pentomino-8x8` ran before counts were split into cubes, today's DP code) against the default count.
Every count must equal the instance's trusted count.  The machine is shared:
the load average is printed before and after.

Run: nice python bench/bench_parallel.py [--skip-8x8] [--skip-old] [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

ROWS = [("pentomino-8x8", False), ("pentomino-6x10", False), ("pentomino-6x10", True),
        ("pentomino-8x8-centre", False), ("pentomino-3x20", False), ("tetrahex-7x4", False),
        ("hexagon-bugs", False), ("t4-full", False), ("t4-l12", False), ("t4-all", False),
        ("palago-12", True), ("palago-16", False)]
#: the default jobs must not make a count slower than --jobs 1 by more than this
RATIO_FLOOR = 0.95
OLD_DP = ("from polycnf.encoders.packing import direct as pd; import json; "
          "print(json.dumps({'count': pd.count_packings(split='x-orbits')}))")


def measured(argv: list[str], env=None) -> dict:
    """Run argv as a child; its JSON output plus wall, cpu, peak MB of its tree."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    result = json.loads(out.strip().splitlines()[-1])
    result.update(wall=wall, cpu=usage.ru_utime + usage.ru_stime, mb=usage.ru_maxrss / 1024)
    return result


def argv_for(name: str, unique: bool, jobs: int | None) -> list[str]:
    argv = [sys.executable, "-m", "polycnf", "count", name, "--json"]
    argv += ["--unique"] if unique else []
    return argv + (["--jobs", str(jobs)] if jobs else [])


def medians(argvs: list[list[str]], repeats: int = 1) -> list[dict]:
    """For each argv, the run with the median wall time of `repeats` runs
    (second-long counts are noisy).  The argvs take turns, run after run, so
    a change in the shared machine's load falls on all of them alike."""
    runs = [[] for _ in argvs]
    for _ in range(repeats):
        for argv, done in zip(argvs, runs):
            done.append(measured(argv))
    return [sorted(done, key=lambda r: r["wall"])[len(done) // 2] for done in runs]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def line(label, a, b, ok) -> str:
    ratio, cpu = a['wall'] / b['wall'], a['cpu'] / b['cpu']
    return (f"{label:<30} {a['wall']:>7.1f} {a['cpu']:>7.1f} {a['mb']:>6.0f} | {b['wall']:>7.1f} "
            f"{b['cpu']:>7.1f} {b['mb']:>6.0f} | {ratio:>5.2f} {cpu:>5.2f}  {ok}"
            f"{'  SLOWER' if ratio < RATIO_FLOOR else ''}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--skip-8x8", action="store_true", help="leave out pentomino-8x8 (the slow rows)")
    p.add_argument("--skip-old", action="store_true", help="leave out the old single-process DP")
    p.add_argument("--repeats", type=int, default=3, help="runs per figure, --jobs 1 and 2 taking turns, "
                   "the median kept (default 3; the 8x8 rows run once)")
    a = p.parse_args()
    from polycnf.encoders import catalog

    print(load())
    print(f"{'count (method)':<30} {'wall s':>7} {'cpu s':>7} {'MB':>6} | {'wall s':>7} {'cpu s':>7} "
          f"{'MB':>6} | ratio  cpu   exact")
    print(f"{'':<30} {'--jobs 1':^22} | {'--jobs 2':^22} | wall 1/2, cpu 1/2")
    new_8x8 = None
    for name, unique in ROWS:
        if a.skip_8x8 and name == "pentomino-8x8":
            continue
        inst = catalog.load(name)
        want = inst.expected.unique if unique else inst.expected.raw
        repeats = 1 if name == "pentomino-8x8" else a.repeats
        r1, r2 = medians([argv_for(name, unique, 1), argv_for(name, unique, 2)], repeats)
        if name == "pentomino-8x8":
            new_8x8 = r2
        ok = r1["count"] == r2["count"] == want
        label = f"{name}{' --unique' if unique else ''} ({r1['method']})"
        print(line(label, r1, r2, ok), flush=True)
    if not (a.skip_8x8 or a.skip_old):
        want = catalog.load("pentomino-8x8").expected.raw
        old = measured([sys.executable, "-c", OLD_DP])
        print(f"\n{'pentomino-8x8':<30} {'old: X orbits, 1 process':^22} | {'new default':^22} | old/new")
        print(line("", old, new_8x8, old["count"] == new_8x8["count"] == want), flush=True)
    print(load())


if __name__ == "__main__":
    main()
