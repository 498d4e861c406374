"""Walk components of the t4 game graph and keep start configurations by distance.

Adds to instances/t4-starts.csv (the generator's library, see
encoders/t4/starts.py); resumable: each run adds to what the file holds, and
the file is rewritten every 50 tries, so a stopped run loses little.  Runs are
recorded in the file ('# run:' lines, with the tries done so far) so that it can be
made again.

    nice python bench/harvest_t4_starts.py --tries 2000 --seed 1
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from polycnf.encoders.t4 import starts
from polycnf.encoders.t4.config import format_words, parse

FILE = Path(__file__).resolve().parent.parent / "instances" / starts.LIBRARY


def save(library, runs) -> None:
    tmp = FILE.with_suffix(".tmp")
    tmp.write_text(starts.write_library(library, runs))
    os.replace(tmp, FILE)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tries", type=int, default=500)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--keep", type=int, default=starts.KEEP, help="starts kept per distance")
    p.add_argument("--start", default=None, help="a deep start configuration to climb from (words)")
    args = p.parse_args()
    text = FILE.read_text() if FILE.exists() else ""
    runs = [line[len("# run: "):] for line in text.splitlines() if line.startswith("# run: ")]
    if any(r.startswith(f"--seed {args.seed} ") for r in runs):
        raise SystemExit(f"seed {args.seed} was harvested already: {FILE}")
    library = {d: set(w) for d, w in starts.read_library(text).items()}
    start = parse(args.start) if args.start else None
    begin, deepest = time.monotonic(), -1
    for n, depth in enumerate(starts.harvest(library, args.tries, args.seed, args.keep, start), 1):
        deepest = max(deepest, depth)
        if n % 50 == 0 or n == args.tries:
            # the first n tries of a seed are the same whatever --tries says: record what is done
            run = f"--seed {args.seed} --tries {n} --keep {args.keep}" + (
                f" --start '{format_words(start)}'" if start else "")
            done = runs + [run]
            save(library, done)
            print(f"{n} tries, {time.monotonic() - begin:.0f} s: deepest {deepest}; "
                  f"{sum(map(len, library.values()))} starts over distances {min(library)}..{max(library)}",
                  flush=True)


if __name__ == "__main__":
    main()
