"""The packing DP's count (encoders/packing/direct.py) as independent cubes.

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
by the board symmetry (fixing the prescribed holes) that a measured rule
expects to count fastest (``orbits._best_orientation``: X just below the
middle rows, where the DP's states peak, I above it); the images of one cube
differ up to tenfold in time.  ``depth`` chooses how many of ("X", "I") are
fixed: 0 is the single DP, 1 the X orbits of packing_dp, 2 the pairs.  The
orbits themselves are computed in orbits.py.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from . import direct as packing_dp
from ..core.cubes import Cube
from .orbits import parts


def count_part(width, height, holes, fixed_empty, pieces, fixed_pieces) -> int:
    """Packings with the pieces of ``fixed_pieces`` ((name, cells) pairs) placed."""
    return packing_dp.run(width, height, holes, fixed_empty, pieces,
                          fixed_pieces=dict(fixed_pieces), lean=True).count


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


def _hashable(piece):
    return piece if isinstance(piece, str) else tuple(map(tuple, piece))
