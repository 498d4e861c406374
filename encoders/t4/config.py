"""t4 configurations as text, board pictures and JSON, in and out.

A configuration is a set of non-overlapping pieces (t4.Piece).  Users write
it with Mäsak's cell names: `l1-l2 c1-c3 k4-k5` (a piece from one cell to
another along the groove they share; every cell has three names, one per
groove family, and any may be used), or Mäsak's compact piece style
`l12 c123`.  A board picture as drawn by `polycnf t4 show` (two-letter tags,
`..` for an empty cell) is read back too, and JSON is a list of such words or
of {"groove", "first", "length"} objects.  Every error names the source, the
line and the offending word, so the CLI can print it on one line.
"""

from __future__ import annotations

import json
import re

from ..core.errors import InputError
from .board import BOARD, Piece
from .draw import render_board

#: cell name (any of its three names) -> its row-groove name, e.g. 'e1' -> 'i1'
CELL_NAMES = {f"{g}{i}": cell for cell, labels in BOARD.labels.items() for g, i in labels}

RANGE = re.compile(r"^([a-z])(\d+)-([a-z])(\d+)$")
COMPACT = re.compile(r"^([a-z])(\d{2,3})$")


def shared_groove(a: str, b: str):
    """(groove, index of a, index of b) for the groove two cells share, else None."""
    for (ga, ia) in BOARD.labels[a]:
        for (gb, ib) in BOARD.labels[b]:
            if ga == gb:
                return ga, ia, ib
    return None


def parse_word(word: str, where: str) -> Piece:
    """One piece from 'l1-l2' or 'l12'; `where` prefixes the error message."""
    m = RANGE.match(word)
    if m:
        names = [m.group(1) + m.group(2), m.group(3) + m.group(4)]
        for name in names:
            if name not in CELL_NAMES:
                raise InputError(f"{where}: unknown cell name '{name}' in '{word}'")
        a, b = (CELL_NAMES[n] for n in names)
        shared = shared_groove(a, b) if a != b else None
        if shared is None:
            raise InputError(f"{where}: '{word}' is not 2 or 3 cells of one groove"
                             + (" (the same cell twice)" if a == b else f" ({a} and {b} share no groove)"))
        groove, ia, ib = shared
        first, length = min(ia, ib), abs(ia - ib) + 1
    else:
        m = COMPACT.match(word)
        if not m:
            raise InputError(f"{where}: '{word}' is not a piece (write it like l1-l2 or l12)")
        groove, digits = m.group(1), [int(d) for d in m.group(2)]
        if digits != list(range(digits[0], digits[0] + len(digits))):
            raise InputError(f"{where}: '{word}' is not consecutive cells of groove {groove}")
        first, length = digits[0], len(digits)
        for i in (digits[0], digits[-1]):
            if groove not in BOARD.grooves or not 1 <= i <= len(BOARD.grooves[groove]):
                raise InputError(f"{where}: unknown cell name '{groove}{i}' in '{word}'")
    if length not in (2, 3):
        raise InputError(f"{where}: '{word}' covers {length} cells of groove {groove}; "
                         "a piece has 2 or 3")
    return Piece(groove, first, length)


def check_overlaps(pieces, where: str) -> frozenset:
    """The pieces as a configuration, or an error naming two that overlap."""
    owner = {}
    for p in pieces:
        for c in BOARD.piece_cells(p):
            if c in owner:
                raise InputError(f"{where}: pieces {owner[c]} and {p} overlap on cell {c}")
            owner[c] = p
    return frozenset(pieces)


def parse_text(text: str, source: str = "configuration") -> frozenset:
    """A configuration from words (one or more per line, '#' starts a comment) or a picture."""
    if ".." in text or re.search(r"[A-Z]{2}", text):
        return parse_picture(text, source)
    pieces = []
    for line_no, line in enumerate(text.splitlines(), 1):
        for word in re.split(r"[\s,]+", line.split("#")[0].strip()):
            if word:
                pieces.append(parse_word(word, f"{source}, line {line_no}"))
    return check_overlaps(pieces, source)


def parse_picture(text: str, source: str) -> frozenset:
    """A configuration from a board picture drawn by `format_picture`."""
    lines = text.strip("\n").splitlines()
    left = min(col for _, col in BOARD.position.values())
    groups: dict[str, list[str]] = {}
    for cell in BOARD.cells:
        line, col = BOARD.position[cell]
        row = lines[2 * line] if 2 * line < len(lines) else ""
        tag = row[col - left: col - left + 2]
        if len(tag.strip()) != 2:
            raise InputError(f"{source}, line {2 * line + 1}: no tag for cell {cell} "
                             "(a picture needs '..' or a piece tag at every cell)")
        if tag != "..":
            groups.setdefault(tag, []).append(cell)
    pieces = []
    for tag, cells in groups.items():
        piece = next((p for p in BOARD.pieces if sorted(BOARD.piece_cells(p)) == sorted(cells)), None)
        if piece is None:
            raise InputError(f"{source}: tag {tag} covers {', '.join(cells)}, "
                             "which is not 2 or 3 cells of one groove")
        pieces.append(piece)
    return check_overlaps(pieces, source)


def parse_json(data, source: str) -> frozenset:
    """A configuration from JSON: a list (or {"pieces": list}) of words or piece objects."""
    if isinstance(data, dict):
        data = data.get("pieces")
    if not isinstance(data, list):
        raise InputError(f"{source}: JSON must be a list of pieces or an object with 'pieces'")
    pieces = []
    for n, item in enumerate(data, 1):
        where = f"{source}, piece {n}"
        if isinstance(item, str):
            pieces.append(parse_word(item, where))
        elif isinstance(item, dict) and {"groove", "first", "length"} <= set(item):
            pieces.append(parse_word(f"{item['groove']}{item['first']}-"
                                     f"{item['groove']}{item['first'] + item['length'] - 1}", where))
        else:
            raise InputError(f"{where}: not a piece (a word like 'l1-l2' or "
                             "{\"groove\", \"first\", \"length\"})")
    return check_overlaps(pieces, source)


def parse(spec: str, source: str | None = None) -> frozenset:
    """A configuration from inline text or JSON (`source` names it in errors)."""
    shown = " ".join(spec.split())
    source = source or f"configuration '{shown[:40]}{'...' if len(shown) > 40 else ''}'"
    stripped = spec.strip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise InputError(f"{source}, line {e.lineno}: invalid JSON: {e.msg}") from None
        return parse_json(data, source)
    return parse_text(spec, source)


def ordered(config) -> list[Piece]:
    """Pieces in a stable order: by groove, then position."""
    return sorted(config)


def format_words(config) -> str:
    """The configuration as Mäsak's cell ranges, e.g. 'c1-c3 l1-l2'."""
    return " ".join(f"{p.groove}{p.first}-{p.groove}{p.first + p.length - 1}" for p in ordered(config))


def format_picture(config, color: bool = False) -> str:
    return render_board(BOARD.cells, ordered(config), color)


def to_json(config) -> list[dict]:
    return [{"piece": f"{p.groove}{p.first}-{p.groove}{p.first + p.length - 1}", "groove": p.groove,
             "first": p.first, "length": p.length, "cells": BOARD.piece_cells(p)} for p in ordered(config)]
