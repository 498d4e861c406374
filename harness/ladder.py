"""The ladder (`polycnf suite DIR --ladder`): families that step up in size.

Each family is a list of rungs from small to large, so that the real tools'
solve and count times run from milliseconds to hours.  Writing stays cheap:
every answer comes from a table already certified by two methods (the Palago
terms, the t4 start library re-proven here) or from a fast method that never
builds a CNF, checked against a second method:

  palago    palago-N projected counts: the terms of instances/sequences/palago.toml
            (two or more methods each) and the enumerator re-run here
  packing   pentominoes on growing boards: the packing DP and exact cover (DLX)
  t4        sub-boards (the first K cells) and the five published full-board
            questions: the frontier DP, and DLX, Ganak or the publication
  t4-plan   planning CNFs at K (SAT) and K-1 (UNSAT) for starts of the library
            instances/t4-starts.csv up to its deepest (28 moves today): BFS and the
            SAT planner must both give K
  hexmatch  planted puzzles made unique, by radius: the backtracking counts the
            solutions (one orbit) and PySAT enumeration on the CNF agrees
  polytrig  tritrig puzzles under the no-crossing rule: published counts and DLX

Rungs are fixed here (sizes bounded by construction); `rungs` keeps only the
first N of each family.  Members whose instance no built-in name or file can
rebuild carry a spec "ladder:..." that `load_spec` turns back into an instance
(for the model checks of check-solver).
"""

from __future__ import annotations

import time

from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.core.instance import Instance

from .members import ENUMERATE_CAP, Member, _tiling_toml

FAMILIES = ("palago", "packing", "t4", "t4-plan", "hexmatch", "polytrig")
PALAGO_N = (4, 5, 7, 9, 11, 13, 15, 17)
PENTOMINO_ORDER = "LYNPUVTZWFIX"
#: (rows, cols, pentominoes): the first k of PENTOMINO_ORDER in a k x 5 board,
#: then all twelve in the 60-cell rectangles, narrow side across (the packing DP
#: runs along the rows, so it stays fast)
PACKINGS = ((3, 5, "LYN"), (5, 5, "LYNPU"), (7, 5, "LYNPUVT"), (9, 5, "LYNPUVTZW"),
            (11, 5, "LYNPUVTZWFI"), (20, 3, PENTOMINO_ORDER), (15, 4, PENTOMINO_ORDER),
            (12, 5, PENTOMINO_ORDER), (10, 6, PENTOMINO_ORDER))
T4_CELLS = (8, 14, 20, 26, 32)             # sub-boards: the first K of the 38 cells
T4_PUBLISHED = ("t4-trivial", "t4-full", "t4-l12-only", "t4-l12", "t4-all")
T4_MOVES = (2, 5, 8, 12, 16, 20, 24)       # then the deepest start of the library (28 today)
HEXMATCH = ((1, 6), (2, 12), (3, 24), (3, 36), (4, 60))   # (radius, labels), made unique
POLYTRIGS = ("tritrig-heart", "trigs-hexagon")
DLX_CAP = 2_000_000          # DLX lists covers one by one: beyond this, Ganak is the second method
GANAK_SECONDS = 600          # Ganak takes about a second on these sub-boards; a bound all the same
DP = "packing DP (encoders/packing/direct.py, no CNF)"
DLX = "exact cover (DLX, solvers/dlx.py)"


def rungs(families=FAMILIES, per_family: int | None = None) -> list[Member]:
    """The certified members of the chosen ladder families, at most `per_family` each."""
    unknown = set(families) - set(FAMILIES)
    if unknown:
        raise InputError(f"unknown ladder family '{sorted(unknown)[0]}' (choose from: {', '.join(FAMILIES)})")
    builders = {"palago": _palago, "packing": _packing, "t4": _t4, "t4-plan": _t4_plan,
                "hexmatch": _hexmatch, "polytrig": _polytrig}
    found = []
    for family in FAMILIES:
        if family in families:
            found += builders[family](per_family)
    for m in found:
        m.encodings = (None,)        # the family's own encoding: ladder files are big enough
    return found


def _first(items, n):
    return list(items if n is None else items[:n])


def _timed(methods: dict, how: str, fn, *args, **kwargs):
    """fn(*args, **kwargs), its seconds kept in `methods` under `how`."""
    start = time.monotonic()
    value = fn(*args, **kwargs)
    methods[how] = round(time.monotonic() - start, 3)
    return value


