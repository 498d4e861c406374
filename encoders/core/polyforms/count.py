"""Counting polyforms by independent cubes, without remembering the forms seen.

``polyforms.free`` keeps a set of every aspect it has met, which grows with the
number of fixed forms (13 million polytrigs of order 9).  Here each fixed form
from Redelmeier's search is kept only when it is the canonical one of its class
(its normalized cells are the smallest of its aspects), a test that needs
nothing but the form itself.  So the search tree splits freely: a cube is one
subtree below a prefix of ``prefix`` cells, and the count is the plain sum of
the cubes' counts.  Cells are small ints here (x, y and kind packed in mixed
radix, which keeps tuple order), so the search does integer arithmetic only.

Two searches give each cube's count: ``_count_subtree``, compiled by numba
(the default, ``method="compiled"``), and ``_Lattice.count`` in pure Python
(``method="python"``), the reference the tests hold the compiled one to on
every grid and kind.  ``burnside_counts`` is a third way to the same numbers:
it counts every fixed form and, per symmetry, the forms it maps onto a
translate of themselves, and averages (Burnside's lemma), with no canonical
test at all.

Time limits: the compiled search runs in numba code, where neither the alarm
of ``polycnf polyforms --time-limit`` nor Ctrl-C can stop it; both take
effect when the cube returns to Python.  So the prefix depth is chosen for
short cubes: at least n // 2 cells, and deep enough that a cube grows about
``CUBE_FORMS`` fixed forms at the grid's growth rate (``GROWTH``), which keeps
the longest cube of every count measured here under 0.1 s (free polytrigs of
order 10: 4,215 cubes, the longest 54 ms; polyominoes of order 14: 38 ms).  A
deeper prefix means more cubes (about 2 KB each), so the depth stops where
they would pass ``MAX_CUBES``: only orders that take hours (polytrigs of order
13 and up) get longer cubes than that.
"""

from __future__ import annotations

import math
from functools import cached_property, lru_cache, partial

import numpy as np
from numba import njit

from ..cubes import Cube
from ..grids import LatticeMap, get_grid

KINDS = ("free", "one-sided", "fixed")
METHODS = ("compiled", "python")
#: how many times more fixed forms there are of order n + 1 than of order n, rounded
#: up: the ratio grows slowly with n (polytrigs 7.57 at n = 8, 7.85 at n = 11; polyominoes
#: 3.82 at n = 16; quasi-polytrigs 29.4 at n = 6); a grid not named here uses its largest
#: number of neighbours
GROWTH = {"square": 4.1, "hex": 5.2, "triangle": 3.1, "segment": 8.0, "quasi-segment": 36.0}
#: fixed forms a cube should grow (the mean; the longest cube is some 20 times the mean)
CUBE_FORMS = 50_000
#: no deeper prefix than one with more cubes than this
MAX_CUBES = 250_000


