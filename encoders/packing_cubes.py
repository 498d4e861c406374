"""The packing DP's count (encoders/packing_dp.py) as independent cubes.

One DP over the 8x8 board with 4 holes anywhere peaks near 16 million states
(1.7 GB) and runs for minutes on one core.  Fixing pieces in advance shrinks
it: a cube is one DP with the X pentomino and then the I pentomino at given
placements.  Pairs of placements are taken up to the board symmetries that map
the prescribed holes onto themselves, one representative per orbit weighted by
the orbit size: a symmetry g maps the packings with (X, I) at (p, q)
one-to-one onto those with (X, I) at (g p, g q), so

    raw = sum over pair orbits of |orbit| * packings with (X, I) at the representative.

Splitting on I cuts the peak states per DP by 3x or more and gives
hundreds of parts for parallel engines.  Each cube also turns its placements
by the board symmetry (fixing the prescribed holes) that brings them nearest
the middle rows, where the DP's states peak; with pieces along an edge that
makes it several times faster.  ``depth`` chooses how many of ("X", "I") are
fixed: 0 is the single DP, 1 the X orbits of packing_dp, 2 the pairs.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from . import packing_dp
from .cubes import Cube

SPLIT_PIECES = ("X", "I")


def count_part(width, height, holes, fixed_empty, pieces, fixed_pieces) -> int:
    """Packings with the pieces of ``fixed_pieces`` ((name, cells) pairs) placed."""
    return packing_dp.run(width, height, holes, fixed_empty, pieces,
                          fixed_pieces=dict(fixed_pieces), lean=True).count


def _placements(width, height, name, blocked):
    """Every placement of a pentomino avoiding ``blocked``, as a frozenset of cells."""
    return [frozenset(cells) for cells, _ in
            packing_dp.split_placements(width, height, packing_dp.PENTOMINOES[name],
                                        blocked, orbits=False)]


def placement_orbits(width, height, names, fixed_empty=()):
    """Orbits of tuples of disjoint placements of the named pieces (avoiding
    ``fixed_empty``) under the board symmetries fixing ``fixed_empty``:
    a list of (representative: tuple of sorted cell tuples, orbit size)."""
    fixed = frozenset(map(tuple, fixed_empty))
    group = [g for g in packing_dp.board_symmetries(width, height)
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


def packing_cubes(width=8, height=8, holes=4, fixed_empty=(), pieces=None, depth=2,
                  divide_by: int = 1) -> list[Cube]:
    """The packing count (see ``packing_dp.count_packings``) as cubes whose
    weighted counts add up to it, divided by ``divide_by`` (the group order,
    when the caller knows that unique = raw / |G|)."""
    names = list(pieces) if pieces is not None else list(packing_dp.PIECE_NAMES)
    fixed_empty = tuple(map(tuple, fixed_empty))
    args = (width, height, holes, fixed_empty, tuple(map(_hashable, names)))
    return [Cube(label, partial(count_part, *args, fixed),
                 Fraction(size, divide_by) if divide_by != 1 else size)
            for label, fixed, size in parts(width, height, fixed_empty, names, depth)]


def _best_orientation(width, height, combo, fixed_empty):
    """The image of the fixed placements, under a board symmetry fixing
    ``fixed_empty``, whose cells lie nearest the middle rows.  Any image has
    the same count; the DP's states peak in the middle rows, so fixed cells
    there cut its work most (the heaviest 8x8 cube, X and I along the top
    edge: 1.9 million states and 5 s transposed, 5.6 million and 19 s as is)."""
    fixed = frozenset(fixed_empty)
    middle = (height - 1) / 2

    def score(cells_list):
        return sum(abs(r - middle) for cells in cells_list for r, _ in cells)

    best = combo
    for g in packing_dp.board_symmetries(width, height):
        if frozenset(g(r, c) for r, c in fixed) != fixed:
            continue
        image = tuple(tuple(sorted(g(r, c) for r, c in cells)) for cells in combo)
        if score(image) < score(best):
            best = image
    return best


def _hashable(piece):
    return piece if isinstance(piece, str) else tuple(map(tuple, piece))
