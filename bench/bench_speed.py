"""Speed-ups of counts on all cores: the old single-process code against the new, side by side.

    nice python bench/bench_speed.py              # everything (the old 8x8 DP alone takes ~5 min)
    nice python bench/bench_speed.py --skip-old-8x8
    nice python bench/bench_speed.py --only polyforms|hexmatch|8x8 [--big]

8x8    pentomino-8x8 (4 holes anywhere): the old DP over the 6 X orbits in one
       child process, against the (X, I) cubes of encoders/packing/cubes.py in
       a pool of --workers processes, one fresh process per cube (so the
       children's peak RSS is the largest single cube's).  CPU is the sum of
       the children's user+sys time; wall is the elapsed time.
hexmatch  radius 8, 3 labels, seed 1: build the puzzle, the Formula and the
       DIMACS text (the `generate ... --cnf` work), then CaDiCaL 1.9.5 on the
       Formula (the `solve` work), with the Formula as before (one `add` per
       clause, cardinality through PySAT's CardEnc) and as now.
polyforms  free polytrigs of order 8 and free polyominoes of order 12:
       polyforms.free (a set of seen aspects) against polyform_cubes, one
       process and --workers processes; --big adds polytrigs of order 9 (new only).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import time

from polycnf.encoders import hexmatch
from polycnf.encoders.core import cnf
from polycnf.encoders.packing import direct as packing_dp
from polycnf.encoders.core import polyforms
from polycnf.encoders.hexmatch import cnf as hexmatch_cnf
from polycnf.encoders.core.cubes import total
from polycnf.encoders.packing.cubes import packing_cubes
from polycnf.encoders.core.polyforms.count import polyform_cubes


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _own_peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _measured(func, args):
    return func(*args), _own_peak_mb()


def _in_child(func, *args):
    """Run func(*args) in a fresh child: (value, wall s, cpu s, its peak RSS in MB)."""
    ctx = mp.get_context("fork")
    cpu0 = _children_cpu()
    t = time.perf_counter()
    with ctx.Pool(1, maxtasksperchild=1) as pool:
        value, peak = pool.apply(_measured, (func, args))
    wall = time.perf_counter() - t
    return value, wall, _children_cpu() - cpu0, peak


def _run_cube(cube):
    return cube.count(), _own_peak_mb()


def _cubes_in_pool(cubes, workers):
    """Every cube in a fresh child, `workers` at a time: (total, wall, cpu, the
    largest peak RSS of one cube's process in MB)."""
    ctx = mp.get_context("fork")
    cpu0 = _children_cpu()
    t = time.perf_counter()
    with ctx.Pool(workers, maxtasksperchild=1) as pool:
        results = pool.map(_run_cube, cubes, chunksize=1)
    wall = time.perf_counter() - t
    return total(n for n, _ in results), wall, _children_cpu() - cpu0, max(p for _, p in results)


def row(label, value, wall, cpu, peak=None, ref=None):
    ratio = f"  x{ref / wall:5.2f} wall" if ref else ""
    mem = f"  peak {peak:7.0f} MB" if peak is not None else ""
    print(f"{label:<52} {value:>14,}  wall {wall:7.1f} s  cpu {cpu:7.1f} s{mem}{ratio}", flush=True)


def bench_8x8(args):
    print("== pentomino-8x8, 4 holes anywhere (README: 536,773,672 raw) ==")
    packing_dp.run(width=5, height=12, holes=0)       # compile (numba cache) before timing
    ref = None
    if not args.skip_old_8x8:
        value, wall, cpu, peak = _in_child(packing_dp.count_packings)
        row("old: packing_dp, one process, 6 X orbits", value, wall, cpu, peak)
        ref = wall
    cubes = packing_cubes()
    value, wall, cpu, peak = _cubes_in_pool(cubes, args.workers)
    row(f"new: {len(cubes)} (X, I) cubes, {args.workers} workers", value, wall, cpu, peak, ref)


class _OldFormula(cnf.Formula):
    """The Formula as before: one checked `add` per clause, CardEnc for AMO."""
    direct_seqcounter = False

    def extend(self, clauses, group="clauses"):
        for clause in clauses:
            self.add(clause, group)


def _hexmatch_once(old: bool):
    from pysat.solvers import Solver

    saved = hexmatch_cnf.Formula
    hexmatch_cnf.Formula = _OldFormula if old else cnf.Formula
    try:
        t0 = time.process_time()
        inst = hexmatch.generate(8, 3, 1)
        f = inst.formula()
        text = "\n".join(f.dimacs_lines(inst.dimacs_comments(f.label))) + "\n"
        t1 = time.process_time()
        f = inst.formula()
        with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
            t2 = time.process_time()
            assert s.solve()
            t3 = time.process_time()
            inst.check(inst.decode(f.decode(s.get_model())))
        t4 = time.process_time()
    finally:
        hexmatch_cnf.Formula = saved
    return len(text), t1 - t0, t4 - t1, t3 - t2


def bench_hexmatch(args):
    print("== hexmatch radius 8, 3 labels, seed 1 (cpu seconds in a child) ==")
    for old in (True, False):
        (size, gen, solve, sat), wall, cpu, peak = _in_child(_hexmatch_once, old)
        name = "before" if old else "after "
        print(f"{name}: generate+cnf {gen:6.1f} s   solve {solve:6.1f} s (of which CaDiCaL {sat:5.1f} s)"
              f"   DIMACS {size:,} bytes  peak {peak:.0f} MB", flush=True)


def _old_free(grid, n):
    return len(polyforms.free(grid, n))


def _new_free(grid, n):
    return total(c.count() for c in polyform_cubes(grid, n))


def bench_polyforms(args):
    print("== polyforms (OEIS A159867: 143,660 and 1,101,860; A000105: 63,600) ==")
    cases = [("segment", 8), ("square", 12)] + ([("segment", 9)] if args.big else [])
    for grid, n in cases:
        ref = None
        if (grid, n) != ("segment", 9):
            value, wall, cpu, peak = _in_child(_old_free, grid, n)
            row(f"old: polyforms.free({grid!r}, {n})", value, wall, cpu, peak)
            ref = wall
        value, wall, cpu, peak = _in_child(_new_free, grid, n)
        row("new: cubes, one process", value, wall, cpu, peak, ref)
        cubes = polyform_cubes(grid, n)
        value, wall, cpu, peak = _cubes_in_pool(cubes, args.workers)
        row(f"new: {len(cubes)} cubes, {args.workers} workers", value, wall, cpu, peak, ref)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["8x8", "hexmatch", "polyforms"])
    ap.add_argument("--skip-old-8x8", action="store_true")
    ap.add_argument("--big", action="store_true", help="also polytrigs of order 9")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args(argv)
    for name, func in (("polyforms", bench_polyforms), ("hexmatch", bench_hexmatch), ("8x8", bench_8x8)):
        if args.only in (None, name):
            func(args)


if __name__ == "__main__":
    main()
