"""Counting polyforms by independent cubes, without remembering the forms seen.

``polyforms.free`` keeps a set of every aspect it has met, which grows with the
number of fixed forms (13 million polytrigs of order 9).  Here each fixed form
from Redelmeier's search is kept only when it is the canonical one of its class
(its normalized cells are the smallest of its aspects), a test that needs
nothing but the form itself.  So the search tree splits freely: a cube is one
subtree below a prefix of ``prefix`` cells, and the count is the plain sum of
the cubes' counts.  Cells are small ints here (x, y and kind packed in mixed
radix, which keeps tuple order), so the search does integer arithmetic only.
"""

from __future__ import annotations

from functools import lru_cache, partial

from ..cubes import Cube
from ..grids import get_grid

KINDS = ("free", "one-sided", "fixed")


class _Lattice:
    """The grid's cells within reach of the origin as ints, its neighbour
    steps, and its symmetries as (a, b, c, d, images per kind)."""

    def __init__(self, grid_name: str, n: int, kind: str):
        grid = get_grid(grid_name)
        self.grid_name, self.n, self.kind = grid_name, n, kind
        self.k = grid.kinds
        # a neighbour step moves x and y by at most `reach` (1, or 3 on quasi-segment), so
        # forms stay within +-reach*n of the root and their images within +-(3*reach*n + 4)
        reach = max(abs(v) for offsets in grid.neighbour_offsets for o in offsets for v in o[:2])
        self.off = 3 * reach * n + 4
        self.m = 2 * self.off + 1               # radix of y
        self.steps = []
        for z in range(self.k):
            nbs = grid.neighbours((0, 0, z) if grid.dims == 3 else (0, 0))
            self.steps.append([self.encode(c) - self.encode_xyz(0, 0, z) for c in nbs])
        maps = {"free": grid.transforms(), "one-sided": grid.rotations(), "fixed": []}[kind]
        # per cell int: its x and y offsets (for translation), and its image under each map
        size = self.m * self.m * self.k
        cells = [self.decode(v) for v in range(size)]
        self.xs = [(x + self.off) * self.m * self.k for x, _, _ in cells]
        self.ys = [(y + self.off) * self.k for _, y, _ in cells]
        self.maps = []
        for t in maps[1:]:
            image = []
            for x, y, z in cells:
                c = t((x, y, z) if grid.dims == 3 else (x, y))
                inside = all(abs(v) <= self.off for v in c[:2])
                image.append(self.encode(c) if inside else 0)
            self.maps.append(image)
        self.roots = [self.encode_xyz(0, 0, z) for z in range(self.k)]

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

    def prefixes(self, depth):
        """The search states after ``depth`` cells are placed (or complete forms
        of fewer cells): (root, polyform, untried, reached), in search order."""
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
                    continue
                new = [c for c in (cell + s for s in steps[cell % k]) if c > root and c not in reached]
                reached.update(new)
                if len(polyform) == depth:
                    out.append((root, tuple(polyform), tuple(untried + new), frozenset(reached)))
                else:
                    grow(root, untried + new, polyform, reached)
                reached.difference_update(new)
                polyform.pop()

        for root in self.roots:
            grow(root, [root], [], {root})
        return out


@lru_cache(maxsize=4)
def _lattice(grid_name: str, n: int, kind: str) -> _Lattice:
    """One lattice (and its tables) per process, shared by the cubes it runs."""
    return _Lattice(grid_name, n, kind)


def count_subtree(grid_name, n, kind, root, polyform, untried, reached) -> int:
    return _lattice(grid_name, n, kind).count(root, polyform, untried, reached)


def polyform_cubes(grid_name: str, n: int, kind: str = "free", prefix: int | None = None) -> list[Cube]:
    """The number of polyforms of order n (free, one-sided or fixed) as cubes:
    one per Redelmeier subtree below ``prefix`` cells (default: about n / 2)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if n < 1:
        return []
    lattice = _lattice(grid_name, n, kind)
    depth = prefix if prefix is not None else max(1, min(n, n // 2))
    cubes = []
    for root, polyform, untried, reached in lattice.prefixes(depth):
        label = f"{grid_name} {kind} order {n}: subtree of " + " ".join(
            str(lattice.decode(v)) for v in polyform)
        cubes.append(Cube(label, partial(count_subtree, grid_name, n, kind, root, polyform,
                                         untried, reached)))
    return cubes


def count_polyforms(grid_name: str, n: int, kind: str = "free", progress: bool = True) -> int:
    """The number of polyforms by cubes, one after the other in this process
    (a parallel engine runs ``polyform_cubes`` instead)."""
    from tqdm import tqdm

    cubes = polyform_cubes(grid_name, n, kind)
    return sum(c.count() for c in tqdm(cubes, desc=f"{grid_name} order {n}", unit="cube",
                                       disable=None if progress else True, leave=False))
