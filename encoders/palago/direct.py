"""Counting creatures without a CNF: Redelmeier growth over blue corners.

A creature is a set K of blue corners (see tiles.py) joined by straights,
with every cell around K placed.  Given K, each cell around it is forced
except the cells with all three corners in K ("full" cells): a cell with one
corner in K puts its arc there (its straight must avoid K, or the blue would
leave K), a cell with two puts its straight between them.  A full cell picks
any side, and the choices that join K into one piece are the creatures of K.
K itself is connected in the corner lattice, so Redelmeier's algorithm lists
every K once up to translation, pruned as soon as K touches more than N
cells (adding a corner never removes a cell).

Fixed counts are sums over K; free counts come by Burnside over the tiling's
six symmetries: only K whose cells are symmetric up to translation can carry
a symmetric creature, and for those the creatures are listed and tested.
Each symmetry's fixed-point count is kept apart, so every n is checked: the
two rotations fix equally many creatures, so do the three reflections
(conjugates in the group), and the sum divides by 6.  The growth splits into
25 independent parts (`cubes`, `count_parallel`).

`cubes` is what the API runs (api/parallel.py, one n at a time).
`count_parallel` keeps a process pool of its own for one reason: it computes
the whole table of terms n <= limit in one pass, each part returning six
vectors of Burnside sums, while the API's runner adds up one number per cube
for one instance.
"""

from __future__ import annotations

from .tiles import CELLS_OF_CORNER, STRAIGHT, normal, symmetries

NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _after_origin(p) -> bool:
    return p[1] > 0 or (p[1] == 0 and p[0] >= 0)


def corner_sets(limit: int):
    """Yield (K, cells) for every connected corner set K whose lowest corner
    (by y, then x) is the origin and which touches at most `limit` cells;
    `cells` maps each touched cell to how many of its corners are in K."""
    cells: dict = {}
    K: list = []

    def add(p):
        for dx, dy in CELLS_OF_CORNER:
            c = (p[0] + dx, p[1] + dy)
            cells[c] = cells.get(c, 0) + 1

    def remove(p):
        for dx, dy in CELLS_OF_CORNER:
            c = (p[0] + dx, p[1] + dy)
            if cells[c] == 1:
                del cells[c]
            else:
                cells[c] -= 1

    def grow(untried: list, seen: set):
        while untried:
            p = untried.pop()
            add(p)
            if len(cells) <= limit:
                K.append(p)
                yield K, cells
                new = []
                for dx, dy in NEIGHBOURS:
                    q = (p[0] + dx, p[1] + dy)
                    if q not in seen and _after_origin(q):
                        new.append(q)
                for q in new:
                    seen.add(q)
                yield from grow(untried + new, seen)
                for q in new:
                    seen.discard(q)
                K.pop()
            remove(p)

    yield from grow([(0, 0)], {(0, 0)})


def forced_tiles(K, cells):
    """The tiles fixed by K (cell -> type) and the full cells left to choose."""
    kset = set(K)
    tiles, full = {}, []
    for c, m in cells.items():
        if m == 3:
            full.append(c)
            continue
        for t, ((ax, ay), (bx, by)) in enumerate(STRAIGHT):
            inside = ((c[0] + ax, c[1] + ay) in kset) + ((c[0] + bx, c[1] + by) in kset)
            if inside == (0 if m == 1 else 2):
                tiles[c] = t
                break
    return tiles, full


def _find(parent, a):
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def creatures_of(K, cells, count_only: bool = True):
    """Creatures whose corner set is K: their number, or (count_only=False)
    the list of their tile dicts."""
    tiles, full = forced_tiles(K, cells)
    index = {p: i for i, p in enumerate(K)}

    def corner(c, off):
        return index[(c[0] + off[0], c[1] + off[1])]

    base = list(range(len(K)))
    for c, t in tiles.items():
        a, b = STRAIGHT[t]
        if (c[0] + a[0], c[1] + a[1]) in index:
            ra, rb = _find(base, corner(c, a)), _find(base, corner(c, b))
            base[ra] = rb
    roots = {_find(base, i) for i in range(len(K))}
    if len(roots) - 1 > len(full):
        return 0 if count_only else []
    found = []
    total = 0
    choice = [0] * len(full)

    def search(i, parent, parts):
        nonlocal total
        if parts - 1 > len(full) - i:
            return
        if i == len(full):
            if parts == 1:
                total += 1
                if not count_only:
                    creature = dict(tiles)
                    creature.update({c: choice[j] for j, c in enumerate(full)})
                    found.append(creature)
            return
        c = full[i]
        for t in range(3):
            a, b = STRAIGHT[t]
            p = parent.copy()
            ra, rb = _find(p, corner(c, a)), _find(p, corner(c, b))
            merged = ra != rb
            if merged:
                p[ra] = rb
            choice[i] = t
            search(i + 1, p, parts - merged)

    search(0, base, len(roots))
    return total if count_only else found


def _symmetric_cells(cells) -> bool:
    """Could some non-identity symmetry map these cells to a translate?"""
    def outline(tiles):
        return tuple(c for c, _ in normal(tiles))
    images = symmetries({c: 0 for c in cells})
    own = outline(images[0])
    return any(outline(img) == own for img in images[1:])


