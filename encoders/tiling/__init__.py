"""Tiling puzzles: place these pieces on this board (family "tiling").

A puzzle is data: a board (cells of one grid), named pieces, and whether the
board must be filled exactly or only at most once per cell.  Every aspect
(rotation, reflection) of every piece may be used, so the placements are every
translate of every aspect that lies inside the board; everything else -- the
CNF, the exact cover, the symmetry cases -- is derived from them.

Identical pieces.  Pieces with the same shape (e.g. the four monominoes
m1..m4) are interchangeable: a board filling counts once, not once per
permutation of the copies.  Their placements share one "kind" (one variable
per placement, whichever copy lies there), and
  - in the CNF: when the board must be filled exactly and the piece areas add
    up to the board, the copies need no constraint (the cells left by the
    other pieces force exactly k of them); otherwise `exactly(k)` of the
    kind's placements;
  - in the exact cover: one primary item per copy, and copy j+1 must lie at a
    later placement than copy j (Knuth's ordering trick with secondary items:
    copy j at placement i takes "order" items 0..i, copy j+1 at i' takes
    i'..end, so they clash unless i < i').  Each filling is then one exact
    cover.  Without the copy items the search would not know that only k
    copies exist and would wander through fillings with too many of them
    (on the 8x8 board with 4 monominoes, hours instead of seconds).

placement.py   what a variable means: a piece kind on some cells
instance.py    Tiling: board, pieces, kinds, placements, board symmetries
check.py       the plain rule checker (never looks at the CNF)
cnf.py         the CNF
cover.py       the exact cover (DLX)
cases.py       symmetry-aware counting: orbit cases of a pivot piece
direct.py      the packing DP (encoders/packing/) as a direct counter (square boards)
polytrigs.py   polytrig boards and the no-crossing rule on the segment grid
draw.py        text and SVG pictures
fileformat.py  instance files (TOML)
"""

from .cover import crossing_name
from .draw import HEX_DIGITS, SPARE_LABELS
from .fileformat import METHODS, from_toml, load
from .placement import CopyPlacement, Kind, Placement
from .instance import DISPLAYS, FILLS, Tiling

__all__ = ["crossing_name", "HEX_DIGITS", "SPARE_LABELS", "METHODS", "from_toml", "load", "CopyPlacement",
           "Kind", "Placement", "DISPLAYS", "FILLS", "Tiling"]