def _agree(name: str, values: dict) -> int:
    if len(set(values.values())) != 1:
        raise RuntimeError(f"{name}: the methods disagree ({values}): a bug")
    return next(iter(values.values()))


# -- palago ----------------------------------------------------------------------
def _palago(n_rungs) -> list[Member]:
    import tomllib
    from pathlib import Path

    from polycnf import instances
    from polycnf.encoders.palago import direct
    from polycnf.encoders.palago.instance import PUBLISHED, PalagoInstance

    wanted = _first(PALAGO_N, n_rungs)
    table = {t["n"]: t for t in tomllib.loads((Path(instances.__file__).parent / "sequences" / "palago.toml")
                                              .read_text())["term"]}
    methods = {}
    fixed, _ = _timed(methods, "enumerator (encoders/palago/direct.py), re-run", lambda: direct.count(max(wanted)))
    found = []
    for n in wanted:
        term = table[n]
        count = _agree(f"palago-{n}", {"table": term["fixed"], "enumerator": fixed[n]})
        certification = ["enumerator (encoders/palago/direct.py), re-run while writing"] + \
            [f"{m} (instances/sequences/palago.toml)" for m in term["methods"]]
        if n <= len(PUBLISHED):
            certification.append("free count published (Kagey 2019, Browne's table; docs/references.md)")
        found.append(Member(f"ladder-palago-{n}", "palago", {"tiles": n}, n, f"palago-{n}",
                            instance=PalagoInstance(n), count=count, methods=dict(methods),
                            source=f"{' + '.join(term['methods'])} agree (instances/sequences/palago.toml); "
                                   f"enumerator re-run", certification=certification))
    return found


# -- packings --------------------------------------------------------------------
def _packing(n_rungs) -> list[Member]:
    from polycnf.encoders.core.polyforms import piece_set
    from polycnf.harness.members import load
    from polycnf.solvers import dlx

    _, pentominoes = piece_set("pentominoes")
    found = []
    for rows, cols, letters in _first(PACKINGS, n_rungs):
        pieces = {p: pentominoes[p] for p in letters}
        name = f"ladder-pentominoes-{rows}x{cols}-{letters}"
        m = Member(name, "tiling", {"rows": rows, "cols": cols, "pieces": letters}, rows * cols,
                   f"{name}.toml", _tiling_toml(name, f"pentominoes {' '.join(letters)} in a {rows}x{cols} "
                                                     f"rectangle", rows, cols, pieces))
        inst = load(m)                 # a tiling file; the ladder's family name is "packing"
        m.family = "packing"
        dp = _timed(m.methods, DP, _quiet, inst.direct_count)
        n_primary, options = inst.exact_cover().option_rows()
        cover = _timed(m.methods, DLX, dlx.count, n_primary, options)
        m.count = _agree(name, {DP: dp, DLX: cover})
        m.certification = [DP, DLX]
        m.source = "two methods in polycnf agree: the packing DP and exact cover (DLX)"
        found.append(m)
    return found


def _quiet(fn):
    """`fn()` with the packing DP's progress bar kept off the terminal."""
    import contextlib
    import io

    with contextlib.redirect_stderr(io.StringIO()):
        return fn()


# -- t4 counts --------------------------------------------------------------------
def t4_question(cells: int, full: bool):
    """The t4 question on the first `cells` cells of the board (reading order)."""
    from polycnf.encoders.t4 import BOARD, T4Instance

    if not 1 <= cells <= len(BOARD.cells):
        raise InputError(f"a t4 sub-board has 1 to {len(BOARD.cells)} cells, not {cells}")
    what = "fillings" if full else "configurations"
    return T4Instance(f"t4-{cells}-cells-{'full' if full else 'all'}",
                      f"{what} of the first {cells} cells of the t4 board", full=full,
                      cells=BOARD.cells[:cells])


def t4_by_exact_cover(inst) -> int:
    """Configurations by DLX: the cells are primary items, each piece a row, and for a
    question that need not fill the board a one-cell blank row per cell."""
    from polycnf.encoders.t4 import BOARD
    from polycnf.solvers import dlx

    index = {c: k for k, c in enumerate(inst.cells)}
    rows = [[index[c] for c in BOARD.piece_cells(p)] for p in inst.placements]
    if not inst.full:
        rows += [[k] for k in range(len(inst.cells))]
    return dlx.count(len(inst.cells), rows)


