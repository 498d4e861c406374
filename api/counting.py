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

from polycnf.encoders.core.errors import InputError
from polycnf.solvers.errors import BackendError

from .methods import METHODS, count_cover, count_distinct, count_formula
from .options import Options, alarm, note, time_limit_reached

#: methods whose cubes each cost nearly the whole count (Ganak on t4-full: 16 cubes of ~0.8 s
#: against 1 s whole; bench/bench_parallel.py measured --jobs 2 at 0.46x the speed of --jobs 1):
#: on this machine's cores they are counted whole, and split only for a named --scheduler
WHOLE_ON_LOCAL_CORES = ("ganak",)
ENUMERATION_NOTE = 10 ** 6     # counts beyond this are hopeless for model enumeration, and we say so


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
    method_label: str = ""          # the method as README names it, e.g. "direct (the frontier DP)"

    @property
    def matches(self) -> bool | None:
        """True/False against the trusted count, None when there is none."""
        return None if self.expected is None else self.count == self.expected

    @property
    def exit_code(self) -> int:
        """1 when the count differs from the trusted one, else 0."""
        return 1 if self.matches is False else 0

    def as_json(self) -> dict:
        return {**asdict(self), "matches": self.matches}


def as_instance(instance, argument: str | None = None):
    """An Instance from itself, a built-in name or a file path (`argument`:
    the configuration a name such as t4-puzzle takes)."""
    if isinstance(instance, str):
        from polycnf.encoders import catalog
        return catalog.load(instance, argument)
    if argument is not None:
        raise InputError(f"{instance.name} takes no configuration argument")
    return instance


def method_names() -> tuple[str, ...]:
    """Every method a count may name: METHODS and the families' further counters."""
    from polycnf.encoders import catalog
    return METHODS + catalog.counter_names()


def own_counter(instance, method: str) -> bool:
    """Is `method` one of the family's own counters (never a CNF or exact cover)?"""
    return method == "direct" or method in instance.other_counters()


def classes_by_enumeration(instance, method: str, unique: bool) -> bool:
    """Must a count up to symmetry enumerate every solution and keep one per
    class?  Yes when the family has no symmetry cases and `method` is not one of
    its own counters (those count classes themselves)."""
    return unique and not instance.symmetry_cases and not own_counter(instance, method)


