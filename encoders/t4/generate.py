"""t4 puzzles of a chosen difficulty: start configurations K moves from solved.

A random configuration (the special piece on l1-l2, other pieces dropped in
random order where they fit) fixes a connected component of the game graph.
A breadth-first search from all its solved configurations gives every
member's exact distance; the generator picks a start configuration at
distance exactly K, or tries another random configuration.  The result is
deterministic for a given seed (candidates are sorted before choosing).
"""

from __future__ import annotations

import random

from ..errors import InputError
from .board import BOARD
from .moves import SPECIAL_START, Game
from .search import component, distances_to_goal

COMPONENT_LIMIT = 200_000      # components larger than this are skipped (too slow to search)


def random_configuration(rng: random.Random, density: float) -> frozenset:
    """The special piece plus random pieces (none other in groove l), each kept with `density`."""
    pieces = [p for p in BOARD.pieces if p.groove != "l"]
    rng.shuffle(pieces)
    chosen, used = [SPECIAL_START], set(BOARD.piece_cells(SPECIAL_START))
    for p in pieces:
        cells = set(BOARD.piece_cells(p))
        if not cells & used and rng.random() < density:
            chosen.append(p)
            used |= cells
    return frozenset(chosen)


def generate(moves: int, seed: int = 0, rule: str = "slide", attempts: int = 2000,
             progress=None) -> tuple[frozenset, int]:
    """(a start configuration whose shortest plan has exactly `moves` moves, attempts used)."""
    if moves < 1:
        raise InputError(f"--moves must be at least 1, not {moves}")
    game = Game(rule)
    rng = random.Random(seed)
    for attempt in range(1, attempts + 1):
        if progress:
            progress(attempt)
        config = random_configuration(rng, rng.uniform(0.2, 0.5))
        members = component(game, config, COMPONENT_LIMIT)
        if members is None:
            continue
        dist = distances_to_goal(game, members)
        found = sorted((sorted(c) for c in members if SPECIAL_START in c and dist.get(c) == moves))
        if found:
            return frozenset(rng.choice(found)), attempt
    raise InputError(f"no start configuration {moves} moves from solved found in {attempts} "
                     f"attempts (seed {seed}); try another seed or fewer moves")
