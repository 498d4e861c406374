"""The Palago tile model of the code-golf challenge (Kagey 2019, docs/references.md;
the plain checker of creatures is check.py).

Transcribed from the challenge's second reference program (axial coordinates
(x, y), as in that answer's picture: (1,0) is to the right, (0,1) up and to the right)::

    -1,2   0,2   1,2   2,2
        0,1   1,1   2,1
     0,0   1,0   2,0   3,0

The blue paths only ever cross a cell edge in one of three directions,
120 degrees apart (the second program's relabelled d = 0, 1, 2; the other three are
never needed, since a blue arc that leaves a cell by one of them is reached
from a neighbour by one of these)::

    STEP = (1, 0), (0, -1), (-1, 1)          x += 1 - d,  y += 1 - (d + 1) % 3

Entering a tile of type t in direction d, the blue region leaves it by::

    d == 2 - t  ->  (4 - t) % 3               (the tile's small blue corner arc)
    otherwise   ->  2 - t  and  2 * t % 3     (the tile's blue straight)

    exits |  t=0  |  t=1  |  t=2
    ------+-------+-------+------
     d=0  |  0,2  |  1,2  |   2
     d=1  |  0,2  |   0   |  0,1
     d=2  |   1   |  1,2  |  0,1

Rotation by 120 degrees: (x, y, t) -> (-x - y, x, (t + 1) % 3); reflection:
(x, y, t) -> (-x - y, y, 2 * t % 3).  The challenge programs apply these six
(three rotations, three reflections).  A 60-degree rotation is not a symmetry of a
creature: it maps the three STEP directions onto their opposites, so the blue
corners of the cells onto the white ones (it swaps the tile's colours).

Each tile has three blue corners (each between an entering and a leaving
edge of the table above) and a blue straight joining two of them; the third
corner carries a small blue arc.  The blue corners form a triangular lattice:
corner (a, b) is where cells (a, b), (a+1, b), (a, b+1) meet, and cell (x, y)
is the triangle of corners L = (x-1, y), M = (x, y), D = (x, y-1).  The type
says which side is the straight (=) and where the arc (o) is; straights and
arcs join up across cells into the blue shapes::

    type 0                 type 1                 type 2
    L ========= M          L           M o        L o         M
      .       .              \\       .               .       /
        .   .                  \\   .                   .   /
          D o                    D                       D

    (straight L-M,          (straight L-D,         (straight M-D,
     arc at D)               arc at M)              arc at L)

A creature is a set of blue corners K joined into one piece by straights,
with every cell around each corner of K placed, and no other cells.

Holes, decided from the challenge programs' code (their n <= 14 cannot show it): both
programs follow the blue region from one start and only ask for the cells it
reaches (the first through its connection masks, the second through E, which
returns the first empty cell the region needs).  A cell that no blue path
reaches is never looked at, so a creature may enclose empty cells; the first
such creatures have 15 tiles.  polycnf counts them, as the challenge's programs
do (tests/test_palago.py runs the second program's own E on one under node).
"""

from __future__ import annotations


STEP = ((1, 0), (0, -1), (-1, 1))
TYPES = (0, 1, 2)
#: Corner carrying the small arc of a tile of each type, as an offset from the cell.
CORNER_ARC = ((0, -1), (0, 0), (-1, 0))
#: The two corners joined by the blue straight, offsets from the cell.
STRAIGHT = (((-1, 0), (0, 0)), ((-1, 0), (0, -1)), ((0, 0), (0, -1)))
#: The three blue corners of a cell, offsets from the cell.
CORNERS = ((-1, 0), (0, 0), (0, -1))
#: The cells around a blue corner, offsets from the corner.
CELLS_OF_CORNER = ((0, 0), (1, 0), (0, 1))


def exits(t: int, d: int) -> tuple[int, ...]:
    """Directions by which blue leaves a tile of type t entered in direction d."""
    if d == (2 - t) % 3:
        return ((4 - t) % 3,)
    return ((2 - t) % 3, (2 * t) % 3)


def rotate(tiles: dict) -> dict:
    """120 degrees, as the challenge's second program."""
    return {(-x - y, x): (t + 1) % 3 for (x, y), t in tiles.items()}


def reflect(tiles: dict) -> dict:
    return {(-x - y, y): (2 * t) % 3 for (x, y), t in tiles.items()}


def symmetries(tiles: dict) -> list[dict]:
    """The six images: three rotations, then the three reflections."""
    out, c = [], tiles
    for _ in range(3):
        out.append(c)
        c = rotate(c)
    c = reflect(tiles)
    for _ in range(3):
        out.append(c)
        c = rotate(c)
    return out


def normal(tiles: dict) -> tuple:
    """Translation-free form: moved so that min x = min y = 0, sorted."""
    mx = min(x for x, _ in tiles)
    my = min(y for _, y in tiles)
    return tuple(sorted(((x - mx, y - my), t) for (x, y), t in tiles.items()))


def canonical(tiles: dict) -> tuple:
    return min(normal(img) for img in symmetries(tiles))


def reached(tiles: dict, start) -> tuple[set, set]:
    """Follow the blue region from state `start` = (cell, d): the cells it
    reaches and the empty cells it opens onto."""
    seen, cells, holes, todo = {start}, set(), set(), [start]
    while todo:
        (x, y), d = todo.pop()
        t = tiles.get((x, y))
        if t is None:
            holes.add((x, y))
            continue
        cells.add((x, y))
        for e in exits(t, d):
            nxt = ((x + STEP[e][0], y + STEP[e][1]), e)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return cells, holes
