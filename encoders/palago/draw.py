"""SVG pictures of creatures: each tile white with its blue corner arc and
blue straight, so the creature shows as one blue shape."""

from __future__ import annotations

from ..grids.hexagon import HexGrid
from .tiles import CELLS_OF_CORNER, CORNER_ARC, STRAIGHT

BLUE, PALE, WHITE, EDGE = "#2b6cb0", "#c3dafe", "#ffffff", "#a0aec0"
GRID = HexGrid()


def _corner_point(a):
    pts = [GRID.center((a[0] + dx, a[1] + dy)) for dx, dy in CELLS_OF_CORNER]
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def _vertex_index(points, p) -> int:
    return min(range(6), key=lambda i: (points[i][0] - p[0]) ** 2 + (points[i][1] - p[1]) ** 2)


def _mid(p, q):
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def tile_shapes(cell, t):
    """(hexagon, [(blue polygon, its corners as offsets)]) of one tile, in
    drawing coordinates (y up)."""
    pts = GRID.points(cell)

    def index(off):
        return _vertex_index(pts, _corner_point((cell[0] + off[0], cell[1] + off[1])))

    c = index(CORNER_ARC[t])
    arc = [pts[c], _mid(pts[c], pts[(c + 1) % 6]), _mid(pts[c], pts[(c - 1) % 6])]
    a, b = (index(off) for off in STRAIGHT[t])
    if (a + 2) % 6 != b:
        a, b = b, a                     # a, white vertex a+1, b = a+2
    band = [_mid(pts[a], pts[(a - 1) % 6]), pts[a], _mid(pts[a], pts[(a + 1) % 6]),
            _mid(pts[b], pts[(b - 1) % 6]), pts[b], _mid(pts[b], pts[(b + 1) % 6])]
    return pts, [(arc, [CORNER_ARC[t]]), (band, list(STRAIGHT[t]))]


def closed(tiles: dict, cell, off) -> bool:
    """Is the blue corner at `cell` + `off` surrounded by tiles (part of the
    creature) rather than open onto an empty cell?"""
    a = (cell[0] + off[0], cell[1] + off[1])
    return all((a[0] + dx, a[1] + dy) in tiles for dx, dy in CELLS_OF_CORNER)


def svg(tiles: dict) -> str:
    """Tiles drawn as Palago tiles; the creature's blue in full, blue that
    belongs to no creature (it opens onto empty cells) pale."""
    parts, xs, ys = [], [], []

    def poly(points, fill, stroke="none"):
        xs.extend(p[0] for p in points)
        ys.extend(-p[1] for p in points)
        text = " ".join(f"{x:.3f},{-y:.3f}" for x, y in points)
        parts.append(f'<polygon points="{text}" fill="{fill}" stroke="{stroke}" stroke-width="0.04"/>')

    for cell, t in sorted(tiles.items()):
        hexagon, blues = tile_shapes(cell, t)
        poly(hexagon, WHITE, EDGE)
        for shape, corners in blues:
            poly(shape, BLUE if all(closed(tiles, cell, off) for off in corners) else PALE)
    x0, y0 = min(xs) - 0.2, min(ys) - 0.2
    w, h = max(xs) - x0 + 0.2, max(ys) - y0 + 0.2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}" '
            f'width="{40 * w:.0f}" height="{40 * h:.0f}">' + "".join(parts) + "</svg>\n")
