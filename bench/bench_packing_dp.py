"""Time the transfer-matrix counter (encoders/packing/direct.py) on the 8x8 puzzle
(docs/references.md): 12 pentominoes + 4 monominoes.

    python bench/bench_packing_dp.py              # (i), (ii) and (iii)
    python bench/bench_packing_dp.py --quick      # (i) and (ii) only
    python bench/bench_packing_dp.py --split x    # (iii) over all 36 X placements
    python bench/bench_packing_dp.py --cubes      # (iv) only: the (X, I) cubes, CPU per cube

(i)   the 4 monominoes form the central 2x2 square (Dana Scott, 1958), one DP;
(ii)  3 holes fixed at (3,3), (3,4), (4,3), the 4th anywhere, one DP per orbit
      of X placements under the symmetries fixing those 3 cells;
(iii) the 4 monominoes anywhere: one DP per X placement (orbit representative
      by default), raw and unique (= raw / 8, Burnside; see the module);
(iv)  the same count as the 201 (X, I) cubes of encoders/packing/cubes.py, one
      after another in this process (what `polycnf count pentomino-8x8` runs
      on its workers): total CPU, the heaviest cubes, peak states and memory.
Prints counts, wall-clock times, peak number of states per cell (the DP's
memory) and the process's peak resident memory; progress bars on stderr.
"""

from __future__ import annotations

import argparse
import resource
import time


from polycnf.encoders.packing import direct as pd  # noqa: E402


def rss_gb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def report(label, count, details, dt):
    peak = max(r.peak_states for _, _, r in details)
    mass = max(r.max_total for _, _, r in details)
    print(f"{label:<46} {count:>14,}  {dt:9.2f} s  peak states {peak:>12,}  "
          f"max RSS {rss_gb():.2f} GB  max total {mass:.3g}", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip (iii)")
    ap.add_argument("--split", choices=["x-orbits", "x"], default="x-orbits",
                    help="decomposition of (iii) (default: X orbits)")
    ap.add_argument("--cubes", action="store_true", help="only (iv), the (X, I) cubes")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    prog = not args.no_progress
    if args.cubes:
        return bench_cubes()

    pd.run(width=5, height=12, holes=0)  # warm the numba cache
    t = time.perf_counter()
    c, det = pd.count_packings_detailed(fixed_empty=pd.CENTRE, progress=prog, split=None)
    report("(i) centre 2x2 holes, raw", c, det, time.perf_counter() - t)
    # the symmetries fixing the centre are all 8, and none fixes a solution
    print(f"{'(i) centre 2x2 holes, unique (raw / 8)':<46} {pd.unique(c):>14,}")

    t = time.perf_counter()
    c, det = pd.count_packings_detailed(fixed_empty=[(3, 3), (3, 4), (4, 3)],
                                        progress=prog, split="x-orbits")
    report("(ii) 3 holes fixed, 4th anywhere, raw", c, det, time.perf_counter() - t)
    if args.quick:
        return

    t = time.perf_counter()
    c, det = pd.count_packings_detailed(progress=prog, split=args.split)
    dt = time.perf_counter() - t
    for cells, weight, r in det:
        print(f"    X at {cells}  x{weight}: {r.count:>12,}  {r.seconds:7.1f} s  "
              f"peak states {r.peak_states:>10,}", flush=True)
    report("(iii) holes anywhere, raw", c, det, dt)
    print(f"{'(iii) holes anywhere, unique (raw / 8)':<46} {pd.unique(c):>14,}")


def bench_cubes():
    from polycnf.encoders.packing.orbits import parts
    pd.run(width=5, height=12, holes=0)  # warm the numba cache
    cpu, total, peak = [], 0, 0
    for label, fixed, weight in parts(8, 8, (), pd.PIECE_NAMES):
        t = time.process_time()
        r = pd.run(fixed_pieces=dict(fixed), lean=True)
        cpu.append((time.process_time() - t, label))
        total += weight * r.count
        peak = max(peak, r.peak_states)
    print(f"(iv) {len(cpu)} (X, I) cubes, raw {total:,}  unique {pd.unique(total):,}  "
          f"CPU {sum(t for t, _ in cpu):.1f} s  peak states {peak:,}  max RSS {rss_gb():.2f} GB")
    for t, label in sorted(cpu, reverse=True)[:3]:
        print(f"    {t:6.2f} s CPU  {label}")


if __name__ == "__main__":
    main()
