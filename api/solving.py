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

import time
from dataclasses import dataclass
from typing import Iterator

from polycnf.encoders.core.errors import InputError
from polycnf.encoders.core.limits import MAX_SOLUTIONS
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


# -- `polycnf solve`: one call, one result ------------------------------------------
@dataclass(frozen=True)
class SolveResult:
    """Solutions found (each checked by the rules), whether the list is
    complete, and the classes they fall in when it is."""
    instance: object                 # the Instance, for pictures (not in JSON)
    solver: str
    solutions: list
    complete: bool
    seconds: float
    unique: bool = False
    all: bool = False
    timed_out: str | None = None     # the time-limit message, when the limit stopped the search
    svg: str | None = None

    @property
    def exit_code(self) -> int:
        return 3 if self.timed_out else 0

    @property
    def distinct(self) -> int | None:
        if not (self.complete and self.instance.symmetry_note()):
            return None
        return distinct(self.instance, self.solutions)

    def as_json(self) -> dict:
        inst = self.instance
        data = {"instance": inst.name, "solver": self.solver,
                "solutions": [inst.solution_json(s) for s in self.solutions], "found": len(self.solutions),
                "complete": self.complete, "seconds": self.seconds}
        if self.distinct is not None:
            data |= {"distinct": self.distinct, "symmetry": inst.symmetry_note()}
        if self.svg:
            data["svg"] = self.svg
        if self.timed_out:
            data["time_limit_reached"] = self.timed_out
        return data


@dataclass(frozen=True)
class PlanResult:
    """A game's verdict: `solved` with a shortest plan (SAT planner and
    breadth-first search agree, both plans replayed by the move checker),
    `unsolvable`, or `unknown`."""
    instance: object
    verdict: dict
    seconds: float

    exit_code = 0

    @property
    def plan(self):
        return self.verdict["plan"]

    def steps(self) -> list:
        """(move or None, configuration after it), from the start."""
        config, found = self.instance.config, [(None, self.instance.config)]
        for move in self.plan or []:
            config = (config - {move.piece}) | {move.result}
            found.append((move, config))
        return found

    def as_json(self) -> dict:
        return {**self.verdict, "plan": None if self.plan is None else [str(m) for m in self.plan],
                "name": self.instance.name, "rule": self.instance.rule, "seconds": self.seconds}


def _check_kept(inst, n: int | None, unique: bool) -> None:
    """Solutions are kept until the end (for --json, --svg and the summary): refuse, before
    solving, to keep more than MAX_SOLUTIONS."""
    if n is not None and n > MAX_SOLUTIONS:
        raise InputError(f"-n {n:,}: at most {MAX_SOLUTIONS:,} solutions are kept by one solve")
    expected = inst.expected.unique if unique else inst.expected.raw
    if n is None and expected is not None and expected > MAX_SOLUTIONS:
        raise InputError(f"{inst.name}: --all would keep all {expected:,} solutions, more than the "
                         f"{MAX_SOLUTIONS:,} one solve keeps; 'polycnf count' counts them, -n N lists some")


def solve(instance, n: int | None = 1, *, unique: bool = False, solver: str | None = None,
          encoding: str | None = None, time_limit: float | None = None, svg: str | None = None,
          config: str | None = None, rule: str | None = None, on_solution=None,
          progress: bool = False):
    """Solve `instance`: up to `n` solutions (None: all), each checked by the
    rules, as a SolveResult; a game (a t4 puzzle: `config` with the name
    t4-puzzle, or a puzzle file) gets its shortest plan as a PlanResult.
    `on_solution(instance, solution)` sees each solution as it is found; `svg` names a
    picture file to write (all solutions on one sheet when n is None).

    >>> r = polycnf.solve("tetrahex-7x4", None)
    >>> len(r.solutions), r.complete, r.distinct
    (18, True, 9)
    >>> polycnf.solve("t4-puzzle", config="l1-l2 c4-c6 k3-k5").verdict["moves"]
    3
    """
    from polycnf.encoders.core.outputs import write_files
    from .options import alarm

    inst = as_instance(instance, config)
    if svg is not None and not inst.draws_svg:
        raise InputError(f"{inst.name}: the {inst.family} family draws no SVG")
    if svg is not None:
        write_files([(svg, "")], inputs=[inst.source_file], dry_run=True)   # refuse before solving
    start = time.monotonic()
    if inst.is_game:
        for name, given in (("--encoding", encoding), ("-n/--all", n != 1), ("--unique", unique)):
            if given:
                raise InputError(f"{inst.name}: {name} does not apply to a game puzzle")
        puzzle = inst.with_rule(rule)
        with alarm(time_limit), progress_bar(Options(progress=progress), "plan", unit="bound") as bar:
            verdict = puzzle.plan(solver and sat.canonical_name(solver), progress=lambda bound: bar.update(1))
        return PlanResult(puzzle, verdict, round(time.monotonic() - start, 3))
    if rule is not None:
        raise InputError(f"{inst.name}: --rule is for t4 puzzles only")
    if unique and n is not None:
        raise InputError("--unique needs --all (one solution per symmetry class)")
    _check_kept(inst, n, unique)
    backend = backend_for(inst, solver)
    found, complete, timed_out = [], False, None
    try:
        with alarm(time_limit):
            for solution in solutions(inst, n, unique=unique, solver=backend, encoding=encoding,
                                      time_limit=time_limit, progress=progress):
                if len(found) == MAX_SOLUTIONS:
                    raise InputError(f"{inst.name}: more than {MAX_SOLUTIONS:,} solutions, the most one solve "
                                     f"keeps; 'polycnf count' counts them without keeping them")
                found.append(solution)
                if on_solution:
                    on_solution(inst, solution)
        complete = n is None or len(found) < n
    except TimeoutError as e:
        timed_out = str(e)
    seconds = round(time.monotonic() - start, 3)
    if svg is not None and found:
        write_files([(svg, inst.svg_sheet(found) if n is None else inst.svg(found[0]))],
                    inputs=[inst.source_file])
    return SolveResult(inst, backend, found, complete, seconds, unique, n is None, timed_out,
                       svg if found else None)
