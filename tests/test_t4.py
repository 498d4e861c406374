"""t4 hex-slide board: board facts, published counts by two methods, decode/check/render."""

import random

import pytest
from pysat.solvers import Solver

from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.t4 import (BOARD, CLOCKWISE, Joint, Piece, T4Instance,
                         builtins, piece_joints, pieces_from_joints)
from polycnf.solvers import ganak

INSTANCES = builtins()
NAMES = list(INSTANCES)


# -- the board, as Mäsak's post draws it -----------------------------------------------

def test_board_has_38_cells_in_rows_of_5_and_6():
    assert len(BOARD.cells) == 38
    assert BOARD.cells[0] == "i1" and BOARD.cells[-1] == "o5"
    assert [len(BOARD.grooves[r]) for r in "ijklmno"] == [5, 6, 5, 6, 5, 6, 5]


def test_23_grooves_7_rows_and_8_per_diagonal_of_lengths_2_to_7():
    assert len(BOARD.grooves) == 23
    assert {BOARD.groove_family(g) for g in "ijklmno"} == {0}
    assert {BOARD.groove_family(g) for g in "abcdefgh"} == {1}
    assert {BOARD.groove_family(g) for g in "pqrstuvw"} == {2}
    lengths = [len(cells) for cells in BOARD.grooves.values()]
    assert min(lengths) == 2 and max(lengths) == 7
    assert sorted(len(BOARD.grooves[g]) for g in "abcdefgh") == [2, 2, 4, 4, 6, 6, 7, 7]


def test_every_cell_lies_in_one_row_and_one_groove_of_each_diagonal():
    for cell in BOARD.cells:
        homes = [g for g, cells in BOARD.grooves.items() if cell in cells]
        assert sorted(BOARD.groove_family(g) for g in homes) == [0, 1, 2], cell
        assert cell[0] in homes


def test_l3_neighbours_clockwise_as_in_the_seed():
    assert BOARD.neighbours("l3") == ["k3", "l4", "m3", "m2", "l2", "k2"]


def test_every_groove_is_a_straight_line_of_adjacent_cells():
    for letter, cells in BOARD.grooves.items():
        steps = {BOARD.direction(a, b) for a, b in zip(cells, cells[1:])}
        assert len(steps) == 1, letter
        assert steps.pop() in CLOCKWISE
        for a, b in zip(cells, cells[1:]):
            assert b in BOARD.neighbours(a)


def test_each_adjacent_pair_lies_in_exactly_one_groove():
    pairs = {frozenset(p) for cells in BOARD.grooves.values() for p in zip(cells, cells[1:])}
    edges = {frozenset((a, b)) for a in BOARD.cells for b in BOARD.neighbours(a)}
    assert pairs == edges and len(edges) == 91


def test_159_placements_and_the_seed_piece_names():
    assert len(BOARD.pieces) == 159
    assert str(Piece("l", 1, 2)) == "l12"
    assert BOARD.piece_cells(Piece("l", 5, 2)) == ["l5", "l6"]
    assert BOARD.piece_cells(Piece("e", 1, 3)) == ["i1", "j2", "k2"]


# -- counts: the direct method and the CNF -----------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_direct_count_reproduces_the_published_figure(name):
    inst = INSTANCES[name]
    assert inst.direct_count() == inst.expected.raw
    assert "Mäsak" in inst.expected.source


@pytest.mark.parametrize("name", NAMES)
def test_cnf_count_with_the_default_encoding(name):
    inst = INSTANCES[name]
    f = inst.formula()
    assert ganak.count(f.clauses, f.nvars, f.show_vars, time_limit=120) == inst.expected.raw


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["pairwise", "joint-pieces", "seqcounter"])
@pytest.mark.parametrize("name", NAMES)
def test_cnf_count_with_other_encodings(name, encoding):
    inst = INSTANCES[name]
    f = inst.formula(encoding)
    assert ganak.count(f.clauses, f.nvars, f.show_vars, time_limit=300) == inst.expected.raw


def test_unknown_encoding_is_an_input_error():
    with pytest.raises(InputError, match="unknown encoding 'zigzag'"):
        INSTANCES["t4-all"].formula("zigzag")


# -- sub-boards: brute force, dynamic program and CNF agree ------------------------

def brute_force(inst: T4Instance) -> int:
    """Configurations by plain backtracking over the allowed placements."""
    cells = [set(BOARD.piece_cells(p)) for p in inst.placements]
    required = [inst.placements.index(p) for p in inst.required]
    cover = set(inst.cells)

    def extend(k, used, chosen):
        if k == len(cells):
            if not all(r in chosen for r in required):
                return 0
            return 0 if inst.full and used != cover else 1
        total = extend(k + 1, used, chosen) if k not in required else 0
        if not cells[k] & used:
            total += extend(k + 1, used | cells[k], chosen | {k})
        return total
    return extend(0, frozenset(), frozenset())


HEXAGON = ["l3"] + BOARD.neighbours("l3")
TOP = [c for c in BOARD.cells if c[0] in "ijk"]


