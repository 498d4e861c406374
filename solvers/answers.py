"""Reading what a SAT solver or model counter printed, in the standard formats.

SAT competition: `s SATISFIABLE` / `s UNSATISFIABLE` / `s UNKNOWN`, `v ...`
lines ending with 0.  Model Counting Competition: `s mc N`,
`c s exact arb int N` (or `... log10 ...`, which cannot be exact and is
refused), `c s approx arb int N`.  Plain counters: d4 prints `s N`, Ganak
`c s exact arb int N` or `s mc N`, sharpSAT-style counters
`# solutions` followed by N on its own line.  Nothing is guessed: output that
fits none of these is unreadable, and contradictions (two different counts,
UNSAT with a positive count) are reported as such.  A negative count and a
model printed under `s UNSATISFIABLE` are read as they stand: they are wrong
answers, which the judge (polycnf.harness.check) names, not unreadable ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Answer:
    """What a run claimed: satisfiable or not, a model, a count."""
    sat: bool | None = None          # None: no claim
    model: list[int] | None = None   # literals of the `v` lines, 0 dropped
    count: int | None = None
    approximate: bool = False        # the count is an estimate (ApproxMC)
    problem: str = ""                # why the output cannot be read, if it cannot

    @property
    def readable(self) -> bool:
        return not self.problem and (self.sat is not None or self.count is not None)


_COUNT_LINES = (
    (re.compile(r"^c s exact (?:arb|double|quad|mpfr) int (-?\d+)$"), False),
    (re.compile(r"^c s approx (?:arb|double|quad|mpfr) int (-?\d+)$"), True),
    (re.compile(r"^s mc (-?\d+)$"), False),
    (re.compile(r"^s pmc (-?\d+)$"), False),
    (re.compile(r"^s (-?\d+)$"), False),                 # d4's plain output
)


def parse(text: str) -> Answer:
    """Read solver output; a malformed or contradictory answer sets `problem`."""
    answer = Answer()
    counts: set[tuple[int, bool]] = set()
    words: list[str] = []
    lines = [line.strip() for line in text.splitlines()]
    for i, line in enumerate(lines):
        if line.startswith("c s exact") and " log10 " in line:
            answer.problem = f"count given as a logarithm, not exactly: {line!r}"
        for pattern, approx in _COUNT_LINES:
            m = pattern.match(line)
            if m:
                counts.add((int(m.group(1)), approx))
                break
        else:
            if line in ("# solutions", "c # solutions") and i + 1 < len(lines) \
                    and re.fullmatch(r"-?\d+", lines[i + 1]):
                counts.add((int(lines[i + 1]), False))
            elif line.startswith("s "):
                status = line[2:].strip()
                if status == "SATISFIABLE":
                    _claim(answer, True)
                elif status == "UNSATISFIABLE":
                    _claim(answer, False)
                elif status not in ("UNKNOWN", "mc", "pmc"):
                    answer.problem = answer.problem or f"unknown status line {line!r}"
            elif line.startswith("v ") or line == "v":
                words.extend(line.split()[1:])
    if words:
        try:
            literals = [int(w) for w in words]
        except ValueError:
            answer.problem = answer.problem or "a 'v' line holds something that is not a literal"
        else:
            if literals[-1] != 0:
                answer.problem = answer.problem or "the model ('v' lines) does not end with 0"
            answer.model = [lit for lit in literals if lit != 0]
    if len({n for n, _ in counts}) > 1:
        answer.problem = answer.problem or f"several different counts: {sorted(n for n, _ in counts)}"
    elif counts:
        (answer.count, answer.approximate), = counts
        if answer.count < 0:
            pass                           # a wrong count, named by the judge
        elif answer.sat is None:
            answer.sat = answer.count > 0
        elif answer.sat != (answer.count > 0):
            answer.problem = answer.problem or (
                f"status {'SATISFIABLE' if answer.sat else 'UNSATISFIABLE'} contradicts count {answer.count}")
    if answer.sat is None and answer.model is not None:
        answer.problem = answer.problem or "a model without a status line"
    return answer


def _claim(answer: Answer, sat: bool) -> None:
    if answer.sat is not None and answer.sat != sat:
        answer.problem = answer.problem or "both SATISFIABLE and UNSATISFIABLE"
    answer.sat = sat
