"""PySAT back end: one solution, or all of them by blocking on the show set.

Blocking clauses mention only the shown variables, so auxiliary variables of
a cardinality encoding never make one solution appear twice.  A wall-clock
limit is kept by looping on `conf_budget` + `solve_limited`, since
`interrupt()` does not stop CaDiCaL.
"""

from __future__ import annotations

import time

from pysat.solvers import Solver, SolverNames

from .errors import BackendError

DEFAULT_SOLVER = "cadical195"
_BUDGET = 2000          # conflicts between two looks at the clock
_ABSENT = {"cryptosat", "minisatgh"}          # listed by PySAT, missing from the wheel
_NOT_INCREMENTAL = {"kissat404"}


def solver_names() -> list[str]:
    """Canonical names of the solvers this PySAT offers."""
    return sorted(n for n in vars(SolverNames) if not n.startswith("_") and n not in _ABSENT)


def canonical_name(name: str) -> str:
    """Map any PySAT alias to its canonical name, or fail with the valid ones."""
    for canon, aliases in vars(SolverNames).items():
        if not canon.startswith("_") and canon not in _ABSENT and name in aliases:
            return canon
    raise BackendError(f"unknown solver '{name}' (choose from: {', '.join(solver_names())})")


def models(clauses, show, solver: str = DEFAULT_SOLVER, limit: int | None = None,
           time_limit: float | None = None, progress=None):
    """Yield models (lists of literals) that differ on the show set.

    `progress` is an optional callable taking no argument, called once per
    model (a tqdm bar's `update`).  Raises TimeoutError when `time_limit`
    seconds pass before the enumeration ends.
    """
    name = canonical_name(solver)
    if name in _NOT_INCREMENTAL and limit != 1:
        raise BackendError(f"solver '{name}' is not incremental: it cannot enumerate; use another")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    show = list(show)
    found = 0
    with Solver(name=name, bootstrap_with=clauses) as s:
        while limit is None or found < limit:
            if not _solve(s, deadline):
                return
            model = s.get_model()
            yield model
            found += 1
            if progress:
                progress()
            true = set(l for l in model if l > 0)
            block = [-v if v in true else v for v in show]
            if not block:
                return          # nothing shown: a single solution
            s.add_clause(block)


def satisfiable(clauses, solver: str = DEFAULT_SOLVER) -> bool:
    """Whether the clauses have a model."""
    with Solver(name=canonical_name(solver), bootstrap_with=clauses) as s:
        return s.solve()


def _solve(s, deadline) -> bool:
    if deadline is None:
        return s.solve()
    while True:
        if time.monotonic() > deadline:
            raise TimeoutError("time limit reached")
        s.conf_budget(_BUDGET)
        answer = s.solve_limited()
        if answer is not None:
            return answer
