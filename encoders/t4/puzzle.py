"""A t4 puzzle: a start configuration from a file or the command line, and its verdict.

A puzzle file is TOML (`family = "t4-puzzle"`, `pieces = [...]`, optional
`rule` and the expected `moves` with its source), JSON, or plain text (words
or a board picture, see config.py).  The verdict comes from two methods: the
breadth-first search either finds a shortest plan or exhausts the reachable
configurations ("unsolvable"); the SAT planner finds a plan whose length is
proven minimal by the UNSAT bound below it.  Both plans are replayed by the
move checker, and their lengths must agree.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..tomlfile import read_text, read_toml
from .config import format_words, parse, parse_json, parse_text
from .moves import RULES, SPECIAL_START, Game
from .plan import plan as sat_plan
from .search import shortest_plan

FAMILY = "t4-puzzle"
BFS_LIMIT = 3_000_000           # configurations the search may visit before giving up


class Puzzle:
    """A start configuration with its rule, name and (if known) expected plan length."""

    def __init__(self, config, name: str = "t4-puzzle", rule: str = "slide",
                 moves: int | None = None, source: str = ""):
        if SPECIAL_START not in config:
            raise InputError(f"{name}: not a start configuration: it needs a piece on l1-l2")
        if rule not in RULES:
            raise InputError(f"{name}: unknown move rule '{rule}' (choose from: {', '.join(RULES)})")
        self.config, self.name, self.rule = frozenset(config), name, rule
        self.moves, self.source = moves, source

    def to_toml(self) -> str:
        lines = [f"# t4 puzzle: {self.source}" if self.source else "# t4 puzzle",
                 f'family = "{FAMILY}"', f'name = "{self.name}"', f'rule = "{self.rule}"']
        if self.moves is not None:
            lines.append(f"moves = {self.moves}    # shortest plan; {self.source}")
        lines.append("pieces = [" + ", ".join(f'"{w}"' for w in format_words(self.config).split()) + "]")
        return "\n".join(lines) + "\n"


def is_puzzle_file(spec: str) -> bool:
    """True for a TOML file that declares family = "t4-puzzle" (for `polycnf solve FILE`)."""
    path = Path(spec)
    if path.suffix != ".toml" or not path.is_file():
        return False
    data, _ = read_toml(path)
    return data.get("family") == FAMILY


def load(spec: str, rule: str | None = None) -> Puzzle:
    """A puzzle from a file (.toml, .json, or text) or from inline text."""
    path = Path(spec)
    if not path.is_file():
        if path.suffix in (".toml", ".json", ".txt"):
            raise InputError(f"{spec}: no such file")
        return Puzzle(parse(spec), rule=rule or "slide")
    name = path.stem
    if path.suffix == ".toml":
        data, _ = read_toml(path)
        if data.get("family", FAMILY) != FAMILY:
            raise InputError(f"{path}: family '{data.get('family')}' is not a t4 puzzle")
        pieces = data.get("pieces")
        if not isinstance(pieces, list):
            raise InputError(f"{path}: 'pieces' must be a list of pieces like \"l1-l2\"")
        moves = data.get("moves")
        if moves is not None and (not isinstance(moves, int) or moves < 0):
            raise InputError(f"{path}: 'moves' must be a whole number")
        return Puzzle(parse_json(pieces, str(path)), str(data.get("name", name)),
                      rule or str(data.get("rule", "slide")), moves)
    text = read_text(path)
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}, line {e.lineno}: invalid JSON: {e.msg}") from None
        return Puzzle(parse_json(data, str(path)), name, rule or "slide")
    return Puzzle(parse_text(text, str(path)), name, rule or "slide")


def solve(puzzle: Puzzle, solver: str = "cadical195", bfs_limit: int = BFS_LIMIT,
          progress=None) -> dict:
    """The verdict of both methods, each plan checked by the move checker.

    Returns {"verdict": "solved" | "unsolvable" | "unknown", "plan", "moves",
    "bfs_explored", "sat_bound", ...}.  "unknown" only when the search passes
    `bfs_limit` configurations and no plan was found.
    """
    game = Game(puzzle.rule)
    try:
        bfs = shortest_plan(game, puzzle.config, bfs_limit)
    except InputError:
        bfs = None
    if bfs is not None and bfs.plan is None:
        return {"verdict": "unsolvable", "plan": None, "moves": None, "bfs_explored": bfs.explored}
    limit = len(bfs.plan) if bfs is not None else 200
    found = sat_plan(game, puzzle.config, limit, solver, progress)
    if found.plan is None:
        return {"verdict": "unknown", "plan": None, "moves": None, "sat_bound": found.bound}
    game.check_plan(puzzle.config, found.plan)
    if bfs is not None:
        game.check_plan(puzzle.config, bfs.plan)
        if len(bfs.plan) != len(found.plan):
            raise RuntimeError(f"SAT planner ({len(found.plan)} moves) and BFS "
                               f"({len(bfs.plan)} moves) disagree: a bug")
    if puzzle.moves is not None and puzzle.moves != len(found.plan):
        raise InputError(f"{puzzle.name}: the file expects {puzzle.moves} moves, "
                         f"but the shortest plan has {len(found.plan)}")
    return {"verdict": "solved", "plan": found.plan, "moves": len(found.plan),
            "bfs_explored": bfs.explored if bfs else None, "sat_bound": found.bound,
            "variables": found.variables, "clauses": found.clauses}
