"""Search for hard t4 start configurations: the largest shortest-plan length found.

Random configurations (as the generator makes them) fix components of the
game graph; a BFS from each component's solved configurations gives every
start's exact distance.  The deepest start is confirmed by the SAT planner.

    nice python bench/search_t4_hardest.py [--tries N] [--seed S]
"""

from __future__ import annotations

import argparse
import random

from polycnf.encoders.t4.config import format_words
from polycnf.encoders.t4.starts import COMPONENT_LIMIT, random_configuration
from polycnf.encoders.t4.moves import SPECIAL_START, Game
from polycnf.encoders.t4.plan import plan
from polycnf.encoders.t4.search import component, distances_to_goal


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tries", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    game, rng = Game(), random.Random(args.seed)
    best = (-1, None)
    for n in range(args.tries):
        members = component(game, random_configuration(rng, rng.uniform(0.2, 0.5)), COMPONENT_LIMIT)
        if members is None:
            continue
        dist = distances_to_goal(game, members)
        found = max(((dist[c], sorted(c)) for c in members if SPECIAL_START in c and c in dist),
                    default=(-1, None))
        if found[0] > best[0]:
            best = found
            print(f"try {n}: {found[0]} moves: {format_words(found[1])}", flush=True)
    moves = len(plan(game, best[1]).plan)
    print(f"hardest found: {best[0]} moves by BFS, {moves} by the SAT planner (UNSAT below): "
          f"{format_words(best[1])}")


if __name__ == "__main__":
    main()