def _t4(n_rungs) -> list[Member]:
    from polycnf.encoders.t4 import builtins
    from polycnf.solvers import ganak

    found = []
    for cells in _first(T4_CELLS, n_rungs):
        for full in (True, False):
            inst = t4_question(cells, full)
            m = Member(f"ladder-{inst.name}", "t4", {"cells": cells, "question": "full" if full else "all"},
                       cells, f"ladder:t4:{cells}:{'full' if full else 'all'}", instance=inst)
            dp = _timed(m.methods, "frontier DP (encoders/t4/direct.py, no CNF)", inst.direct_count)
            if dp <= DLX_CAP:
                second, how = _timed(m.methods, DLX, t4_by_exact_cover, inst), DLX
            else:
                f = inst.formula()
                how = "Ganak, projected count of the CNF"
                second = _timed(m.methods, how, ganak.count, f.clauses, f.nvars, f.show_vars,
                                time_limit=GANAK_SECONDS)
            m.count = _agree(m.name, {"frontier DP": dp, how: second})
            m.certification = ["frontier DP (encoders/t4/direct.py, no CNF)", how]
            m.source = f"two methods in polycnf agree: the frontier DP and {how}"
            found.append(m)
    board = builtins()
    for name in _first(T4_PUBLISHED, n_rungs):
        inst = board[name]
        m = Member(f"ladder-{name}", "t4", {"cells": len(inst.cells), "question": name}, len(inst.cells), name,
                   instance=inst)
        m.count = _agree(name, {"published": inst.expected.raw,
                                "frontier DP": _timed(m.methods, "frontier DP", inst.direct_count)})
        m.certification = [f"published: {inst.expected.source}", "frontier DP (encoders/t4/direct.py, no CNF)"]
        m.source = f"{inst.expected.source}; the frontier DP agrees"
        found.append(m)
    return found


# -- t4 planning -------------------------------------------------------------------
class PlanRung(Instance):
    """The planning CNF of a t4 puzzle at one bound, as check-solver sees it: a model is
    decoded into its moves and replayed by the move checker."""

    family = "t4-plan"
    count_method = None

    def __init__(self, puzzle, bound: int):
        from polycnf.encoders.t4.moves import Game
        from polycnf.encoders.t4.plan import PlanningEncoding

        super().__init__(f"{puzzle.name}-bound-{bound}", f"t4 planning at bound {bound}")
        self.puzzle, self.bound = puzzle, bound
        self.game = Game(puzzle.rule)
        self.encoding = PlanningEncoding(self.game, puzzle.config)

    def formula(self, encoding: str | None = None):
        if encoding is not None:
            raise InputError(f"{self.name}: the planning CNF has one encoding")
        return self.encoding.formula_at(self.bound)

    def check_model(self, model) -> None:
        try:
            plan = self.encoding.decode(model, self.bound)
        except StopIteration:
            raise RuleViolation("a piece has no position at some step") from None
        self.game.check_plan(self.puzzle.config, plan)

    def check(self, solution) -> None:
        pass                       # the plan was replayed by check_model

    def dimacs_comments(self, label: str) -> list[str]:
        from polycnf.encoders.t4.config import format_words
        return [f"t4 planning at bound {self.bound} ({self.puzzle.rule} rule): bring l1-l2 to l5-l6 "
                f"in at most {self.bound} moves", f"start: {format_words(self.puzzle.config)}"]


def _t4_plan(n_rungs) -> list[Member]:
    from polycnf.encoders.t4.config import format_words
    from polycnf.encoders.t4.slide_puzzle import Puzzle, solve
    from polycnf.encoders.t4.starts import LIBRARY, library, parse

    deepest = max(library())              # the hardest start known, whatever the library holds
    found = []
    for k in _first([k for k in T4_MOVES if k < deepest] + [deepest], n_rungs):
        words = sorted(library()[k])[0]
        name = f"ladder-t4-plan-k{k}"
        source = f"start from instances/{LIBRARY} (distance {k}); BFS and the SAT planner both give {k}"
        puzzle = Puzzle(parse(words, LIBRARY), name, "slide", k, source, rule_stated=True)
        methods = {}
        verdict = _timed(methods, "BFS and SAT planner (encoders/t4/slide_puzzle.solve)", solve, puzzle)
        if verdict["moves"] != k:
            raise RuntimeError(f"{name}: the library says {k} moves, the methods {verdict['moves']}: a bug")
        certification = [f"breadth-first search (encoders/t4/search.py): shortest plan {k} moves, "
                         f"{verdict['bfs_explored']:,} configurations",
                         f"SAT planner (encoders/t4/plan.py): bounds 0..{k - 1} UNSAT, {k} SAT",
                         "both plans replayed by the move checker"]
        for bound, sat in ((k, True), (k - 1, False)):
            found.append(Member(f"{name}-bound-{bound}", "t4-plan",
                                {"moves": k, "bound": bound, "pieces": len(puzzle.config),
                                 "start": format_words(puzzle.config)}, 38,
                                f"ladder:t4-plan:{name}.toml:{bound}", puzzle.to_toml() if sat else None,
                                PlanRung(puzzle, bound), None, source, dict(methods),
                                certification=certification, sat=sat, toml_name=f"{name}.toml"))
    return found


