"""Benchmark Palago creature counts: the code-golf challenge's JavaScript vs the enumerator vs the CNF.

Table mode (default), for each n in the same run: the challenge's second (faster)
JavaScript reference program (Kagey 2019, docs/references.md) under node (free
count, n <= 14), polycnf's compiled enumerator (fixed and free counts of n,
alone), the CNF of fixed creatures counted by Ganak, and the same CNF counted
by enumerating its models (PySAT, blocking clauses on the tile variables).  JavaScript, Ganak and enumeration run in
child processes with a time limit per n and are skipped for larger n once
they hit it.  Ratios are JavaScript seconds over the other method's seconds.
Times are wall-clock (the machine is shared) with CPU seconds beside them.

Terms mode (--terms N): every n <= N by the enumerator in one growth split
into its 25 cube parts on --jobs processes; prints fixed and free counts
with the per-n Burnside check (conjugate symmetries fix equally many
creatures, the sum divides by 6), wall and CPU seconds.  Run with `nice`.

    nice python bench/bench_palago.py [--from 10] [--to 20] [--limit SECONDS]
    nice python bench/bench_palago.py --terms 26 --jobs 2
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import time
from pathlib import Path

from polycnf.encoders.palago import cnf
from polycnf.encoders.palago import direct as enumerator
from polycnf.solvers.child import run_limited
from polycnf.solvers.ganak import count_in_process

# a copy of the challenge page with its reference programs, in ../shared beside the checkout
# (the tests that need it skip, saying so, when it is absent)
SEED = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds" / "000_77c913586f5cb858.txt"
JS_MAX = 14            # the challenge's program takes many minutes beyond (n = 16: about half an hour)


def seed_program() -> str | None:
    if shutil.which("node") is None or not SEED.exists():
        return None
    line = next(x for x in SEED.read_text().splitlines() if x.startswith("n=>(E="))
    return "g=" + line + ";console.log(g(N))"


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed_child(func, args, limit):
    """(value or None on timeout, wall s, CPU s) of func(*args) in a child."""
    wall, cpu = time.perf_counter(), children_cpu()
    try:
        value = run_limited(func, args, limit, what="bench")
    except TimeoutError:
        value = None
    return value, time.perf_counter() - wall, children_cpu() - cpu


def js_count(code, n, limit):
    wall, cpu = time.perf_counter(), children_cpu()
    try:
        out = subprocess.run(["node", "-e", code.replace("N)", f"{n})")], capture_output=True,
                             text=True, timeout=limit, check=True).stdout
        value = int(out)
    except subprocess.TimeoutExpired:
        value = None
    return value, time.perf_counter() - wall, children_cpu() - cpu


def ganak_fixed(n):
    f = cnf.creature_formula(n)
    return count_in_process(f.clauses, f.nvars, f.show_vars)


def enumerate_fixed(n):
    from polycnf.solvers import sat
    f = cnf.creature_formula(n)
    return sum(1 for _ in sat.models(f.clauses, f.show_vars, sat.DEFAULT_SOLVER))


def table(lo, hi, limit):
    enumerator.count(3)                              # compile outside the timings
    code = seed_program()
    if code is None:
        print("node or the challenge's reference programs (../shared) are missing: no JavaScript column")
    wall, cpu = time.perf_counter(), time.process_time()
    fixed, free = enumerator.count(hi)
    print(f"enumerator: every n <= {hi} in {time.perf_counter() - wall:.2f} s "
          f"({time.process_time() - cpu:.2f} s CPU, one growth)")
    print(f"time limit {limit:g} s per JavaScript, Ganak or enumeration count; 'wall/cpu' in seconds")
    print(f"{'n':>3} {'fixed':>8} {'free':>7} | {'enum':>11} | {'js free':>7} {'js':>13} {'js/enum':>7} | "
          f"{'ganak':>6} {'ganak':>13} {'js/gk':>6} | {'cnf enum':>8} {'cnf enum':>13} {'js/ce':>6}")
    on = {"js": code is not None, "ganak": True, "cnfenum": True}
    for n in range(lo, hi + 1):
        w, c = time.perf_counter(), time.process_time()
        enumerator.count(n)
        enum_w, enum_c = time.perf_counter() - w, time.process_time() - c
        row = {}
        for key, run in (("js", lambda: js_count(code, n, limit)),
                         ("ganak", lambda: timed_child(ganak_fixed, (n,), limit)),
                         ("cnfenum", lambda: timed_child(enumerate_fixed, (n,), limit))):
            row[key] = run() if on[key] and (key != "js" or n <= JS_MAX) else (None, None, None)
            on[key] = on[key] and row[key][0] is not None

        def cell(v, w_, c_):
            if w_ is None:
                return f"{'-':>6} {'-':>13}"
            return f"{(str(v) if v is not None else 'limit'):>6} {f'{w_:.2f}/{c_:.2f}':>13}"

        def ratio(key):
            v, w_, _ = row[key]
            js, js_w, _ = row["js"]
            return f"{js_w / w_:6.2f}" if js is not None and v is not None else f"{'':>6}"
        js, js_w, js_c = row["js"]
        agree = all(v is None or v == want for v, want in
                    ((row["js"][0], free[n]), (row["ganak"][0], fixed[n]), (row["cnfenum"][0], fixed[n])))
        print(f"{n:>3} {fixed[n]:>8} {free[n]:>7} | {f'{enum_w:.3f}/{enum_c:.3f}':>11} | "
              f"{(str(js) if js is not None else ('limit' if js_w else '-')):>7} "
              f"{(f'{js_w:.2f}/{js_c:.2f}' if js_w else '-'):>13} "
              f"{(f'{js_w / enum_w:7.0f}' if js is not None else f'{chr(32):>7}')} | "
              f"{cell(*row['ganak'])} {ratio('ganak')} | {cell(*row['cnfenum'])}   {ratio('cnfenum')}"
              f"{'' if agree else '  DISAGREE'}", flush=True)


def terms(limit, jobs):
    enumerator.count(3)
    wall = time.perf_counter()
    fixed, free, cpu = enumerator.count_parallel(limit, jobs)
    wall = time.perf_counter() - wall
    print(f"enumerator, every n <= {limit}: {wall:.1f} s wall, {cpu:.1f} s CPU in {jobs} processes "
          f"(Burnside check passed on every n)")
    print(f"{'n':>3} {'fixed':>16} {'free':>15}")
    for n in range(1, limit + 1):
        print(f"{n:>3} {fixed[n]:>16} {free[n]:>15}", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--from", dest="lo", type=int, default=10)
    p.add_argument("--to", dest="hi", type=int, default=20)
    p.add_argument("--limit", type=float, default=60, help="seconds per JavaScript, Ganak or enumeration count")
    p.add_argument("--terms", type=int, default=None, help="print every term up to this n instead of the table")
    p.add_argument("--jobs", type=int, default=2, help="processes for --terms")
    args = p.parse_args()
    if args.terms:
        terms(args.terms, args.jobs)
    else:
        table(args.lo, args.hi, args.limit)


if __name__ == "__main__":
    main()
