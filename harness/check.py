"""Judging a solver on a suite: run it on every file and name what it got wrong.

The suite is checked first: every file must still have the SHA-256 its
manifest gives, so that a damaged suite is never blamed on the solver.
A claimed model must satisfy every clause of the file and, decoded through
the puzzle's own variables, pass the family's plain rule checker.  A SAT
claim without a model is NO MODEL, a failure, unless the solver is declared
to print none (`models=False`).  A claimed count must be a non-negative
integer equal to the certified one, or for an approximate counter lie within
its (epsilon, delta) tolerance: expected/(1+eps) <= answer <= expected*(1+eps),
a guarantee that holds with probability at least 1 - delta.

Several solvers are checked in one go (`check_many`): every (file, solver) run
goes to an executor (`in_turn`, `on_threads`, or a Dask one from the API),
and the verdicts come back in file order x solver order, whatever order the
runs finish in.  Answers are judged here, in the calling thread.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from polycnf.encoders import catalog
from polycnf.encoders.core.cnf import read_dimacs
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.solvers import answers, runner

CORRECT = "correct"
WRONG_MODEL, WRONG_COUNT = "WRONG MODEL", "WRONG COUNT"
WRONG_SAT, WRONG_UNSAT = "WRONG SAT", "WRONG UNSAT"
TIMEOUT, CRASH, UNREADABLE, NO_MODEL = "timeout", "crash", "unreadable", "NO MODEL"
WRONG = (WRONG_MODEL, WRONG_COUNT, WRONG_SAT, WRONG_UNSAT)
FAILURES = (TIMEOUT, CRASH, UNREADABLE, NO_MODEL)
VERDICTS = (CORRECT, *WRONG, *FAILURES)
EXIT_CORRECT, EXIT_WRONG, EXIT_FAILURES = 0, 1, 4   # all correct; a wrong answer; no wrong answer but failures


@dataclass
class Verdict:
    file: str
    verdict: str
    note: str
    seconds: float
    answer: str = ""               # what the solver claimed, briefly
    solver: str = ""               # the solver's name in the check
    cpu: float | None = None       # CPU seconds of the run, if known
    memory_mb: float | None = None  # its peak resident memory in MB, if known

    @property
    def status(self) -> str:
        """What kind of answer the solver gave: SAT, UNSAT, count, or none."""
        if not self.answer:
            return "none"
        return self.answer if self.answer in ("SAT", "UNSAT") else "count"


@dataclass(frozen=True)
class Solver:
    """One solver of a check: its name in tables and reports, its command
    ({} for the file), and an approximate counter's tolerance."""
    name: str
    command: list
    epsilon: float | None = None
    delta: float | None = None


@dataclass
class Checked:
    """Everything a check found: the suite's entries, the solvers, and the
    verdicts in file order x solver order."""
    folder: Path
    entries: list
    solvers: list
    verdicts: list
    time_limit: float
    memory_mb: int | None = None
    by_solver: dict = field(init=False, repr=False)

    def __post_init__(self):
        n = len(self.solvers)
        self.by_solver = {s.name: self.verdicts[j::n] for j, s in enumerate(self.solvers)}


