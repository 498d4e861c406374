"""Symmetry-aware counting: orbit cases of one pivot piece (see encoders/core/symmetry.py)."""

from __future__ import annotations

from fractions import Fraction

from ..core import symmetry
from ..core.cnf import Formula
from ..core.instance import Case
from .placement import Placement


def pivot(puzzle):
    """(kind name, orbits of its placements) for the piece the symmetry cases
    fix, or None.  Best is the single piece whose placements form the most
    nearly free orbits (placements per orbit close to |G|, so each orbit case
    stands for |G| raw cases); ties go to the fewest placements."""
    if len(puzzle.group) == 1:
        return None
    maps = [lambda p, g=g: puzzle.act(g, p) for g in puzzle.group]
    best = None
    for kind in puzzle.kinds:
        if kind.copies != 1:
            continue
        mine = [p for p in puzzle.placements if p.piece == kind.name]
        if not mine:
            continue
        parts = symmetry.orbits(mine, maps)
        score = (Fraction(len(mine), len(parts)), -len(mine))
        if best is None or score > best[0]:
            best = (score, kind.name, parts)
    return None if best is None else (best[1], best[2])


def cases(puzzle, encoding: str | None = None, unique: bool = False) -> list[Case]:
    """Orbit cases of the pivot piece's placements (see encoders/core/symmetry.py).

    raw    = sum over orbit representatives p of |G|/|S_p| * N(p)
    unique = sum over p of 1/|S_p| * sum over g in S_p of Fix_g(p)
    where N(p) counts solutions with the pivot at p and Fix_g(p) those that
    g also leaves unchanged.  Without a pivot: the whole problem (raw), or
    Burnside over the whole group (unique).
    """
    whole = puzzle.formula(encoding)
    cover = puzzle.exact_cover()
    if puzzle.pivot is None:
        if not unique or len(puzzle.group) == 1:
            return [Case(whole, Fraction(1), cover, None, "whole board")]
        order = len(puzzle.group)
        return [_case(puzzle, whole, cover, None, g, Fraction(1, order), f"symmetry {k}")
                for k, g in enumerate(puzzle.group)]
    piece, parts = puzzle.pivot
    order = len(puzzle.group)
    found = []
    for n, orbit in enumerate(parts):
        p = orbit[0]
        fixing = [g for g in puzzle.group if puzzle.act(g, p) == p]
        label = f"{piece} at {' '.join(map(str, p.cells))} (orbit {n + 1} of {len(parts)}, size {len(orbit)})"
        if not unique:
            found.append(_case(puzzle, whole, cover, p, puzzle.group[0], Fraction(order, len(fixing)), label))
            continue
        for k, g in enumerate(fixing):
            found.append(_case(puzzle, whole, cover, p, g, Fraction(1, len(fixing)),
                                    label + ("" if k == 0 else f", symmetry {k}")))
    return found


def _case(puzzle, whole: Formula, cover, at: Placement | None, g: dict, weight: Fraction,
          label: str) -> Case:
    """The problem with the pivot forced to `at` (if given) and, unless g is the
    identity, only solutions that g maps to themselves."""
    f = whole.copy(f"{puzzle.name}: {label}")
    if at is not None:
        for p in puzzle.placements:
            if p.piece == at.piece:
                f.add([f.var(p)] if p == at else [-f.var(p)], "symmetry case: pivot piece")
        if cover is not None:
            cover = cover.restrict(lambda key: key.piece != at.piece or key == at)
    key_map = None
    if not symmetry.is_identity(g):
        if any(k.copies > 1 for k in puzzle.kinds):
            cover = None     # g permutes fillings, not copy numbers: count this case by CNF
        key_map = {p: puzzle.act(g, p) for p in puzzle.placements}
        for p, q in key_map.items():
            if p != q:
                f.add([-f.var(p), f.var(q)], "symmetry case: invariant solutions")
    return Case(f, weight, cover, key_map, label)
