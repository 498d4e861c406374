"""The CNF of a t4 question: on joints (the default) or on pieces."""

from __future__ import annotations

from ..core.cnf import ENCODINGS, Formula
from ..core.errors import InputError
from .board import BOARD
from .joints import Joint, piece_borders, piece_joints

#: Encodings of the CNF: "joints" (default) and "joint-pieces" are this
#: family's own; the rest put one variable on each piece and forbid overlaps
#: per cell with PySAT's cardinality encoding of that name ("pairwise" is the
#: plain formula).  Ganak spends most of its time searching a tree
#: decomposition, and the 91 joint variables with purely local constraints
#: give it the smallest graph: 2 to 6 times less CPU than pairwise on the five
#: questions (bench/bench_t4.py).
JOINT_ENCODINGS = ("joints", "joint-pieces")
T4_ENCODINGS = JOINT_ENCODINGS + ENCODINGS
DEFAULT_T4_ENCODING = "joints"


def formula(question, encoding: str | None = None) -> Formula:
    r"""The question as CNF; see T4_ENCODINGS for the choices.  The board is fixed, so even
    the smallest question is 73 variables; its DIMACS begins (group comments left out):

    >>> from polycnf.encoders import catalog
    >>> lines = [line for line in formula(catalog.load("t4-trivial")).dimacs_lines()
    ...          if not line.startswith("c group")]
    >>> print("\n".join(lines[:5]))
    c t mc
    c t4 encoding: joints (variables on joints of adjacent cells; pieces are maximal runs)
    p cnf 73 242
    -15 -16 -17 0
    -16 -17 -18 0
    """
    encoding = encoding or DEFAULT_T4_ENCODING
    if encoding not in T4_ENCODINGS:
        raise InputError(f"unknown encoding '{encoding}' for t4 "
                         f"(choose from: {', '.join(T4_ENCODINGS)})")
    if encoding in JOINT_ENCODINGS:
        return _joint_formula(question, with_pieces=encoding == "joint-pieces")
    return _piece_formula(question, encoding)


def _piece_formula(question, encoding: str) -> Formula:
    """One variable per piece; at most (or, if full, exactly) one piece per cell.

    With "pairwise" this is the plain formula: every board placement gets a
    variable and the question's conditions are unit clauses.
    """
    f = Formula(question.name, encoding)
    on_board = set(question.cells)
    pieces = [p for p in BOARD.pieces if set(BOARD.piece_cells(p)) <= on_board]
    allowed = set(question.placements)
    for p in pieces:
        f.var(p)
    f.show(pieces)
    covering = {c: [] for c in question.cells}
    for p in pieces:
        for c in BOARD.piece_cells(p):
            covering[c].append(f.var(p))
    for c in question.cells:
        f.at_most_one(covering[c], f"cell {c}: at most one piece")
        if question.full:
            f.at_least_one(covering[c], f"cell {c}: covered")
    for p in question.required:
        f.add([f.var(p)], f"required piece {p}")
    for p in pieces:
        if p not in allowed:
            f.add([-f.var(p)], f"piece {p} not allowed")
    return f


def _joint_formula(question, with_pieces: bool) -> Formula:
    """Variables on joints (see Joint); pieces are the maximal runs.

    Every constraint touches one cell or three consecutive joints, which
    keeps the counter's tree decomposition narrow.  With `with_pieces`,
    piece variables defined from the joints become the show set.
    """
    f = Formula(question.name, "pairwise")     # PySAT's name for the few cardinality constraints
    f.label = "joint-pieces" if with_pieces else "joints"
    f.comments.append("t4 encoding: " + ("joint-pieces" if with_pieces else "joints")
                      + " (variables on joints of adjacent cells; pieces are maximal runs)")
    joints = sorted({j for p in question.placements for j in piece_joints(p)})
    for j in joints:
        f.var(j)
    f.show(joints)
    have = set(joints)
    for j in joints:
        run = [j, Joint(j.groove, j.first + 1), Joint(j.groove, j.first + 2)]
        if all(k in have for k in run):
            f.add([-f.var(k) for k in run], "pieces have at most 3 cells")
    allowed = set(question.placements)
    for p in BOARD.pieces:                 # a run of joints that is not an allowed piece
        inner = piece_joints(p)
        if p not in allowed and all(k in have for k in inner):
            f.add([-f.var(k) for k in inner] + [f.var(k) for k in piece_borders(p) if k in have],
                  f"piece {p} not allowed")
    for c in question.cells:
        families = [[k for k in (Joint(g, i - 1), Joint(g, i)) if k in have]
                    for g, i in BOARD.labels[c]]
        for a in range(3):
            for b in range(a + 1, 3):
                for x in families[a]:
                    for y in families[b]:
                        f.add([-f.var(x), -f.var(y)], f"cell {c}: in one piece only")
        if question.full:
            f.add([f.var(k) for fam in families for k in fam], f"cell {c}: covered")
    for p in question.required:
        f.extend([[f.var(k)] for k in piece_joints(p)], f"required piece {p}")
        f.extend([[-f.var(k)] for k in piece_borders(p) if k in have], f"required piece {p}")
    if with_pieces:
        for p in question.placements:
            v = f.var(p)
            inner = [f.var(k) for k in piece_joints(p)]
            border = [f.var(k) for k in piece_borders(p) if k in have]
            f.extend([[-v, x] for x in inner] + [[-v, -x] for x in border]
                     + [[v] + [-x for x in inner] + border], f"piece {p} from its joints")
        f.show(question.placements)
    return f
