"""Benchmark the t4 counts: default CNF vs plain pairwise CNF vs the direct counter.

All three run in the same process run, so the ratios compare like with like
even on a busy machine.  Ganak counts run in a child process with a time
limit; besides wall-clock time the child's CPU time is shown, which is the
fairer figure when other work shares the machine.

    python bench/bench_t4.py [--limit SECONDS] [--encoding NAME] [instance ...]
"""

from __future__ import annotations

import argparse
import time


from polycnf.encoders.t4 import DEFAULT_T4_ENCODING, builtins  # noqa: E402
from polycnf.solvers.child import run_limited                  # noqa: E402
from polycnf.solvers.ganak import count_in_process             # noqa: E402


def _count_with_cpu(clauses, nvars, show):
    """Runs in the child: the count and the CPU seconds it took there."""
    start = time.process_time()
    n = count_in_process(clauses, nvars, show)
    return n, time.process_time() - start


def cnf_count(inst, encoding, limit):
    """(count or None, wall seconds, CPU seconds) for encode + Ganak."""
    start = time.perf_counter()
    f = inst.formula(encoding)
    encode = time.perf_counter() - start
    try:
        n, cpu = run_limited(_count_with_cpu, (f.clauses, f.nvars, f.show_vars), limit, what="ganak")
    except TimeoutError:
        return None, time.perf_counter() - start, None
    return n, time.perf_counter() - start, encode + cpu


def direct_count(inst):
    start = time.perf_counter()
    n = inst.direct_count()
    return n, time.perf_counter() - start


def verdict(n, expected):
    if n is None:
        return "timeout"
    return "ok" if n == expected else f"WRONG ({n})"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="instances (default: all five)")
    parser.add_argument("--limit", type=float, default=120, help="seconds per Ganak count")
    parser.add_argument("--encoding", default=DEFAULT_T4_ENCODING, help="the encoding to compare")
    args = parser.parse_args(argv)
    instances = builtins()
    names = args.names or list(instances)
    print(f"t4: '{args.encoding}' CNF vs plain 'pairwise' CNF (both encode + pyganak) vs direct_count")
    print("times in seconds, wall (child CPU); ratios from wall times, CPU ratio in brackets\n")
    header = (f"{'instance':12} {'published':>17} {'default':>15} {'pairwise':>15} {'direct':>8}"
              f" {'naive/default':>14} {'direct/default':>15}  counts (default, pairwise, direct)")
    print(header)
    print("-" * len(header))
    for name in names:
        inst = instances[name]
        exp = inst.expected.raw
        n_def, wall_def, cpu_def = cnf_count(inst, args.encoding, args.limit)
        n_pw, wall_pw, cpu_pw = cnf_count(inst, "pairwise", args.limit)
        n_dir, wall_dir = direct_count(inst)

        def cell(wall, cpu):
            return f"{wall:6.2f} ({cpu:5.2f})" if cpu is not None else f">{wall:5.0f} (  -  )"

        print(f"{name:12} {exp:>17,} {cell(wall_def, cpu_def):>15} {cell(wall_pw, cpu_pw):>15}"
              f" {wall_dir:8.3f} {ratio(wall_pw, wall_def):>6} [{ratio(cpu_pw, cpu_def):>5}]"
              f" {ratio(wall_dir, wall_def):>7} [{ratio(wall_dir, cpu_def):>5}]"
              f"  {verdict(n_def, exp)}, {verdict(n_pw, exp)}, {verdict(n_dir, exp)}", flush=True)


if __name__ == "__main__":
    main()
