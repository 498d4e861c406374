"""The t4 game's rules: moves, the goal, and a plain move checker (no CNF).

Mäsak's statement (2012, docs/references.md): "The t4 task is to write an algorithm that gets one special piece
from one side of the board to another. Sometimes other pieces will block its
way, and will have to be moved away first. And so on, recursively."

The rules as this module reads them:
- a start configuration has a piece on l1-l2, the special piece;
- a move slides one piece along its own groove through empty cells only;
  pieces never leave their groove, never overlap and never pass each other;
- the configuration is solved when the special piece rests on l5-l6.

Where the statement is silent -- how far one move goes -- the default rule is
`slide`: a piece moves any number of cells in one move.  The `step` rule (one
cell per move) is an option; it changes the lengths of plans, not which
configurations are solvable.  Since pieces never pass each other, the special
piece is always the leftmost piece of groove l, so a configuration alone
(a set of pieces) is a full game state.  Every move can be undone by the
reverse move, so the graph of configurations is undirected.

A `Game` may be played on a sub-board (a set of cells cut from t4): pieces
then stay on its cells, which is how question 3 is checked on small boards.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.errors import RuleViolation
from .board import BOARD, Piece

RULES = ("slide", "step")
SPECIAL_START = Piece("l", 1, 2)
SPECIAL_GOAL = Piece("l", 5, 2)


class Move(NamedTuple):
    """Piece `piece` slides to start at position `to` of its groove."""
    piece: Piece
    to: int

    def __str__(self) -> str:
        p = self.piece
        return f"{p.groove}{p.first}-{p.groove}{p.first + p.length - 1} -> " \
               f"{p.groove}{self.to}-{p.groove}{self.to + p.length - 1}"

    @property
    def result(self) -> Piece:
        return self.piece._replace(first=self.to)


class Game:
    """Moves and goal on the t4 board or a sub-board, under the slide or step rule."""

    def __init__(self, rule: str = "slide", cells=None):
        if rule not in RULES:
            raise ValueError(f"unknown move rule '{rule}' (choose from: {', '.join(RULES)})")
        self.rule = rule
        self.cells = [c for c in BOARD.cells if cells is None or c in set(cells)]
        self.bit = {c: 1 << k for k, c in enumerate(self.cells)}
        #: groove letter -> position -> bit of that cell (only cells on this board)
        self.groove_bits = {g: {i: self.bit[c] for i, c in enumerate(cells_, 1) if c in self.bit}
                            for g, cells_ in BOARD.grooves.items()}
        self._mask: dict[Piece, int] = {}

    def mask(self, piece: Piece) -> int:
        """Bit mask of the piece's cells; 0 if a cell is off this board."""
        m = self._mask.get(piece)
        if m is None:
            bits = self.groove_bits[piece.groove]
            cells = [bits.get(i, 0) for i in range(piece.first, piece.first + piece.length)]
            m = self._mask[piece] = sum(cells) if all(cells) else 0
        return m

    def occupied(self, config) -> int:
        m = 0
        for p in config:
            m |= self.mask(p)
        return m

    def moves(self, config, occupied: int | None = None):
        """Every legal move from `config` (a set of pieces)."""
        occ = self.occupied(config) if occupied is None else occupied
        for p in config:
            bits = self.groove_bits[p.groove]
            for d in (-1, 1):
                first = p.first
                while True:
                    enter = first - 1 if d < 0 else first + p.length
                    b = bits.get(enter)
                    if b is None or occ & b:
                        break
                    first += d
                    yield Move(p, first)
                    if self.rule == "step":
                        break

    def neighbours(self, config):
        """(move, next configuration) for every legal move."""
        occ = self.occupied(config)
        for move in self.moves(config, occ):
            yield move, (config - {move.piece}) | {move.result}

    @staticmethod
    def special(config):
        """The special piece: the leftmost piece of groove l (None without one)."""
        return min((p for p in config if p.groove == "l"), default=None)

    def is_start(self, config) -> bool:
        return SPECIAL_START in config

    def is_solved(self, config) -> bool:
        return self.special(config) == SPECIAL_GOAL

    def check_config(self, config) -> None:
        """Pieces on this board, not overlapping (a RuleViolation otherwise)."""
        seen = 0
        for p in config:
            m = self.mask(p)
            if not m:
                raise RuleViolation(f"piece {p} is not on this board")
            if seen & m:
                raise RuleViolation(f"piece {p} overlaps another piece")
            seen |= m

    def replay(self, start, plan) -> frozenset:
        """Play `plan` (moves) from `start` and check every move; return the end.

        The plain move checker: it uses the rules above directly, never the
        CNF, and raises RuleViolation naming the first illegal move.
        """
        config = frozenset(start)
        self.check_config(config)
        for n, move in enumerate(plan, 1):
            legal = set(self.moves(config))
            if move not in legal:
                why = "no such piece" if move.piece not in config else "blocked, off the groove or not one move"
                raise RuleViolation(f"move {n} ({move}) is illegal: {why}")
            config = (config - {move.piece}) | {move.result}
        return config

    def check_plan(self, start, plan) -> None:
        """Replay `plan` and require that it ends solved, from a start configuration."""
        if not self.is_start(start):
            raise RuleViolation("not a start configuration: no piece on l1-l2")
        end = self.replay(start, plan)
        if not self.is_solved(end):
            raise RuleViolation(f"after {len(plan)} moves the special piece is on "
                                f"{self.special(end)}, not on l5-l6")
