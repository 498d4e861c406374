"""A tiling as an exact cover (the DLX method); see the package docstring for copies."""

from __future__ import annotations

from ..core.exactcover import ExactCover
from .placement import CopyPlacement


def exact_cover(puzzle):
    """Cells (primary for exact fill, else secondary) and one primary item per
    piece; copies of identical pieces are kept in placement order."""
    cells = [f"cell {c}" for c in puzzle.board]
    pieces, order, options = [], [], {}
    for kind in puzzle.kinds:
        mine = [p for p in puzzle.placements if p.piece == kind.name]
        if kind.copies == 1:
            pieces.append(f"piece {kind.name}")
            for p in mine:
                options[p] = [f"piece {kind.name}"] + [f"cell {c}" for c in p.cells] \
                    + [crossing_name(i) for i in puzzle.crossing_items(p)]
            continue
        pieces += [f"piece {kind.name} #{j}" for j in range(1, kind.copies + 1)]
        slots = [[f"order {kind.name} #{j} {i}" for i in range(len(mine))]
                 for j in range(1, kind.copies)]
        order += [item for row in slots for item in row]
        for j in range(1, kind.copies + 1):
            for i, p in enumerate(mine):
                items = [f"piece {kind.name} #{j}"] + [f"cell {c}" for c in p.cells] \
                    + [crossing_name(i) for i in puzzle.crossing_items(p)]
                if j < kind.copies:
                    items += slots[j - 1][:i + 1]
                if j > 1:
                    items += slots[j - 2][i:]
                options[CopyPlacement(p.piece, p.cells, j)] = items
    crossings = sorted({i for items in options.values() for i in items if i.startswith("crossing ")})
    order += crossings
    primary, secondary = (cells + pieces, order) if puzzle.fill == "exact" else (pieces, cells + order)
    return ExactCover(primary, secondary, options)


def crossing_name(item) -> str:
    """An intersection item ("i", x, y, direction) as an exact-cover item name."""
    return "crossing " + " ".join(map(str, item))