def count_reference(limit: int, progress=None) -> tuple[list[int], list[int]]:
    """Fixed and free creature counts for n = 0..limit (index n), all in
    Python: the reference for the compiled `count`."""
    fixed = [0] * (limit + 1)
    burnside = [0] * (limit + 1)
    for K, cells in corner_sets(limit):
        n = len(cells)
        k = creatures_of(K, cells)
        if not k:
            continue
        fixed[n] += k
        burnside[n] += k
        if _symmetric_cells(cells):
            for tiles in creatures_of(K, cells, count_only=False):
                own = normal(tiles)
                burnside[n] += sum(normal(img) == own for img in symmetries(tiles)[1:])
        if progress is not None:
            progress()
    return fixed, _free(burnside)


def _free(burnside: list[int]) -> list[int]:
    free = []
    for n, b in enumerate(burnside):
        if b % 6:
            raise ArithmeticError(f"n={n}: Burnside sum {b} is not a multiple of 6")
        free.append(b // 6)
    return free


def _cells_of(K) -> dict:
    cells: dict = {}
    for p in K:
        for dx, dy in CELLS_OF_CORNER:
            c = (p[0] + dx, p[1] + dy)
            cells[c] = cells.get(c, 0) + 1
    return cells


def _run(limit: int, path=(), min_k: int = 1, max_k: int | None = None) -> list[list[int]]:
    """For one part of the growth: fix[g][n], the fixed creatures of n tiles
    that the g-th symmetry (tiles.symmetries) maps to a translate of themselves (g = 0,
    the identity: all fixed creatures)."""
    import numpy as np

    from .compiled import run

    capacity = 1 << 12
    while True:                  # the buffer of symmetric corner sets grows as needed
        try:
            fixed, sym_xy, sym_k = run(limit, capacity, np.array(path, dtype=np.int64), min_k,
                                       limit + 1 if max_k is None else max_k)
            break
        except ValueError:
            capacity *= 8
    fix = [[int(v) for v in fixed]] + [[0] * (limit + 1) for _ in range(5)]
    start = 0
    for k in sym_k:
        K = [tuple(map(int, p)) for p in sym_xy[start:start + k]]
        start += k
        cells = _cells_of(K)
        for tiles in creatures_of(K, cells, count_only=False):
            own = normal(tiles)
            for g, img in enumerate(symmetries(tiles)[1:], 1):
                fix[g][len(cells)] += normal(img) == own
    return fix


def _add(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    return [[x + y for x, y in zip(u, v)] for u, v in zip(a, b)]


def burnside(fix: list[list[int]]) -> tuple[list[int], list[int]]:
    """(fixed, free) from the fixed-point counts, checking the relation on
    every n: conjugate symmetries fix equally many creatures (the two
    rotations; the three reflections) and the sum divides by |G| = 6."""
    for n in range(len(fix[0])):
        if fix[1][n] != fix[2][n] or not fix[3][n] == fix[4][n] == fix[5][n]:
            raise ArithmeticError(f"n={n}: conjugate symmetries fix {[f[n] for f in fix[1:]]} creatures")
    return fix[0], _free([sum(f[n] for f in fix) for n in range(len(fix[0]))])


def count(limit: int) -> tuple[list[int], list[int]]:
    """Fixed and free creature counts for n = 0..limit (index n): the compiled
    growth counts every K; Burnside's non-identity terms come from the corner
    sets it reports as symmetric."""
    return burnside(_run(limit))


def _part(args) -> tuple[list[list[int]], float]:
    import time
    limit, path = args
    start = time.process_time()
    fix = _run(limit, path, min_k=SPLIT_DEPTH + 1) if path else _run(limit, (), max_k=SPLIT_DEPTH)
    return fix, time.process_time() - start


def count_parallel(limit: int, jobs: int = 2) -> tuple[list[int], list[int], float]:
    """`count` split into the cubes' parts, run on `jobs` processes:
    (fixed, free, CPU seconds of the parts)."""
    from multiprocessing import get_context

    paths = [()] + [(a, b) for a in range(BRANCHES[0]) for b in range(BRANCHES[1])]
    total = [[0] * (limit + 1) for _ in range(6)]
    cpu = 0.0
    with get_context("fork").Pool(jobs) as pool:
        for fix, seconds in pool.imap_unordered(_part, [(limit, p) for p in paths]):
            total = _add(total, fix)
            cpu += seconds
    fixed, free = burnside(total)
    return fixed, free, cpu


#: Cubes split the growth after the origin at the first two depths: a part
#: for |K| <= 2, then one per (first, second) corner popped (at most 3 x 8).
SPLIT_DEPTH = 2
BRANCHES = (3, 8)


def part_count(n: int, unique: bool, path: tuple) -> int:
    """One cube's share: fixed creatures of n tiles (or their Burnside sum)
    in one part of the growth; `path` () is the part with |K| <= SPLIT_DEPTH."""
    fix, _ = _part((n, path))
    return sum(f[n] for f in fix) if unique else fix[0][n]


def cubes(n: int, unique: bool):
    """The count of creatures of n tiles as independent Cubes."""
    from fractions import Fraction
    from functools import partial

    from ..core.cubes import Cube

    weight = Fraction(1, 6) if unique else 1
    paths = [()] + [(a, b) for a in range(BRANCHES[0]) for b in range(BRANCHES[1])]
    return [Cube(f"palago-{n} growth {'/'.join(map(str, p)) or 'small'}",
                 partial(part_count, n, unique, p), weight) for p in paths]


def creatures(n: int):
    """Every fixed creature of n tiles, as cell -> type dicts."""
    for K, cells in corner_sets(n):
        if len(cells) == n:
            yield from creatures_of(K, cells, count_only=False)
