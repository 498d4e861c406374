"""Benchmark the t4 game: SAT planner against breadth-first search, side by side.

Puzzles of 5, 10, 15 and 20 moves are generated (fixed seeds, so the same
puzzles every run), then each method finds a proven-shortest plan: the SAT
planner by bounds 0..K (K-1 UNSAT), the BFS by exhausting distances below K.
Both run in this process, one after the other, so their ratio compares like
with like on a busy machine; CPU seconds are shown beside wall seconds.

    nice python bench/bench_t4_game.py [--moves 5 10 15 20] [--rule slide|step]
"""

from __future__ import annotations

import argparse
import time

from polycnf.encoders.t4.config import format_words
from polycnf.encoders.t4.generate import generate
from polycnf.encoders.t4.moves import Game
from polycnf.encoders.t4.plan import plan
from polycnf.encoders.t4.search import shortest_plan

#: seed per difficulty: the first seed whose generation is quick (any seed works)
SEEDS = {5: 0, 10: 0, 15: 1, 20: 0}


def timed(func, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    result = func(*args)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--moves", type=int, nargs="+", default=list(SEEDS))
    p.add_argument("--rule", choices=("slide", "step"), default="slide")
    args = p.parse_args()
    game = Game(args.rule)
    print(f"{'moves':>5} {'seed':>4} {'pieces':>6} {'SAT wall':>9} {'SAT cpu':>8} {'BFS wall':>9} "
          f"{'BFS cpu':>8} {'BFS states':>10} {'SAT/BFS':>7}")
    for k in args.moves:
        seed = SEEDS.get(k, 0)
        config, _ = generate(k, seed, args.rule)
        by_sat, sat_wall, sat_cpu = timed(plan, game, config)
        by_bfs, bfs_wall, bfs_cpu = timed(shortest_plan, game, config)
        assert len(by_sat.plan) == len(by_bfs.plan) == k, (k, len(by_sat.plan), len(by_bfs.plan))
        game.check_plan(config, by_sat.plan)
        print(f"{k:>5} {seed:>4} {len(config):>6} {sat_wall:>9.3f} {sat_cpu:>8.3f} {bfs_wall:>9.3f} "
              f"{bfs_cpu:>8.3f} {by_bfs.explored:>10,} {sat_cpu / bfs_cpu:>7.2f}")
        print(f"      start: {format_words(config)}")


if __name__ == "__main__":
    main()
