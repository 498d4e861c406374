"""A library of t4 start configurations by shortest-plan length (slide rule).

Finding a start that needs exactly K moves by random tries takes minutes for
K near 20, and most tries are wasted: each random configuration fixes one
connected component of the game graph, and only a few components hold deep
starts.  So the components are walked once: `harvest` explores components
from random configurations (and small changes of the deepest ones seen),
gives every member its exact distance by one breadth-first search from the
component's solved configurations, and keeps up to `KEEP` starts per
distance, distinct up to the board's top-bottom mirror.  The result is the
data file `instances/t4-starts.csv` (written by `bench/harvest_t4_starts.py`,
resumable), from which the generator picks directly.

The file lists candidates, not answers: every puzzle written from it is
proven again (breadth-first search and the SAT planner must both give K).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from importlib import resources

from .board import BOARD, Piece
from .config import format_words, parse
from .moves import SPECIAL_START, Game
from .search import component, distances_to_goal

LIBRARY = "t4-starts.csv"
KEEP = 120                     # starts kept per distance
COMPONENT_LIMIT = 200_000      # larger components are skipped (too slow to walk)
MIRROR_LINE = 6                # the diagram's rows are lines 0..6; row l (line 3) is the axis


@cache
def _piece_by_cells() -> dict[frozenset, Piece]:
    return {frozenset(BOARD.piece_cells(p)): p for p in BOARD.pieces}


def mirror(piece: Piece) -> Piece:
    """The piece reflected top to bottom (rows i<->o, j<->n, k<->m), a symmetry of the game."""
    cells = (BOARD.position[c] for c in BOARD.piece_cells(piece))
    return _piece_by_cells()[frozenset(BOARD.cell_at[(MIRROR_LINE - line, col)] for line, col in cells)]


def canonical(config) -> str:
    """The configuration or its mirror image, whichever reads first, as words."""
    return min(format_words(config), format_words(frozenset(map(mirror, config))))


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


def varied(config: frozenset, rng: random.Random) -> frozenset:
    """`config` with one piece (not the special one) removed, or one that fits added."""
    others = sorted(config - {SPECIAL_START})
    if others and rng.random() < 0.5:
        return config - {rng.choice(others)}
    used = {c for p in config for c in BOARD.piece_cells(p)}
    fits = [p for p in BOARD.pieces if p.groove != "l" and not used & set(BOARD.piece_cells(p))]
    return config | {rng.choice(fits)} if fits else config


def starts_by_distance(game: Game, config) -> dict[int, list[frozenset]] | None:
    """Every start (special piece on l1-l2) of `config`'s component, grouped by its exact
    distance from solved; None if the component is too large to walk."""
    members = component(game, config, COMPONENT_LIMIT)
    if members is None:
        return None
    dist = distances_to_goal(game, members)
    found: dict[int, list[frozenset]] = {}
    for c in members:
        if SPECIAL_START in c and c in dist:
            found.setdefault(dist[c], []).append(c)
    return found


def add(library: dict[int, set[str]], found: dict[int, list[frozenset]], keep: int) -> None:
    for d, configs in found.items():
        kept = library.setdefault(d, set())
        for c in configs:
            if len(kept) >= keep:
                break
            kept.add(canonical(c))


def harvest(library: dict[int, set[str]], tries: int, seed: int, keep: int = KEEP,
            start: frozenset | None = None) -> Iterator[int]:
    """Add starts to `library` (distance -> canonical words), `tries` components from `seed`;
    yields each component's depth.  Half the tries vary one of the deepest configurations
    seen (a hill climb), beginning with the library's deepest and `start`."""
    game, rng = Game(), random.Random(seed)
    deep = [(d, parse(w, LIBRARY)) for d in sorted(library, reverse=True)[:2] for w in sorted(library[d])][:8]
    if start is not None:
        found = starts_by_distance(game, start) or {0: [start]}
        add(library, found, keep)
        deep.insert(0, (max(found), frozenset(start)))
    for _ in range(tries):
        if deep and rng.random() < 0.5:
            config = varied(rng.choice(deep)[1], rng)
        else:
            config = random_configuration(rng, rng.uniform(0.2, 0.5))
        found = starts_by_distance(game, config) or {}
        add(library, found, keep)
        if found:
            depth = max(found)
            deep = sorted([*deep, (depth, max(found[depth], key=sorted))], key=lambda x: -x[0])[:8]
        yield depth if found else -1


def read_library(text: str) -> dict[int, list[str]]:
    """distance -> starts as words, from the CSV text (lines 'distance,words'; '#' comments)."""
    library: dict[int, list[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith(("#", "distance,")):
            d, words = line.split(",", 1)
            library.setdefault(int(d), []).append(words)
    return library


def write_library(library: dict[int, set[str]], runs: list[str]) -> str:
    """The CSV text; `runs` are the harvest runs that made it, kept as '# run:' lines."""
    lines = ["# t4 start configurations by shortest-plan length (slide rule): candidates, each",
             "# re-proven by BFS and the SAT planner before use; written by bench/harvest_t4_starts.py",
             *(f"# run: {r}" for r in runs), "distance,pieces"]
    lines += [f"{d},{words}" for d in sorted(library) for words in sorted(library[d])]
    return "\n".join(lines) + "\n"


@cache
def library() -> dict[int, list[str]]:
    """The shipped library (empty if the data file is missing)."""
    path = resources.files("polycnf.instances") / LIBRARY
    return read_library(path.read_text()) if path.is_file() else {}


def pick(moves: int, rng: random.Random) -> frozenset | None:
    """A start from the library said to need `moves` moves, or None if it has none."""
    candidates = library().get(moves)
    return parse(rng.choice(candidates), LIBRARY) if candidates else None
