"""Exact cover: the shape shared by every tiling puzzle.

Primary items must be covered exactly once, secondary items at most once;
each option (named by a key such as a placement) covers a list of items.
From here a problem goes to CNF (`to_formula`), to an exact-cover back end as
plain rows of item numbers (`option_rows`), or to Knuth's DLX text format.

As in Knuth's algorithms, an option without a primary item is never part of a
solution; the formula says so explicitly, so CNF and DLX counts agree.
"""

from __future__ import annotations

from collections import Counter

from .cnf import Formula
from .errors import InputError, RuleViolation
from .instance import Case, Expected, Instance
from .tomlfile import read_text


class ExactCover:
    """Items and named options; options keep the order they were added in."""

    def __init__(self, primary, secondary=(), options=None):
        self.primary = list(primary)
        self.secondary = list(secondary)
        self._index = {}
        for item in self.primary + self.secondary:
            if item in self._index:
                raise ValueError(f"item {item!r} is declared twice")
            self._index[item] = len(self._index)
        self.options: dict = {}        # key -> tuple of items
        self.notes: list[str] = []     # remarks for the user, e.g. useless options
        for key, items in (options.items() if isinstance(options, dict) else options or ()):
            self.add_option(key, items)

    def add_option(self, key, items) -> None:
        """Add option `key` covering `items` (each a declared item, once)."""
        items = tuple(items)
        if key in self.options:
            raise ValueError(f"option {key!r} is added twice")
        for item in items:
            if item not in self._index:
                raise ValueError(f"option {key!r}: unknown item {item!r}")
        if len(set(items)) != len(items):
            raise ValueError(f"option {key!r} names an item twice")
        self.options[key] = items

    @property
    def items(self) -> list:
        return self.primary + self.secondary

    @property
    def keys(self) -> list:
        """Option keys in row order of `option_rows`."""
        return list(self.options)

    def is_primary(self, item) -> bool:
        return self._index[item] < len(self.primary)

    def __repr__(self):
        return (f"ExactCover({len(self.primary)} primary, {len(self.secondary)} secondary items, "
                f"{len(self.options)} options)")

    # -- derived problems ------------------------------------------------------
    def restrict(self, keep) -> "ExactCover":
        """The same items with only the options whose key satisfies `keep`."""
        other = ExactCover(self.primary, self.secondary)
        other.options = {k: v for k, v in self.options.items() if keep(k)}
        other.notes = list(self.notes)
        return other

    def option_rows(self) -> tuple[int, list[list[int]]]:
        """(n_primary, rows) for a back end: items are numbered primary first;
        row r holds the item numbers of option `self.keys[r]`."""
        index = self._index
        return len(self.primary), [[index[i] for i in items] for items in self.options.values()]

    # -- CNF -------------------------------------------------------------------
    def to_formula(self, name: str = "", encoding: str | None = None) -> Formula:
        """One variable per option; exactly one option per primary item, at
        most one per secondary item; the show set is the option variables."""
        formula = Formula(name, encoding) if encoding else Formula(name)
        holders = {item: [] for item in self.items}
        for key, items in self.options.items():
            v = formula.var(key)
            for item in items:
                holders[item].append(v)
        formula.show(self.options)
        for item in self.primary:
            formula.exactly_one(holders[item], "primary items exactly once")
        for item in self.secondary:
            formula.at_most_one(holders[item], "secondary items at most once")
        for key, items in self.options.items():
            if not any(self.is_primary(i) for i in items):
                formula.add([-formula.var(key)], "options without a primary item are never chosen")
        return formula

    # -- checking --------------------------------------------------------------
    def violation(self, keys) -> str | None:
        """What is wrong with choosing the options `keys`, or None if they are
        an exact cover.  Never looks at a formula."""
        tally = Counter()
        for key in keys:
            if key not in self.options:
                return f"unknown option {key!r}"
            tally.update(self.options[key])
        for item in self.primary:
            if tally[item] != 1:
                return f"primary item {_name(item)} is covered {tally[item]} times, not exactly once"
        for item in self.secondary:
            if tally[item] > 1:
                return f"secondary item {_name(item)} is covered {tally[item]} times, not at most once"
        return None

    # -- DLX text --------------------------------------------------------------
    def to_dlx_text(self) -> str:
        """Knuth's DLX format: item line (primary | secondary), then one
        option per line.  Item names are written with str(), spaces removed."""
        names = {item: _dlx_name(item) for item in self.items}
        if len(set(names.values())) != len(names):
            raise ValueError("two items have the same name in DLX text")
        head = " ".join(names[i] for i in self.primary)
        if self.secondary:
            head += " | " + " ".join(names[i] for i in self.secondary)
        lines = [f"| exact cover: {len(self.primary)} primary items, "
                 f"{len(self.secondary)} secondary items, {len(self.options)} options", head]
        lines += [" ".join(names[i] for i in items) for items in self.options.values()]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dlx_text(cls, text: str, path: str = "<text>") -> "ExactCover":
        """Parse DLX text; option keys are their 1-based order in the file.
        Errors raise InputError naming path:line."""
        cover = None
        for lineno, line in enumerate(text.splitlines(), 1):
            words = line.split()
            if not words or words[0].startswith("|"):
                continue
            if cover is None:
                cover = _item_line(line, f"{path}:{lineno}")
                continue
            where = f"{path}:{lineno}"
            for k, item in enumerate(words):
                if item not in cover._index:
                    raise InputError(f"{where}: unknown item '{item}' in option")
                if item in words[:k]:
                    raise InputError(f"{where}: item '{item}' appears twice in option")
            key = len(cover.options) + 1
            cover.add_option(key, words)
            if not any(cover.is_primary(i) for i in words):
                cover.notes.append(f"{where}: option {key} has no primary item, so it is never chosen")
        if cover is None:
            raise InputError(f"{path}:1: empty first line: expected the item names")
        return cover


