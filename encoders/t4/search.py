"""Explicit-state breadth-first search: the t4 planner's second method.

The configurations reachable from a start are finite, so the search either
finds a shortest plan or exhausts them and proves the start unsolvable.
Since every move can be undone, the reachable set is the start's connected
component, which the generator and question 3 also use.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ..core.errors import InputError
from .moves import Game


class SearchResult(NamedTuple):
    plan: list | None          # the moves of a shortest plan, None if unsolvable
    explored: int              # configurations visited


def shortest_plan(game: Game, start, limit: int | None = None, progress=None) -> SearchResult:
    """A shortest plan from `start` to a solved configuration, or None if none exists.

    `limit` caps the configurations visited (an InputError past it);
    `progress(n)` is called with the number of newly visited configurations.
    """
    start = frozenset(start)
    parent = {start: None}
    queue = deque([start])
    while queue:
        config = queue.popleft()
        if game.is_solved(config):
            plan = []
            while parent[config] is not None:
                move, config = parent[config]
                plan.append(move)
            return SearchResult(plan[::-1], len(parent))
        for move, after in game.neighbours(config):
            if after not in parent:
                parent[after] = (move, config)
                queue.append(after)
        if progress:
            progress(1)
        if limit is not None and len(parent) > limit:
            raise InputError(f"breadth-first search passed {limit:,} configurations")
    return SearchResult(None, len(parent))


def component(game: Game, start, limit: int | None = None) -> list:
    """Every configuration reachable from `start` (its connected component)."""
    start = frozenset(start)
    seen = {start}
    order = [start]
    for config in order:
        for _, after in game.neighbours(config):
            if after not in seen:
                seen.add(after)
                order.append(after)
        if limit is not None and len(order) > limit:
            return None
    return order


def distances_to_goal(game: Game, configs) -> dict:
    """Moves to the nearest solved configuration, for every configuration of a component.

    A breadth-first search from all solved configurations at once; those
    that cannot reach one are absent from the result.
    """
    dist = {c: 0 for c in configs if game.is_solved(c)}
    frontier = list(dist)
    while frontier:
        nxt = []
        for config in frontier:
            d = dist[config] + 1
            for _, after in game.neighbours(config):
                if after not in dist:
                    dist[after] = d
                    nxt.append(after)
        frontier = nxt
    return dist
