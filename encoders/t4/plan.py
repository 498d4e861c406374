"""Bounded planning for the t4 game as CNF: a copy of the board per step.

Pieces keep their identity: piece i of the start configuration has a
variable at(t, i, f) for each position f of its groove at each step t
(exactly one true).  A move variable move(t, i) says piece i is the one that
may change position between t and t+1; at most one piece moves per step
(a step may also be idle, so the formula at bound K is satisfiable exactly
when a plan of at most K moves exists, and an UNSAT bound K-1 proves that
none is shorter than K).  Frame axioms keep every piece that does not move;
a moving piece sweeps only cells that no other piece occupies (occ(t, c)),
which also stops pieces from passing each other.  The goal is the special
piece on l5-l6 at the last step.

The planner adds steps one at a time to one incremental SAT solver and asks
for the goal at the last step as an assumption.
"""

from __future__ import annotations

from typing import NamedTuple

from pysat.solvers import Solver

from ..core.cnf import Formula
from .board import Piece
from .moves import SPECIAL_GOAL, SPECIAL_START, Game, Move


class PlanningEncoding:
    """The planning formula for one start configuration, grown step by step."""

    def __init__(self, game: Game, start):
        self.game = game
        self.pieces = sorted(start)
        if SPECIAL_START not in self.pieces:
            raise ValueError("a start configuration needs a piece on l1-l2")
        self.special = self.pieces.index(SPECIAL_START)
        #: piece index -> positions its groove allows it on this board
        self.domain = [[f for f in range(1, 8) if game.mask(p._replace(first=f))] for p in self.pieces]
        self.f = Formula("t4-plan", "pairwise")
        self.f.label = "t4-planning"
        self.steps = 0
        self._state(0)
        for i, p in enumerate(self.pieces):
            self.f.add([self.at(0, i, p.first)], "start configuration")

    def at(self, t: int, i: int, first: int) -> int:
        return self.f.var(("at", t, i, first))

    def goal(self, t: int) -> int:
        return self.at(t, self.special, SPECIAL_GOAL.first)

    def _state(self, t: int) -> None:
        """Variables of step t: one position per piece, and cell occupancy."""
        f = self.f
        for i, _piece in enumerate(self.pieces):
            f.exactly_one([self.at(t, i, x) for x in self.domain[i]], "one position per piece")
            for x in self.domain[i]:
                for c in self._cells(i, x):
                    f.add([-self.at(t, i, x), f.var(("occ", t, c))], "occupied cells")

    def _cells(self, i: int, first: int) -> list[int]:
        """Bit numbers of the cells piece i covers at position `first`."""
        m = self.game.mask(self.pieces[i]._replace(first=first))
        return [b for b in range(m.bit_length()) if m >> b & 1]

    def add_step(self) -> None:
        """Extend the plan by one step (t -> t+1): frame axioms and legal moves."""
        f, t = self.f, self.steps
        self._state(t + 1)
        moves = [f.var(("move", t, i)) for i in range(len(self.pieces))]
        f.at_most_one(moves, "at most one move per step")
        for i in range(len(self.pieces)):
            for x in self.domain[i]:
                f.add([moves[i], -self.at(t, i, x), self.at(t + 1, i, x)], "frame: unmoved pieces stay")
                own = set(self._cells(i, x))
                for y in self.domain[i]:
                    if y == x:
                        continue
                    if self.game.rule == "step" and abs(y - x) > 1:
                        f.add([-self.at(t, i, x), -self.at(t + 1, i, y)], "step rule: one cell per move")
                        continue
                    lo, hi = min(x, y), max(x, y)
                    swept = set().union(*(self._cells(i, z) for z in range(lo, hi + 1))) - own
                    for c in sorted(swept):
                        f.add([-self.at(t, i, x), -self.at(t + 1, i, y), -f.var(("occ", t, c))],
                              "moves sweep empty cells only")
        self.steps += 1

    def formula_at(self, bound: int) -> Formula:
        """A standalone copy with `bound` steps and the goal as a unit clause."""
        if self.steps > bound:
            raise ValueError(f"the encoding already has {self.steps} steps, more than {bound}")
        while self.steps < bound:
            self.add_step()
        g = self.f.copy(f"t4-plan-{bound}")
        g.add([self.goal(bound)], "goal: special piece on l5-l6")
        return g

    def decode(self, model, bound: int) -> list[Move]:
        """The moves of a model: each step at which a piece changes position."""
        true = {v for v in model if v > 0}
        positions = [[next(x for x in self.domain[i] if self.at(t, i, x) in true)
                      for i in range(len(self.pieces))] for t in range(bound + 1)]
        plan = []
        for t in range(bound):
            for i, p in enumerate(self.pieces):
                if positions[t][i] != positions[t + 1][i]:
                    plan.append(Move(Piece(p.groove, positions[t][i], p.length), positions[t + 1][i]))
        return plan


class PlanResult(NamedTuple):
    plan: list | None          # a shortest plan (None: none within max_moves)
    bound: int                 # the last bound tried
    variables: int
    clauses: int


def plan(game: Game, start, max_moves: int = 60, solver: str = "cadical195",
         progress=None) -> PlanResult:
    """A shortest plan by SAT: bounds 0, 1, 2, ... until satisfiable.

    Every bound below the returned plan's length was UNSAT, which proves no
    shorter plan exists.  `progress(bound)` is called before each bound.
    """
    enc = PlanningEncoding(game, start)
    fed = 0
    with Solver(name=solver) as s:
        for bound in range(max_moves + 1):
            if progress:
                progress(bound)
            while enc.steps < bound:
                enc.add_step()
            s.append_formula(enc.f.clauses[fed:])
            fed = len(enc.f.clauses)
            if s.solve(assumptions=[enc.goal(bound)]):
                moves = enc.decode(s.get_model(), bound)
                return PlanResult(moves, bound, enc.f.nvars, len(enc.f.clauses))
    return PlanResult(None, max_moves, enc.f.nvars, len(enc.f.clauses))
