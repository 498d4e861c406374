"""Benchmark Palago creature counts: the seed's JavaScript vs the enumerator vs CNF + Ganak.

For each n, in the same run: the seed's second (faster) JavaScript program
under node (free count), polycnf's compiled enumerator (fixed and free
counts of every size up to n in one growth), and the CNF of fixed creatures
counted by Ganak.  The JavaScript and Ganak run with a time limit per n and
are skipped for larger n once they hit it.  Ratios are JavaScript seconds
over the other method's seconds.  Run with `nice`.

    nice python bench/bench_palago.py [--from 10] [--to 20] [--limit SECONDS]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import time
from pathlib import Path

from polycnf.encoders.palago import cnf
from polycnf.encoders.palago import enumerate as enumerator
from polycnf.solvers.child import run_limited
from polycnf.solvers.ganak import count_in_process

SEED = Path("/work/shared/seeds/000_77c913586f5cb858.txt")


def seed_program() -> str | None:
    if shutil.which("node") is None or not SEED.exists():
        return None
    line = next(x for x in SEED.read_text().splitlines() if x.startswith("n=>(E="))
    return "g=" + line + ";console.log(g(N))"


def js_count(code, n, limit):
    start = time.perf_counter()
    try:
        out = subprocess.run(["node", "-e", code.replace("N)", f"{n})")], capture_output=True,
                             text=True, timeout=limit, check=True).stdout
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start
    return int(out), time.perf_counter() - start


def ganak_count(n, limit):
    start = time.perf_counter()
    f = cnf.creature_formula(n)
    try:
        count = run_limited(count_in_process, (f.clauses, f.nvars, f.show_vars), limit, what="ganak")
    except TimeoutError:
        return None, time.perf_counter() - start
    return count, time.perf_counter() - start


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--from", dest="lo", type=int, default=10)
    p.add_argument("--to", dest="hi", type=int, default=20)
    p.add_argument("--limit", type=float, default=60, help="seconds per JavaScript or Ganak count")
    args = p.parse_args()
    enumerator.count(3)                              # compile outside the timings
    code = seed_program()
    if code is None:
        print("node or the seed text is missing: no JavaScript column")
    start = time.perf_counter()
    fixed, free = enumerator.count(args.hi)
    total = time.perf_counter() - start
    print(f"enumerator: every n <= {args.hi} in {total:.2f} s (one growth)")
    print(f"{'n':>3} {'fixed':>10} {'free':>9} {'enum s':>8} {'js free':>8} {'js s':>8} "
          f"{'js/enum':>8} {'ganak fixed':>11} {'ganak s':>8} {'js/ganak':>8}")
    js_on = ganak_on = True
    for n in range(args.lo, args.hi + 1):
        t = time.perf_counter()
        enumerator.count(n)
        enum_s = time.perf_counter() - t
        js, js_s = (None, None)
        if code and js_on:
            js, js_s = js_count(code, n, args.limit)
            js_on = js is not None
        g, g_s = (None, None)
        if ganak_on:
            g, g_s = ganak_count(n, args.limit)
            ganak_on = g is not None

        def show(v, s):
            return (f"{v:>8}" if v is not None else f"{'-':>8}") if s is None or v is not None else f"{'>' + str(int(s)):>8}"
        ratio = f"{js_s / enum_s:8.1f}" if js is not None else f"{'':>8}"
        ratio_g = f"{js_s / g_s:8.2f}" if js is not None and g is not None else f"{'':>8}"
        agree = "" if (js is None or js == free[n]) and (g is None or g == fixed[n]) else "  DISAGREE"
        print(f"{n:>3} {fixed[n]:>10} {free[n]:>9} {enum_s:8.2f} {show(js, js_s)} "
              f"{(f'{js_s:8.2f}' if js_s is not None else f'{chr(45):>8}')} {ratio} "
              f"{(str(g) if g is not None else ('timeout' if g_s else '-')):>11} "
              f"{(f'{g_s:8.2f}' if g_s is not None else f'{chr(45):>8}')} {ratio_g}{agree}", flush=True)


if __name__ == "__main__":
    main()
