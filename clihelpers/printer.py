"""Turning API results into what the command line prints: text, or one JSON object.

Every result of `polycnf.api` has `as_json()` and an `exit_code`; this module
only formats them.  Standard output carries the result and nothing else (one
JSON object under --json, errors included); errors and progress go to stderr.
A failed write on stdout (a closed pipe, a full disk) surfaces as
`OutputFailed`, so that the command ends quietly or with one line.
"""

from __future__ import annotations

import json
import sys


class OutputFailed(Exception):
    """Writing on standard output failed; `error` is the OSError."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))
        self.error = error


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 solution', '2 solutions', '12,000 solutions'."""
    return f"{n:,} {word if n == 1 else words or word + 's'}"


class Printer:
    """Writes results as text or JSON on stdout, errors on stderr."""

    def __init__(self, as_json: bool = False, color: bool = False):
        self.as_json = as_json
        self.color = color

    # -- the channels ----------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """One block of text on stdout, clearing any progress bar first."""
        from tqdm import tqdm

        try:
            with tqdm.external_write_mode(file=sys.stdout):
                sys.stdout.write(text + "\n")
                sys.stdout.flush()
        except OSError as e:
            raise OutputFailed(e) from None

    def note(self, text: str) -> None:
        """A line on stderr (a note beside the result); a failing stderr is ignored."""
        try:
            sys.stderr.write(text + "\n")
            sys.stderr.flush()
        except OSError:
            pass

    def error(self, message: str, code: int) -> int:
        """The one-line error on stderr (and under --json as the JSON object); returns `code`."""
        self.note(f"polycnf: error: {' '.join(str(message).split())}")
        if self.as_json:
            self.say(json.dumps({"error": " ".join(str(message).split()), "exit_code": code}))
        return code

    # -- results ---------------------------------------------------------------------
    def result(self, result) -> int:
        """Print `result` and return its exit code."""
        if self.as_json:
            self.say(json.dumps(result.as_json()))
        else:
            TEXT[type(result).__name__](self, result)
        failure = getattr(result, "failure", None)
        if failure:
            self.note(f"polycnf: error: {failure}")
        return result.exit_code

    def solution(self, instance, solution) -> None:
        """`solve` prints each solution as it is found (text mode)."""
        self.count_shown = getattr(self, "count_shown", 0) + 1
        self.say(f"solution {self.count_shown}:\n{instance.render(solution, color=self.color)}\n")


# -- text, one function per result type ----------------------------------------------
def instance_list(p: Printer, r) -> None:
    width = max(len(row.instance) for row in r.rows)
    for row in r.rows:
        known = "unknown" if row.raw is None else f"{row.raw:,}"
        if row.unique is not None:
            known += f" ({row.unique:,} up to symmetry)"
        p.say(f"{row.instance:<{width}}  {row.family:<9} {known:<32} {row.description}")


SHOW_GROUPS = 12            # clause groups listed by `show` before summing up the rest


def instance_info(p: Printer, r) -> None:
    lines = [f"{r.instance} ({r.family}): {r.description}"]
    lines += [f"  {k}: {v:,}" if isinstance(v, int) and not isinstance(v, bool) else f"  {k}: {v}"
              for k, v in r.summary.items()]
    if r.variables is not None:
        lines.append(f"  CNF ({r.encoding}): {plural(r.variables, 'variable')} ({r.shown_variables:,} shown), "
                     f"{plural(r.clauses, 'clause')}")
        groups = list(r.groups.items())
        lines += [f"    {size:>7,} clauses  {label}" for label, size in groups[:SHOW_GROUPS]]
        if len(groups) > SHOW_GROUPS:
            rest = sum(size for _, size in groups[SHOW_GROUPS:])
            lines.append(f"    {rest:>7,} clauses  in {len(groups) - SHOW_GROUPS} more groups "
                         "('--json' lists them all)")
    exp = r.expected
    if exp["raw"] is not None:
        lines.append(f"  trusted count: {exp['raw']:,}"
                     + (f" ({exp['unique']:,} up to symmetry)" if exp["unique"] is not None else "")
                     + f"; source: {exp['source']}")
    if r.picture:
        lines.append(r.picture)
    p.say("\n".join(lines))