# -- hexmatch ----------------------------------------------------------------------
def _hexmatch(n_rungs) -> list[Member]:
    from polycnf.encoders import hexmatch

    found = []
    for radius, labels in _first(HEXMATCH, n_rungs):
        params = {"radius": radius, "labels": labels, "seed": 1, "unique": True}
        methods = {}
        inst = _timed(methods, "generator (planted, made unique)", hexmatch.generate, radius, labels,
                      seed=1, unique=True, time_limit=300)
        inst.name = f"ladder-{inst.name}-unique"
        solutions = _timed(methods, "backtracking (encoders/hexmatch/direct.py, no CNF)",
                           list, inst.solutions())
        orbits = len({inst.canonical(s) for s in solutions})
        if orbits != 1:
            raise RuntimeError(f"{inst.name}: {orbits} solutions up to symmetry, not one: a bug")
        f = inst.formula()
        enumerated = _timed(methods, "PySAT enumeration of the CNF", _enumerated, f)
        count = _agree(inst.name, {"backtracking": len(solutions), "enumeration": enumerated})
        found.append(Member(inst.name, "hexmatch", params, len(inst.board), f"{inst.name}.toml",
                            hexmatch.to_toml(inst), inst, count,
                            "two methods in polycnf agree: the backtracking and PySAT enumeration; "
                            "one solution up to board symmetry and identical cards", methods,
                            certification=["backtracking (encoders/hexmatch/direct.py, no CNF): "
                                           f"{count} solutions, 1 up to symmetry",
                                           "PySAT enumeration of the CNF (CaDiCaL)"]))
    return found


def _enumerated(f) -> int:
    from polycnf.solvers import sat

    n = sum(1 for _ in sat.models(f.clauses, f.show_vars, limit=ENUMERATE_CAP + 1))
    if n > ENUMERATE_CAP:
        raise InputError(f"{f.name}: more than {ENUMERATE_CAP} solutions, no second method")
    return n


# -- polytrigs ---------------------------------------------------------------------
def _polytrig(n_rungs) -> list[Member]:
    from polycnf.encoders import catalog
    from polycnf.solvers import dlx

    found = []
    for name in _first(POLYTRIGS, n_rungs):
        inst = catalog.load(name)
        m = Member(f"ladder-{name}", "polytrig", {"instance": name, "segments": len(inst.board),
                                                  "no_crossing": True}, len(inst.board), name, instance=inst)
        n_primary, options = inst.exact_cover().option_rows()
        m.count = _agree(name, {"published": inst.expected.raw,
                                DLX: _timed(m.methods, DLX, dlx.count, n_primary, options)})
        m.certification = [f"published: {inst.expected.source}", f"{DLX}, with the crossing items"]
        m.source = f"{inst.expected.source}; exact cover (DLX) agrees"
        found.append(m)
    return found


def load_spec(spec: str, folder):
    """The instance behind a "ladder:..." spec (see the module docstring)."""
    from pathlib import Path

    from polycnf.encoders.t4.slide_puzzle import load

    parts = spec.split(":")
    try:
        if parts[1] == "t4" and len(parts) == 4 and parts[3] in ("full", "all"):
            return t4_question(int(parts[2]), parts[3] == "full")
        if parts[1] == "t4-plan" and len(parts) == 4:
            puzzle = load(str(Path(folder) / parts[2]))
            return PlanRung(puzzle, int(parts[3]))
    except (ValueError, IndexError):
        pass
    raise InputError(f"{spec}: not a ladder instance")