def sub_boards():
    """Small questions of every kind, including random connected patches."""
    yield T4Instance("hexagon", cells=HEXAGON)
    yield T4Instance("hexagon-full", cells=HEXAGON, full=True)
    yield T4Instance("top-full", cells=TOP[:13], full=True)
    yield T4Instance("top-required", cells=TOP[:11], required=[("i", 2, 3)])
    yield T4Instance("top-forbidden", cells=TOP[:11], required=[("i", 1, 2)],
                     forbidden=[p for p in BOARD.pieces if p.groove == "i" and p != ("i", 1, 2)])
    yield T4Instance("top-empty", cells=TOP[:11], required=[("j", 1, 2)], empty=["j3", "j4"])
    rng = random.Random(4)
    for n in range(6):
        patch = {rng.choice(BOARD.cells)}
        while len(patch) < 9 + n:
            patch.add(rng.choice([b for a in patch for b in BOARD.neighbours(a)]))
        yield T4Instance(f"patch{n}", cells=patch, full=n % 2 == 1)


SUB_BOARDS = list(sub_boards())


@pytest.mark.parametrize("inst", SUB_BOARDS, ids=lambda i: i.name)
def test_dynamic_program_equals_brute_force_on_sub_boards(inst):
    assert inst.direct_count() == brute_force(inst)


@pytest.mark.parametrize("encoding", ["joints", "joint-pieces", "pairwise", "totalizer"])
@pytest.mark.parametrize("inst", SUB_BOARDS[:6], ids=lambda i: i.name)
def test_cnf_equals_dynamic_program_on_sub_boards(inst, encoding):
    f = inst.formula(encoding)
    assert ganak.count(f.clauses, f.nvars, f.show_vars, time_limit=60) == inst.direct_count()


def test_brute_force_sees_known_small_counts():
    # two cells in one groove: empty, or the one domino
    assert brute_force(T4Instance("pair", cells=["l1", "l2"])) == 2
    assert T4Instance("pair", cells=["l1", "l2"]).direct_count() == 2


# -- solutions: decode, check, render ----------------------------------------------

def models(f, limit):
    """A few models differing on the show set, from a SAT solver (not the counter)."""
    with Solver(name="cadical195", bootstrap_with=f.clauses) as s:
        for _ in range(limit):
            if not s.solve():
                return
            model = s.get_model()
            yield model
            true = {l for l in model if l > 0}
            s.add_clause([-v if v in true else v for v in f.show_vars])


@pytest.mark.parametrize("encoding", ["joints", "joint-pieces", "pairwise"])
@pytest.mark.parametrize("name", NAMES)
def test_decoded_models_pass_the_checker(name, encoding):
    inst = INSTANCES[name]
    f = inst.formula(encoding)
    seen = set()
    for model in models(f, 15):
        config = inst.decode(f.decode(model))
        inst.check(config)
        assert all(isinstance(p, Piece) for p in config)
        seen.add(tuple(config))
    assert len(seen) == 15


def test_joints_and_pieces_round_trip():
    config = [Piece("l", 1, 2), Piece("l", 3, 3), Piece("e", 1, 3), Piece("s", 6, 2)]
    joints = [j for p in config for j in piece_joints(p)]
    assert pieces_from_joints(joints) == sorted(config)
    assert INSTANCES["t4-all"].decode([Joint(*j) for j in joints]) == sorted(config)


def test_check_rejects_overlapping_pieces():
    with pytest.raises(RuleViolation, match="overlap on cell l3"):
        INSTANCES["t4-all"].check([Piece("l", 2, 2), Piece("l", 3, 2)])
    with pytest.raises(RuleViolation, match="pieces e123 and k23 overlap on cell k2"):
        INSTANCES["t4-all"].check([Piece("e", 1, 3), Piece("k", 2, 2)])


def test_check_rejects_a_board_that_is_not_full_for_t4_full():
    with pytest.raises(RuleViolation, match=r"completely filled.*36 cell\(s\) are empty"):
        INSTANCES["t4-full"].check([Piece("l", 1, 2)])


def test_check_enforces_each_question_and_the_piece_shape():
    with pytest.raises(RuleViolation, match="piece l12 is missing"):
        INSTANCES["t4-l12"].check([Piece("l", 3, 2)])
    with pytest.raises(RuleViolation, match="l45 is not allowed.*no piece in groove l other than l12"):
        INSTANCES["t4-l12-only"].check([Piece("l", 1, 2), Piece("l", 4, 2)])
    with pytest.raises(RuleViolation, match="cell l4 must stay empty"):
        INSTANCES["t4-trivial"].check([Piece("l", 1, 2), Piece("d", 3, 2)])
    with pytest.raises(RuleViolation, match="2 or 3 cells"):
        INSTANCES["t4-all"].check([("l", 1, 4)])
    with pytest.raises(RuleViolation, match="no groove 'z'"):
        INSTANCES["t4-all"].check([("z", 1, 2)])
    with pytest.raises(RuleViolation, match="groove a has only 2 cells"):
        INSTANCES["t4-all"].check([("a", 1, 3)])
    INSTANCES["t4-l12-only"].check([Piece("l", 1, 2), Piece("d", 3, 3)])   # crossing l4 is fine
