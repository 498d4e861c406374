"""The TOML file schema of tiling puzzles.

    name = "pentomino-6x10"            # optional, default: the file's stem
    description = "..."                # optional
    grid = "square"                    # square | hex | triangle | segment
    board = '''                        # square grid only: '.' is a cell, anything else a hole
    ......
    '''
    cells = [[0, 0], [0, 1], ...]      # any grid: the board's cells (instead of `board`)
    pieces = "pentominoes"             # a built-in set, or a list of them, or a table:
    [pieces]
    sets = ["pentominoes"]             #   built-in sets inside the table (optional)
    Q = [[0, 0], [0, 1], [1, 0]]       #   one piece by its cells
    fill = "exact"                     # optional: exact | at-most
    display = "letters"                # optional: letters | hex-digits
    order = ["m1", "I", ...]           # optional: the pieces in the order labels go to them
    [expected]                         # optional trusted counts, always with a source
    raw = 9356
    unique = 2339
    source = "..."

Every mistake is an InputError "file:line: problem" (the line of the key
involved, found by searching the raw text; no line when it cannot be found).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.errors import InputError
from ..core.grids import GRIDS, get_grid
from ..core.instance import Expected
from ..core.limits import MAX_BOARD_CELLS, MAX_COORDINATE, MAX_PIECES
from ..core.polyforms import piece_set
from ..core.tomlfile import read_toml
from .instance import DISPLAYS, FILLS, Tiling

TOP_KEYS = ("family", "name", "description", "grid", "board", "cells", "pieces", "fill",
            "display", "order", "no_crossing", "method", "expected")
#: counting methods a file may name as its default (`polycnf count --method auto`)
METHODS = ("dlx", "direct", "enumerate", "ganak", "bdd")
EXPECTED_KEYS = ("raw", "unique", "source")


class _Where:
    """Turns a key into "file:line" using the raw text of the file."""

    def __init__(self, path: str, text: str | None):
        self.path = path
        self.lines = text.splitlines() if text is not None else []

    def line_of(self, key: str, table: str | None = None) -> int | None:
        """The line defining `key` (inside [table] when given), or None."""
        pattern = re.compile(rf"^\s*(\"{re.escape(key)}\"|'{re.escape(key)}'|{re.escape(key)})\s*=")
        header = re.compile(rf"^\s*\[\s*{re.escape(key)}\s*\]")
        current = None
        for n, line in enumerate(self.lines, 1):
            section = re.match(r"^\s*\[\s*([^\]]+?)\s*\]", line)
            if section and not line.lstrip().startswith("[["):
                current = section.group(1)
                if table is None and header.match(line):
                    return n
                continue
            if pattern.match(line) and (current == table or (table is None and current is None)):
                return n
        return None

    def error(self, problem: str, key: str | None = None, table: str | None = None) -> InputError:
        line = self.line_of(key, table) if key else None
        return InputError(f"{self.path}:{line}: {problem}" if line else f"{self.path}: {problem}")


def load(path: str) -> Tiling:
    """Read and parse a tiling TOML file."""
    data, text = read_toml(path)
    return from_toml(data, path, text)


def from_toml(data: dict, path: str, text: str | None = None) -> Tiling:
    """A Tiling from a parsed TOML table; `text` (read from `path` when not
    given) only serves to put line numbers into error messages."""
    if text is None:
        try:
            text = Path(path).read_text()
        except (OSError, UnicodeDecodeError):
            text = None
    where = _Where(path, text)
    for key in data:
        if key not in TOP_KEYS:
            raise where.error(f"unknown key '{key}' (allowed: {', '.join(TOP_KEYS[1:])})", key)
    if data.get("family", "tiling") != "tiling":
        raise where.error(f"family '{data['family']}' is not 'tiling'", "family")
    name = _string(data, "name", where, Path(path).stem)
    description = _string(data, "description", where, "")
    grid = _grid(data, where)
    board = _board(data, grid, where)
    pieces = _pieces(data, grid, where)
    fill = _choice(data, "fill", FILLS, where)
    display = _choice(data, "display", DISPLAYS, where)
    area, size = sum(len(s) for s in pieces.values()), len(board)
    if fill == "exact" and area != size:
        raise where.error(f"the pieces cover {area} cells but the board has {size} "
                          f"(fill 'exact' needs them equal)", "pieces")
    if fill == "at-most" and area > size:
        raise where.error(f"the pieces cover {area} cells, more than the board's {size}", "pieces")
    if display == "hex-digits" and len(pieces) > 16:
        raise where.error(f"display 'hex-digits' allows at most 16 pieces, not {len(pieces)}", "display")
    order = data.get("order")
    if order is not None and (not isinstance(order, list) or sorted(map(str, order)) != sorted(pieces)
                              or not all(isinstance(n, str) for n in order)):
        raise where.error(f"'order' must list every piece exactly once: {' '.join(pieces)}", "order")
    no_crossing = data.get("no_crossing", grid.name == "segment")
    if not isinstance(no_crossing, bool):
        raise where.error("'no_crossing' must be true or false", "no_crossing")
    if no_crossing and grid.name != "segment":
        raise where.error("'no_crossing' applies only to grid 'segment' (polytrigs)", "no_crossing")
    method = _choice(data, "method", METHODS, where)
    expected = _expected(data, where)
    return Tiling(name, grid, board, pieces, fill, display, description, expected, order,
                  no_crossing=no_crossing, count_method=method)


def _string(data, key, where, default):
    value = data.get(key, default)
    if not isinstance(value, str):
        raise where.error(f"'{key}' must be a string", key)
    return value


def _choice(data, key, choices, where):
    value = _string(data, key, where, choices[0])
    if value not in choices:
        raise where.error(f"unknown {key} '{value}' (choose from: {', '.join(choices)})", key)
    return value


def _grid(data, where):
    if "grid" not in data:
        raise where.error(f"missing key 'grid' (one of: {', '.join(GRIDS)})")
    name = _string(data, "grid", where, "")
    if name not in GRIDS:
        raise where.error(f"unknown grid '{name}' (choose from: {', '.join(GRIDS)})", "grid")
    return get_grid(name)


def _board(data, grid, where) -> list:
    if ("board" in data) == ("cells" in data):
        raise where.error("give the board either as 'board' (ASCII art) or as 'cells', not "
                          + ("both" if "board" in data else "neither"), "cells" if "cells" in data else None)
    if "cells" in data:
        cells = _cells(data["cells"], grid, where, "cells", "'cells'")
    else:
        if grid.name != "square":
            raise where.error(f"'board' pictures are for the square grid; give 'cells' for the {grid.name} grid",
                              "board")
        art = data["board"]
        if not isinstance(art, str):
            raise where.error("'board' must be a string picture ('.' a cell, anything else a hole)", "board")
        lines = art.split("\n")
        if len(lines) > MAX_COORDINATE or any(len(line) > MAX_COORDINATE for line in lines):
            raise where.error(f"'board' is larger than {MAX_COORDINATE:,} rows or columns, polycnf's limit",
                              "board")
        cells = [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "."]
    if not cells:
        raise where.error("the board has no cells", "cells" if "cells" in data else "board")
    if len(cells) > MAX_BOARD_CELLS:
        raise where.error(f"the board has {len(cells):,} cells, more than polycnf's limit of {MAX_BOARD_CELLS:,}",
                          "cells" if "cells" in data else "board")
    return cells


def _cells(value, grid, where, key, what, table=None) -> list:
    """A list of coordinate lists -> cells of `grid`, each checked and unique."""
    if not isinstance(value, list):
        raise where.error(f"{what} must be a list of cells like {list(grid.base_cells()[-1])}", key, table)
    if len(value) > MAX_BOARD_CELLS:
        raise where.error(f"{what} has {len(value):,} cells, more than polycnf's limit of {MAX_BOARD_CELLS:,}",
                          key, table)
    cells = []
    for item in value:
        cell = tuple(item) if isinstance(item, list) else item
        if isinstance(cell, tuple) and any(isinstance(v, int) and abs(v) > MAX_COORDINATE for v in cell[:2]):
            raise where.error(f"{what}: {item!r} lies beyond coordinate {MAX_COORDINATE:,}, polycnf's limit",
                              key, table)
        if not grid.is_cell(cell):
            form = "(x, y, z)" if grid.dims == 3 else ("(row, col)" if grid.name == "square" else "(x, y)")
            raise where.error(f"{what}: {item!r} is not a {grid.name} cell {form}", key, table)
        if cell in cells:
            raise where.error(f"{what}: cell {list(cell)} appears twice", key, table)
        cells.append(cell)
    return cells


def _pieces(data, grid, where) -> dict:
    if "pieces" not in data:
        raise where.error("missing key 'pieces' (a piece set name, a list of them, or a [pieces] table)")
    value = data["pieces"]
    sets, own = value, {}
    if isinstance(value, dict):
        sets = value.get("sets", [])
        own = {k: v for k, v in value.items() if k != "sets"}
    if isinstance(sets, str):
        sets = [sets]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise where.error("'pieces' must be a piece set name, a list of them, or a [pieces] table",
                          "pieces")
    pieces: dict = {}
    for set_name in sets:
        try:
            set_grid, shapes = piece_set(set_name)
        except ValueError as e:
            raise where.error(str(e), "pieces") from None
        if set_grid != grid.name:
            raise where.error(f"piece set '{set_name}' is on the {set_grid} grid, not the {grid.name} grid",
                              "pieces")
        for piece, shape in shapes.items():
            if piece in pieces:
                raise where.error(f"piece '{piece}' is declared twice", "pieces")
            pieces[piece] = shape
    for piece, cells in own.items():
        if piece in pieces:
            raise where.error(f"piece '{piece}' is declared twice", piece, "pieces")
        shape = _cells(cells, grid, where, piece, f"piece '{piece}'", "pieces")
        if not shape:
            raise where.error(f"piece '{piece}' has no cells", piece, "pieces")
        pieces[piece] = grid.normalize(shape)
    if not pieces:
        raise where.error("no pieces", "pieces")
    if len(pieces) > MAX_PIECES:
        raise where.error(f"{len(pieces):,} pieces, more than polycnf's limit of {MAX_PIECES:,}", "pieces")
    return pieces


def _expected(data, where) -> Expected:
    table = data.get("expected", {})
    if not isinstance(table, dict):
        raise where.error("'expected' must be a table", "expected")
    for key in table:
        if key not in EXPECTED_KEYS:
            raise where.error(f"unknown key 'expected.{key}' (allowed: {', '.join(EXPECTED_KEYS)})",
                              key, "expected")
    for key in ("raw", "unique"):
        v = table.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            raise where.error(f"expected.{key} must be a count (an integer >= 0)", key, "expected")
    source = table.get("source", "")
    if not isinstance(source, str):
        raise where.error("expected.source must be a string", "source", "expected")
    if ("raw" in table or "unique" in table) and not source:
        raise where.error("expected counts need a 'source'", "expected")
    return Expected(table.get("raw"), table.get("unique"), source)
