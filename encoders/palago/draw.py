"""SVG pictures of creatures: each tile yellow with its blue corner arc and
blue straight, so the creature shows as one blue shape."""

from __future__ import annotations

from ..core.grids.hexagon import HexGrid
from .tiles import CELLS_OF_CORNER, CORNER_ARC, STRAIGHT

BLUE, PALE, YELLOW, EDGE = "#2b6cb0", "#c3dafe", "#f6e7a1", "#a0aec0"
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


def _drawing(tiles: dict, dx: float = 0.0, dy: float = 0.0) -> tuple[list, list, list]:
    """Polygons of one creature moved by (dx, dy) in drawing coordinates (y
    down): (svg elements, xs, ys)."""
    parts, xs, ys = [], [], []

    def poly(points, fill, stroke="none"):
        pts = [(x + dx, -y + dy) for x, y in points]
        xs.extend(p[0] for p in pts)
        ys.extend(p[1] for p in pts)
        text = " ".join(f"{x:.3f},{y:.3f}" for x, y in pts)
        parts.append(f'<polygon points="{text}" fill="{fill}" stroke="{stroke}" stroke-width="0.04"/>')

    for cell, t in sorted(tiles.items()):
        hexagon, blues = tile_shapes(cell, t)
        poly(hexagon, YELLOW, EDGE)
        for shape, corners in blues:
            poly(shape, BLUE if all(closed(tiles, cell, off) for off in corners) else PALE)
    return parts, xs, ys


def _document(parts, xs, ys, pad: float = 0.2) -> str:
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - x0 + pad, max(ys) - y0 + pad
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}" '
            f'width="{40 * w:.0f}" height="{40 * h:.0f}">' + "".join(parts) + "</svg>\n")


def svg(tiles: dict) -> str:
    """Tiles drawn as Palago tiles; the creature's blue in full, blue that
    belongs to no creature (it opens onto empty cells) pale."""
    return _document(*_drawing(tiles))


def sheet(creatures: list, columns: int | None = None) -> str:
    """Several creatures in one picture, in rows, each numbered as listed
    (the numbers of `solve`'s text output)."""
    import math

    columns = columns or max(1, math.ceil(math.sqrt(len(creatures))))
    shapes = [_drawing(c) for c in creatures]
    cw = max(max(xs) - min(xs) for _, xs, _ in shapes) + 1.0
    ch = max(max(ys) - min(ys) for _, _, ys in shapes) + 1.4
    parts, xs, ys = [], [], []
    for i, c in enumerate(creatures):
        _, cx, cy = shapes[i]
        left, top = (i % columns) * cw, (i // columns) * ch
        p, px, py = _drawing(c, left - min(cx), top + 0.7 - min(cy))
        parts.append(f'<text x="{left:.3f}" y="{top + 0.45:.3f}" font-size="0.5" '
                     f'font-family="sans-serif" fill="#4a5568">{i + 1}</text>')
        parts.extend(p)
        xs.extend(px + [left])
        ys.extend(py + [top])
    return _document(parts, xs, ys)
