"""The t4 board as hexagonal ASCII art, laid out as in Mäsak's diagrams."""

from __future__ import annotations

from .board import BOARD

#: ANSI colours for pieces (cycled): the six plain and six bright ones.
PIECE_COLOURS = [f"\x1b[{n}m" for n in (31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96)]
RESET = "\x1b[0m"
PIECE_TAGS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_board(cells, pieces, color: bool = False, names: bool = False) -> str:
    """The board as hexagonal ASCII art, as laid out in Mäsak's diagrams.

    Each cell is a 2-character tag: its name (names=True), the letter of the
    piece covering it, or '..' when empty.  The cells of a piece are joined by
    '--', '\\' or '/' along its groove.
    """
    left = min(BOARD.position[c][1] for c in BOARD.cells)
    height = 2 * max(BOARD.position[c][0] for c in BOARD.cells) + 1
    width = max(BOARD.position[c][1] for c in BOARD.cells) - left + 2
    canvas = [[" "] * width for _ in range(height)]
    paint = [[None] * width for _ in range(height)]

    def put(row, col, text, colour=None):
        for k, ch in enumerate(text):
            canvas[row][col + k] = ch
            paint[row][col + k] = colour

    for c in cells:
        line, col = BOARD.position[c]
        put(2 * line, col - left, c if names else "..")
    for n, piece in enumerate(pieces):
        tag = PIECE_TAGS[n % len(PIECE_TAGS)] * 2 if n < len(PIECE_TAGS) else f"{n:02d}"[-2:]
        colour = PIECE_COLOURS[n % len(PIECE_COLOURS)] if color else None
        run = BOARD.piece_cells(piece)
        for c in run:
            line, col = BOARD.position[c]
            put(2 * line, col - left, tag, colour)
        for a, b in zip(run, run[1:]):
            (line, col), (dl, dc) = BOARD.position[a], BOARD.direction(a, b)
            if (dl, dc) in ((-1, 2), (-1, -2), (0, -4)):   # draw from the upper/left cell
                (line, col), (dl, dc) = BOARD.position[b], (-dl, -dc)
            if dl == 0:
                put(2 * line, col - left + 2, "--", colour)
            elif dc > 0:
                put(2 * line + 1, col - left + 2, "\\", colour)
            else:
                put(2 * line + 1, col - left - 1, "/", colour)
    rows = []
    for chars, colours in zip(canvas, paint):
        text, current = "", None
        for ch, colour in zip(chars, colours):
            if colour != current:
                text += RESET if current else ""
                text += colour or ""
                current = colour
            text += ch
        rows.append((text + (RESET if current else "")).rstrip())
    return "\n".join(rows)
