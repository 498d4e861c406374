"""Polyforms on any grid: generation (fixed, one-sided, free), aspects, named piece sets.

A shape is a normalized tuple of cells (see ``LatticeGrid.normalize``). A fixed
polyform is a shape up to translation; one-sided ones are also taken up to
rotation, free ones up to rotation and reflection. Each one-sided or free
polyform is represented by its canonical shape: the smallest normalized aspect.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Sequence

from ..grids import Cell, LatticeGrid, Shape, get_grid
from ..limits import MAX_PIECES


def _grid(grid: LatticeGrid | str) -> LatticeGrid:
    return get_grid(grid) if isinstance(grid, str) else grid


# -- generation ---------------------------------------------------------------------


def _redelmeier(grid: LatticeGrid, n: int) -> Iterator[list[Cell]]:
    """Every fixed polyform of n cells exactly once (Redelmeier, 1981).

    Each polyform is grown from its smallest cell (in tuple order, which
    translation preserves), one base cell per cell kind. A cell is offered to a
    polyform only by the first cell that reached it, and an offered cell that
    is skipped stays excluded from the rest of that branch, so no polyform is
    produced twice and none is tested for duplicates. The yielded list is
    reused: copy or normalize it before the next one is asked for.
    """
    for root in grid.base_cells():
        yield from _grow(grid, n, root, [root], [], {root})


def _grow(
    grid: LatticeGrid, n: int, root: Cell, untried: list[Cell], polyform: list[Cell], reached: set[Cell]
) -> Iterator[list[Cell]]:
    """Extend polyform by each untried cell in turn, never re-offering a skipped one."""
    while untried:
        cell = untried.pop()
        polyform.append(cell)
        if len(polyform) == n:
            yield polyform
        else:
            new = [c for c in grid.neighbours(cell) if c > root and c not in reached]
            reached.update(new)
            yield from _grow(grid, n, root, untried + new, polyform, reached)
            reached.difference_update(new)
        polyform.pop()


def fixed(grid: LatticeGrid | str, n: int) -> list[Shape]:
    """All polyforms of n cells up to translation, normalized and sorted."""
    grid = _grid(grid)
    if n < 1:
        return []
    return sorted(grid.normalize(p) for p in _redelmeier(grid, n))


def _representatives(grid: LatticeGrid, n: int, reflections: bool) -> list[Shape]:
    """One canonical shape per class, computing the aspects once per class, not per fixed form."""
    seen: set[Shape] = set()
    found = []
    for polyform in _redelmeier(grid, n):
        shape = grid.normalize(polyform)
        if shape not in seen:
            shapes = aspects(grid, shape, reflections)
            seen.update(shapes)
            found.append(shapes[0])
    return sorted(found)


def one_sided(grid: LatticeGrid | str, n: int) -> list[Shape]:
    """All polyforms of n cells up to translation and rotation, as canonical shapes, sorted."""
    return _representatives(_grid(grid), n, reflections=False) if n >= 1 else []


def free(grid: LatticeGrid | str, n: int) -> list[Shape]:
    """All polyforms of n cells up to translation, rotation and reflection, canonical, sorted."""
    return _representatives(_grid(grid), n, reflections=True) if n >= 1 else []


def quasi(n: int, one_sided: bool = False) -> list[Shape]:
    """The free (or one-sided) quasi-polytrigs of n segments, canonical and sorted.

    Goodger (2015, docs/references.md) counts 1, 9, 140, 3377 free and 1, 13, 259, 6639 one-sided for
    n = 1..4; its 9 quasi-ditrigs are the 3 ditrigs plus 6 pairs one gap apart.
    """
    grid = get_grid("quasi-segment")
    return _representatives(grid, n, reflections=not one_sided) if n >= 1 else []


# -- orientations -------------------------------------------------------------------


def aspects(grid: LatticeGrid | str, shape: Iterable[Cell], reflections: bool = True) -> list[Shape]:
    """The distinct normalized orientations of a shape, sorted (so the first is canonical)."""
    grid = _grid(grid)
    cells = list(shape)
    maps = grid.transforms() if reflections else grid.rotations()
    return sorted({grid.normalize(map(t, cells)) for t in maps})


def canonical(grid: LatticeGrid | str, shape: Iterable[Cell], reflections: bool = True) -> Shape:
    """The representative of the shape's class: its smallest normalized aspect."""
    return aspects(grid, shape, reflections)[0]


# -- named piece sets -----------------------------------------------------------------


