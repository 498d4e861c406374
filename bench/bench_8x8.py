"""Time the bitboard counter (encoders/packing/bitboard.py) on the 8x8 puzzle
(docs/references.md): 12 pentominoes + 4 monominoes.

    python bench/bench_8x8.py            # (i) centre holes and (ii) holes anywhere
    python bench/bench_8x8.py --quick    # (i) only

(i)  the 4 monominoes form the central 2x2 square (Dana Scott, 1958);
(ii) the 4 monominoes anywhere, orbit by orbit of the X pentomino's
     placements, each count side by side with the transfer-matrix DP of
     encoders/packing/direct.py on the same X placement (the second method, and
     the peer the times are compared with); about 20 minutes in all.
Prints raw and unique counts (unique = up to the symmetries of the square
that fix the prescribed holes) with wall-clock times.
"""

from __future__ import annotations

import argparse
import time


from polycnf.encoders.packing import bitboard as bb  # noqa: E402


def timed(label, func, *args, **kw):
    t = time.perf_counter()
    value = func(*args, **kw)
    dt = time.perf_counter() - t
    print(f"{label:<44} {value:>14,}  {dt:9.2f} s", flush=True)
    return value, dt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only the centre-hole count")
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
    # (ii) holes anywhere, orbit by orbit of the X pentomino, against the
    # transfer-matrix DP of encoders/packing/direct.py run on the same X placement
    from polycnf.encoders.packing import direct as packing_dp
    print("\n(ii) holes anywhere, per orbit of X placements: bitboard vs packing_dp")
    print(f"{'X cells':<44} {'size':>4} {'bitboard':>12} {'s':>7} {'packing_dp':>12} {'s':>7} {'ratio':>6}")
    raw_bb = raw_dp = 0
    t_bb = t_dp = 0.0
    orbits = bb.x_orbit_counts()
    while True:
        t = time.perf_counter()
        try:
            cells, weight, n_bb = next(orbits)
        except StopIteration:
            break
        dt_bb = time.perf_counter() - t
        t = time.perf_counter()
        n_dp = packing_dp.run(fixed_pieces={"X": cells}).count
        dt_dp = time.perf_counter() - t
        raw_bb += weight * n_bb
        raw_dp += weight * n_dp
        t_bb += dt_bb
        t_dp += dt_dp
        flag = "" if n_bb == n_dp else "  DIFFER"
        print(f"{str(cells):<44} {weight:>4} {n_bb:>12,} {dt_bb:>7.1f} {n_dp:>12,} {dt_dp:>7.1f} "
              f"{dt_bb / dt_dp:>6.1f}{flag}", flush=True)
    print(f"{'raw (sum of size x count)':<49} {raw_bb:>12,} {t_bb:>7.1f} {raw_dp:>12,} {t_dp:>7.1f} "
          f"{t_bb / t_dp:>6.1f}")
    bb._check_no_fixed_solutions()      # Burnside: only the identity fixes a packing
    print(f"{'unique (raw / 8)':<49} {raw_bb // 8:>12,} {'':>7} {raw_dp // 8:>12,}")
    print("the two methods agree" if raw_bb == raw_dp else "THE TWO METHODS DISAGREE")


if __name__ == "__main__":
    main()
