"""Creatures as CNF: the second method, independent of the enumerator.

Variables: ("tile", x, y, t) -- a tile of type t on cell (x, y) (the show
set); ("blue", a, b) -- blue corner (a, b) belongs to the creature; and
("reach", a, b, i) -- the corner is joined to the root corner by straights in
at most i steps.  Translation is fixed by an anchor: cell (0, 0) holds a tile
and no cell before it (by y, then x) does; the window (see `window`) is the
cells after the origin that a creature of n tiles can reach.  Rules, all local except the last two:

- at most one tile per cell;
- a blue corner has a tile on each of its three cells;
- every tile has a blue corner (the creature is exactly the cells its blue
  corners touch);
- a straight has both ends blue or neither (blue never leaves the creature);
- the blue corners are connected through straights (reachability from a
  root corner of the anchor cell in at most |corners| - 1 steps);
- exactly n tiles, in the user's PySAT cardinality encoding.

Given the tiles, the blue corners are determined (two closed blue regions
cannot cover the same cells), and the reach variables are projected away, so
the projected count over the tile variables is the number of fixed creatures.
Up to symmetry, Burnside: for each of the six symmetries g, the creatures
that g maps to a translate of themselves, with the translation chosen by
one-hot auxiliary variables; the weighted sum is the free count.
"""

from __future__ import annotations

from ..core.cnf import Formula
from .tiles import CELLS_OF_CORNER, CORNERS, STRAIGHT, TYPES, rotate, reflect


def window(n: int) -> list[tuple[int, int]]:
    """Cells that a creature of n tiles anchored at (0, 0) can use: within
    r = (n - 1) // 2 of the anchor along each of x, y and x + y.

    Why r: corner (a, b) touches cells (a, b), (a + 1, b), (a, b + 1), two at
    x = a and one at x = a + 1.  The corners of a creature are connected in
    the corner lattice, whose steps change a by at most 1, so their a-values
    fill an interval [a0, a1]; then every cell level x = a0..a1 holds at least
    two tiles and level a1 + 1 at least one, n >= 2 (a1 - a0 + 1) + 1, and the
    tiles span at most r levels of x.  The same holds for y (cells b, b, b + 1)
    and for x + y (cells s, s + 1, s + 1, the two at the top level).
    """
    r = (n - 1) // 2
    out = []
    for y in range(0, r + 1):
        for x in range(-r, r + 1):
            if (y > 0 or x >= 0) and abs(x + y) <= r:
                out.append((x, y))
    return out


def tile(c, t):
    return ("tile", c[0], c[1], t)


def _corner_of(c, off):
    return (c[0] + off[0], c[1] + off[1])


def creature_formula(n: int, encoding: str | None = None, name: str = "") -> Formula:
    r"""Fixed creatures of n tiles: the projected count is their number (projected on the
    tiles of the window).  The smallest creature has 3 tiles; its DIMACS begins:

    >>> lines = [line for line in creature_formula(3).dimacs_lines() if not line.startswith("c group")]
    >>> print("\n".join(lines[:5]))
    c t pmc
    p cnf 146 424
    c p show 1 2 3 4 5 6 7 8 9 10 11 12 0
    -1 -2 0
    -1 -3 0
    """
    f = Formula(name or f"palago-{n}", **({"encoding": encoding} if encoding else {}))
    cells = window(n)
    cellset = set(cells)
    for c in cells:
        for t in TYPES:
            f.var(tile(c, t))
    f.show([tile(c, t) for c in cells for t in TYPES])
    for c in cells:
        f.at_most_one([f.var(tile(c, t)) for t in TYPES], "one tile per cell", "pairwise")
    corners = sorted({_corner_of(c, off) for c in cells for off in CORNERS})

    def blue(a):
        return f.var(("blue",) + a)

    # a blue corner has its three cells placed (a cell outside the window is empty)
    for a in corners:
        around = [_corner_of(a, off) for off in CELLS_OF_CORNER]
        for c in around:
            if c in cellset:
                f.add([-blue(a)] + [f.var(tile(c, t)) for t in TYPES], "blue corners are closed")
            else:
                f.add([-blue(a)], "blue corners are closed")
    for c in cells:
        for t in TYPES:
            f.add([-f.var(tile(c, t))] + [blue(_corner_of(c, off)) for off in CORNERS],
                  "every tile touches the creature")
            a, b = (_corner_of(c, off) for off in STRAIGHT[t])
            f.add([-f.var(tile(c, t)), -blue(a), blue(b)], "straights stay blue")
            f.add([-f.var(tile(c, t)), blue(a), -blue(b)], "straights stay blue")
    f.add([f.var(tile((0, 0), t)) for t in TYPES], "anchor")
    _connected(f, n, cells, corners, blue)
    f.exactly([f.var(tile(c, t)) for c in cells for t in TYPES], n, "exactly n tiles")
    return f