def _picture(text: str) -> Shape:
    """Square cells (row, col) of the '#' characters in a small picture, rows separated by '/'."""
    return tuple(
        (r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == "#"
    )


# Letters by resemblance, as in Golomb's naming; drawn in the orientation of the letter.
_PENTOMINOES = {
    "F": ".##/##./.#.",
    "I": "#####",
    "L": "#./#./#./##",
    "N": ".#/.#/##/#.",
    "P": "##/##/#.",
    "T": "###/.#./.#.",
    "U": "#.#/###",
    "V": "#../#../###",
    "W": "#../##./.##",
    "X": ".#./###/.#.",
    "Y": ".#/##/.#/.#",
    "Z": "##./.#./.##",
}

# Polyform Puzzler's tetromino names.
_TETROMINOES = {"I4": "####", "L4": "#./#./##", "O4": "##/##", "S4": ".##/##.", "T4": "###/.#."}

# Axial (x, y) cells; names as in Polyform Puzzler, letters by resemblance:
# I4 bar, J4 hook, O4 bee (rhombus), P4 pistol, S4 wave, U4 arch, Y4 propeller.
_TETRAHEXES = {
    "I4": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "J4": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "O4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "P4": ((0, 0), (1, 0), (2, 0), (0, 1)),
    "S4": ((0, 0), (1, 0), (1, 1), (2, 1)),
    "U4": ((1, 0), (0, 1), (-1, 1), (-1, 0)),
    "Y4": ((0, 0), (1, 0), (-1, 1), (0, -1)),
}

# Triangle cells (x, y, z). I, O, X, V, S, P, J follow the classic names (bar,
# hexagon, butterfly, chevron, snake, sphinx, hook); C, E, F, G, H are letters of
# our own for the other five, not checked against any published naming.
_HEXIAMONDS = {
    "I6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1)),
    "P6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 0)),
    "C6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)),
    "F6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 1, 0)),
    "G6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)),
    "V6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1)),
    "J6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1), (1, 0, 0)),
    "E6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1), (1, 1, 0)),
    "H6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 1, 0), (1, 1, 1)),
    "O6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)),
    "S6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0)),
    "X6": ((0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)),
}

# docs/references.md, "Tritrig and ditrig shapes" (Polyform Puzzler's names).
_TRITRIGS = {
    "I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)),
    "L3": ((0, 0, 0), (1, 0, 0), (2, 0, 1)),
    "J3": ((0, 0, 0), (1, 0, 0), (2, 0, 2)),
    "T3": ((0, 0, 0), (1, 0, 0), (1, 0, 1)),
    "S3": ((0, 0, 0), (1, 0, 1), (1, 1, 0)),
    "Z3": ((0, 0, 0), (1, 0, 2), (0, 1, 0)),
    "C3": ((0, 0, 0), (1, 0, 1), (1, 1, 2)),
    "U3": ((0, 0, 0), (1, 0, 1), (0, 1, 0)),
    "P3": ((0, 0, 0), (1, 0, 1), (2, 0, 2)),
    "E3": ((0, 0, 0), (1, 0, 1), (1, 0, 2)),
    "Y3": ((0, 1, 0), (1, 1, 1), (2, 0, 2)),
    "O3": ((0, 0, 0), (1, 0, 2), (0, 0, 1)),
}
_DITRIGS = {
    "I2": ((0, 0, 0), (1, 0, 0)),
    "L2": ((0, 0, 0), (1, 0, 1)),
    "V2": ((0, 0, 0), (1, 0, 2)),
}

_SETS: dict[str, tuple[str, Mapping[str, Shape | str]]] = {
    "pentominoes": ("square", _PENTOMINOES),
    "tetrominoes": ("square", _TETROMINOES),
    "tetrahexes": ("hex", _TETRAHEXES),
    "hexiamonds": ("triangle", _HEXIAMONDS),
    "tritrigs": ("segment", _TRITRIGS),
    "ditrigs": ("segment", _DITRIGS),
}
PIECE_SET_NAMES = tuple(_SETS) + ("monominoes:K",)


def piece_set(name: str) -> tuple[str, dict[str, Shape]]:
    """(grid name, {piece name: normalized shape}) for a named set of pieces.

    "monominoes:K" gives K single squares named m1 .. mK.
    """
    if name.startswith("monominoes:"):
        count = name.partition(":")[2]
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= MAX_PIECES:
            raise ValueError(f"bad piece set {name!r}: K in 'monominoes:K' must be a whole number "
                             f"from 1 to {MAX_PIECES:,}")
        return "square", {f"m{i}": ((0, 0),) for i in range(1, int(count) + 1)}
    if name not in _SETS:
        raise ValueError(f"unknown piece set {name!r} (choose from: {', '.join(PIECE_SET_NAMES)})")
    grid_name, pieces = _SETS[name]
    grid = get_grid(grid_name)
    return grid_name, {
        piece: grid.normalize(_picture(cells) if isinstance(cells, str) else cells)
        for piece, cells in pieces.items()
    }


# -- pictures -----------------------------------------------------------------------


def draw(
    grid: LatticeGrid | str,
    shapes: Sequence[Iterable[Cell]] | Mapping[str, Iterable[Cell]],
    width: int = 78,
) -> str:
    """Shapes side by side, wrapping into several bands at the given width.

    Given a mapping, each picture is captioned with its name.
    """
    grid = _grid(grid)
    named = isinstance(shapes, Mapping)
    items = list(shapes.items()) if named else [(None, s) for s in shapes]
    blocks = []
    for name, shape in items:
        lines = grid.render({c: grid.default_label for c in shape}).split("\n")
        blocks.append(([str(name)] if named else []) + lines)
    gap = 3
    bands: list[list[list[str]]] = []
    used = width + 1
    for block in blocks:
        block_width = max(len(line) for line in block)
        if bands and used + gap + block_width <= width:
            bands[-1].append(block)
            used += gap + block_width
        else:
            bands.append([block])
            used = block_width
    return "\n\n".join(_side_by_side(band, gap) for band in bands)


def _side_by_side(blocks: list[list[str]], gap: int) -> str:
    """Text blocks next to each other, aligned at the top."""
    height = max(len(b) for b in blocks)
    widths = [max(len(line) for line in b) for b in blocks]
    rows = []
    for i in range(height):
        parts = [(b[i] if i < len(b) else "").ljust(w) for b, w in zip(blocks, widths)]
        rows.append((" " * gap).join(parts).rstrip())
    return "\n".join(rows)