class _Lattice:
    """The grid's cells within reach of the origin as ints, its neighbour
    steps, and its symmetries as tables: per cell int, its image under each
    map.  The pure-Python tables (lists, for ``count``) and the numpy ones (for
    the compiled search) are built apart, each on first use."""

    def __init__(self, grid_name: str, n: int, kind: str):
        grid = self.grid = get_grid(grid_name)
        self.grid_name, self.n, self.kind = grid_name, n, kind
        self.k = grid.kinds
        # a neighbour step moves x and y by at most `reach` (1, or 3 on quasi-segment), so
        # forms stay within +-reach*n of the root and their images within +-(3*reach*n + 4)
        reach = max(abs(v) for offsets in grid.neighbour_offsets for o in offsets for v in o[:2])
        self.off = 3 * reach * n + 4
        self.m = 2 * self.off + 1               # radix of y
        self.size = self.m * self.m * self.k
        self.steps = []
        for z in range(self.k):
            nbs = grid.neighbours((0, 0, z) if grid.dims == 3 else (0, 0))
            self.steps.append([self.encode(c) - self.encode_xyz(0, 0, z) for c in nbs])
        # the symmetries besides the identity
        self.transforms = {"free": grid.transforms(), "one-sided": grid.rotations(), "fixed": []}[kind][1:]
        self.roots = [self.encode_xyz(0, 0, z) for z in range(self.k)]

    @cached_property
    def _python_tables(self):
        """Per cell int: its x and y offsets (for translation), and its image under each map."""
        grid = self.grid
        cells = [self.decode(v) for v in range(self.size)]
        xs = [(x + self.off) * self.m * self.k for x, _, _ in cells]
        ys = [(y + self.off) * self.k for _, y, _ in cells]
        maps = []
        for t in self.transforms:
            image = []
            for x, y, z in cells:
                c = t((x, y, z) if grid.dims == 3 else (x, y))
                inside = all(abs(v) <= self.off for v in c[:2])
                image.append(self.encode(c) if inside else 0)
            maps.append(image)
        return xs, ys, maps

    @property
    def xs(self):
        return self._python_tables[0]

    @property
    def ys(self):
        return self._python_tables[1]

    @property
    def maps(self):
        return self._python_tables[2]

    def encode_xyz(self, x, y, z):
        return ((x + self.off) * self.m + (y + self.off)) * self.k + z

    def encode(self, cell):
        return self.encode_xyz(cell[0], cell[1], cell[2] if len(cell) == 3 else 0)

    def decode(self, v):
        v, z = divmod(v, self.k)
        x, y = divmod(v, self.m)
        return x - self.off, y - self.off, z

    def is_canonical(self, cells) -> bool:
        """True when no symmetry maps the form to a smaller normalized one.
        Translating by (dx, dy) adds a constant to every cell int, so a form
        is normalized by subtracting the x and y parts of its smallest cell."""
        xs, ys = self.xs, self.ys
        base = min(xs[v] for v in cells) + min(ys[v] for v in cells)
        own = sorted(cells)
        first = own[0] - base
        for image in self.maps:
            img = [image[v] for v in cells]
            shift = min(xs[v] for v in img) + min(ys[v] for v in img)
            low = min(img) - shift
            if low > first:
                continue
            if low < first:
                return False
            d = base - shift
            if sorted(v + d for v in img) < own:
                return False
        return True

    def count(self, root, polyform, untried, reached) -> int:
        """Canonical fixed forms of n cells that extend ``polyform`` in this subtree."""
        n, steps, k = self.n, self.steps, self.k
        check = self.is_canonical if self.maps else None
        found = 0

        def grow(untried, polyform, reached):
            nonlocal found
            untried = list(untried)
            while untried:
                cell = untried.pop()
                polyform.append(cell)
                if len(polyform) == n:
                    if check is None or check(polyform):
                        found += 1
                else:
                    new = [c for c in (cell + s for s in steps[cell % k]) if c > root and c not in reached]
                    reached.update(new)
                    grow(untried + new, polyform, reached)
                    reached.difference_update(new)
                polyform.pop()

        if len(polyform) == n:
            return int(check is None or check(polyform))
        grow(untried, list(polyform), set(reached))
        return found

    @cached_property
    def tables(self):
        """The tables as numpy arrays, for the compiled search: (steps, degree)
        per kind, xs, ys and maps (a row per symmetry), computed by whole
        arrays from each map's matrix and images (the same values as
        ``_python_tables``, which the tests check)."""
        deg = np.array([len(s) for s in self.steps], dtype=np.int64)
        steps = np.zeros((self.k, max(deg)), dtype=np.int64)
        for z, s in enumerate(self.steps):
            steps[z, :len(s)] = s
        v = np.arange(self.size, dtype=np.int64)
        z, q = v % self.k, v // self.k
        x, y = q // self.m - self.off, q % self.m - self.off
        xs = (x + self.off) * self.m * self.k
        ys = (y + self.off) * self.k
        maps = np.zeros((len(self.transforms), self.size), dtype=np.int64)
        for i, t in enumerate(self.transforms):
            if not isinstance(t, LatticeMap):            # not a matrix: cell by cell
                maps[i] = self._python_tables[2][i]
                continue
            (a, b), (c, d) = t.matrix
            tx, ty = a * x + b * y, c * x + d * y
            tz = np.zeros_like(z)
            if t.images is not None:
                images = np.array(t.images, dtype=np.int64).reshape(self.k, 3)
                tx, ty, tz = tx + images[z, 0], ty + images[z, 1], images[z, 2]
            inside = (np.abs(tx) <= self.off) & (np.abs(ty) <= self.off)
            maps[i] = np.where(inside, ((tx + self.off) * self.m + (ty + self.off)) * self.k + tz, 0)
        return steps, deg, xs, ys, maps

    def count_compiled(self, root, polyform, untried, reached) -> int:
        """``count`` by the compiled search (``_count_subtree``): the same forms."""
        return int(self._search(root, polyform, untried, reached, None))

    def symmetry_counts(self, root, polyform, untried, reached) -> np.ndarray:
        """The fixed forms of the subtree (item 0), and per map (item t + 1) those
        that ``maps[t]`` sends onto a translate of themselves (for Burnside)."""
        fixed_by = np.zeros(len(self.transforms), dtype=np.int64)
        fixed = self._search(root, polyform, untried, reached, fixed_by)
        return np.concatenate(([fixed], fixed_by))

    def _search(self, root, polyform, untried, reached, fixed_by):
        steps, deg, xs, ys, maps = self.tables
        burnside = fixed_by is not None
        return _count_subtree(self.n, self.k, root, np.array(polyform, dtype=np.int64),
                              np.array(untried, dtype=np.int64),
                              np.fromiter(reached, dtype=np.int64, count=len(reached)),
                              steps, deg, xs, ys, maps, burnside,
                              fixed_by if burnside else np.zeros(0, dtype=np.int64))

    def prefixes(self, depth, limit=None):
        """The search states after ``depth`` cells are placed (or complete forms
        of fewer cells): (root, polyform, untried, reached), in search order;
        None as soon as there are more than ``limit`` of them."""
        out = []
        n, steps, k = self.n, self.steps, self.k

        def grow(root, untried, polyform, reached):
            untried = list(untried)
            while untried:
                cell = untried.pop()
                polyform.append(cell)
                if len(polyform) == n:
                    out.append((root, tuple(polyform), (), frozenset(reached)))
                    polyform.pop()
                    if limit is not None and len(out) > limit:
                        raise _TooMany
                    continue
                new = [c for c in (cell + s for s in steps[cell % k]) if c > root and c not in reached]
                reached.update(new)
                if len(polyform) == depth:
                    out.append((root, tuple(polyform), tuple(untried + new), frozenset(reached)))
                    if limit is not None and len(out) > limit:
                        raise _TooMany
                else:
                    grow(root, untried + new, polyform, reached)
                reached.difference_update(new)
                polyform.pop()

        try:
            for root in self.roots:
                grow(root, [root], [], {root})
        except _TooMany:
            return None
        return out

    def depth(self) -> int:
        """The default prefix depth: see the module's docstring."""
        n = self.n
        growth = GROWTH.get(self.grid_name) or max(len(s) for s in self.steps)
        return max(1, min(n, n // 2), n - int(math.log(CUBE_FORMS) / math.log(growth)))


class _TooMany(Exception):
    """More prefixes than asked for."""


@lru_cache(maxsize=4)
def _lattice(grid_name: str, n: int, kind: str) -> _Lattice:
    """One lattice (and its tables) per process, shared by the cubes it runs."""
    return _Lattice(grid_name, n, kind)


def count_subtree(grid_name, n, kind, root, polyform, untried, reached, method="compiled") -> int:
    """One cube's count: compiled (the default), or by ``_Lattice.count`` in
    pure Python (``method="python"``, the reference the tests hold it to)."""
    lattice = _lattice(grid_name, n, kind)
    if method == "python":
        return lattice.count(root, polyform, untried, reached)
    return lattice.count_compiled(root, polyform, untried, reached)


# -- the compiled search ------------------------------------------------------------
@njit(cache=True)
def _lowest(cells, n, xs, ys):
    """The smallest cell int of cells[:n], and the x and y parts of the
    smallest x and y among them (what normalizing the form subtracts)."""
    low = cells[0]
    mx = xs[low]
    my = ys[low]
    for i in range(1, n):
        v = cells[i]
        if v < low:
            low = v
        if xs[v] < mx:
            mx = xs[v]
        if ys[v] < my:
            my = ys[v]
    return low, mx + my


@njit(cache=True)
def _sort(a, n):
    """Insertion sort of a[:n] in place (n is at most the order: a few dozen)."""
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@njit(cache=True)
def _compare(img, own, n, d):
    """-1, 0 or 1 as the sorted img[:n] moved by d is below, equal to or above
    own[:n] (sorted already); sorts img."""
    _sort(img, n)
    for i in range(n):
        w = img[i] + d
        if w != own[i]:
            return -1 if w < own[i] else 1
    return 0


@njit(cache=True)
def _is_canonical(cells, n, xs, ys, maps, own, img, fixed_by):
    """``_Lattice.is_canonical`` over the maps table; with ``fixed_by`` (for
    Burnside), instead count in fixed_by[t] whether maps[t] sends the form onto
    a translate of itself, and say True.  own, img: scratch arrays."""
    burnside = fixed_by.shape[0] > 0
    low, base = _lowest(cells, n, xs, ys)
    first = low - base
    sorted_own = False
    for t in range(maps.shape[0]):
        image = maps[t]
        for i in range(n):
            img[i] = image[cells[i]]
        ilow, shift = _lowest(img, n, xs, ys)
        if ilow - shift > first:
            continue
        if ilow - shift < first:
            if burnside:
                continue
            return False
        if not sorted_own:
            for i in range(n):
                own[i] = cells[i]
            _sort(own, n)
            sorted_own = True
        order = _compare(img, own, n, base - shift)
        if burnside:
            if order == 0:
                fixed_by[t] += 1
        elif order < 0:
            return False
    return True


@njit(cache=True)
def _count_subtree(n, k, root, polyform, untried, reached_cells, steps, deg, xs, ys, maps, burnside,
                   fixed_by):
    """``_Lattice.count`` without recursion (with ``burnside``: every fixed
    form, and the symmetric ones in fixed_by; see ``_is_canonical``).

    The untried cells of every level share one array U: level d tries the
    cells U[idx[d]:end[d]] in turn, and the cells a try adds go to
    U[end[d]:end[d + 1]], so the child's untried set (the parent's cells not
    yet tried, then the new ones) is U[idx[d]:end[d + 1]], and no level
    writes below its own end."""
    check = burnside or maps.shape[0] > 0
    plen = polyform.shape[0]
    cells = np.empty(n, dtype=np.int64)
    for i in range(plen):
        cells[i] = polyform[i]
    own = np.empty(n, dtype=np.int64)
    img = np.empty(n, dtype=np.int64)
    if plen == n:
        return 1 if not check or _is_canonical(cells, n, xs, ys, maps, own, img, fixed_by) else 0
    U = np.empty(untried.shape[0] + n * steps.shape[1] + 1, dtype=np.int64)
    for i in range(untried.shape[0]):
        U[i] = untried[i]
    reached = np.zeros(xs.shape[0], dtype=np.bool_)
    for i in range(reached_cells.shape[0]):
        reached[reached_cells[i]] = True
    idx = np.empty(n + 1, dtype=np.int64)
    end = np.empty(n + 1, dtype=np.int64)
    d = plen
    idx[d] = 0
    end[d] = untried.shape[0]
    found = 0
    while True:
        if d == n - 1:                        # the last cell: each untried cell ends a form
            if check:
                for j in range(idx[d], end[d]):
                    cells[d] = U[j]
                    if _is_canonical(cells, n, xs, ys, maps, own, img, fixed_by):
                        found += 1
            else:
                found += end[d] - idx[d]
            idx[d] = end[d]
        i = idx[d]
        if i < end[d]:                        # try the next cell, and go down
            cell = U[i]
            idx[d] = i + 1
            cells[d] = cell
            e = end[d]
            z = cell % k
            for s in range(deg[z]):
                c = cell + steps[z, s]
                if c > root and not reached[c]:
                    reached[c] = True
                    U[e] = c
                    e += 1
            d += 1
            idx[d] = i + 1
            end[d] = e
        else:                                 # level done: go up, forgetting its last try's cells
            if d == plen:
                break
            d -= 1
            for j in range(end[d], end[d + 1]):
                reached[U[j]] = False
    return found


def polyform_cubes(grid_name: str, n: int, kind: str = "free", prefix: int | None = None,
                   method: str = "compiled") -> list[Cube]:
    """The number of polyforms of order n (free, one-sided or fixed) as cubes:
    one per Redelmeier subtree below ``prefix`` cells (default: n // 2, or
    more where that would make long cubes; see the module's docstring), each
    counted by ``method`` ("compiled" or "python")."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    if n < 1:
        return []
    lattice = _lattice(grid_name, n, kind)
    if prefix is not None:
        states = lattice.prefixes(prefix)
    else:
        depth = lattice.depth()
        states = lattice.prefixes(depth, MAX_CUBES)
        while states is None:
            depth -= 1
            states = lattice.prefixes(depth, None if depth <= max(1, n // 2) else MAX_CUBES)
    cubes = []
    for root, polyform, untried, reached in states:
        label = f"{grid_name} {kind} order {n}: subtree of " + " ".join(
            str(lattice.decode(v)) for v in polyform)
        cubes.append(Cube(label, partial(count_subtree, grid_name, n, kind, root, polyform,
                                         untried, reached, method=method)))
    return cubes


def count_polyforms(grid_name: str, n: int, kind: str = "free", progress: bool = True,
                    method: str = "compiled") -> int:
    """The number of polyforms by cubes, one after the other in this process
    (a parallel engine runs ``polyform_cubes`` instead)."""
    from tqdm import tqdm

    cubes = polyform_cubes(grid_name, n, kind, method=method)
    return sum(c.count() for c in tqdm(cubes, desc=f"{grid_name} order {n}", unit="cube",
                                       disable=None if progress else True, leave=False))


def burnside_counts(grid_name: str, n: int, progress: bool = False) -> dict[str, int]:
    """The fixed, one-sided and free counts of order n by Burnside's lemma, with
    no canonical test: every fixed form (one per translation class) is counted,
    and for each symmetry g the forms g maps onto a translate of themselves;
    the one-sided count is the mean over the rotations, the free count the mean
    over all the symmetries.  The cubes are those of ``polyform_cubes``."""
    from tqdm import tqdm

    if n < 1:
        return {kind: 0 for kind in KINDS}
    lattice = _lattice(grid_name, n, "free")
    rotations = len(lattice.grid.rotations())
    sums = np.zeros(len(lattice.transforms) + 1, dtype=np.int64)
    for state in tqdm(lattice.prefixes(lattice.depth()), desc=f"{grid_name} order {n} (Burnside)",
                      unit="cube", disable=None if progress else True, leave=False):
        sums += lattice.symmetry_counts(*state)
    fixed, by_rotation, total = int(sums[0]), int(sums[:rotations].sum()), int(sums.sum())
    if by_rotation % rotations or total % (len(lattice.transforms) + 1):
        raise ArithmeticError(f"Burnside's sums {sums.tolist()} do not divide: a symmetry is miscounted")
    return {"free": total // (len(lattice.transforms) + 1), "one-sided": by_rotation // rotations,
            "fixed": fixed}
