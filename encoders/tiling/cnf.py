"""The CNF of a tiling: a variable per placement, cells covered once, pieces placed once."""

from __future__ import annotations

from ..core.cnf import Formula


def formula(puzzle, encoding: str | None = None) -> Formula:
    r"""A variable per placement; each cell covered exactly once, each piece placed once.
    Two dominoes A and B in a 2x2 square (the two fillings: both flat or both upright):

    >>> from polycnf.encoders.tiling.fileformat import from_toml
    >>> dominoes = {"A": [[0, 0], [0, 1]], "B": [[0, 0], [0, 1]]}
    >>> square = from_toml({"name": "2x2", "grid": "square", "board": "..\n..", "pieces": dominoes}, "2x2", "")
    >>> print("\n".join(formula(square).dimacs_lines()))
    c t mc
    c group each cell covered exactly once: 8 clauses
    p cnf 4 8
    1 3 0
    -1 -3 0
    1 4 0
    -1 -4 0
    2 3 0
    -2 -3 0
    2 4 0
    -2 -4 0
    """
    f = Formula(puzzle.name, encoding) if encoding else Formula(puzzle.name)
    variables = {p: f.var(p) for p in puzzle.placements}
    covering: dict = {c: [] for c in puzzle.board}
    by_kind: dict = {k.name: [] for k in puzzle.kinds}
    for p, v in variables.items():
        by_kind[p.piece].append(v)
        for c in p.cells:
            covering[c].append(v)
    for c in puzzle.board:
        if puzzle.fill == "exact":
            f.exactly_one(covering[c], "each cell covered exactly once")
        else:
            f.at_most_one(covering[c], "each cell covered at most once")
    for kind in puzzle.kinds:
        if kind.copies == 1:
            f.exactly_one(by_kind[kind.name], "each piece placed once")
        elif not puzzle.copies_forced_by_area:
            f.exactly(by_kind[kind.name], kind.copies, "identical pieces placed as often as they are given")
    if puzzle.no_crossing:
        sharing: dict = {}
        for p, v in variables.items():
            for item in puzzle.crossing_items(p):
                sharing.setdefault(item, []).append(v)
        for vs in sharing.values():
            if len(vs) > 1:
                f.at_most_one(vs, "no crossings (Goodger's intersection items)")
    f.show(puzzle.placements)
    return f
