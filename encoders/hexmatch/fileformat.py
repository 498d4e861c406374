"""Hexmatch instance files (TOML): reading with line-numbered errors, and writing back."""

from __future__ import annotations

import os

from ..core.errors import InputError
from ..core.instance import Expected
from ..core.limits import MAX_CARDS, MAX_COORDINATE
from ..core.tomlfile import read_toml
from .board import SIDE_NAMES, HexBoard
from .cnf import DEFAULT_SCHEME, SCHEMES
from .instance import HexMatch
from .rules import RULES, Rule

TOP_KEYS = {"family", "name", "description", "rule", "flip", "first_side", "rows", "cells",
            "radius", "cards", "labels", "scheme", "expected", "planted"}
EXPECTED_KEYS = {"raw", "unique", "source"}
PLANTED_KEYS = {"placements"}


class _Locator:
    """Finds the line of a piece of text in the raw file, for error messages."""

    def __init__(self, path: str, text: str | None):
        self.path = path
        self.lines = text.splitlines() if text else []

    def line_of(self, needle: str, occurrence: int = 0, start_of_line: bool = False) -> int | None:
        seen = 0
        for number, line in enumerate(self.lines, 1):
            hit = line.lstrip().startswith(needle) if start_of_line else needle in line
            if hit:
                if seen == occurrence:
                    return number
                seen += 1
        return None

    def error(self, message: str, line: int | None = None) -> InputError:
        return InputError(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")


def load(path) -> HexMatch:
    """Read a hexmatch instance file (TOML)."""
    data, text = read_toml(path)
    return from_toml(data, os.fspath(path), text)


def from_toml(data: dict, path: str, text: str | None = None) -> HexMatch:
    """Build an instance from parsed TOML; `text` (read from `path` when omitted) only
    serves to put line numbers into error messages."""
    if text is None and path and os.path.isfile(path):
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError):
            text = None
    at = _Locator(path, text)

    def key_error(key, table=None):
        line = at.line_of(f"[{key}]" if isinstance(data.get(key), dict) else key, start_of_line=True)
        if table:
            line = at.line_of(key, start_of_line=True)
        allowed = sorted(EXPECTED_KEYS if table == "expected" else PLANTED_KEYS if table == "planted"
                         else TOP_KEYS)
        where = f"[{table}] " if table else ""
        return at.error(f"unknown {where}key '{key}' (allowed: {', '.join(allowed)})", line)

    for key in data:
        if key not in TOP_KEYS:
            raise key_error(key)

    def typed(key, kind, default, what):
        value = data.get(key, default)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise at.error(f"'{key}' must be {what}", at.line_of(key, start_of_line=True))
        return value

    family = typed("family", str, "hexmatch", "a string")
    if family != "hexmatch":
        raise at.error(f"family '{family}' is not hexmatch", at.line_of("family", start_of_line=True))
    name = typed("name", str, os.path.splitext(os.path.basename(path))[0], "a string")
    description = typed("description", str, "", "a string")
    rule = typed("rule", str, "bugs", "a string")
    if rule not in RULES:
        raise at.error(f"unknown rule '{rule}' (choose from: {', '.join(RULES)})",
                       at.line_of("rule", start_of_line=True))
    flip = typed("flip", bool, False, "true or false")
    first = typed("first_side", str, "upper-right", "a string")
    if first not in SIDE_NAMES:
        raise at.error(f"unknown first_side '{first}' (choose from: {', '.join(SIDE_NAMES)})",
                       at.line_of("first_side", start_of_line=True))
    first_side = SIDE_NAMES.index(first)
    scheme = typed("scheme", str, DEFAULT_SCHEME, "a string")
    if scheme not in SCHEMES:
        raise at.error(f"unknown scheme '{scheme}' (choose from: {', '.join(SCHEMES)})",
                       at.line_of("scheme", start_of_line=True))
    labels = data.get("labels")
    if labels is not None and (not isinstance(labels, list) or not labels
                               or not all(isinstance(l, str) and l for l in labels)):
        raise at.error("'labels' must be a list of non-empty strings", at.line_of("labels", start_of_line=True))

    board = _board_from(data, at)
    cards = _cards_from(data, at, RULES[rule], labels, first_side)
    if len(cards) != len(board):
        more = "more" if len(cards) > len(board) else "fewer"
        raise at.error(f"{more} cards ({len(cards)}) than cells ({len(board)})",
                       at.line_of("cards", start_of_line=True))

    expected = Expected()
    if "expected" in data:
        table = data["expected"]
        if not isinstance(table, dict):
            raise at.error("'expected' must be a table", at.line_of("expected", start_of_line=True))
        for key in table:
            if key not in EXPECTED_KEYS:
                raise key_error(key, "expected")
        for key in ("raw", "unique"):
            if key in table and (not isinstance(table[key], int) or isinstance(table[key], bool)
                                 or table[key] < 0):
                raise at.error(f"[expected] {key} must be a count", at.line_of(key, start_of_line=True))
        if "source" in table and not isinstance(table["source"], str):
            raise at.error("[expected] source must be a string", at.line_of("source", start_of_line=True))
        expected = Expected(table.get("raw"), table.get("unique"), table.get("source", ""))

    instance = HexMatch(name, board, cards, rule=rule, flip=flip, description=description,
                        expected=expected, first_side=first_side, labels=labels, scheme=scheme)
    if "planted" in data:
        instance.planted = _planted_from(data["planted"], instance, at, key_error)
    return instance


