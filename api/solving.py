"""Solutions of an instance, each decoded and checked by the puzzle's own rules.

The solving back end is chosen apart from the counting method: DLX for any
instance that is an exact cover (it finds a tiling at once, where a CDCL
solver needs seconds), a PySAT solver otherwise or when one is named.  Every
solution goes through the family's plain checker, which never looks at the CNF.

>>> import polycnf
>>> first = next(polycnf.solutions("pentomino-8x8-centre"))
>>> sorted(first)[:3]
['F', 'I', 'L']
>>> polycnf.distinct("tetrahex-7x4", polycnf.solutions("tetrahex-7x4"))
9
>>> len(list(polycnf.solutions("tetrahex-7x4", unique=True)))
9
"""

from __future__ import annotations

from typing import Iterator

from polycnf.encoders.errors import InputError
from polycnf.solvers import sat
from polycnf.solvers.errors import BackendError

from .counting import as_instance
from .options import Options, progress_bar


def backend_for(instance, solver: str | None = None) -> str:
    """'dlx', or the canonical name of a PySAT solver: DLX for exact covers
    unless a solver is named."""
    instance = as_instance(instance)
    if solver is None:
        return "dlx" if instance.exact_cover() is not None else sat.DEFAULT_SOLVER
    return solver if solver == "dlx" else sat.canonical_name(solver)


def solutions(instance, limit: int | None = None, *, unique: bool = False, solver: str | None = None,
               encoding: str | None = None, time_limit: float | None = None,
               progress: bool = False) -> Iterator:
    """Yield up to `limit` solutions (None: all), each checked by the rules;
    with `unique`, only the first solution of each symmetry class.

    A TimeoutError ends the iteration when `time_limit` seconds have passed
    (PySAT back ends); DLX needs no CNF, but a named `encoding` is still built
    so that a bad one is reported.
    """
    inst = as_instance(instance)
    if unique:
        if inst.symmetry_note() is None:
            raise InputError(f"{inst.name}: the {inst.family} family has no symmetry classes")
        yield from first_of_each_class(inst, solutions(inst, None, solver=solver, encoding=encoding,
                                                       time_limit=time_limit, progress=progress), limit)
        return
    backend = backend_for(inst, solver)
    options = Options(solver=backend, time_limit=time_limit, encoding=encoding, progress=progress)
    formula = inst.formula(encoding) if backend != "dlx" or encoding else None
    with progress_bar(options, "solve", total=limit, unit="sol") as bar:
        if backend == "dlx":
            yield from _dlx_solutions(inst, limit, bar.update)
            return
        for model in sat.models(formula.clauses, formula.show_vars, backend, limit=limit,
                                time_limit=time_limit, progress=bar.update):
            inst.check_model(model)
            solution = inst.decode(formula.decode(model))
            inst.check(solution)
            yield solution


def _dlx_solutions(inst, limit, progress):
    from polycnf.solvers import dlx

    cover = inst.exact_cover()
    if cover is None:
        raise BackendError(f"dlx: {inst.name} is not an exact-cover problem")
    n_primary, rows = cover.option_rows()
    for chosen in dlx.solutions(n_primary, rows, limit=limit):
        solution = inst.decode([cover.keys[i] for i in chosen])
        inst.check(solution)
        progress()
        yield solution


def first_of_each_class(inst, solutions, limit=None) -> Iterator:
    """The solutions that are the first seen of their symmetry class."""
    seen = set()
    for solution in solutions:
        form = inst.canonical(solution)
        if form not in seen:
            seen.add(form)
            yield solution
            if len(seen) == limit:
                return


def distinct(instance, solutions) -> int:
    """How many of `solutions` are distinct once the puzzle's symmetries
    (board symmetries, identical pieces or cards) are taken into account."""
    inst = as_instance(instance)
    return len({inst.canonical(s) for s in solutions})
