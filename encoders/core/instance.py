"""What every puzzle instance offers the CLI, whatever its family.

A family subclasses `Instance` and fills in its puzzle: the formula, how to
turn shown keys back into a solution, a plain rule checker that never looks at
the CNF, and pictures.  Optional hooks give independent second methods (a
family's own counter, an exact-cover view) and symmetry-aware counting.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .cnf import Formula
from .errors import InputError


@dataclass
class Expected:
    """A trusted count and where it comes from (never unsourced)."""
    raw: int | None = None
    unique: int | None = None
    source: str = ""


@dataclass
class Case:
    """One formula to count, weighted: count(problem) = sum(weight * count(case))."""
    formula: Formula
    weight: Fraction = Fraction(1)
    cover: object = None          # the same case as an ExactCover, when the family has one
    symmetry: dict | None = None  # count only solutions invariant under this key -> key map
    label: str = ""


@dataclass(frozen=True)
class Counter:
    """A further counter that builds no CNF, beside the family's `direct_count`:
    an independent method a user runs by name (`count --method NAME`) and that
    `validate` lists.  The callables must pickle (module-level functions or
    `functools.partial` of them): cubes may run in other processes."""
    count: Callable[[bool, float | None], int]       # (unique, time limit in s) -> the exact count
    cubes: Callable[[bool, float | None], list] | None = None   # the same count as Cubes, or None
    skip_in_validate: str = ""                       # why validate does not run it here ("": it runs)


class Instance:
    """Base class of a puzzle instance; families override what they support."""

    family: str = ""
    count_method: str | None = "ganak"  # what `count --method auto` uses; None: nothing to count
    symmetry_cases: bool = False    # cases(unique=True) is supported
    is_game: bool = False           # solved by a plan of moves (`plan`), not by listing solutions
    source_file: str | None = None  # the file it was read from, which no output may overwrite
    #: names of the further counters (`other_counters`) some instances of the family offer
    counter_names: tuple[str, ...] = ()

    def __init__(self, name: str, description: str = "", expected: Expected | None = None):
        self.name = name
        self.description = description
        self.expected = expected or Expected()

    # -- the CNF -------------------------------------------------------------
    @property
    def has_formula(self) -> bool:
        """False for an instance that has no CNF (yet), such as a game puzzle
        whose plan length is unknown."""
        return True

    def formula(self, encoding: str | None = None) -> Formula:
        """The whole (raw) problem as a Formula with its show set."""
        raise NotImplementedError

    def cases(self, encoding: str | None = None, unique: bool = False) -> list[Case]:
        """Formulas whose weighted counts add up to the raw (or unique) count."""
        if unique:
            raise InputError(f"{self.name}: counting up to symmetry is not supported for this family")
        return [Case(self.formula(encoding))]

    # -- second methods (optional) -------------------------------------------
    direct_name: str = "the family's own counter"   # what `direct` is for this family

    def method_label(self, method: str) -> str:
        """A counting method as the README names it, e.g. 'direct (the frontier DP)'."""
        return f"direct ({self.direct_name})" if method == "direct" else method

    def direct_count(self, unique: bool = False) -> int | None:
        """The family's own counter that never builds a CNF, or None."""
        return None

    def other_counters(self) -> dict[str, Counter]:
        """Further independent counters of this instance by name (each named in
        the class's `counter_names`); none by default."""
        return {}

    def exact_cover(self):
        """The raw problem as an ExactCover, or None when it is not one."""
        return None

    def cubes(self, unique: bool = False) -> list | None:
        """The count split into independent `encoders.cubes.Cube`s, by the
        family's own counter, or None when it has no split."""
        return None

    # -- solutions -----------------------------------------------------------
    def decode(self, keys: list):
        """Shown keys true in a model -> the family's solution object."""
        return keys

    def check(self, solution) -> None:
        """Raise RuleViolation if `solution` breaks the puzzle's rules."""
        raise NotImplementedError

    def check_model(self, model) -> None:
        """Checks that need the full model, auxiliaries included (plain DIMACS
        files); puzzle families check decoded solutions instead."""

    def render(self, solution, color: bool = False) -> str:
        """A text picture of one solution."""
        raise NotImplementedError

    def solution_json(self, solution):
        """A JSON-able description of one solution."""
        return [list(k) if isinstance(k, tuple) else k for k in solution]

    def images(self, solution) -> list | None:
        """Hashable forms of every solution equivalent to `solution` under the
        puzzle's symmetries (board symmetries, identical pieces), itself
        included; None when the family has no symmetry notion.  Distinct count
        = number of distinct minima; orbit size = number of distinct images."""
        return None

    def canonical(self, solution):
        """One hashable representative of the solution's symmetry class."""
        images = self.images(solution)
        return None if images is None else min(images)

    def symmetry_note(self) -> str | None:
        """What 'distinct' means for this puzzle (which symmetries, which
        identical pieces or cards), or None when images() is unsupported."""
        return None

    def svg(self, solution) -> str | None:
        """An SVG picture of one solution, or None if the family draws none."""
        return None

    def svg_sheet(self, solutions: list) -> str | None:
        """One SVG picture of several solutions; by default the first alone."""
        return self.svg(solutions[0])

    @property
    def draws_svg(self) -> bool:
        return type(self).svg is not Instance.svg

    def plan(self, solver: str | None = None, progress=None) -> dict:
        """A game's verdict and shortest plan (`is_game` instances only)."""
        raise InputError(f"{self.name}: a {self.family} instance is solved by 'polycnf solve', not planned")

    # -- description ---------------------------------------------------------
    def picture(self) -> str:
        """A text picture of the empty board."""
        return ""

    def summary(self) -> dict:
        """Facts for `polycnf show` beyond the formula's size."""
        return {}

    def dimacs_comments(self, encoding: str) -> list[str]:
        """Header lines naming the instance and its trusted count."""
        lines = [f"polycnf instance: {self.name} (family {self.family})"]
        if self.description:
            lines.append(f"description: {self.description}")
        lines.append(f"encoding: {encoding}")
        exp = self.expected
        if exp.raw is not None:
            lines.append(f"expected count: {exp.raw} (source: {exp.source or 'unknown'})")
        if exp.unique is not None:
            lines.append(f"expected count up to symmetry: {exp.unique}")
        return lines