def choose_method(instance, method: str = "auto", unique: bool = False) -> str:
    """The method a count really uses: `auto` is the family's best; up to
    symmetry without symmetry cases, classes come from enumeration alone."""
    if method not in METHODS and method not in instance.other_counters():
        names = METHODS + tuple(instance.other_counters())
        raise InputError(f"unknown counting method '{method}' (choose from: {', '.join(names)})")
    if instance.count_method is None:
        raise InputError(f"{instance.name}: a {instance.family} instance has nothing to count "
                         "('polycnf solve' plans it)")
    if method == "auto":
        method = instance.count_method
    if classes_by_enumeration(instance, method, unique):
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

    method: auto, ganak, d4, enumerate, bdd, dlx, direct, or a further counter
    the instance offers (`Instance.other_counters`); unique: up to the
    puzzle's symmetries; jobs > 1 (None: $POLYCNF_JOBS or the machine's cores)
    or a scheduler address: run the count's cubes on a Dask cluster.  Raises InputError or BackendError (one line).

    >>> polycnf.count("pentomino-3x20", method="dlx").count
    8
    """
    from .localcluster import workers
    from .parallel import Interrupted

    inst = as_instance(instance)
    method = choose_method(inst, method, unique)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding, progress=progress).started()
    expected, source = expected_for(inst, unique)
    if method == "enumerate" and expected is not None and expected > ENUMERATION_NOTE:
        note(options, f"polycnf: note: enumeration lists all {expected:,} solutions one by one (minutes to "
                      "hours); ganak or direct count them without listing them")
    start = time.monotonic()
    try:
        with alarm(time_limit), workers(jobs, scheduler) as pool:
            n = count_instance(inst, method, options, unique, pool)
    except Interrupted as stop:
        return PartialCount(inst.name, method, unique, round(time.monotonic() - start, 3),
                            stop.partial, stop.done, stop.cubes)
    return CountResult(inst.name, n, method, unique, round(time.monotonic() - start, 3), expected,
                       source, inst.symmetry_note() if unique else None, inst.method_label(method))


def count_instance(instance, method: str, options: Options = Options(), unique: bool = False,
                   workers=None) -> int:
    """The exact count by one resolved method: the sum of weighted cases, an int."""
    from . import parallel

    if workers is not None and not classes_by_enumeration(instance, method, unique) and (
            workers.scheduler is not None or method not in WHOLE_ON_LOCAL_CORES):
        return parallel.count(instance, method, unique, workers, options)
    other = instance.other_counters().get(method)
    if other is not None:
        return other.count(unique, options.seconds_left())
    if method == "direct":
        return count_direct(instance, unique, options)
    if classes_by_enumeration(instance, method, unique):
        return count_distinct(instance, options)
    if method == "dlx" and instance.exact_cover() is None:
        raise BackendError(f"dlx: {instance.name} is not an exact-cover problem")
    total = Fraction(0)
    cases = instance.cases(options.encoding, unique=unique)
    for i, case in enumerate(cases, 1):
        options.seconds_left()                      # stop between cases once the time is up
        label = f"case {i}/{len(cases)}" if len(cases) > 1 else ""
        n = count_cover(case, options) if method == "dlx" else count_formula(method, case.formula, options, label)
        total += case.weight * n
    if total.denominator != 1:
        raise RuntimeError(f"symmetry cases summed to a fraction ({total}): a bug in the family")
    return int(total)


def count_direct(instance, unique: bool, options: Options = Options()) -> int:
    """The family's own counter; with a time limit it runs in a child process
    that is killed when the time is up (compiled counters cannot be stopped)."""
    from polycnf.solvers.child import run_limited

    if options.deadline is None:
        n = instance.direct_count(unique=unique)
    else:
        try:
            n = run_limited(instance.direct_count, (unique,), options.seconds_left(), what="direct count")
        except TimeoutError:
            raise TimeoutError(time_limit_reached(options.time_limit)) from None
    if n is None:
        raise BackendError(f"{instance.name}: the family has no direct counting method")
    return n


@dataclass(frozen=True)
class PartialCount:
    """An interrupted count: the exact sum of the cubes that finished, which
    is not the count; printed marked PARTIAL, exit code 130."""
    instance: str
    method: str
    unique: bool
    seconds: float
    partial: Fraction
    done: int
    cubes: int
    exit_code = 130

    def __str__(self) -> str:
        shown = self.partial.numerator if self.partial.denominator == 1 else self.partial
        return f"PARTIAL (interrupted): {shown} from {self.done} of {self.cubes} cubes; not the count"

    def as_json(self) -> dict:
        return {"instance": self.instance, "partial": True, "sum": str(self.partial),
                "cubes_done": self.done, "cubes": self.cubes, "method": self.method,
                "unique": self.unique, "seconds": self.seconds}


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
    method = choose_method(inst, method, unique)
    return CubeList(inst.name, method, unique, cubes_for(inst, method, unique, options))


def count_cube(instance, label: str, method: str = "auto", unique: bool = False, *,
               solver: str | None = None, time_limit: float | None = None,
               encoding: str | None = None, scheduler: str | None = None):
    """The cube named `label` counted alone: its own (unweighted) count and weight.

    >>> first = polycnf.cubes_of("tetrahex-7x4", "dlx")[0]
    >>> polycnf.count_cube("tetrahex-7x4", first.label, "dlx").count == first.task()
    True
    """
    from .localcluster import Workers
    from .parallel import count_one

    inst = as_instance(instance)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding).started()
    method = choose_method(inst, method, unique)
    with alarm(time_limit), Workers(1, scheduler) as pool:
        cube, n = count_one(inst, method, unique, pool, options, label)
    return CubeCount(inst.name, cube.label, n, cube.weight, method, unique)


@dataclass(frozen=True)
class CubeList:
    """A count's cubes in order: the sum of weight * count over them is the count."""
    instance: str
    method: str
    unique: bool
    cubes: list
    exit_code = 0

    def __iter__(self):
        return iter(self.cubes)

    def __len__(self) -> int:
        return len(self.cubes)

    def __getitem__(self, i):
        return self.cubes[i]

    def weights_note(self) -> str:
        """How the weights combine."""
        w = {c.weight for c in self.cubes}
        return "all weight 1" if w == {1} else "weights " + ", ".join(sorted(str(Fraction(x)) for x in w))

    def as_json(self) -> dict:
        return {"instance": self.instance, "method": self.method, "unique": self.unique,
                "cubes": [{"label": c.label, "weight": str(c.weight)} for c in self.cubes]}


@dataclass(frozen=True)
class CubeCount:
    """One cube's own count and weight, so its share of the total is weight * count."""
    instance: str
    cube: str
    count: int
    weight: Fraction | int
    method: str
    unique: bool
    exit_code = 0

    @property
    def share(self):
        return self.weight * self.count

    def as_json(self) -> dict:
        return {"instance": self.instance, "cube": self.cube, "count": self.count, "weight": str(self.weight),
                "share": str(self.share), "method": self.method, "unique": self.unique}
