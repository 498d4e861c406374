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

from ..core.errors import InputError
from ..core.instance import Instance
from ..core.tomlfile import is_file, read_text, read_toml, shown_path
from .config import format_picture, format_words, parse, parse_json, parse_text
from .moves import RULES, SPECIAL_START, Game
from .plan import plan as sat_plan
from .search import shortest_plan

FAMILY = "t4-puzzle"
BFS_LIMIT = 3_000_000           # configurations the search may visit before giving up


class Puzzle(Instance):
    """A start configuration with its rule, name and (if known) expected plan length.

    As an Instance it can be shown, planned (`plan`) and, when its plan length
    is known, encoded: its formula is the planning CNF at that bound.
    """

    family = FAMILY
    count_method = None              # a game has a plan, not solutions to count
    is_game = True

    def __init__(self, config, name: str = "t4-puzzle", rule: str = "slide",
                 moves: int | None = None, source: str = "", rule_stated: bool = False):
        if SPECIAL_START not in config:
            raise InputError(f"{name}: not a start configuration: it needs a piece on l1-l2")
        if rule not in RULES:
            raise InputError(f"{name}: unknown move rule '{rule}' (choose from: {', '.join(RULES)})")
        super().__init__(name, f"t4 sliding puzzle ({rule} rule): bring the piece on l1-l2 to l5-l6")
        self.config, self.rule = frozenset(config), rule
        self.moves, self.source, self.rule_stated = moves, source, rule_stated

    # -- as an Instance ------------------------------------------------------
    @property
    def has_formula(self) -> bool:
        return self.moves is not None

    def formula(self, encoding: str | None = None):
        """The planning CNF at the puzzle's plan length (satisfiable)."""
        if self.moves is None:
            raise InputError(f"{self.name}: no plan length is known, so there is no planning CNF to "
                             "write ('polycnf generate t4 --cnf' writes them)")
        if encoding is not None:
            raise InputError(f"{self.name}: the planning CNF has one encoding; give no --encoding")
        from .plan import PlanningEncoding
        return PlanningEncoding(Game(self.rule), self.config).formula_at(self.moves)

    def picture(self) -> str:
        return format_picture(self.config)

    def render(self, config, color: bool = False) -> str:
        return format_picture(config, color)

    def summary(self) -> dict:
        return {"pieces": len(self.config), "configuration": format_words(self.config),
                "rule": self.rule, "moves": "unknown" if self.moves is None else self.moves}

    def with_rule(self, rule: str | None) -> "Puzzle":
        """This puzzle under `rule` (None: its own); a file that states its rule
        cannot be played under another."""
        if rule is None or rule == self.rule:
            return self
        if self.rule_stated:
            raise InputError(f"{self.name}: the puzzle is for the {self.rule} rule (its file says so), "
                             f"not --rule {rule}")
        return Puzzle(self.config, self.name, rule, self.moves, self.source)

    def plan(self, solver: str | None = None, progress=None) -> dict:
        return solve(self, solver or "cadical195", progress=progress)

    def to_toml(self) -> str:
        lines = [f"# t4 puzzle: {self.source}" if self.source else "# t4 puzzle",
                 f'family = "{FAMILY}"', f'name = "{self.name}"', f'rule = "{self.rule}"']
        if self.moves is not None:
            lines.append(f"moves = {self.moves}    # shortest plan; {self.source}")
        lines.append("pieces = [" + ", ".join(f'"{w}"' for w in format_words(self.config).split()) + "]")
        return "\n".join(lines) + "\n"


def load(spec: str, rule: str | None = None) -> Puzzle:
    """A puzzle from a file (.toml, .json, or text) or from inline text."""
    path = Path(spec)
    if not is_file(spec):
        if path.suffix in (".toml", ".json", ".txt"):
            raise InputError(f"{shown_path(spec)}: no such file")
        return Puzzle(parse(spec), rule=rule or "slide")
    name = path.stem
    if path.suffix == ".toml":
        data, text = read_toml(path)
        if data.get("family", FAMILY) != FAMILY:
            raise InputError(f"{shown_path(path)}: family '{data.get('family')}' is not a t4 puzzle")
        data.pop("family", None)
        return from_toml(data, str(path), text).with_rule(rule)
    text = read_text(path)
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}, line {e.lineno}: invalid JSON: {e.msg}") from None
        config = parse_json(data, str(path))
    else:
        config = parse_text(text, str(path))
    puzzle = Puzzle(config, name, rule or "slide")
    puzzle.source_file = str(path)
    return puzzle


def from_toml(data: dict, path: str, text: str | None = None) -> Puzzle:
    """A puzzle from a TOML file's data (its `family` key already taken out)."""
    unknown = set(data) - {"name", "rule", "moves", "pieces"}
    if unknown:
        raise InputError(f"{shown_path(path)}: unknown key '{sorted(unknown)[0]}' "
                         "(a t4 puzzle has name, rule, moves, pieces)")
    pieces = data.get("pieces")
    if not isinstance(pieces, list):
        raise InputError(f"{shown_path(path)}: 'pieces' must be a list of pieces like \"l1-l2\"")
    moves = data.get("moves")
    if moves is not None and (not isinstance(moves, int) or isinstance(moves, bool) or moves < 0):
        raise InputError(f"{shown_path(path)}: 'moves' must be a whole number")
    rule = data.get("rule")
    if rule is not None and not isinstance(rule, str):
        raise InputError(f"{shown_path(path)}: 'rule' must be one of {', '.join(RULES)}")
    puzzle = Puzzle(parse_json(pieces, str(path)), str(data.get("name", Path(path).stem)),
                    rule or "slide", moves, rule_stated=rule is not None)
    puzzle.source_file = str(path)
    return puzzle


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
