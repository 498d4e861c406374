"""Question 3 on sub-boards: explicit search and the BDD fixpoint must agree."""

import pytest

from polycnf.encoders.t4 import L12, T4Instance
from polycnf.encoders.t4.moves import Game
from polycnf.encoders.t4.search import shortest_plan
from polycnf.encoders.t4.solvable import count_by_bdd, count_by_search, placements, sub_board


def bounds(rows):
    """(trivially solvable, a piece on l1-l2 and no other in groove l) by the frontier DP."""
    cells = sub_board(rows)
    trivial = T4Instance("t", required=[L12], empty=["l3", "l4", "l5", "l6"], cells=cells)
    others = [p for p in placements(cells) if p.groove == "l" and p != L12]
    upper = T4Instance("u", required=[L12], forbidden=others, cells=cells)
    return trivial.direct_count(), upper.direct_count()


def test_rows_k_to_m_only_trivial_starts_are_solvable():
    # on rows k-m a diagonal piece covering a cell of row l can never leave it,
    # so the answer is the trivially solvable count, from the frontier DP (169)
    by_search, by_bdd = count_by_search(sub_board("klm")), count_by_bdd(sub_board("klm"))
    assert by_search["solvable"] == by_bdd["solvable"] == bounds("klm")[0]
    assert by_search["solvable_states"] == by_bdd["solvable_states"]
    assert by_search["hardest_moves"] == 1


def test_rows_j_to_l_both_methods_agree():
    by_search, by_bdd = count_by_search(sub_board("jkl")), count_by_bdd(sub_board("jkl"))
    assert by_search["solvable"] == by_bdd["solvable"]          # 4,239 by both
    assert by_search["solvable_states"] == by_bdd["solvable_states"]
    low, high = bounds("jkl")
    assert low < by_search["solvable"] < high
    # the deepest start, replayed by a BFS of its own on the same sub-board
    game = Game("slide", sub_board("jkl"))
    assert len(shortest_plan(game, by_search["hardest"]).plan) == by_search["hardest_moves"]
    # the BDD fixpoint grows once per move of the deepest configuration, plus the last check
    assert by_bdd["iterations"] >= by_search["hardest_moves"] + 1


@pytest.mark.slow
def test_rows_j_to_m_both_methods_and_the_mirror_board_agree():
    by_search, by_bdd = count_by_search(sub_board("jklm")), count_by_bdd(sub_board("jklm"))
    assert by_search["solvable"] == by_bdd["solvable"]          # 78,741 by both
    # rows k-n are rows j-m reflected in row l: the same count, by the BDD
    assert count_by_bdd(sub_board("klmn"))["solvable"] == by_bdd["solvable"]


def test_cli_t4_solvable(capsys):
    from polycnf.cli import main
    assert main(["t4-solvable", "--rows", "klm"]) == 0
    out = capsys.readouterr().out
    assert "search: 169 solvable" in out and "bdd: 169 solvable" in out
    assert main(["t4-solvable", "--rows", "ijk"]) == 2
    assert "--rows ijk: give row letters from i-o including l" in capsys.readouterr().err


def test_one_move_clearable_bound_cnf_matches_enumeration_and_is_sufficient():
    from polycnf.encoders.t4.bounds import clearable, count_direct, criterion_formula
    from polycnf.solvers import ganak
    cells = sub_board("jkl")
    f = criterion_formula(cells)
    by_ganak = ganak.count(f.clauses, f.nvars, f.show_vars, 60)
    assert by_ganak == count_direct(cells)                       # 2,924 by both
    search = count_by_search(cells)
    low, _ = bounds("jkl")
    assert low < by_ganak < search["solvable"]
    # sufficient: every clearable start is solvable (BFS on the sub-board)
    game = Game("slide", cells)
    from polycnf.encoders.t4.solvable import configurations
    starts = [c for c in configurations(cells, placements(cells)) if L12 in c
              and not any(p.groove == "l" and p != L12 for p in c)]
    for c in starts:
        if clearable(cells, c):
            assert shortest_plan(game, c).plan is not None
