"""One formula or one exact cover counted by one back end: the layer under
`counting` (whole instances) and `cubes` (parts of them)."""

from __future__ import annotations

from polycnf.encoders.core.errors import InputError
from polycnf.solvers import bdd, ganak, sat
from polycnf.solvers.errors import BackendError

from .options import Options, progress_bar, ticker

METHODS = ("auto", "ganak", "d4", "enumerate", "bdd", "dlx", "direct")
BDD_MAX_VARS = 400          # pyeda BDDs beyond this size are hopeless


def count_formula(method: str, formula, options: Options = Options(), label: str = "") -> int:
    """Count one formula, projected on its show set, with one CNF back end."""
    limit = options.seconds_left()
    if method in ("ganak", "d4", "bdd"):
        if method == "bdd" and formula.nvars > BDD_MAX_VARS:
            raise BackendError(f"bdd: {formula.nvars} variables is beyond what pyeda BDDs can take "
                               f"(limit {BDD_MAX_VARS})")
        if method == "d4":
            from polycnf.solvers import d4 as backend
        else:
            backend = ganak if method == "ganak" else bdd
        bar, tick = ticker(options, f"{method} {label}".strip())
        with bar:
            return backend.count(formula.clauses, formula.nvars, formula.show_vars, limit, tick)
    if method == "enumerate":
        with progress_bar(options, f"enumerate {label}".strip(), unit="sol") as bar:
            return sum(1 for _ in sat.models(formula.clauses, formula.show_vars,
                                             options.solver or sat.DEFAULT_SOLVER,
                                             time_limit=limit, progress=bar.update))
    raise BackendError(f"unknown counting method '{method}'")


def count_cover(case, options: Options = Options()) -> int:
    """Count one case with the exact-cover back end (DLX)."""
    from polycnf.solvers import dlx

    if case.cover is None:
        if case.symmetry is None:
            raise BackendError("dlx: this instance is not an exact-cover problem")
        # a symmetry case that permutes identical copies has no exact cover: its
        # formula already keeps only the invariant solutions, so enumerate those
        return count_formula("enumerate", case.formula, options, case.label)
    n_primary, rows = case.cover.option_rows()
    if case.symmetry is None:
        return dlx.count(n_primary, rows, time_limit=options.seconds_left(), progress=options.progress)
    keys = case.cover.keys
    mapped = [case.symmetry.get(k, k) for k in keys]
    n = 0
    for chosen in dlx.solutions(n_primary, rows):
        picked = {keys[i] for i in chosen}
        if all(mapped[i] in picked for i in chosen):
            n += 1
    return n


def count_distinct(instance, options: Options = Options()) -> int:
    """Solutions up to symmetry, by enumerating all and keeping one per class."""
    formula = instance.formula(options.encoding)
    classes = set()
    with progress_bar(options, "enumerate", unit="sol") as bar:
        for model in sat.models(formula.clauses, formula.show_vars, options.solver or sat.DEFAULT_SOLVER,
                                time_limit=options.seconds_left(), progress=bar.update):
            form = instance.canonical(instance.decode(formula.decode(model)))
            if form is None:
                raise InputError(f"{instance.name}: counting up to symmetry is not supported for this family")
            classes.add(form)
    return len(classes)
