"""A plain DIMACS file as an instance, so any CNF can be counted and solved.

Such a file carries no puzzle, so its only rule is the formula itself: the
checker verifies that a model satisfies every clause, straight from the file.
The `c p show` line, when present, is the show set.
"""

from __future__ import annotations

from ..core.cnf import Formula, read_dimacs
from ..core.errors import RuleViolation
from ..core.instance import Instance


class DimacsInstance(Instance):
    family = "dimacs"
    count_method = "ganak"

    def __init__(self, path: str):
        nvars, clauses, show, comments = read_dimacs(path)
        super().__init__(path, description="; ".join(comments[:3]))
        self.nvars, self.clauses, self.shown = nvars, clauses, show

    def formula(self, encoding=None) -> Formula:
        f = Formula(self.name)
        for v in range(1, self.nvars + 1):
            f.var(v)
        f.extend(self.clauses, "from file")
        if self.shown is not None:
            f.show(self.shown)
        return f

    def decode(self, keys):
        return sorted(keys)

    def check_model(self, model) -> None:
        true = {l for l in model if l > 0}
        for i, clause in enumerate(self.clauses, 1):
            if not any((l > 0) == (abs(l) in true) for l in clause):
                raise RuleViolation(f"clause {i} is not satisfied")

    def check(self, solution) -> None:
        """Shown variables alone cannot be checked against auxiliary clauses;
        the CLI calls check_model on the full model."""

    def render(self, solution, color=False) -> str:
        return "true: " + " ".join(map(str, solution))


def load_cnf(path: str) -> DimacsInstance:
    return DimacsInstance(path)
