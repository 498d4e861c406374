"""The puzzles of the benchmark suite, each with an answer that can be trusted.

A member is a puzzle instance that the suite writes in several encodings.
Its count comes from a published figure (the shipped instances and the t4
questions carry their sources), or is computed here by two independent
methods that must agree: the family's own solver that never builds a CNF
(DLX exact cover for tilings, backtracking for edge-matching cards) and
PySAT enumeration with blocking clauses on the CNF.  An unsatisfiable member
is thus proven twice: DLX or backtracking exhausts the search, and the SAT
solver answers UNSAT.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from polycnf.encoders import catalog
from polycnf.encoders.core.errors import InputError
from polycnf.encoders.core.polyforms import piece_set
from polycnf.solvers import sat

FAMILIES = ("tiling", "hexmatch", "t4")
ENUMERATE_CAP = 20_000      # a second method by enumeration stops being cheap beyond this
#: (rows, cols, pentominoes) from small to large; the piece sets were chosen so
#: that most rectangles can be tiled and two (LYN, LYNPU) cannot: the answers
#: themselves are computed when the suite is written, never stored here
TILING_SETS = ((3, 5, "LYT"), (3, 5, "LYN"), (4, 5, "LYPU"), (5, 5, "LYNPV"), (5, 5, "LYNPU"),
               (5, 6, "LYNPUV"), (3, 10, "LYNPUV"), (5, 7, "LYNPUVT"), (4, 10, "LYNPUVTZ"))


@dataclass
class Member:
    """One puzzle of the suite, with its certified answer."""
    name: str
    family: str
    parameters: dict
    cells: int                     # board size, for --max-cells
    spec: str                      # built-in name, or a TOML file name inside the suite
    toml: str | None = None        # the instance file to write beside the CNF files
    instance: object = None
    count: int | None = None
    source: str = ""
    methods: dict = field(default_factory=dict)   # method -> seconds it took
    #: the methods that agree on the answer (or the publication), for the manifest
    certification: list = field(default_factory=list)
    sat: bool | None = None        # the answer when no count is certified (t4 planning CNFs)
    toml_name: str | None = None   # the file name of `toml` when `spec` is not one (ladder specs)
    encodings: tuple | None = None   # the encodings to write (None: the family's own and the three others)

    @property
    def satisfiable(self) -> bool:
        return bool(self.count) if self.count is not None else bool(self.sat)


def _tiling_toml(name: str, description: str, rows: int, cols: int, pieces: dict) -> str:
    lines = [f'name = "{name}"', f'description = "{description}"', 'grid = "square"',
             'board = """', *(["." * cols] * rows), '"""', "", "[pieces]"]
    lines += [f"{p} = [{', '.join(f'[{r}, {c}]' for r, c in cells)}]" for p, cells in pieces.items()]
    return "\n".join(lines) + "\n"


def generated_tilings() -> list[Member]:
    """Rectangles filled by sets of pentominoes (graded by size), and the five
    tetrominoes in 4x5 and 2x10: area right, no tiling (a colouring argument)."""
    _, pentominoes = piece_set("pentominoes")
    _, tetrominoes = piece_set("tetrominoes")
    found = []
    for rows, cols, letters in TILING_SETS:
        pieces = {p: pentominoes[p] for p in letters}
        name = f"pentomino-{rows}x{cols}-{letters}"
        found.append(Member(name, "tiling", {"rows": rows, "cols": cols, "pieces": letters},
                            rows * cols, f"{name}.toml",
                            _tiling_toml(name, f"pentominoes {' '.join(pieces)} in a {rows}x{cols} rectangle",
                                         rows, cols, pieces)))
    for rows, cols in ((4, 5), (2, 10)):
        name = f"tetromino-{rows}x{cols}"
        found.append(Member(name, "tiling", {"rows": rows, "cols": cols, "pieces": "tetrominoes"},
                            rows * cols, f"{name}.toml",
                            _tiling_toml(name, f"the five tetrominoes in a {rows}x{cols} rectangle",
                                         rows, cols, tetrominoes)))
    return found


def generated_hexmatch() -> list[Member]:
    """Planted edge-matching puzzles by radius and number of labels, and one
    broken copy of the radius-1 puzzle with 4 labels (no solution left)."""
    from polycnf.encoders import hexmatch

    found = []
    for radius, labels in ((1, 3), (1, 4), (2, 8), (2, 12)):
        inst = hexmatch.generate(radius, labels, seed=1)
        params = {"radius": radius, "labels": labels, "seed": 1}
        found.append(Member(inst.name, "hexmatch", params, len(inst.board), f"{inst.name}.toml",
                            hexmatch.to_toml(inst), inst))
        if (radius, labels) == (1, 4):
            broken = _broken(inst)
            card, sides = broken.changed
            found.append(Member(broken.name, "hexmatch", {**params, "changed_card": card, "sides": sides},
                                len(broken.board), f"{broken.name}.toml", hexmatch.to_toml(broken), broken))
    return found


def _broken(inst):
    """The puzzle with one card changed so that no solution remains: two
    opposite sides of the first card get labels no other card carries, so one
    of them must face a neighbour it cannot match.  The family's backtracking
    and the SAT solver both prove it (see certify)."""
    from polycnf.encoders.hexmatch import HexMatch

    fresh = [chr(ord("a") + len(inst.labels) + i) for i in range(2)]
    card = list(inst.cards[0])
    card[0], card[3] = fresh
    cards = [tuple(card)] + list(inst.cards[1:])
    other = HexMatch(f"{inst.name}-broken", inst.board, cards, rule=inst.rule.name, flip=inst.flip,
                     labels=list(inst.labels) + fresh,
                     description=f"{inst.description}; card 1 sides 0 and 3 changed to {' and '.join(fresh)}")
    other.changed = (1, [0, 3])
    return other


def shipped() -> list[Member]:
    """Every built-in instance with a published (or twice computed) count."""
    found = []
    files = catalog.shipped_files()
    for name in catalog.builtin_names():
        inst = catalog.load(name)
        board = getattr(inst, "board", None)    # families the suite writes have a board
        if board is None or inst.expected.raw is None or not inst.expected.source:
            continue
        cells = len(board) if hasattr(board, "__len__") else len(board.cells)
        path = files.get(name)
        member = Member(name, inst.family, {"instance": name}, cells,
                        f"{name}.toml" if path else name, path.read_text() if path else None, inst,
                        inst.expected.raw, inst.expected.source)
        found.append(member)
    return found


def candidates(families=FAMILIES, max_cells: int | None = None) -> list[Member]:
    unknown = set(families) - set(FAMILIES)
    if unknown:
        raise InputError(f"unknown suite family '{sorted(unknown)[0]}' (choose from: {', '.join(FAMILIES)})")
    members = shipped() + generated_tilings() + generated_hexmatch()
    return [m for m in members if m.family in families and (max_cells is None or m.cells <= max_cells)]


def load(member: Member, folder: Path | None = None):
    """The member's instance, built from its TOML text when it has one."""
    if member.instance is None:
        if member.toml is None:
            member.instance = catalog.load(member.spec)
        else:
            import tomllib
            module = catalog.family_module(member.family)
            data = tomllib.loads(member.toml)
            data.pop("family", None)
            member.instance = module.from_toml(data, member.spec, member.toml)
    return member.instance


