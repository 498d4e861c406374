"""Solvers side by side on a certified suite: verdicts and times, per file and in total.

Writes a small suite (default: boards of at most 25 cells) into a temporary
folder, then runs each named solver (default: cadical, minisat, d4, ganak)
through the harness with the same time and memory limit, and prints one
table: a row per file, a column per solver (verdict and seconds), then the
number of correct answers and the total time of each solver, and each total
as a ratio to the first solver's.  Solvers that are not installed are left out.

    nice python bench/bench_harness.py [--max-cells 25] [--limit 20] [--solvers cadical,minisat,d4,ganak]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from polycnf.harness import check, suite
from polycnf.solvers import adapters
from polycnf.solvers.errors import BackendError


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-cells", type=int, default=25)
    p.add_argument("--families", default="tiling,hexmatch,t4")
    p.add_argument("--limit", type=float, default=20.0, help="seconds per file and solver")
    p.add_argument("--solvers", default="cadical,minisat,d4,ganak")
    args = p.parse_args()
    names = []
    for name in args.solvers.split(","):
        try:
            adapters.adapter(name)
            names.append(name)
        except BackendError as e:
            print(f"(left out: {e})")
    with tempfile.TemporaryDirectory(prefix="bench-harness-") as tmp:
        folder = Path(tmp) / "suite"
        manifest = suite.write(folder, args.families.split(","), args.max_cells)
        entries = manifest["instances"]
        print(f"suite: {len(entries)} files, written in {manifest['seconds']} s")
        results = {}
        for name in names:
            a = adapters.adapter(name)
            results[name] = check.check(folder, a.command, args.limit, 4096, a.epsilon, delta=a.delta)
    width = max(len(e["file"]) for e in entries)
    print(f"{'file':<{width}} {'count':>16} " + " ".join(f"{n:>22}" for n in names))
    for i, e in enumerate(entries):
        cells = [f"{results[n][i].verdict} {results[n][i].seconds:7.2f}s" for n in names]
        print(f"{e['file']:<{width}} {e['count']:>16,} " + " ".join(f"{c:>22}" for c in cells))
    totals = {n: sum(v.seconds for v in results[n]) for n in names}
    correct = {n: sum(v.verdict == check.CORRECT for v in results[n]) for n in names}
    print(f"{'correct':<{width}} {'':>16} " + " ".join(f"{f'{correct[n]}/{len(entries)}':>22}" for n in names))
    print(f"{'total seconds':<{width}} {'':>16} " + " ".join(f"{totals[n]:>22.2f}" for n in names))
    if names:
        base = totals[names[0]] or 1e-9
        print(f"{'ratio to ' + names[0]:<{width}} {'':>16} "
              + " ".join(f"{totals[n] / base:>22.2f}" for n in names))


if __name__ == "__main__":
    main()
