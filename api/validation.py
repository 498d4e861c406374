"""Validate an instance: count it by every method that applies and compare.

Methods that need no CNF (DLX, the family's direct counter) and the CNF back
ends (Ganak, d4, PySAT enumeration, BDDs) are run side by side, each with a
time limit; external DIMACS solvers on PATH solve the CNF once, and their
models are decoded and put through the family's checker.  Two methods that
agree, and agree with the trusted count when there is one, are the proof.

>>> import polycnf
>>> v = polycnf.validate("tetrahex-7x4", time_limit=30)
>>> v.agree, sorted({r.count for r in v.rows if r.count is not None})
(True, [18])
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from polycnf.encoders.core.errors import RuleViolation
from polycnf.solvers.errors import BackendError

from .counting import as_instance, classes_by_enumeration, count_instance, expected_for
from .options import Options, alarm, time_limit_reached

ENUMERATE_MAX = 10 ** 6     # validate does not enumerate more solutions than this
TIME_LIMIT = 60.0           # seconds per method unless told otherwise


@dataclass(frozen=True)
class MethodRow:
    """One method's answer: a count, or None with the reason in `note`;
    `ok` is the verdict on an external solver's model (None: no verdict)."""
    method: str
    count: int | None
    seconds: float
    note: str = ""
    ok: bool | None = None


@dataclass(frozen=True)
class Validation:
    instance: str
    unique: bool
    expected: int | None
    source: str
    rows: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        """Something was counted, all counts are equal (and equal the trusted
        one), and no external model broke the rules."""
        counts = {r.count for r in self.rows if r.count is not None}
        return (len(counts) == 1 and (self.expected is None or counts == {self.expected})
                and not any(r.ok is False for r in self.rows))

    @property
    def counted(self) -> bool:
        return any(r.count is not None for r in self.rows)

    @property
    def exit_code(self) -> int:
        """0: agreement; 1: a disagreement (or a model that breaks the rules);
        3: nothing counted because time ran out; 2: nothing could count it."""
        if self.agree:
            return 0
        if self.counted or any(r.ok is False for r in self.rows):
            return 1
        return 3 if any("time limit" in r.note for r in self.rows) else 2

    @property
    def failure(self) -> str | None:
        """The one-line error of a validation that counted nothing (exit 2 or 3),
        so stderr says why even when stdout carries the table or JSON."""
        if self.exit_code == 3:
            return "nothing counted: every method ran out of time or could not take it"
        if self.exit_code == 2:
            return "nothing counted: no method could take this instance"
        return None

    def as_json(self) -> dict:
        return {"instance": self.instance, "unique": self.unique, "expected": self.expected,
                "source": self.source, "methods": [asdict(r) for r in self.rows], "agree": self.agree}


def methods_for(instance, unique: bool = False) -> list[str]:
    """Every counting method that applies to `instance`."""
    from polycnf.encoders.core.instance import Instance
    from polycnf.solvers import d4

    methods = ["ganak", "enumerate", "bdd"]
    if d4.available():                                  # a second, independent exact counter
        methods.insert(1, "d4")
    if instance.exact_cover() is not None:
        methods.append("dlx")
    if type(instance).direct_count is not Instance.direct_count:
        methods.append("direct")
    methods += list(instance.other_counters())
    return [m for m in methods if m == "enumerate" or not classes_by_enumeration(instance, m, unique)]


def validate(instance, unique: bool = False, *, solver: str | None = None,
             time_limit: float | None = TIME_LIMIT, encoding: str | None = None, jobs: int | None = 1,
             scheduler: str | None = None, external: bool = True, progress: bool = False) -> Validation:
    """Count `instance` by every method (each within `time_limit` seconds) and,
    when `external`, check the models of the DIMACS solvers on PATH."""
    from .localcluster import workers

    inst = as_instance(instance)
    options = Options(solver=solver, time_limit=time_limit, encoding=encoding, progress=progress)
    expected, source = expected_for(inst, unique)
    rows = []
    with workers(jobs, scheduler) as pool:
        for method in methods_for(inst, unique):
            start = time.monotonic()
            other = inst.other_counters().get(method)
            if other is not None and other.skip_in_validate:
                rows.append(MethodRow(method, None, 0.0, f"skipped: {other.skip_in_validate}"))
                continue
            if method == "enumerate" and expected is not None and expected > ENUMERATE_MAX:
                rows.append(MethodRow(method, None, 0.0,
                                      f"skipped: {expected:,} solutions are too many to enumerate"))
                continue
            try:
                with alarm(time_limit):
                    n, note = count_instance(inst, method, options.started(), unique, pool), ""
            except TimeoutError:
                n, note = None, time_limit_reached(time_limit)
            except BackendError as e:
                n, note = None, str(e)
            rows.append(MethodRow(method, n, round(time.monotonic() - start, 3), note))
    if external:
        rows.extend(external_checks(inst, options))
    return Validation(inst.name, unique, expected, source, rows)


def external_checks(inst, options: Options = Options()) -> list[MethodRow]:
    """Solve the CNF with each external solver on PATH and check its model."""
    from polycnf.solvers import external

    rows = []
    f = inst.formula(options.encoding)
    for name in external.available():
        start = time.monotonic()
        try:
            with alarm(options.time_limit):
                model = external.solve(name, f.clauses, f.nvars, time_limit=options.time_limit)
            if model is None:
                rows.append(MethodRow(f"{name} (external)", None, round(time.monotonic() - start, 3), "UNSAT"))
                continue
            solution = inst.decode(f.decode(model))
            inst.check_model(model)
            inst.check(solution)
            ok, note = True, "model decoded and checked"
        except RuleViolation as e:
            ok, note = False, f"model breaks the rules: {e}"
        except (TimeoutError, BackendError) as e:
            ok, note = None, str(e)
        rows.append(MethodRow(f"{name} (external)", None, round(time.monotonic() - start, 3), note, ok))
    return rows
