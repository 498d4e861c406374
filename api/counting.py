"""Exact counts of an instance by one method, raw or up to symmetry.

A count is the weighted sum of the instance's symmetry cases, each counted by
one back end (Ganak, d4, PySAT enumeration, BDDs, DLX) or by the family's own
`direct` counter; with workers, the same sum is split into cubes and run on
Dask (api/parallel.py).  Counts are Python ints, never floats.

>>> import polycnf
>>> r = polycnf.count("t4-all", method="direct")
>>> r.count, r.matches
(4783154184978, True)
>>> polycnf.count("tetrahex-7x4", unique=True).count
9
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from fractions import Fraction

from polycnf.encoders.errors import InputError
from polycnf.solvers.errors import BackendError

from .methods import METHODS, count_cover, count_distinct, count_formula
from .options import Options


@dataclass(frozen=True)
class CountResult:
    """One count and the trusted figure it is compared with (None: unknown)."""
    instance: str
    count: int
    method: str
    unique: bool
    seconds: float
    expected: int | None
    source: str
    symmetry: str | None = None     # what "up to symmetry" means here

    @property
    def matches(self) -> bool | None:
        """True/False against the trusted count, None when there is none."""
        return None if self.expected is None else self.count == self.expected

    def as_json(self) -> dict:
        return {**asdict(self), "matches": self.matches}


def as_instance(instance):
    """An Instance from itself, a built-in name or a file path."""
    if isinstance(instance, str):
        from polycnf.encoders import catalog
        return catalog.load(instance)
    return instance


def choose_method(instance, method: str = "auto", unique: bool = False) -> str:
    """The method a count really uses: `auto` is the family's best; up to
    symmetry without symmetry cases, classes come from enumeration alone."""
    if method not in METHODS:
        raise InputError(f"unknown counting method '{method}' (choose from: {', '.join(METHODS)})")
    if method == "auto":
        method = instance.count_method
    if unique and not instance.symmetry_cases and method != "direct":
        method = "enumerate"
    return method


def expected_for(instance, unique: bool):
    """(trusted count or None, its source)."""
    exp = instance.expected
    return (exp.unique if unique else exp.raw), exp.source


def count(instance, method: str = "auto", unique: bool = False, *, solver: str | None = None,
          time_limit: float | None = None, encoding: str | None = None, jobs: int | None = 1,
          scheduler: str | None = None, progress: bool = False) -> CountResult:
    """Count `instance` (an Instance, a built-in name or a file path) exactly.

    method: auto, ganak, d4, enumerate, bdd, dlx or direct; unique: up to the
    puzzle's symmetries; jobs > 1 (None: $POLYCNF_JOBS or the machine's cores)
    or a scheduler address: run the count's cubes on a Dask cluster.  Raises InputError or BackendError (one line).

    >>> polycnf.count("pentomino-3x20", method="dlx").count
    8
    """
    from .localcluster import workers

    inst = as_instance(instance)
    method = choose_method(inst, method, unique)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding, progress=progress)
    start = time.monotonic()
    with workers(jobs, scheduler) as pool:
        n = count_instance(inst, method, options, unique, pool)
    expected, source = expected_for(inst, unique)
    return CountResult(inst.name, n, method, unique, round(time.monotonic() - start, 3), expected,
                       source, inst.symmetry_note() if unique else None)


def count_instance(instance, method: str, options: Options = Options(), unique: bool = False,
                   workers=None) -> int:
    """The exact count by one resolved method: the sum of weighted cases, an int."""
    from . import parallel

    if workers is not None and not (unique and not instance.symmetry_cases and method != "direct"):
        return parallel.count(instance, method, unique, workers, options)
    if method == "direct":
        n = instance.direct_count(unique=unique)
        if n is None:
            raise BackendError(f"{instance.name}: the family has no direct counting method")
        return n
    if unique and not instance.symmetry_cases:
        return count_distinct(instance, options)
    if method == "dlx" and instance.exact_cover() is None:
        raise BackendError(f"dlx: {instance.name} is not an exact-cover problem")
    total = Fraction(0)
    cases = instance.cases(options.encoding, unique=unique)
    for i, case in enumerate(cases, 1):
        label = f"case {i}/{len(cases)}" if len(cases) > 1 else ""
        n = count_cover(case, options) if method == "dlx" else count_formula(method, case.formula, options, label)
        total += case.weight * n
    if total.denominator != 1:
        raise RuntimeError(f"symmetry cases summed to a fraction ({total}): a bug in the family")
    return int(total)


# -- cubes: the independent parts of a count ----------------------------------------
def cubes_of(instance, method: str = "auto", unique: bool = False, *, solver: str | None = None,
             time_limit: float | None = None, encoding: str | None = None) -> list:
    """The count split into labelled, weighted cubes (api/cubes.py): the sum of
    weight * count over them is the count.

    >>> parts = polycnf.cubes_of("tetrahex-7x4", "dlx")
    >>> int(sum(c.weight * c.task() for c in parts))
    18
    """
    from .cubes import cubes_for

    inst = as_instance(instance)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding)
    return cubes_for(inst, choose_method(inst, method, unique), unique, options)


def count_cube(instance, label: str, method: str = "auto", unique: bool = False, *,
               solver: str | None = None, time_limit: float | None = None,
               encoding: str | None = None, scheduler: str | None = None):
    """(the cube named `label`, its own unweighted count): rerun one part alone."""
    from .localcluster import Workers
    from .parallel import count_one

    inst = as_instance(instance)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding)
    with Workers(1, scheduler) as pool:
        return count_one(inst, choose_method(inst, method, unique), unique, pool, options, label)
