"""Pictures of a tiling: letters (or hex digits) per cell, ANSI colours, SVG."""

from __future__ import annotations

import colorsys

from ..core.errors import InputError

HEX_DIGITS = "0123456789ABCDEF"
#: Label characters handed out when a piece's own name gives no free one.
SPARE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&*+=?"


def labels(puzzle) -> dict[str, str]:
    """One character per piece: its name's first free character, or hex digits
    (display "hex-digits": area-1 pieces take 0, 1, ...; the others the top
    digits ending at F, in `order` -- so 4 monominoes are 0-3 and 12
    pentominoes are 4-F)."""
    if puzzle.display == "hex-digits":
        small = [n for n in puzzle.order if len(puzzle.pieces[n]) == 1]
        large = [n for n in puzzle.order if len(puzzle.pieces[n]) != 1]
        if len(small) + len(large) > 16:
            raise InputError(f"{puzzle.name}: display 'hex-digits' allows at most 16 pieces")
        labels = {n: HEX_DIGITS[k] for k, n in enumerate(small)}
        labels.update({n: HEX_DIGITS[16 - len(large) + k] for k, n in enumerate(large)})
        return labels
    labels, taken = {}, {"."}
    for name in puzzle.order:
        label = next(ch for ch in name + name.upper() + SPARE_LABELS if ch not in taken and ch.strip())
        labels[name] = label
        taken.add(label)
    return labels


def render(puzzle, solution: dict, color: bool = False) -> str:
    cells = {c: "." for c in puzzle.board}
    for name, placed in solution.items():
        for c in placed:
            cells[c] = puzzle.labels.get(name, "?")
    if puzzle.display == "hex-digits":
        cells = _square_frame(puzzle, cells)
    text = puzzle.grid.render(cells)
    if not color:
        return text
    colour_of = {puzzle.labels[n]: k for k, n in enumerate(puzzle.pieces)}
    return "".join(_ansi(ch, colour_of[ch]) if ch in colour_of else ch for ch in text)


def _square_frame(puzzle, cells: dict) -> dict:
    """Holes inside the board's bounding box as spaces, so the picture keeps its square."""
    if puzzle.grid.name != "square":
        return cells
    rows = [r for r, _ in puzzle.board]
    cols = [c for _, c in puzzle.board]
    return {(r, c): cells.get((r, c), " ")
            for r in range(min(rows), max(rows) + 1) for c in range(min(cols), max(cols) + 1)}


def svg(puzzle, solution: dict) -> str:
    """Board cells in light grey, each piece's cells in its own colour.  A cell of
    the segment grid has no area to fill, so its colour is that of its stroke."""
    def polygon(c, fill):
        corners = puzzle.grid.points(c)
        pts = " ".join(f"{x:.3f},{-y:.3f}" for x, y in corners)
        if len(corners) == 2:
            width = 0.08 if fill == "#eee" else 0.16
            return (f'<polyline points="{pts}" fill="none" stroke="{"#ccc" if fill == "#eee" else fill}" '
                    f'stroke-width="{width}" stroke-linecap="round"/>')
        return f'<polygon points="{pts}" fill="{fill}" stroke="#333" stroke-width="0.03"/>'
    xs, ys = [], []
    for c in puzzle.board:
        for x, y in puzzle.grid.points(c):
            xs.append(x)
            ys.append(-y)
    parts = [polygon(c, "#eee") for c in puzzle.board]
    for k, (name, placed) in enumerate(solution.items()):
        colour = _svg_colour(k, len(puzzle.pieces))
        parts.append(f'<g><title>{name}</title>' + "".join(polygon(c, colour) for c in placed) + "</g>")
    x0, y0 = min(xs) - 0.2, min(ys) - 0.2
    w, h = max(xs) - min(xs) + 0.4, max(ys) - min(ys) + 0.4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}" '
            f'width="{40 * w:.0f}" height="{40 * h:.0f}">' + "".join(parts) + "</svg>")


def _ansi(ch: str, k: int) -> str:
    """A character on one of 16 distinguishable background colours."""
    palette = (196, 208, 226, 46, 51, 21, 201, 94, 34, 27, 129, 172, 240, 105, 160, 37)
    return f"\x1b[48;5;{palette[k % len(palette)]}m\x1b[38;5;16m{ch}\x1b[0m"


def _svg_colour(k: int, n: int) -> str:
    """Hue k/n of the circle, as #rrggbb: hsl() colours are not SVG 1.1, and some
    renderers (cairosvg) draw them black."""
    r, g, b = colorsys.hls_to_rgb(k / max(n, 1), 0.6, 0.7)
    return f"#{round(255 * r):02x}{round(255 * g):02x}{round(255 * b):02x}"
