"""Cubes: the independent parts of a count, so that any engine can run them.

A count that is a sum of independent parts (symmetry cases, a split on one
exact-cover item, the placements of one piece, values of a few CNF variables)
becomes a list of `Cube`s.  Each cube is picklable and carries a stable label,
so a user can rerun one part alone; the whole count is the sum of
`weight * task()` over the cubes, taken in list order so it is reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class Cube:
    """One part of a count: `weight * task()` is its exact share of the total.

    `task` takes no arguments and returns an int; it must pickle (a module-level
    function, or `functools.partial` of one), since it may run in another process.
    """
    label: str
    task: Callable[[], int]
    weight: int | Fraction = 1

    def count(self) -> int | Fraction:
        return self.weight * self.task()


def total(counts) -> int:
    """Sum weighted shares exactly; the total of a complete split is an integer."""
    value = sum(counts, Fraction(0))
    if value.denominator != 1:
        raise ArithmeticError(f"the parts add up to {value}, not an integer: the split is incomplete")
    return int(value)


def count_sequentially(cubes: list[Cube]) -> int:
    """The reference engine: every cube in this process, in order."""
    return total(cube.count() for cube in cubes)
