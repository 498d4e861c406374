"""Certified suites for other solvers, and the verdicts on a solver's answers:
`polycnf suite` and `polycnf check-solver` (the work is in polycnf.harness).

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as d:
...     written = polycnf.suite(os.path.join(d, "s"), ["hexmatch"], max_cells=7)
...     checked = polycnf.check_solver(os.path.join(d, "s"), "pysat:minisat22")
>>> written.files, written.unsat
(9, 3)
>>> checked.summary, checked.exit_code
({'correct': 9}, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from polycnf.encoders.core.errors import InputError

from .options import Options, progress_bar


@dataclass(frozen=True)
class SuiteWritten:
    directory: str
    files: int
    unsat: int
    seconds: float
    exit_code = 0

    def as_json(self) -> dict:
        return {"directory": self.directory, "files": self.files, "unsat": self.unsat, "seconds": self.seconds}


def suite(directory: str, families=None, max_cells: int = 40, *, progress: bool = False) -> SuiteWritten:
    """Write a certified DIMACS suite into `directory` (see polycnf.harness.suite)."""
    from polycnf.harness import suite as writer

    families = families or writer.members_mod.FAMILIES
    with progress_bar(Options(progress=progress), "suite", unit="instance") as bar:
        manifest = writer.write(directory, families, max_cells, lambda name: bar.update())
    entries = manifest["instances"]
    return SuiteWritten(directory, len(entries), sum(e["expected"] == "UNSAT" for e in entries),
                        manifest["seconds"])


@dataclass(frozen=True)
class SolverChecked:
    command: list
    verdicts: list
    exit_code: int

    @property
    def summary(self) -> dict:
        from polycnf.harness import check
        return check.summary(self.verdicts)

    def as_json(self) -> dict:
        from polycnf.harness import check
        wrong = sum(self.summary.get(k, 0) for k in check.WRONG)
        return {"command": self.command, "results": [v.__dict__ for v in self.verdicts],
                "summary": self.summary, "wrong": wrong}


def check_solver(target: str, solver: str | None = None, command=None, *, time_limit: float = 60.0,
                 memory_mb: int | None = 4096, epsilon: float | None = None, delta: float | None = None,
                 models: bool = True, progress: bool = False) -> SolverChecked:
    """Run a named `solver` (or `command`, a list with {} for the file) on
    every file of the suite `target` and judge each answer.  `models=False`
    accepts SAT answers without a model; exit_code is 0 (all correct),
    1 (a wrong answer) or 4 (no wrong answer, but failures)."""
    from polycnf.harness import check
    from polycnf.solvers import adapters

    command = list(command or [])
    if bool(command) == bool(solver):
        raise InputError("give either --solver NAME or '-- COMMAND ...' (a {} stands for the file)")
    if solver:
        adapter = adapters.adapter(solver)
        command = adapter.command
        if epsilon is None:
            epsilon, delta = adapter.epsilon, delta if delta is not None else adapter.delta
    with progress_bar(Options(progress=progress), "check-solver", unit="file") as bar:
        verdicts = check.check(target, command, time_limit, memory_mb, epsilon, bar.update, delta, models)
    return SolverChecked(command, verdicts, check.exit_code(verdicts))
