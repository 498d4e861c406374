"""Polytrig puzzles: boards and the no-crossing rule (Goodger 2015, docs/references.md).

Segments are cells of the "segment" grid: (x, y, z) runs from lattice point
(x, y) to (x+1, y) if z = 0, to (x, y+1) if z = 1, to (x-1, y+1) if z = 2.

Pieces may share a lattice point, but not cross there. Unlike a cell, a point
cannot simply be "used" by one piece, so the exact cover gets secondary
"intersection items" ("i", x, y, d): "no other piece may put a segment (or a
path) in direction d at point (x, y)". The six directions around a point are
numbered counter-clockwise from east, as in Goodger's diagram::

      2    1
       \\  /
    3___\\/___0
        /\\
       /  \\
      4    5

i.e. the steps DIRECTION_STEPS[d] below. `crossing_items` derives the items of
one placed piece from its own segments; `crossing_problems` checks a finished
solution geometrically and shares no code with it, so the two cross-check.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Hashable, Iterable, Mapping, Sequence

from ..core.exactcover import ExactCover
from ..core.grids import Cell, get_grid
from ..core.grids.triangle import lattice_point_xy
from ..core import polyforms

Point = tuple[int, int]

#: The lattice step of direction d = 0..5, counter-clockwise from east.
DIRECTION_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


# -- boards ---------------------------------------------------------------------------


def _segments_within(points: set[Point]) -> list[Cell]:
    """Every segment with both end points in `points`, sorted."""
    grid = get_grid("segment")
    candidates = ((x, y, z) for x, y in points for z in range(3))
    return sorted(s for s in candidates if all(p in points for p in grid.lattice_corners(s)))


def hexagon_side2() -> list[Cell]:
    """The side-2 hexagon of docs/references.md: its 42 segments, centred on point (2, 2)."""
    points = {(x, y) for x in range(5) for y in range(5) if 2 <= x + y <= 6}
    return _segments_within(points)


HEART_HOLES = ((2, 1, 1), (2, 2, 0), (2, 2, 2), (2, 3, 1), (1, 4, 0), (3, 3, 2))


def heart() -> list[Cell]:
    """The "heart" of docs/references.md: the side-2 hexagon less six segments (36 left)."""
    return [s for s in hexagon_side2() if s not in HEART_HOLES]


# -- the no-crossing rule as exact-cover items ----------------------------------------


def _directions_at_points(segments: Iterable[Cell]) -> dict[Point, set[int]]:
    """For each end point of the segments, the directions (0..5) they leave it in."""
    found: dict[Point, set[int]] = defaultdict(set)
    for x, y, z in segments:
        dx, dy = DIRECTION_STEPS[z]
        found[x, y].add(z)  # z = 0, 1, 2 leave (x, y) in directions 0, 1, 2
        found[x + dx, y + dy].add(z + 3)  # and arrive from the opposite direction
    return found


def crossing_items(segments: Iterable[Cell]) -> list[Hashable]:
    """The secondary items ("i", x, y, d) that keep other pieces from crossing this one.

    At each point, every ordered pair (a, b) of the piece's directions there
    is looked at counter-clockwise from a to b (Goodger 2015, "Intersections"):
      - 120 degrees (one gap): items a, a+1, b -- both segments and the gap;
      - 180 degrees (straight through): items a, a+1, a+2, b -- both segments
        and the two gaps on that side; the pair (b, a) adds the other side;
      - 60, 240, 300 degrees: nothing (a 240-degree pair is a 120-degree one
        the other way round).
    A lone end (a stub) adds nothing. So a piece blocks the directions inside
    each of its bends of 120 or 180 degrees, and another piece crosses it
    exactly when the two claim a common item (checked over every pair of
    direction sets at a point in the tests). Sorted; each item once.
    """
    items = set()
    for (x, y), directions in _directions_at_points(segments).items():
        for a in directions:
            for b in directions:
                turn = (b - a) % 6
                if turn in (2, 3):
                    items.update(("i", x, y, (a + k) % 6) for k in range(turn + 1))
    return sorted(items)


# -- the no-crossing rule checked geometrically ---------------------------------------


def crossing_problems(pieces: Mapping[str, Sequence[Cell]]) -> list[str]:
    """One message per pair of pieces that cross at a point; empty if none do.

    At each lattice point, the segments there are sorted by their Cartesian
    angle. Two pieces cross when their segments interleave around the point
    (owner changes four or more times going once round), i.e. one piece has
    segments on both sides of the other's path. Touching, and ending where
    another piece passes straight through, do not interleave. Pieces sharing
    a segment are an overlap, which is not this function's business.
    """
    grid = get_grid("segment")
    around: dict[Point, list[tuple[float, str]]] = defaultdict(list)
    for name, segments in pieces.items():
        for segment in segments:
            ends = grid.lattice_corners(segment)
            for here, there in (ends, ends[::-1]):
                (hx, hy), (tx, ty) = lattice_point_xy(here), lattice_point_xy(there)
                around[here].append((math.atan2(ty - hy, tx - hx), name))
    problems = []
    for point in sorted(around):
        owners = [name for _, name in sorted(around[point])]
        names = sorted(set(owners))
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                ring = [n for n in owners if n in (first, second)]
                changes = sum(ring[k] != ring[k - 1] for k in range(len(ring)))
                if changes >= 4:
                    problems.append(f"{first} and {second} cross at point {point}")
    return problems


# -- puzzles as exact covers ----------------------------------------------------------


def placements(board: Iterable[Cell], shape: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """Every translate of every aspect (rotation or reflection) of shape inside the board."""
    grid = get_grid("segment")
    inside = set(board)
    found = set()
    for aspect in polyforms.aspects(grid, shape):
        anchor = aspect[0]
        for target in inside:
            if target[2] != anchor[2]:
                continue
            shift = (target[0] - anchor[0], target[1] - anchor[1])
            placed = tuple(sorted(grid.translate(s, shift) for s in aspect))
            if all(s in inside for s in placed):
                found.add(placed)
    return sorted(found)


def exact_cover(
    board: Iterable[Cell], pieces: Mapping[str, Iterable[Cell]], no_crossing: bool = True
) -> ExactCover:
    """Every piece placed once, every board segment covered once, and (with
    `no_crossing`) no two pieces crossing.

    Primary items: the board's segments, then the piece names. Secondary
    items: the crossing items of the placements. Option keys are
    (piece name, placed segments).
    """
    board = sorted(set(board))
    options = {}
    secondary = set()
    for name, shape in pieces.items():
        for placed in placements(board, shape):
            blocked = crossing_items(placed) if no_crossing else []
            secondary.update(blocked)
            options[name, placed] = [*placed, name, *blocked]
    return ExactCover(board + list(pieces), sorted(secondary), options)
