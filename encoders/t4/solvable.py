"""Question 3 of Mäsak's post (2012, docs/references.md): how many start configurations are solvable?

Two independent methods, run on sub-boards cut from t4 (rows k-m, j-m,
j-n, ...: every row containing groove l), where pieces stay on the sub-board:

- `count_by_search`: explicit states.  Every solved configuration is
  enumerated, and a breadth-first search over the game's own moves
  (moves.Game) collects everything that reaches one; moves can be undone,
  so that is exactly the solvable set.  The deepest start found is the
  hardest start configuration of the sub-board.
- `count_by_bdd`: a symbolic fixpoint with pyeda BDDs over one variable per
  placement, with its own move relation built from the groove geometry:
  S := solved; S := S | Pre(new part of S) until it stops growing, where the
  predecessor through the slide p -> q is the cofactor S[p=0, q=1] times
  "p present, q absent, the swept cells empty, valid configuration".

On the full board (159 placements) neither finishes: the BDD fixpoint
already needs minutes per iteration on rows j-n (README, Question 3).  The
published figures bound it: 7,767,954,496 trivially solvable <= answer
<= 375,873,151,406 (a piece on l1-l2 and no other piece in groove l).
"""

from __future__ import annotations

from collections import deque

from .board import BOARD, Piece
from .moves import SPECIAL_GOAL, SPECIAL_START, Game


def sub_board(rows: str) -> list[str]:
    """The cells of the given row grooves, e.g. 'klm'."""
    return [c for c in BOARD.cells if c[0] in rows]


def placements(cells) -> list[Piece]:
    """Pieces lying wholly on `cells`, ordered by their first cell in reading order."""
    on = set(cells)
    order = {c: k for k, c in enumerate(BOARD.cells)}
    found = [p for p in BOARD.pieces if set(BOARD.piece_cells(p)) <= on]
    return sorted(found, key=lambda p: (min(order[c] for c in BOARD.piece_cells(p)), p))


def configurations(cells, allowed):
    """Every set of non-overlapping pieces from `allowed` (each cell: empty or first cell of one)."""
    order = {c: k for k, c in enumerate(cells)}
    starting: dict[int, list] = {}
    for p in allowed:
        run = BOARD.piece_cells(p)
        starting.setdefault(min(order[c] for c in run), []).append((p, {order[c] for c in run}))

    def extend(k, covered, chosen):
        while k < len(cells) and k in covered:
            k += 1
        if k == len(cells):
            yield frozenset(chosen)
            return
        yield from extend(k + 1, covered, chosen)
        for p, run in starting.get(k, ()):
            if not run & covered:
                chosen.append(p)
                yield from extend(k + 1, covered | run, chosen)
                chosen.pop()
    yield from extend(0, frozenset(), [])


def solved_configurations(cells):
    """Configurations with the special piece on l5-l6 (so no other piece in groove l)."""
    allowed = [p for p in placements(cells) if p.groove != "l"]
    for config in configurations(cells, allowed):
        if not set(BOARD.piece_cells(SPECIAL_GOAL)) & {c for p in config for c in BOARD.piece_cells(p)}:
            yield config | {SPECIAL_GOAL}


def count_by_search(cells, progress=None) -> dict:
    """Solvable start configurations by explicit breadth-first search backwards from solved ones.

    Returns {"solvable", "solvable_states", "hardest_moves", "hardest"}.
    """
    game = Game("slide", cells)
    dist = {c: 0 for c in solved_configurations(cells)}
    queue = deque(dist)
    while queue:
        config = queue.popleft()
        d = dist[config] + 1
        for _, after in game.neighbours(config):
            if after not in dist:
                dist[after] = d
                queue.append(after)
                if progress and len(dist) % 100_000 == 0:
                    progress(100_000)
    starts = [(d, sorted(c)) for c, d in dist.items() if SPECIAL_START in c]
    hardest = max(starts)
    return {"solvable": len(starts), "solvable_states": len(dist),
            "hardest_moves": hardest[0], "hardest": hardest[1]}


# -- the symbolic method --------------------------------------------------------

def slides(cells) -> list[tuple[Piece, Piece, list[str]]]:
    """(piece, moved piece, cells swept outside the piece) for every slide on `cells`."""
    on = set(cells)
    result = []
    for p in placements(cells):
        groove = BOARD.grooves[p.groove]
        for first in range(1, len(groove) - p.length + 2):
            if first == p.first:
                continue
            q = p._replace(first=first)
            lo, hi = min(p.first, first), max(p.first, first) + p.length - 1
            span = groove[lo - 1: hi]
            if set(span) <= on:
                result.append((p, q, [c for c in span if c not in BOARD.piece_cells(p)]))
    return result


def count_by_bdd(cells, progress=None) -> dict:
    """Solvable start configurations by a BDD fixpoint (no explicit states).

    Uses oxidd (pyeda's BDDs take exponential time on this relation).
    Returns {"solvable", "solvable_states", "iterations", "nodes"}.
    """
    from oxidd.bdd import BDDFunction, BDDManager

    pieces = placements(cells)
    manager = BDDManager(1 << 26, 1 << 22, 1)
    manager.add_vars(len(pieces))
    var = {p: manager.var(k) for k, p in enumerate(pieces)}
    number = {p: k for k, p in enumerate(pieces)}
    covering = {c: [p for p in pieces if c in BOARD.piece_cells(p)] for c in cells}
    valid = manager.true()
    for c in cells:
        ps = covering[c]
        for a in range(len(ps)):
            for b in range(a + 1, len(ps)):
                valid &= ~var[ps[a]] | ~var[ps[b]]

    def empty(cs, but):
        f = manager.true()
        for c in cs:
            for p in covering[c]:
                if p != but:
                    f &= ~var[p]
        return f

    solved = valid & var[SPECIAL_GOAL]
    for p in pieces:
        if p.groove == "l" and p != SPECIAL_GOAL:
            solved &= ~var[p]
    guards = [(BDDFunction.make_substitution([(number[p], manager.false()), (number[q], manager.true())]),
               valid & var[p] & ~var[q] & empty(swept, p))
              for p, q, swept in slides(cells)]
    reach = frontier = solved                 # frontier: configurations first reached last round
    iterations = 0
    while frontier.satisfiable():
        found = manager.false()
        for moved_back, guard in guards:
            found |= guard & frontier.substitute(moved_back)
        frontier = found & ~reach
        reach |= frontier
        iterations += 1
        if progress:
            progress(iterations)
    n = len(pieces)
    return {"solvable": (reach & var[SPECIAL_START]).sat_count(n), "solvable_states": reach.sat_count(n),
            "iterations": iterations, "nodes": reach.node_count()}


def count_by(cells, methods=("search", "bdd"), progress=None) -> dict:
    """Each method's result (with its seconds) by name; the methods must agree
    on the number of solvable starts, else this is a bug and raises."""
    import time

    results = {}
    for method in methods:
        start = time.monotonic()
        found = globals()[f"count_by_{method}"](cells, progress=progress and (lambda n, m=method: progress(m)))
        results[method] = {**found, "seconds": round(time.monotonic() - start, 3)}
    if len({r["solvable"] for r in results.values()}) > 1:
        raise RuntimeError(f"the methods disagree on the solvable starts: {results}")
    return results