MAX_RADIUS = 10          # 331 cells, MAX_CARDS: radius 12 writes a 370 MB CNF with 4 GB of memory


def _board_from(data: dict, at: _Locator) -> HexBoard:
    given = [k for k in ("rows", "cells", "radius") if k in data]
    if len(given) > 1:
        raise at.error(f"give only one of {', '.join(given)}", at.line_of(given[1], start_of_line=True))
    key = given[0] if given else None
    line = at.line_of(key, start_of_line=True) if key else None
    if key is None:
        return HexBoard.hexagon(2)
    value = data[key]
    if key == "radius":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_RADIUS:
            raise at.error(f"'radius' must be a whole number from 0 to {MAX_RADIUS} ({MAX_CARDS:,} cards at most)",
                           line)
        return HexBoard.hexagon(value)
    if key == "rows":
        if (not isinstance(value, list) or not value
                or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value)):
            raise at.error("'rows' must be a list of positive cell counts", line)
        if sum(value) > MAX_CARDS or len(value) > MAX_COORDINATE:
            raise at.error(f"'rows' make more than {MAX_CARDS:,} cells, polycnf's limit", line)
        return HexBoard.from_rows(value)
    if (not isinstance(value, list) or not value
            or not all(isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) for v in c)
                       for c in value)):
        raise at.error("'cells' must be a list of [x, y] axial coordinates", line)
    if len(value) > MAX_CARDS:
        raise at.error(f"{len(value):,} cells, more than polycnf's limit of {MAX_CARDS:,}", line)
    if any(abs(v) > MAX_COORDINATE for c in value for v in c):
        raise at.error(f"a cell lies beyond coordinate {MAX_COORDINATE:,}, polycnf's limit", line)
    cells = [tuple(c) for c in value]
    if len(set(cells)) != len(cells):
        dup = next(c for c in cells if cells.count(c) > 1)
        raise at.error(f"cell {list(dup)} is listed twice", line)
    return HexBoard(cells)


