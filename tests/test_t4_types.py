"""Question 3 by types (method A) and the Monte Carlo estimate, checked against the
project's explicit BFS and BDD fixpoint (encoders/t4/solvable.py) on sub-boards."""

import random

import pytest

from polycnf.encoders.t4.board import BOARD
from polycnf.encoders.t4.moves import SPECIAL_START, Game
from polycnf.encoders.t4.sampling import Starts, estimate, wilson
from polycnf.encoders.t4.search import shortest_plan
from polycnf.encoders.t4.solvable import configurations, count_by_bdd, count_by_search, placements, sub_board
from polycnf.encoders.t4.starts import mirror, random_configuration
from polycnf.encoders.t4.types import Layout, Task, count_by_types, read_ledger, run_ledger


def starts_on(cells):
    """Every start on a sub-board, by the plain enumeration of solvable.py."""
    return {c for c in configurations(cells, placements(cells))
            if SPECIAL_START in c and not any(p.groove == "l" and p != SPECIAL_START for p in c)}


@pytest.mark.parametrize("rows", ["klm", "jkl", pytest.param("klmn", marks=pytest.mark.slow)])
def test_types_equal_the_explicit_search(rows):
    cells = sub_board(rows)
    by_search = count_by_search(cells)
    by_types = count_by_types(cells, use_mirror=False)
    assert by_types["solvable"] == by_search["solvable"]            # 169, 4,239, 78,741
    # only types holding a start are searched: a part of the solvable states
    assert by_types["solvable_states"] <= by_search["solvable_states"]
    assert by_types["hardest_moves"] == by_search["hardest_moves"]
    game = Game("slide", cells)
    assert len(shortest_plan(game, by_types["hardest"]).plan) == by_types["hardest_moves"]


@pytest.mark.parametrize("rows", ["klm", "jkl", "jln"])
def test_the_compiled_enumeration_equals_the_python_one(rows):
    # the same types, the same BFS results, task by task, with and without the mirror
    lay = Layout(sub_board(rows))
    for use_mirror in {False, lay.symmetric}:
        for depth in (2, 5):
            for task in lay.tasks(depth):
                assert task.run(use_mirror, compiled=True) == task.run(use_mirror, compiled=False)


def test_a_36_move_start_on_rows_j_to_n():
    # the deepest start method A met on rows j-n (a run of every task, docs/t4-question-3.md);
    # its type's BFS from the goals and the plain BFS planner agree on its 36 moves
    from polycnf.encoders.t4.config import parse
    cells = sub_board("jklmn")
    start = parse("c2-c3 d4-d5 e3-e4 j5-j6 l1-l2 n4-n6 s2-s3 t2-t3 u4-u5")
    lay = Layout(cells)
    found = Task(lay, lay.type_of(start)).run(use_mirror=False)       # its type alone
    assert found["hardest_moves"] == 36 and found["types"] == 1
    assert len(shortest_plan(Game("slide", cells), start).plan) == 36


def test_a_37_move_start_on_the_full_board():
    # met by method A in task l2.g2.q2.f2.r3.e0.s2.d0 (docs/t4-question-3.md), deeper than the
    # 28 moves of instances/t4-starts.csv; the plain BFS planner agrees on its 37 moves
    from polycnf.encoders.t4.config import parse
    start = parse("b2-b3 c2-c3 f1-f2 g3-g4 i4-i5 l1-l2 n4-n5 q3-q4 r4-r6 s3-s4 t2-t3 u3-u4")
    lay = Layout(BOARD.cells)
    found = Task(lay, lay.type_of(start)).run(use_mirror=False)       # its type alone
    assert found["hardest_moves"] == 37 and sorted(start) == found["hardest"]
    assert len(shortest_plan(Game(), start).plan) == 37


def test_types_equal_the_bdd_fixpoint_on_rows_j_to_l():
    cells = sub_board("jkl")
    assert count_by_types(cells)["solvable"] == count_by_bdd(cells)["solvable"]     # 4,239


@pytest.mark.slow
def test_types_equal_the_bdd_fixpoint_on_rows_j_to_m():
    # 78,741 by the BFS and the BDD in test_t4_solvable.py
    assert count_by_types(sub_board("jklm"))["solvable"] == count_by_bdd(sub_board("jklm"))["solvable"]


def test_the_mirror_halves_the_work_and_keeps_the_count():
    cells = sub_board("klmn")
    assert not Layout(cells).symmetric
    with pytest.raises(ValueError):
        count_by_types(cells, use_mirror=True)
    for rows in ("klm", "jln"):                   # rows j, l, n: grooves with gaps
        cells = sub_board(rows)
        assert Layout(cells).symmetric
        full, half = count_by_types(cells, use_mirror=False), count_by_types(cells, use_mirror=True)
        assert full["solvable"] == half["solvable"] == count_by_search(cells)["solvable"]   # 169, 576
        assert half["solvable_states"] < full["solvable_states"]


