"""Time the bitboard counter (encoders/bitboard.py) on the 8x8 puzzle of seed 004:
12 pentominoes + 4 monominoes.

    python bench/bench_8x8.py            # (i) centre holes and (ii) holes anywhere
    python bench/bench_8x8.py --quick    # (i) only

(i)  the 4 monominoes form the central 2x2 square (Dana Scott, 1958);
(ii) the 4 monominoes anywhere.
Prints raw and unique counts (unique = up to the symmetries of the square
that fix the prescribed holes) with wall-clock times; (ii) shows a progress
bar on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from encoders import bitboard as bb  # noqa: E402


def timed(label, func, *args, **kw):
    t = time.perf_counter()
    value = func(*args, **kw)
    dt = time.perf_counter() - t
    print(f"{label:<44} {value:>14,}  {dt:9.2f} s", flush=True)
    return value, dt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only the centre-hole count")
    ap.add_argument("--processes", type=int, default=1,
                    help="forked workers for (ii) (each with its own memo; more memory)")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)

    raw, _ = timed("(i) centre 2x2 holes, raw", bb.count_packings, bb.CENTRE)
    uni, _ = timed("(i) centre 2x2 holes, unique", bb.count_packings, bb.CENTRE, unique=True)
    t = time.perf_counter()
    sols = list(bb.solutions(bb.CENTRE))
    print(f"{'(i) enumerate all solutions':<44} {len(sols):>14,}  {time.perf_counter() - t:9.2f} s")
    print(bb.render_hex(sols[0]))
    if args.quick:
        return
    raw2, dt = timed("(ii) holes anywhere, raw", bb.count_packings, None,
                     progress=not args.no_progress, processes=args.processes)
    # unique = raw / 8 by Burnside (no solution has a symmetry); recomputing it
    # would repeat the whole search, so derive it the same way count_packings does
    bb._check_no_fixed_solutions()
    assert raw2 % 8 == 0
    print(f"{'(ii) holes anywhere, unique (raw / 8)':<44} {raw2 // 8:>14,}")


if __name__ == "__main__":
    main()