def _cards_from(data, at, rule: Rule, labels, first_side: int) -> list[tuple]:
    if "cards" not in data:
        raise at.error("no 'cards' given")
    value = data["cards"]
    line = at.line_of("cards", start_of_line=True)
    if not isinstance(value, list) or not value:
        raise at.error("'cards' must be a list of cards (strings of six labels, or lists of six labels)",
                       line)
    cards, seen = [], {}
    for number, card in enumerate(value, 1):
        needle = card if isinstance(card, str) else None
        occurrence = seen.get(needle, 0)
        seen[needle] = occurrence + 1
        card_line = (at.line_of(f'"{needle}"', occurrence) if needle is not None else None) or line
        if isinstance(card, str):
            sides = list(card)
        elif isinstance(card, list) and all(isinstance(l, str) and l for l in card):
            sides = card
        else:
            raise at.error(f"card {number} must be a string of six labels or a list of six labels",
                           card_line)
        if len(sides) != 6:
            raise at.error(f"card {number} ({card!r}) has {len(sides)} sides, not 6", card_line)
        for label in sides:
            problem = rule.problem(label, labels)
            if problem:
                raise at.error(f"card {number} ({card!r}): {problem}", card_line)
        frame = [None] * 6
        for k, label in enumerate(sides):
            frame[(first_side + k) % 6] = label
        cards.append(tuple(frame))
    return cards


def _planted_from(table, instance: HexMatch, at: _Locator, key_error) -> dict:
    line = at.line_of("[planted]", start_of_line=True)
    if not isinstance(table, dict):
        raise at.error("'planted' must be a table with 'placements'", line)
    for key in table:
        if key not in PLANTED_KEYS:
            raise key_error(key, "planted")
    solution = {}
    for item in table.get("placements", []):
        ok = (isinstance(item, list) and len(item) in (3, 4)
              and all(isinstance(v, int) and not isinstance(v, bool) for v in item[:3])
              and (len(item) == 3 or isinstance(item[3], bool)))
        if not ok or not 1 <= item[0] <= len(instance.board) or not 0 <= item[2] < 6:
            raise at.error(f"[planted] placement {item!r} is not [cell, card, rotation(0..5)] "
                           f"or [cell, card, rotation, flipped]", line)
        cell = instance.board.cells[item[0] - 1]
        solution[cell] = (item[1], item[2] + (6 if len(item) == 4 and item[3] else 0))
    return solution


def to_toml(instance: HexMatch, comments=()) -> str:
    """An instance file that from_toml reads back to the same puzzle."""
    out = [f"# {c}" if c else "#" for c in comments]
    out.append('family = "hexmatch"')
    out.append(f"name = {_toml_str(instance.name)}")
    if instance.description:
        out.append(f"description = {_toml_str(instance.description)}")
    out.append(f'rule = "{instance.rule.name}"')
    out.append(f"flip = {'true' if instance.flip else 'false'}")
    out.append(f'first_side = "{SIDE_NAMES[instance.first_side]}"')
    if instance.scheme != DEFAULT_SCHEME:
        out.append(f'scheme = "{instance.scheme}"')
    if instance.labels is not None:
        out.append("labels = [" + ", ".join(map(_toml_str, instance.labels)) + "]")
    board = instance.board
    if board.rows is not None:
        out.append(f"rows = {board.rows}")
    else:
        out.append("cells = [" + ", ".join(f"[{x}, {y}]" for x, y in board.cells) + "]")
    listed = [[card[(instance.first_side + k) % 6] for k in range(6)] for card in instance.cards]
    single = all(len(l) == 1 for card in listed for l in card)
    out.append("cards = [")
    for number, card in enumerate(listed, 1):
        text = _toml_str("".join(card)) if single else "[" + ", ".join(map(_toml_str, card)) + "]"
        out.append(f"    {text},  # {number}")
    out.append("]")
    exp = instance.expected
    if exp.raw is not None or exp.unique is not None or exp.source:
        out.append("")
        out.append("[expected]")
        if exp.raw is not None:
            out.append(f"raw = {exp.raw}")
        if exp.unique is not None:
            out.append(f"unique = {exp.unique}")
        if exp.source:
            out.append(f"source = {_toml_str(exp.source)}")
    if instance.planted:
        out.append("")
        out.append("[planted]")
        out.append("placements = [")
        for cell in board.cells:
            if cell in instance.planted:
                card, o = instance.planted[cell]
                extra = ", true" if o >= 6 else ""
                out.append(f"    [{board.number[cell]}, {card}, {o % 6}{extra}],")
        out.append("]")
    return "\n".join(out) + "\n"


def _toml_str(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'