class ModelChecker:
    """Checks models against the file's clauses and the family's rules."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.instances = {}

    def problem(self, entry: dict, model: list[int]) -> str | None:
        """Why the model is wrong, or None."""
        nvars, clauses, _, _ = read_dimacs(str(self.folder / entry["file"]))
        true = {lit for lit in model}
        for v in {abs(lit) for lit in model}:
            if v > nvars:
                return f"literal {v} beyond the {nvars} variables of the file"
            if v in true and -v in true:
                return f"variable {v} is both true and false"
        for i, clause in enumerate(clauses, 1):
            if not any(lit in true for lit in clause):
                return f"clause {i} ({' '.join(map(str, clause))} 0) is falsified"
        inst, f = self._formula(entry)
        try:
            inst.check_model(model)
            inst.check(inst.decode(f.decode(model)))
        except RuleViolation as e:
            return f"decoded solution breaks the {entry['family']} rules: {e}"
        return None

    def _formula(self, entry):
        key = (entry["spec"], entry["encoding"])
        if key not in self.instances:
            spec = entry["spec"]
            local = self.folder / spec
            if spec.startswith("ladder:"):
                from .ladder import load_spec
                inst = load_spec(spec, self.folder)
            else:
                inst = catalog.load(str(local) if local.suffix == ".toml" else spec)
            f = inst.formula(entry["encoding"])
            if f.nvars != entry["variables"] or len(f.clauses) != entry["clauses"]:
                raise InputError(f"{self.folder / entry['file']}: the instance {spec} no longer builds "
                                 f"this file (variables or clauses differ): rewrite the suite")
            self.instances[key] = inst, f
        return self.instances[key]


def judge(entry: dict, run: runner.Run, checker: ModelChecker, epsilon: float | None = None,
          delta: float | None = None, models: bool = True) -> Verdict:
    """Classify one run against the manifest entry."""
    def verdict(kind, note, claim=""):
        return Verdict(entry["file"], kind, note, run.seconds, claim,
                       cpu=run.cpu, memory_mb=run.memory_mb)

    if run.timed_out:
        return verdict(TIMEOUT, f"no answer in {run.seconds:g} s")
    answer = answers.parse(run.stdout)
    if run.signalled:
        return verdict(CRASH, f"killed by signal {-run.returncode}")
    if not answer.readable:
        last = (run.stderr.strip().splitlines() or [""])[-1][:120]
        if run.returncode not in (0, 10, 20):
            return verdict(CRASH, f"exit code {run.returncode}" + (f": {last}" if last else ""))
        return verdict(UNREADABLE, answer.problem or ("no answer: the output is empty" if not run.stdout.strip()
                                                      else "no answer in the output (no 's' line, no count)"))
    claim = "SAT" if answer.sat else "UNSAT"
    if answer.count is not None:
        claim = f"{'~' if answer.approximate else ''}{answer.count:,}"
    expected_sat = entry["expected"] == "SAT"
    if answer.count is not None and answer.count < 0:
        return verdict(WRONG_COUNT, f"counts {answer.count:,}: a count must be a non-negative integer", claim)
    if answer.sat and not expected_sat:
        return verdict(WRONG_SAT, "claims SATISFIABLE; the file is unsatisfiable "
                       f"({entry['source']})", claim)
    if not answer.sat and expected_sat:
        has = "is satisfiable" if entry["count"] is None else f"has {entry['count']:,} solutions"
        return verdict(WRONG_UNSAT, f"claims UNSATISFIABLE; the file {has}"
                       + (" (and prints a model with the claim)" if answer.model else ""), claim)
    if not answer.sat and answer.model:
        return verdict(UNREADABLE, "UNSATISFIABLE with a model (the file is unsatisfiable)", claim)
    if answer.count is not None and entry["count"] is not None:
        expected = entry["count"]
        if answer.approximate:
            eps = Fraction(epsilon if epsilon is not None else 0)
            error = f"error {float(Fraction(answer.count, expected) - 1):+.3g}" if expected else "error -"
            tolerance = (f"epsilon {float(eps):g}, " + (f"delta {delta:g}" if delta is not None else "delta not given"))
            if not expected / (1 + eps) <= answer.count <= expected * (1 + eps):
                return verdict(WRONG_COUNT, f"estimate {answer.count:,} of {expected:,} ({error}) is outside "
                               f"the tolerance ({tolerance})", claim)
            return verdict(CORRECT, f"estimate of {expected:,} within the tolerance ({error}; {tolerance})", claim)
        elif answer.count != expected:
            return verdict(WRONG_COUNT, f"counts {answer.count:,}; the file has {expected:,}", claim)
    if answer.model is not None:
        problem = checker.problem(entry, answer.model)
        if problem:
            return verdict(WRONG_MODEL, problem, claim)
        return verdict(CORRECT, "model checked: clauses and puzzle rules", claim)
    if answer.count is not None:
        return verdict(CORRECT, "exact count" if entry["count"] is not None else
                       "right SAT answer (a positive count; only the status of this file is certified)", claim)
    if answer.sat and models:
        return verdict(NO_MODEL, "claims SATISFIABLE but prints no model ('v' lines); "
                       "--no-models accepts that from a solver that never prints one", claim)
    return verdict(CORRECT, "right SAT/UNSAT answer" + (" (no model given)" if answer.sat else ""), claim)


def check(target, command: list[str], time_limit: float, memory_mb: int | None = None,
          epsilon: float | None = None, progress=None, delta: float | None = None,
          models: bool = True) -> list[Verdict]:
    """Run `command` (with `{}` for the file) on every file of the suite, after checking
    that the suite's files are the ones its manifest describes."""
    solver = Solver(" ".join(command), list(command), epsilon, delta)
    return check_many(target, [solver], time_limit, memory_mb, progress, models).verdicts


