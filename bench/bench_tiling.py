"""Tiling counts by every back end, against the outside peer measured in the same run.

For each instance (default: pentomino-6x10 and pentomino-8x8-centre), raw and
unique counts by
  (a) PySAT enumeration over the symmetry cases (time limit per count),
  (b) pyganak over the symmetry cases, in a child process (time limit),
  (c) the DLX back end (solvers/dlx) over the symmetry cases,
  (d) the peer: `exact_cover.get_solution_count` (C, from PyPI) on the whole,
      unreduced problem (raw only: it has neither secondary items nor symmetry),
and each time as a ratio to (d).  Run: python -m bench.bench_tiling [names] [--limit S]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction


from polycnf.encoders import catalog  # noqa: E402
from polycnf.api.methods import count_cover
from polycnf.api.options import Options
from polycnf.solvers import dlx, ganak, sat  # noqa: E402


def timed(func):
    start = time.perf_counter()
    try:
        value = func()
    except TimeoutError:
        value = "timeout"
    return value, time.perf_counter() - start


#: DLX cases without a time limit
DLX_OPTIONS = Options()


def by_cases(instance, unique, count_case):
    total = Fraction(0)
    for case in instance.cases(unique=unique):
        total += case.weight * count_case(case)
    return int(total)


def sat_count(case, deadline):
    f = case.formula
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError
    return sum(1 for _ in sat.models(f.clauses, f.show_vars, time_limit=left))


def ganak_count(case, deadline):
    f = case.formula
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError
    return ganak.count(f.clauses, f.nvars, f.show_vars, time_limit=left)


def peer_count(instance):
    import numpy as np
    import exact_cover

    cover = instance.exact_cover()
    if cover.secondary:
        raise ValueError("exact_cover has no secondary items")
    n_primary, rows = cover.option_rows()
    matrix = np.zeros((len(rows), n_primary), dtype=bool)
    for r, row in enumerate(rows):
        matrix[r, row] = True
    return int(exact_cover.get_solution_count(matrix))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=["pentomino-6x10", "pentomino-8x8-centre"])
    parser.add_argument("--limit", type=float, default=120.0,
                        help="seconds per count for PySAT and pyganak (default 120)")
    args = parser.parse_args(argv)
    dlx.count(1, [[0]])          # load xcover's compiled code outside the timings
    for name in args.names:
        instance = catalog.load(name)
        exp = instance.expected
        print(f"\n{name}: expected raw {exp.raw}, unique {exp.unique} ({exp.source})")
        peer, peer_time = timed(lambda: peer_count(instance))
        print(f"  (d) exact_cover peer, raw      {peer!s:>8}  {peer_time:8.2f} s  1.00")
        rows = [
            ("(c) DLX symmetry cases", lambda u: by_cases(instance, u, lambda c: count_cover(c, DLX_OPTIONS))),
            ("(a) PySAT enumeration ", lambda u: _limited(instance, u, sat_count, args.limit)),
            ("(b) pyganak           ", lambda u: _limited(instance, u, ganak_count, args.limit)),
        ]
        for label, method in rows:
            for unique in (False, True):
                value, seconds = timed(lambda: method(unique))
                ratio = seconds / peer_time
                kind = "unique" if unique else "raw   "
                note = ""
                if value == "timeout":
                    note = f"  (gave up after {args.limit:g} s)"
                elif (exp.unique if unique else exp.raw) not in (None, value):
                    note = "  WRONG"
                print(f"  {label}, {kind} {value!s:>8}  {seconds:8.2f} s  {ratio:.2f}{note}")


def _limited(instance, unique, count_case, limit):
    deadline = time.monotonic() + limit
    return by_cases(instance, unique, lambda case: count_case(case, deadline))


if __name__ == "__main__":
    main()