def written(p: Printer, r) -> None:
    p.say(f"wrote {r.cnf}: {plural(r.variables, 'variable')}, {plural(r.clauses, 'clause')}, "
          f"{'c t pmc with c p show' if r.projected else 'c t mc'}; map {r.map}"
          + (f"; DLX {r.dlx}" if r.dlx else ""))


def solve_result(p: Printer, r) -> None:
    inst, n = r.instance, len(r.solutions)
    if r.timed_out:
        p.note(f"polycnf: error: {r.timed_out}")
    if not r.solutions:
        p.say("no solution: the instance is unsatisfiable" if r.complete else
              "no solution found within the time limit" if r.timed_out else "no solution found")
        return
    what = ("all " if r.complete and r.all else "") + plural(n, "solution")
    if r.unique:
        what += ", one per symmetry class"
    p.say(f"{what}, each checked against the {inst.family} rules, by {r.solver} ({r.seconds} s)"
          + (f"; SVG {r.svg}" if r.svg else ""))
    if r.distinct is not None:
        p.say(f"{r.distinct:,} distinct up to symmetry; {inst.symmetry_note()}")


def plan_result(p: Printer, r) -> None:
    puzzle, verdict = r.instance, r.verdict
    if verdict["verdict"] == "unsolvable":
        p.say(f"{puzzle.name}: unsolvable: the special piece never reaches l5-l6 in any of the "
              f"{verdict['bfs_explored']:,} reachable configurations ({r.seconds} s)")
        return
    if r.plan is None:
        p.say(f"{puzzle.name}: no plan found within {plural(verdict['sat_bound'], 'move')}; "
              "the reachable configurations are too many to decide unsolvability")
        return
    for move, config in r.steps():
        head = "start:" if move is None else f"\nmove {r.plan.index(move) + 1}: {move}"
        p.say(f"{head}\n{puzzle.render(config, p.color)}")
    bfs = (f"over {verdict['bfs_explored']:,} configurations agrees; " if verdict["bfs_explored"]
           else "gave up; ")
    p.say(f"\n{puzzle.name}: solved in {plural(len(r.plan), 'move')} ({puzzle.rule} rule), proven shortest: "
          f"bound {len(r.plan) - 1} is UNSAT and breadth-first search {bfs}"
          f"plan replayed by the move checker ({r.seconds} s)")


def count_result(p: Printer, r) -> None:
    what = "up to symmetry" if r.unique else "solutions" if r.count != 1 else "solution"
    verdict = ("" if r.expected is None else
               f"; DIFFERS from the trusted count {r.expected:,} ({r.source})" if r.matches is False else
               f"; equals the trusted count ({r.source})")
    p.say(str(r.count))
    p.say(f"{r.instance}: {r.count:,} {what} by {r.method_label or r.method} in {r.seconds} s{verdict}")
    if r.symmetry:
        p.say(r.symmetry)


def partial_count(p: Printer, r) -> None:
    p.say(str(r))
    p.note("polycnf: interrupted")


def validation(p: Printer, r) -> None:
    lines = [f"{r.instance}: trusted count {'unknown' if r.expected is None else f'{r.expected:,}'}"
             + (f" ({r.source})" if r.source else ""),
             f"  {'method':<26} {'count':>22} {'seconds':>9}  note"]
    for row in r.rows:
        c = "-" if row.count is None else f"{row.count:,}"
        lines.append(f"  {row.method:<26} {c:>22} {row.seconds:>9}  {row.note}")
    if r.agree:
        lines.append("all methods agree" + (" with the trusted count" if r.expected is not None else ""))
    elif r.exit_code == 1:
        lines.append("DISAGREEMENT: see the table")
    p.say("\n".join(lines))


def cube_list(p: Printer, r) -> None:
    p.say("\n".join(f"{c.weight}\t{c.label}" for c in r.cubes))
    p.note(f"{r.instance}: {plural(len(r.cubes), 'cube')} by {r.method} ({r.weights_note()})")