def _item_line(line: str, where: str) -> ExactCover:
    parts = line.split("|")
    if len(parts) > 2:
        raise InputError(f"{where}: more than one '|' in the item line")
    primary = parts[0].split()
    secondary = parts[1].split() if len(parts) == 2 else []
    seen = set()
    for item in primary + secondary:
        if item in seen:
            raise InputError(f"{where}: item '{item}' is declared twice")
        seen.add(item)
    return ExactCover(primary, secondary)


def _dlx_name(item) -> str:
    name = "".join(str(item).split())
    if not name or "|" in name:
        raise ValueError(f"item {item!r} has no usable name in DLX text")
    return name


def _name(item) -> str:
    return f"'{item}'" if isinstance(item, str) else repr(item)


class ExactCoverInstance(Instance):
    """A bare exact-cover problem, e.g. read from a `.dlx` file."""

    family = "exactcover"
    count_method = "dlx"       # model counters are weak on exact covers (DESIGN.md)

    def __init__(self, name: str, cover: ExactCover, description: str = "",
                 expected: Expected | None = None):
        super().__init__(name, description, expected)
        self.cover = cover

    def formula(self, encoding: str | None = None) -> Formula:
        return self.cover.to_formula(self.name, encoding)

    def cases(self, encoding: str | None = None, unique: bool = False) -> list[Case]:
        if unique:
            return super().cases(encoding, unique)     # refuses: no symmetry notion
        return [Case(self.formula(encoding), cover=self.cover)]

    def exact_cover(self) -> ExactCover:
        return self.cover

    def decode(self, keys: list) -> list:
        """The chosen options' keys, in option order."""
        chosen = set(keys)
        return [k for k in self.cover.options if k in chosen]

    def check(self, solution) -> None:
        problem = self.cover.violation(solution)
        if problem:
            raise RuleViolation(f"{self.name}: {problem}")

    def render(self, solution, color: bool = False) -> str:
        """One option per line, as its item names."""
        return "\n".join(" ".join(map(str, self.cover.options[k])) for k in solution)

    def solution_json(self, solution):
        return [{"option": k, "items": list(self.cover.options[k])} for k in solution]

    def picture(self) -> str:
        return self.cover.to_dlx_text().splitlines()[1]

    def summary(self) -> dict:
        c = self.cover
        facts = {"primary items": len(c.primary), "secondary items": len(c.secondary),
                 "options": len(c.options)}
        if c.notes:
            facts["notes"] = c.notes
        return facts


def load_dlx(path) -> Instance:
    """Read a `.dlx` file; the instance is named after the file, and the
    comment lines before the item line become its description."""
    path = str(path)
    text = read_text(path)
    cover = ExactCover.from_dlx_text(text, path)
    description = []
    for line in text.splitlines():
        words = line.split()
        if words and not words[0].startswith("|"):
            break
        if words:
            description.append(line.strip().lstrip("|").strip())
    name = path.rsplit("/", 1)[-1].removesuffix(".dlx")
    return ExactCoverInstance(name, cover, " ".join(d for d in description if d))