def certify(member: Member) -> None:
    """Fill in the count by two methods that must agree (unless published)."""
    inst = load(member)
    if member.count is not None or member.sat is not None:
        if not member.certification:
            member.certification = [member.source or "the instance's trusted count"]
        return
    start = time.monotonic()
    if member.family == "tiling":
        from polycnf.solvers import dlx
        n_primary, rows = inst.exact_cover().option_rows()
        first, how = dlx.count(n_primary, rows, method="python"), "exact cover (Algorithm X)"
    else:
        first, how = inst.direct_count(), "the family's backtracking"
    member.methods[how] = round(time.monotonic() - start, 3)
    start = time.monotonic()
    f = inst.formula()
    second = 0
    for _ in sat.models(f.clauses, f.show_vars, limit=ENUMERATE_CAP + 1):
        second += 1
    member.methods["PySAT enumeration (CaDiCaL)"] = round(time.monotonic() - start, 3)
    if second > ENUMERATE_CAP:
        raise InputError(f"{member.name}: more than {ENUMERATE_CAP} solutions, no second method")
    if first != second:
        raise RuntimeError(f"{member.name}: {how} counts {first}, enumeration {second}: a bug")
    member.count = first
    member.source = f"two methods in polycnf agree: {how} and PySAT enumeration (CaDiCaL 1.9.5)"
    member.certification = [how, "PySAT enumeration of the CNF (CaDiCaL)"]