def test_the_mirror_maps_types_and_solvability():
    lay, rng = Layout(BOARD.cells), random.Random(3)
    jkl = Layout(sub_board("jkl"))
    for _ in range(40):
        config = random_configuration(rng, rng.uniform(0.2, 0.5))
        image = frozenset(map(mirror, config))
        assert lay.type_of(image) == lay.mirror_type(lay.type_of(config))
        assert lay.solvable(image) == lay.solvable(config)
        small = frozenset(p for p in config if set(BOARD.piece_cells(p)) <= set(jkl.cells))
        # deciding one start by its type agrees with the plain BFS planner
        assert jkl.solvable(small) == (shortest_plan(Game("slide", jkl.cells), small).plan is not None)


def test_moves_keep_the_length_sequences():
    # the invariant method A rests on: every move of every random configuration keeps the type
    lay, game, rng = Layout(BOARD.cells), Game(), random.Random(1)
    moves = 0
    for _ in range(60):
        config = random_configuration(rng, rng.uniform(0.1, 0.6))
        for _, after in game.neighbours(config):
            assert lay.type_of(after) == lay.type_of(config)
            moves += 1
    assert moves > 300


def test_tasks_split_the_count_and_have_stable_ids():
    cells = sub_board("jkl")
    whole = count_by_types(cells, depth=1)
    assert whole["tasks"] == 1
    for depth in (3, 6, 20):
        split = count_by_types(cells, depth=depth)
        assert split["solvable"] == whole["solvable"] and split["types"] == whole["types"]
    tasks = Layout(cells).tasks(6)
    assert len({t.id for t in tasks}) == len(tasks) > 1
    assert [t.digest for t in tasks] == [t.digest for t in Layout(cells).tasks(6)]
    assert tasks[0].digest != Layout(sub_board("jklm")).tasks(6)[0].digest


def test_the_ledger_resumes(tmp_path):
    cells, path = sub_board("jkl"), tmp_path / "ledger.csv"
    first = run_ledger(cells, path, depth=6, limit=3)
    assert first["done"] == 3 < first["tasks"]
    second = run_ledger(cells, path, depth=6)
    assert second["done"] == second["tasks"]
    assert second["solvable"] == count_by_search(cells)["solvable"]           # 4,239
    rows = read_ledger(path)
    assert len(rows) == second["tasks"]
    again = run_ledger(cells, path, depth=6)                                   # nothing left to run
    assert again["done"] == second["done"] and again["solvable"] == second["solvable"]
    assert len(path.read_text().splitlines()) == second["tasks"] + 1


@pytest.mark.parametrize("rows", ["klm", "jkl"])
def test_the_start_numbering_is_a_bijection(rows):
    # uniform numbers give uniform starts: unrank hits every start exactly once
    cells = sub_board(rows)
    space, expected = Starts(cells), starts_on(cells)
    assert space.count() == len(expected)                                     # 6,425, 12,874
    assert {space.unrank(i) for i in range(space.count())} == expected


def test_the_full_board_has_the_published_number_of_starts():
    # 375,873,151,406: the upper bound of question 3 (README), by the frontier DP there
    from polycnf.encoders.t4 import L12, T4Instance
    others = [p for p in BOARD.pieces if p.groove == "l" and p != L12]
    assert Starts(BOARD.cells).count() == T4Instance("u", required=[L12], forbidden=others).direct_count()


def test_the_estimate_brackets_the_exact_count():
    cells = sub_board("jkl")
    exact = count_by_search(cells)["solvable"]                                 # 4,239
    found = estimate(cells, 3000, seed=5)
    assert found["starts"] == 12_874 and found["samples"] == 3000
    # a loose bound: 4 standard errors either way (the 95% interval is about 2)
    p = exact / found["starts"]
    sigma = (p * (1 - p) / 3000) ** 0.5 * found["starts"]
    assert abs(found["estimate"] - exact) < 4 * sigma
    assert found["low"] < found["estimate"] < found["high"]
    assert estimate(cells, 3000, seed=5) == found                             # seeded: reproducible


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-12
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.slow
def test_rows_j_to_n_with_and_without_the_mirror_and_by_estimate():
    # beyond the BFS and the BDD: 20,002,530 (docs/t4-question-3.md) with the mirror and
    # without it, and a Monte Carlo estimate of the same board within 4 standard errors
    cells = sub_board("jklmn")
    half = count_by_types(cells, depth=10)
    full = count_by_types(cells, use_mirror=False, depth=10)
    assert half["solvable"] == full["solvable"] and half["hardest_moves"] == full["hardest_moves"]
    assert half["solvable_states"] < full["solvable_states"]
    found = estimate(cells, 20_000, seed=1)
    p = half["solvable"] / found["starts"]
    assert abs(found["estimate"] - half["solvable"]) < 4 * (p * (1 - p) / 20_000) ** 0.5 * found["starts"]
