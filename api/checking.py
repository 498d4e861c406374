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

import contextlib
from dataclasses import dataclass

from polycnf.encoders.core.errors import InputError
from polycnf.solvers.errors import BackendError

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


def suite(directory: str, families=None, max_cells: int = 40, *, ladder: bool = False,
          rungs: int | None = None, progress: bool = False) -> SuiteWritten:
    """Write a certified DIMACS suite into `directory` (see polycnf.harness.suite).
    `ladder`: the ladder's families of growing size instead (polycnf.harness.ladder),
    at most `rungs` rungs of each."""
    from polycnf.harness import suite as writer

    with progress_bar(Options(progress=progress), "suite", unit="instance") as bar:
        manifest = writer.write(directory, families, max_cells, lambda name: bar.update(), ladder, rungs)
    entries = manifest["instances"]
    return SuiteWritten(directory, len(entries), sum(e["expected"] == "UNSAT" for e in entries),
                        manifest["seconds"])


@dataclass(frozen=True)
class SolverChecked:
    """The verdicts of a check, in file order x solver order, and each solver's scores."""
    command: list              # the command, when one solver is checked (None for several)
    verdicts: list
    exit_code: int             # 1 a wrong answer by any solver, else 4 a failure, else 0
    solvers: list = ()         # [{"solver": name, "command": [...]}], in the check's order
    scores: list = ()          # per solver: files, solved, wrong, failed, par2 (see harness/report.py)
    time_limit: float | None = None
    report: object = None      # the harness.report.Report written with report=DIR, else None

    @property
    def summary(self) -> dict:
        from polycnf.harness import check
        return check.summary(self.verdicts)

    @property
    def summaries(self) -> dict:
        """Each solver's verdict counts, by solver name."""
        from polycnf.harness import check
        return {s["solver"]: check.summary([v for v in self.verdicts if v.solver == s["solver"]])
                for s in self.solvers}

    def as_json(self) -> dict:
        from polycnf.harness import check
        wrong = sum(self.summary.get(k, 0) for k in check.WRONG)
        summaries = self.summaries
        report = None if self.report is None else {"directory": self.report.directory, "files": self.report.files,
                                                   "note": self.report.note}
        return {"command": self.command, "results": [dict(v.__dict__, status=v.status) for v in self.verdicts],
                "summary": self.summary, "wrong": wrong, "exit_code": self.exit_code,
                "time_limit": self.time_limit,
                "solvers": [{**s, "summary": summaries[s["solver"]], **{k: v for k, v in score.items()
                                                                       if k != "solver"}}
                            for s, score in zip(self.solvers, self.scores)],
                "report": report}


def check_solver(target: str, solver=None, command=None, *, time_limit: float = 60.0,
                 memory_mb: int | None = 4096, epsilon: float | None = None, delta: float | None = None,
                 models: bool = True, progress: bool = False, jobs: int | None = 1,
                 scheduler: str | None = None, report: str | None = None) -> SolverChecked:
    """Run each named `solver` (a name, or a list of names) and/or `command` (a list with
    {} for the file) on every file of the suite `target` and judge each answer.
    `models=False` accepts SAT answers without a model.  Runs go `jobs` at a time on
    this machine (None: $POLYCNF_JOBS or the cores), or to the Dask `scheduler`;
    each keeps its own `time_limit` and `memory_mb`.  `report`: a folder for
    results.csv, results.json, summary.csv and cactus.svg (see harness/report.py).
    exit_code is 0 (all correct), 1 (a wrong answer by any solver) or 4 (no wrong
    answer, but failures)."""
    from polycnf.harness import check
    from polycnf.harness import report as reports

    names = [solver] if isinstance(solver, str) else list(solver or [])
    command = list(command or [])
    if not names and not command:
        raise InputError("give either --solver NAME or '-- COMMAND ...' (a {} stands for the file), or both; "
                         "--solver may be given several times")
    solvers = _solvers(names, command, epsilon, delta)
    if report is not None:
        reports.folder(report)              # refused before any solver runs
    with progress_bar(Options(progress=progress), "check-solver", unit="run") as bar:
        def total(n):
            bar.total = n
            bar.refresh()
        with _executor(jobs, scheduler) as execute:
            checked = check.check_many(target, solvers, time_limit, memory_mb, bar.update, models, execute, total)
    written = None if report is None else reports.write(report, checked)
    return SolverChecked(solvers[0].command if len(solvers) == 1 else None, checked.verdicts,
                         check.exit_code(checked.verdicts),
                         [{"solver": s.name, "command": s.command} for s in solvers], reports.scores(checked),
                         time_limit, written)


def _solvers(names, command, epsilon, delta) -> list:
    """The harness's Solver for each name (its adapter) and for the command."""
    import os

    from polycnf.harness.check import Solver
    from polycnf.solvers import adapters

    solvers = []
    for name in names:
        if names.count(name) > 1:
            raise InputError(f"--solver {name} is given twice")
        adapter = adapters.adapter(name)
        if epsilon is None:
            solvers.append(Solver(name, adapter.command, adapter.epsilon,
                                  delta if delta is not None else adapter.delta))
        else:
            solvers.append(Solver(name, adapter.command, epsilon, delta))
    if command:
        label = " ".join(os.path.basename(w) if os.sep in w else w for w in command)
        solvers.append(Solver(" ".join(command) if label in names else label, command, epsilon, delta))
    return solvers


@contextlib.contextmanager
def _executor(jobs: int | None, scheduler: str | None):
    """How the runs go: in turn (one job), on threads of this process (several: the
    work is in the solvers' own processes, so no local cluster is started), or to
    a Dask scheduler, whose workers must see the suite at the same path."""
    from polycnf.harness import check

    from .localcluster import Workers, default_jobs

    if scheduler is None:
        yield check.on_threads(jobs or default_jobs())
        return
    with Workers(1, scheduler) as pool:
        yield _on_dask(pool.client())


def _on_dask(client):
    def execute(argvs, time_limit, memory_mb, group):
        from distributed import as_completed

        from polycnf.solvers import runner

        from .parallel import RETRIES, VERDICTS, _finished

        index, tries, futures = {}, {}, []

        def submit(k):
            future = client.submit(runner.run, argvs[k], time_limit, memory_mb, pure=False)
            index[future.key] = k
            futures.append(future)
            return future

        pending = as_completed([submit(k) for k in range(len(argvs))])
        try:
            for future in _finished(pending):           # polling, so that Ctrl-C gets through
                k = index[future.key]
                if future.status == "finished":
                    yield k, future.result()
                    continue
                error = future.exception()
                if isinstance(error, VERDICTS):
                    raise error
                if tries.get(k, 0) == RETRIES:
                    raise BackendError(f"{' '.join(argvs[k])}: the run failed {RETRIES + 1} times on the Dask "
                                       f"cluster: {type(error).__name__}: {error}")
                tries[k] = tries.get(k, 0) + 1
                pending.add(submit(k))
        finally:
            client.cancel(futures)     # all done already, unless interrupted or failed
    return execute
