"""Where pentominoes go on a rectangular board, and which placements are the
same up to the board's symmetries: the splits of the packing DP.

The DP (direct.py) counts with some pieces fixed in advance; the ways to
fix them are taken one per orbit under the board symmetries that map the
prescribed holes onto themselves, weighted by the orbit size (a symmetry g maps
the packings with a piece at p one-to-one onto those with it at g(p)).  Both
the DP's own splits and the cubes of cubes.py use these orbits.
"""

from __future__ import annotations

# The 12 pentominoes as (row, col) lists; any translate or aspect is the same piece.
PENTOMINOES: dict[str, tuple[tuple[int, int], ...]] = {
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "N": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
}
PIECE_NAMES = tuple(PENTOMINOES)

SPLIT_PIECES = ("X", "I")


def normalize(cells) -> tuple[tuple[int, int], ...]:
    """Translate to min row = min col = 0 and sort in row-major order."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def aspects(cells) -> list[tuple[tuple[int, int], ...]]:
    """The distinct aspects (rotations and reflections) of a polyomino."""
    out = []
    cur = list(cells)
    for _ in range(2):
        for _ in range(4):
            a = normalize(cur)
            if a not in out:
                out.append(a)
            cur = [(c, -r) for r, c in cur]  # rotate a quarter turn
        cur = [(r, -c) for r, c in cur]  # reflect
    return out


def board_symmetries(width, height):
    """The symmetries of the width x height board as maps (r, c) -> (r, c):
    the 8 of the square, or the 4 of a proper rectangle."""
    W, H = width, height
    maps = [lambda r, c: (r, c), lambda r, c: (H - 1 - r, c),
            lambda r, c: (r, W - 1 - c), lambda r, c: (H - 1 - r, W - 1 - c)]
    if W == H:
        maps += [lambda r, c: (c, r), lambda r, c: (W - 1 - c, r),
                 lambda r, c: (c, H - 1 - r), lambda r, c: (W - 1 - c, H - 1 - r)]
    return maps


def split_placements(width, height, piece_cells, fixed_empty=(), orbits=True):
    """Placements of one piece avoiding ``fixed_empty``, as (cells, weight):
    with ``orbits``, one representative per orbit under the board symmetries
    that map the set ``fixed_empty`` onto itself, weighted by the orbit size
    (such a g maps the packings with the piece at p one-to-one onto those with
    the piece at g(p)); otherwise every placement with weight 1."""
    fixed = frozenset(map(tuple, fixed_empty))
    places = set()
    for asp in aspects(piece_cells):
        h = max(r for r, _ in asp) + 1
        w = max(c for _, c in asp) + 1
        for r in range(height - h + 1):
            for c in range(width - w + 1):
                cells = frozenset((r + dr, c + dc) for dr, dc in asp)
                if not cells & fixed:
                    places.add(cells)
    if not orbits:
        return [(tuple(sorted(p)), 1) for p in sorted(places, key=sorted)]
    group = [g for g in board_symmetries(width, height)
             if frozenset(g(r, c) for r, c in fixed) == fixed]
    out, seen = [], set()
    for p in sorted(places, key=sorted):
        if p in seen:
            continue
        orbit = {frozenset(g(r, c) for r, c in p) for g in group}
        seen |= orbit
        out.append((tuple(sorted(p)), len(orbit)))
    return out


def _placements(width, height, name, blocked):
    """Every placement of a pentomino avoiding ``blocked``, as a frozenset of cells."""
    return [frozenset(cells) for cells, _ in
            split_placements(width, height, PENTOMINOES[name],
                                        blocked, orbits=False)]


def placement_orbits(width, height, names, fixed_empty=()):
    """Orbits of tuples of disjoint placements of the named pieces (avoiding
    ``fixed_empty``) under the board symmetries fixing ``fixed_empty``:
    a list of (representative: tuple of sorted cell tuples, orbit size)."""
    fixed = frozenset(map(tuple, fixed_empty))
    group = [g for g in board_symmetries(width, height)
             if frozenset(g(r, c) for r, c in fixed) == fixed]

    def image(g, combo):
        return tuple(frozenset(g(r, c) for r, c in p) for p in combo)

    combos = [()]
    for name in names:
        combos = [c + (p,) for c in combos
                  for p in _placements(width, height, name, fixed.union(*c))]
    seen, out = set(), []
    for combo in sorted(combos, key=lambda c: [sorted(p) for p in c]):
        if combo in seen:
            continue
        orbit = {image(g, combo) for g in group}
        seen |= orbit
        out.append((tuple(tuple(sorted(p)) for p in combo), len(orbit)))
    return out


def parts(width, height, fixed_empty, names, depth=2):
    """(label, fixed pieces as (name, cells) pairs, orbit size) for each orbit
    of placements of the first ``depth`` of SPLIT_PIECES in ``names``, the
    placements turned by ``_best_orientation``."""
    split = [n for n in SPLIT_PIECES[:depth] if n in names]
    fixed_empty = tuple(map(tuple, fixed_empty))
    out = []
    for combo, size in placement_orbits(width, height, split, fixed_empty):
        label = " / ".join(f"{n} at {' '.join(map(str, cells))}" for n, cells in zip(split, combo))
        oriented = tuple(zip(split, _best_orientation(width, height, combo, fixed_empty)))
        out.append((f"{label or 'whole board'} (orbit size {size})", oriented, size))
    return out


def _best_orientation(width, height, combo, fixed_empty):
    """The image of the fixed placements, under a board symmetry fixing
    ``fixed_empty``, that the DP (row by row, top to bottom) counts fastest,
    by a rule measured on the 8x8: the first piece (X) with its mean row
    nearest row height // 2 (just below the middle, where the DP's states
    peak), then the second (I) with its mean row nearest row height // 4,
    then all cells nearest the middle rows.  Any image has the same count.
    On every 5th of the 201 (X, I) cubes, over all 8 images of each: 11.8 s
    of CPU against 16.2 s for the earlier rule (nearest the middle rows
    alone; ties to the first image found) and 7.2 s for the best image of
    each cube; the DP's states 192 million, 228 million and 121 million."""
    fixed = frozenset(fixed_empty)
    middle = (height - 1) / 2
    targets = (height // 2, height // 4)

    def score(cells_list):
        rows = [sum(r for r, _ in cells) / len(cells) for cells in cells_list]
        return (tuple(abs(r - t) for r, t in zip(rows, targets))
                + (sum(abs(r - middle) for cells in cells_list for r, _ in cells),))

    best = combo
    for g in board_symmetries(width, height):
        if frozenset(g(r, c) for r, c in fixed) != fixed:
            continue
        image = tuple(tuple(sorted(g(r, c) for r, c in cells)) for cells in combo)
        if score(image) < score(best):
            best = image
    return best
