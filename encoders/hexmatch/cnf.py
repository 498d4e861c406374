"""The CNF of a hexmatch puzzle: placements, one card per cell, matching inner edges."""

from __future__ import annotations

from ..core.cnf import Formula
from ..core.errors import InputError
from .board import opposite

#: CNF schemes: "direct" forbids each mismatching pair of neighbouring
#: placements by a binary clause; "labels" gives every inner edge one label
#: variable that placements on both sides imply (smaller, propagates better);
#: "labels-cards" adds a card-at-cell variable per (card, cell), with its own
#: exactly-one constraints, so the solver can decide where a card goes before
#: how it is turned.
SCHEMES = ("direct", "labels", "labels-cards")
#: Faster in bench/bench_hexmatch.py on every size measured (and the only one
#: that stays small on large boards).
DEFAULT_SCHEME = "labels"


def formula(puzzle, encoding: str | None = None, scheme: str | None = None) -> Formula:
    r"""Each card on one cell in one orientation, one card per cell, inner edges match.

    `encoding` is the PySAT cardinality encoding of the exactly-one
    constraints, or a matching scheme's name (SCHEMES); `scheme` chooses
    how matching is encoded.  One card on a board of one cell has 6 solutions,
    one per turn (a variable each); its DIMACS begins:

    >>> from polycnf.encoders.hexmatch.fileformat import from_toml
    >>> one = from_toml({"name": "one-card", "radius": 0, "cards": ["PLSBRK"]}, "one-card", "")
    >>> print("\n".join(list(formula(one, encoding="pairwise").dimacs_lines())[:8]))
    c t mc
    c hexmatch scheme: labels
    c group card 1 is placed once: 16 clauses
    c group cell 01 holds one card: 16 clauses
    p cnf 6 32
    1 2 3 4 5 6 0
    -1 -2 0
    -1 -3 0
    """
    if encoding in SCHEMES:
        encoding, scheme = None, encoding
    scheme = scheme or puzzle.scheme
    if scheme not in SCHEMES:
        raise InputError(f"unknown hexmatch scheme '{scheme}' (choose from: {', '.join(SCHEMES)})")
    f = Formula(puzzle.name, encoding) if encoding else Formula(puzzle.name)
    f.comments.append(f"hexmatch scheme: {scheme}")
    f.label = scheme if encoding is None else f"{scheme} with {encoding}"
    at = {cell: [] for cell in puzzle.board.cells}   # cell -> [(var, card, side labels)]
    for number, table in enumerate(puzzle.orientation_of, 1):
        mine = []
        for cell in puzzle.board.cells:
            for sides, o in table.items():
                v = f.var(("place", number, cell, o))
                mine.append(v)
                at[cell].append((v, number, sides))
        f.exactly_one(mine, f"card {number} is placed once", encoding)
    for cell in puzzle.board.cells:
        f.exactly_one([v for v, _, _ in at[cell]], f"cell {puzzle.board.label(cell)} holds one card",
                      encoding)
    f.show([k for k in f.keys() if k[0] == "place"])
    if scheme == "direct":
        _match_direct(puzzle, f, at)
    else:
        _match_labels(puzzle, f, at, encoding)
    if scheme == "labels-cards":
        _card_at_cell(puzzle, f, at, encoding)
    return f


def _card_at_cell(puzzle, f: Formula, at: dict, encoding) -> None:
    """Redundant channel: card k is at cell c iff one of its placements there is chosen."""
    for cell in puzzle.board.cells:
        by_card: dict[int, list] = {}
        for v, card, _ in at[cell]:
            by_card.setdefault(card, []).append(v)
        for card, vs in by_card.items():
            x = f.var(("at", card, cell))
            for v in vs:
                f.add([-v, x], f"card {card} at cell {puzzle.board.label(cell)}")
            f.add([-x] + vs, f"card {card} at cell {puzzle.board.label(cell)}")
        f.exactly_one([f.var(("at", card, cell)) for card in by_card],
                      f"cell {puzzle.board.label(cell)} holds one card", encoding)
    for card in range(1, len(puzzle.cards) + 1):
        f.exactly_one([f.var(("at", card, cell)) for cell in puzzle.board.cells],
                      f"card {card} is placed once", encoding)


def _match_direct(puzzle, f: Formula, at: dict) -> None:
    """A binary clause for each pair of neighbouring placements that do not match."""
    for a, side, b in puzzle.board.inner_edges:
        group = f"cells {puzzle.board.label(a)} and {puzzle.board.label(b)} match"
        here = _by_label(at[a], side)
        there = _by_label(at[b], opposite(side))
        for la, pa in here.items():
            for lb, pb in there.items():
                if puzzle.rule.matches(la, lb):
                    continue
                for va, ca in pa:
                    for vb, cb in pb:
                        if ca != cb:
                            f.add([-va, -vb], group)


def _match_labels(puzzle, f: Formula, at: dict, encoding) -> None:
    """Per inner edge one label (as seen from cell a); placements imply it, and it
    implies some placement on each side showing it."""
    partner = puzzle.rule.partner
    for a, side, b in puzzle.board.inner_edges:
        group = f"cells {puzzle.board.label(a)} and {puzzle.board.label(b)} match"
        here = _by_label(at[a], side)
        there = {partner(lb): p for lb, p in _by_label(at[b], opposite(side)).items()}
        both = [l for l in here if l in there]
        edge = {l: f.var(("edge", a, side, l)) for l in both}
        f.exactly_one(list(edge.values()), group, encoding)
        clauses = []      # added in bulk: one Formula.add per clause dominated radius 8
        for placements in (here, there):
            for label, ps in placements.items():
                e = edge.get(label)
                clauses += [[-v, e] if e else [-v] for v, _ in ps]
                if e:
                    clauses.append([-e] + [v for v, _ in ps])
        f.extend(clauses, group)


def _by_label(placements, side) -> dict:
    """Group (var, card, sides) by the label on `side` -> [(var, card)]."""
    groups: dict = {}
    for v, card, sides in placements:
        groups.setdefault(sides[side], []).append((v, card))
    return groups