def _connected(f, n, cells, corners, blue) -> None:
    """Every blue corner is reached from a root (a corner of the anchor cell)
    through straights of placed tiles.  reach(a, i) and the via variables are
    defined by equivalences, not implications: fixed by the tiles and blue
    corners, they give Ganak nothing to branch on (about 4x faster at n = 12)."""
    steps = n - 1                       # at most n blue corners: each has 3 cells, each cell 3 corners
    edges = {a: [] for a in corners}    # corner -> [(other corner, tile literal)]
    for c in cells:
        for t in TYPES:
            a, b = (_corner_of(c, off) for off in STRAIGHT[t])
            edges[a].append((b, f.var(tile(c, t))))
            edges[b].append((a, f.var(tile(c, t))))
    roots = [_corner_of((0, 0), off) for off in CORNERS]

    def reach(a, i):
        return f.var(("reach",) + a + (i,))

    for a in corners:                   # reach(a, 0) <-> a is a blue root
        if a in roots:
            f.add([-reach(a, 0), blue(a)], "connected")
            f.add([reach(a, 0), -blue(a)], "connected")
        else:
            f.add([-reach(a, 0)], "connected")
    for i in range(1, steps + 1):
        for a in corners:
            # reach(a, i) <-> reach(a, i-1) or some via(a, b, i) = (reach(b, i-1) and straight ab)
            via = []
            for b, lit in edges[a]:
                v = f.var(("via", a, b, lit, i))
                f.add([-v, reach(b, i - 1)], "connected")
                f.add([-v, lit], "connected")
                f.add([v, -reach(b, i - 1), -lit], "connected")
                via.append(v)
            f.add([-reach(a, i), reach(a, i - 1)] + via, "connected")
            for w in [reach(a, i - 1)] + via:
                f.add([reach(a, i), -w], "connected")
    for a in corners:
        f.add([-blue(a), reach(a, steps)], "connected")


SYMMETRY_NAMES = ("identity", "rotation 120", "rotation 240",
                  "reflection", "reflection + rotation 120", "reflection + rotation 240")


def symmetry_map(k: int):
    """(cell, type) -> (cell, type) for the k-th of the six symmetries (0 = identity; order as tiles.symmetries)."""
    def apply(c, t):
        tiles = {c: t}
        if k >= 3:
            tiles = reflect(tiles)
        for _ in range(k % 3):
            tiles = rotate(tiles)
        (img, u), = tiles.items()
        return img, u
    return apply


def fixed_point_formula(n: int, k: int, encoding: str | None = None) -> Formula:
    """Creatures of n tiles that symmetry k maps onto a translate of themselves."""
    f = creature_formula(n, encoding, name=f"palago-{n} fixed by {SYMMETRY_NAMES[k]}")
    if k == 0:
        return f
    g = symmetry_map(k)
    cells = window(n)
    cellset = set(cells)
    # the translation s with g(C) + s = C moves g(anchor) onto a cell of C
    shifts = sorted({(c[0] - g((0, 0), 0)[0][0], c[1] - g((0, 0), 0)[0][1]) for c in cells})
    sel = [f.var(("shift",) + s) for s in shifts]
    f.exactly_one(sel, "one translation", "pairwise" if len(sel) < 8 else None)
    for s, v in zip(shifts, sel):
        for c in cells:
            for t in TYPES:
                (ix, iy), u = g(c, t)
                img = (ix + s[0], iy + s[1])
                if img in cellset:
                    f.add([-v, -f.var(tile(c, t)), f.var(tile(img, u))], "symmetric")
                else:
                    f.add([-v, -f.var(tile(c, t))], "symmetric")
    return f
