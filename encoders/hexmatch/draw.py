"""Pictures of a hexmatch puzzle: honeycomb text and SVG."""

from __future__ import annotations

import colorsys
import math
import re

from .board import HexBoard


def placement_text(puzzle, placement) -> str:
    card, o = placement
    width = max(2, len(str(len(puzzle.cards))))
    return f"{card:0{width}d}{'f' if o >= 6 else 'r'}{o % 6}"


def render(puzzle, solution: dict, color: bool = False) -> str:
    """Honeycomb text: card number and turn per cell, e.g. 05r2 (f = turned over)."""
    def text(cell):
        t = placement_text(puzzle, solution[cell])
        if color:
            t = f"\033[{31 + solution[cell][0] % 6}m{t}\033[0m"
        return t
    return _honeycomb(puzzle.board, text, len(placement_text(puzzle, (1, 0))))


def picture(puzzle) -> str:
    """The empty board with its cell numbers."""
    return _honeycomb(puzzle.board, puzzle.board.label, len(puzzle.board.label(puzzle.board.cells[0])))


def svg(puzzle, solution: dict) -> str:
    """Hexagons with card number, turn and the six side labels (fronts bold upper case)."""
    size = 40.0
    w = math.sqrt(3) * size
    pos = {c: (w * puzzle.board.drawing_position(c)[0], 1.5 * size * c[1]) for c in puzzle.board.cells}
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    x0, y0 = min(xs) - w / 2 - 4, min(ys) - size - 4
    width, height = max(xs) - min(xs) + w + 8, max(ys) - min(ys) + 2 * size + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
           f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">']
    for cell in puzzle.board.cells:
        cx, cy = pos[cell]
        corners = " ".join(f"{cx + size * math.cos(math.radians(60 * i - 90)):.1f},"
                           f"{cy + size * math.sin(math.radians(60 * i - 90)):.1f}" for i in range(6))
        placement = solution.get(cell)
        fill = "#eee" if placement is None else _pale((placement[0] * 47) % 360)
        out.append(f'<polygon points="{corners}" fill="{fill}" stroke="#333" stroke-width="1.5"/>')
        if placement is None:
            continue
        out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" font-size="14">'
                   f'{placement_text(puzzle, placement)}</text>')
        for s, label in enumerate(puzzle.side_labels(placement)):
            angle = math.radians(60 * s - 60)
            lx, ly = cx + 0.7 * w / 2 * math.cos(angle), cy + 0.7 * w / 2 * math.sin(angle)
            front = puzzle.rule.name == "bugs" and label.isupper()
            style = 'font-weight="bold" fill="#000"' if front else 'font-style="italic" fill="#555"'
            out.append(f'<text x="{lx:.1f}" y="{ly + 4:.1f}" text-anchor="middle" font-size="11" '
                       f'{style}>{_xml(label)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _honeycomb(board: HexBoard, text, width: int) -> str:
    """Lay out one text per cell, rows offset by half a cell like a honeycomb."""
    step = width + 2
    lefts = [board.drawing_position(c)[0] for c in board.cells]
    low = min(lefts)
    lines: dict[int, str] = {}
    for cell, left in zip(board.cells, lefts):
        column = round((left - low) * step)
        line = lines.get(cell[1], "")
        lines[cell[1]] = line + " " * max(0, column - _visible_len(line)) + text(cell)
    return "\n".join(lines[y].rstrip() for y in sorted(lines)) + "\n"


def _visible_len(text: str) -> int:
    """Length without ANSI colour codes."""
    return len(re.sub(r"\033\[[0-9;]*m", "", text))


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _pale(hue: int) -> str:
    """A pale colour of this hue as #rrggbb (hsl() is not SVG 1.1: some renderers draw it black)."""
    r, g, b = colorsys.hls_to_rgb(hue / 360, 0.85, 0.55)
    return f"#{round(255 * r):02x}{round(255 * g):02x}{round(255 * b):02x}"