def cube_count(p: Printer, r) -> None:
    p.say(str(r.count))
    p.say(f"{r.instance}: cube '{r.cube}' has {plural(r.count, 'solution')} by {r.method}; "
          f"weight {r.weight}, so its share of the count is {r.share}")


def polyform_count(p: Printer, r) -> None:
    p.say(str(r.count))
    p.say(f"{r.kind} {r.grid} polyforms of order {r.n}: {r.count:,} ({r.seconds} s)")
    if r.picture is not None:
        p.say(r.picture)


def generated(p: Printer, r) -> None:
    files = ", ".join([r.file] + r.cnf)
    facts = r.facts
    if r.family == "t4" and "puzzles" in facts:
        low, high = facts["moves"]
        p.say(f"wrote {r.file}: {plural(facts['puzzles'], 'puzzle')} of {low} to {high} moves, each shortest "
              f"plan proven by BFS and the SAT planner; index.csv and index.json"
              + (f"; {plural(len(r.cnf), 'UNSAT planning CNF')} at bound K-1" if r.cnf else ""))
    elif r.family == "t4":
        found = (f"found in {plural(facts['tries'], 'try', 'tries')}" if facts["tries"]
                 else "picked from the library of starts")
        p.say(f"wrote {files}: shortest plan {plural(facts['moves'], 'move')} (SAT and BFS agree), {found}")
    else:
        p.say(f"wrote {files}: {facts.get('description', '')}")


def solvable_count(p: Printer, r) -> None:
    for method, found in r.methods.items():
        p.say(f"rows {r.rows} ({r.cells} cells), {method}: {found['solvable']:,} solvable start "
              f"configurations, {found['solvable_states']:,} configurations reach a solved one "
              f"({found['seconds']} s)")
    if "search" in r.methods:
        found = r.methods["search"]
        words = " ".join(f"{q.groove}{q.first}-{q.groove}{q.first + q.length - 1}" for q in found["hardest"])
        p.say(f"hardest start: {plural(found['hardest_moves'], 'move')}: {words}")


def suite_written(p: Printer, r) -> None:
    p.say(f"wrote {r.directory}: {plural(r.files, 'DIMACS file')} ({r.unsat:,} unsatisfiable), "
          f"manifest.json and manifest.csv, in {r.seconds} s")


def solver_checked(p: Printer, r) -> None:
    several = len(r.solvers) > 1
    width = max((len(v.file) for v in r.verdicts), default=4)
    named = max((len(v.solver) for v in r.verdicts), default=6) if several else 0
    lines = [f"{v.file:<{width}}  " + (f"{v.solver:<{named}}  " if several else "")
             + f"{v.verdict:<11} {v.seconds:>8.3f} s  {v.answer:>14}  {v.note}" for v in r.verdicts]
    if not several:
        lines.append(", ".join(f"{n:,} {k}" for k, n in r.summary.items())
                     + f" (of {plural(len(r.verdicts), 'file')})")
    else:
        summaries = r.summaries
        lines.append(f"summary ({plural(r.scores[0]['files'] if r.scores else 0, 'file')} per solver; PAR-2: wall "
                     f"time if solved correctly, else 2 x {r.time_limit:g} s, summed):")
        for score in r.scores:
            counts = ", ".join(f"{n:,} {k}" for k, n in summaries[score["solver"]].items()) or "no files"
            lines.append(f"  {score['solver']:<{named}}  solved {score['solved']:,}, wrong {score['wrong']:,}, "
                         f"failed {score['failed']:,}; PAR-2 {score['par2']:,.3f} s  ({counts})")
    if r.report is not None:
        lines.append(f"report: {r.report.directory}: {', '.join(r.report.files)}")
    p.say("\n".join(lines))


TEXT = {"InstanceList": instance_list, "InstanceInfo": instance_info, "Written": written,
        "SolveResult": solve_result, "PlanResult": plan_result, "CountResult": count_result,
        "PartialCount": partial_count, "Validation": validation, "CubeList": cube_list,
        "CubeCount": cube_count, "PolyformCount": polyform_count, "Generated": generated,
        "SolvableCount": solvable_count, "SuiteWritten": suite_written, "SolverChecked": solver_checked}