def check_many(target, solvers: list[Solver], time_limit: float, memory_mb: int | None = None,
               progress=None, models: bool = True, execute=None, total=None) -> Checked:
    """Run every solver on every file of the suite (after checking the suite), each run
    within `time_limit` and `memory_mb`, through `execute` (default `in_turn`); the
    verdicts in file order x solver order.  `progress()` is called after each run,
    `total(n)` once with the number of runs."""
    from polycnf.harness.suite import read_manifest, verify

    names = [s.name for s in solvers]
    if not solvers:
        raise InputError("no solver to check")
    for name in names:
        if names.count(name) > 1:
            raise InputError(f"solver '{name}' is given twice")
    folder, entries = read_manifest(target)
    verify(folder, entries)
    checker = ModelChecker(folder)
    runs = [(entry, solver) for entry in entries for solver in solvers]
    if total:
        total(len(runs))
    verdicts: list = [None] * len(runs)
    group = runner.Group()
    argvs = [runner.command_for(solver.command, str(folder / entry["file"])) for entry, solver in runs]
    try:
        with contextlib.closing((execute or in_turn)(argvs, time_limit, memory_mb, group)) as finished:
            for k, run in finished:
                entry, solver = runs[k]
                verdicts[k] = judge(entry, run, checker, solver.epsilon, solver.delta, models)
                verdicts[k].solver = solver.name
                if progress:
                    progress()
    except BaseException:
        group.stop()          # an error or Ctrl-C: the runs still going are killed
        raise
    checked = Checked(folder, entries, list(solvers), verdicts, time_limit, memory_mb)
    for solver in solvers:
        mine = checked.by_solver[solver.name]
        if mine and all(v.verdict == UNREADABLE and v.note.endswith("empty") for v in mine):
            raise InputError(f"{' '.join(solver.command)}: printed no answer on any of {len(mine)} files "
                             f"(is it a SAT solver or model counter?)")
    return checked


# -- executors: (argvs, time_limit, memory_mb, group) -> (index, Run) as runs finish ------
def in_turn(argvs, time_limit, memory_mb, group):
    """One run after the other, in this thread."""
    for k, argv in enumerate(argvs):
        yield k, runner.run(argv, time_limit, memory_mb, group)


def on_threads(jobs: int):
    """At most `jobs` runs at a time, each waited for by a thread of this process
    (the work is in the solvers' own processes)."""
    if jobs <= 1:
        return in_turn

    def execute(argvs, time_limit, memory_mb, group):
        from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

        pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="polycnf-run")
        try:
            pending = {pool.submit(runner.run, argv, time_limit, memory_mb, group): k
                       for k, argv in enumerate(argvs)}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=pending.get):
                    yield pending.pop(future), future.result()
        finally:
            group.stop()          # nothing left on success; else what still runs is killed
            pool.shutdown(wait=True, cancel_futures=True)
    return execute


def exit_code(verdicts) -> int:
    """0 if every answer is correct, 1 if any is wrong, 4 if none is wrong but some failed."""
    kinds = {v.verdict for v in verdicts}
    if kinds & set(WRONG):
        return EXIT_WRONG
    return EXIT_FAILURES if kinds & set(FAILURES) else EXIT_CORRECT


def summary(verdicts) -> dict[str, int]:
    return {kind: n for kind in VERDICTS if (n := sum(v.verdict == kind for v in verdicts))}
