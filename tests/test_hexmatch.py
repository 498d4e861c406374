"""Hexagon edge matching: Toysmith Hexagon Bugs (card data from ChosenGambit/HexagonPuzzleSolver,
docs/references.md), any card set, the generator."""

import os
import time
import tomllib
import xml.etree.ElementTree as ET

import pytest
from pysat.solvers import Solver

from polycnf.encoders.core.cnf import read_dimacs
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.hexmatch import HexBoard, load, from_toml, to_toml, generate
from polycnf.encoders.hexmatch.generate import physical_side

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BUGS = os.path.join(ROOT, "instances", "hexagon-bugs.toml")
DATA = os.path.join(ROOT, "..", "shared", "data", "hexagon-bugs.txt")   # shared/ beside the clone


@pytest.fixture(scope="module")
def bugs():
    return load(BUGS)


def enumerate_cnf(instance, scheme=None, encoding=None, solver="cadical195"):
    """All solutions by PySAT, blocking on the show set."""
    formula = instance.formula(encoding=encoding, scheme=scheme)
    show, found = formula.show_vars, []
    with Solver(name=solver, bootstrap_with=formula.clauses) as s:
        while s.solve():
            model = s.get_model()
            found.append(instance.decode(formula.decode(model)))
            s.add_clause([-v for v in show if model[v - 1] > 0])
    return found


@pytest.fixture(scope="module")
def bugs_solutions(bugs):
    return enumerate_cnf(bugs)


# -- board geometry -------------------------------------------------------------

def test_bugs_board_in_axial_coordinates(bugs):
    board = bugs.board
    expected = [(0, -2), (1, -2), (2, -2), (-1, -1), (0, -1), (1, -1), (2, -1),
                (-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0), (-2, 1), (-1, 1), (0, 1), (1, 1),
                (-2, 2), (-1, 2), (0, 2)]
    assert board.cells == expected                      # cells 01..19 in reading order
    assert board.cellset == HexBoard.hexagon(2).cellset
    cell = {n: c for c, n in board.number.items()}
    assert sorted(board.number[n] for n in board.neighbours(cell[5])) == [1, 2, 4, 6, 9, 10]
    # the board as the card data numbers it: 05 is right of 04, 10 lower right of 05, 09 lower left, 01 upper left
    assert board.neighbour(cell[4], 1) == cell[5]
    assert board.neighbour(cell[5], 2) == cell[10] and board.neighbour(cell[5], 3) == cell[9]
    assert board.neighbour(cell[5], 5) == cell[1] and board.neighbour(cell[5], 0) == cell[2]
    assert bugs.picture().splitlines()[0].split() == ["01", "02", "03"]


def test_board_symmetries_come_from_the_cell_set():
    assert len(HexBoard.hexagon(2).symmetries(False)) == 6
    assert len(HexBoard.hexagon(2).symmetries(True)) == 12
    assert len(HexBoard.from_rows([2, 3, 2]).symmetries(False)) == 6      # radius-1 hexagon
    assert len(HexBoard.from_rows([3, 3]).symmetries(False)) == 2         # turn by 180 only
    assert len(HexBoard.from_rows([1, 2]).symmetries(False)) == 3         # triangle of 3 cells
    assert len(HexBoard([(0, 0), (1, 0), (2, 0), (0, 1)]).symmetries(True)) == 1
    for sym in HexBoard.hexagon(3).symmetries(True):                     # neighbours preserved
        for a, s, b in HexBoard.hexagon(3).inner_edges:
            assert HexBoard.hexagon(3).neighbour(sym.cell_map[a], sym.side_map[s]) == sym.cell_map[b]


# -- the bugs puzzle ------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists(DATA), reason="../shared/data is not beside this checkout")
def test_bugs_file_matches_shared_data(bugs):
    listed = [line.split()[1] for line in open(DATA) if line[:1].isdigit()]
    assert ["".join(card) for card in bugs.cards] == listed       # first side = upper right
    assert bugs.rule.name == "bugs" and not bugs.flip
    assert "ChosenGambit/HexagonPuzzleSolver" in bugs.description


def test_identical_cards(bugs):
    assert bugs.identical_cards() == [[1, 18]]
    assert bugs.summary()["identical cards"] == "1 = 18"


def test_bugs_all_solutions_by_cnf(bugs, bugs_solutions):
    assert len(bugs_solutions) == 12
    for solution in bugs_solutions:
        bugs.check(solution)
    orbits = {}
    for solution in bugs_solutions:
        orbits.setdefault(bugs.canonical(solution), set(bugs.images(solution)))
    assert len(orbits) == 1                                              # distinct solutions
    assert sum(len(images) for images in orbits.values()) == 12          # raw = sum of orbit sizes
    assert bugs.expected.raw == 12 and bugs.expected.unique == 1


def test_bugs_distinct_count_by_plain_search(bugs, bugs_solutions):
    plain = list(bugs.solutions())
    assert {bugs.form(s) for s in plain} == {bugs.form(s) for s in bugs_solutions}
    assert len({bugs.canonical(s) for s in plain}) == 1
    assert all(bugs.canonical(s) == min(bugs.images(s)) for s in plain)
    assert all(bugs.orbit_size(s) == len(set(bugs.images(s))) == 12 for s in plain)
    assert bugs.direct_count(unique=True) == 1


def test_bugs_distinct_by_burnside(bugs, bugs_solutions):
    """Third view: orbits = average number of solutions fixed by the symmetry group
    (6 board turns x 2 orders of the identical cards)."""
    forms = {bugs.form(s) for s in bugs_solutions}
    group_size = len(bugs.images(bugs_solutions[0]))
    assert group_size == 12
    fixed = 0
    for solution in bugs_solutions:
        fixed += sum(1 for image in bugs.images(solution) if image == bugs.form(solution))
    assert fixed % group_size == 0 and fixed // group_size == 1
    assert len(forms) == 12


@pytest.mark.parametrize("scheme", ["direct", "labels-cards"])
def test_other_schemes_agree(bugs, bugs_solutions, scheme):
    assert ({bugs.form(s) for s in enumerate_cnf(bugs, scheme=scheme)}
            == {bugs.form(s) for s in bugs_solutions})


@pytest.mark.parametrize("encoding", ["pairwise", "ladder"])
def test_cardinality_encoding_is_honoured(bugs, encoding):
    formula = bugs.formula(encoding=encoding)
    assert formula.encoding == encoding
    assert len(enumerate_cnf(bugs, encoding=encoding)) == 12


def test_render_svg_json(bugs, bugs_solutions):
    solution = bugs_solutions[0]
    text = bugs.render(solution)
    rows = text.splitlines()
    assert [len(r.split()) for r in rows] == [3, 4, 5, 4, 3]
    assert rows[0].startswith("  ") and not rows[2].startswith(" ")   # honeycomb offsets
    card, o = solution[bugs.board.cells[4]]
    assert rows[1].split()[1] == f"{card:02d}r{o}"
    assert "\033[" in bugs.render(solution, color=True)
    svg = ET.fromstring(bugs.svg(solution))
    assert len(svg.findall("{http://www.w3.org/2000/svg}polygon")) == 19
    bold = [t.text for t in svg.findall("{http://www.w3.org/2000/svg}text") if t.get("font-weight") == "bold"]
    assert bold and all(t.isupper() for t in bold)
    assert len(bugs.solution_json(solution)) == 19


def test_check_rejects_broken_solutions(bugs, bugs_solutions):
    solution = dict(bugs_solutions[0])
    cell = {n: c for c, n in bugs.board.number.items()}
    turned = dict(solution)
    card, o = turned[cell[10]]
    turned[cell[10]] = (card, (o + 1) % 6)
    with pytest.raises(RuleViolation, match=r"cells \d\d and \d\d do not match"):
        bugs.check(turned)
    swapped = dict(solution)
    swapped[cell[1]], swapped[cell[2]] = solution[cell[2]], solution[cell[1]]
    with pytest.raises(RuleViolation, match="cells 01 and 02 do not match"):
        bugs.check(swapped)
    missing = dict(solution)
    del missing[cell[7]]
    with pytest.raises(RuleViolation, match="cell 07 holds no card"):
        bugs.check(missing)
    twice = dict(solution)
    twice[cell[3]] = solution[cell[4]]
    with pytest.raises(RuleViolation, match=r"card \d+ is used 2 times \(cells 03, 04\)"):
        bugs.check(twice)
    flipped = dict(solution)
    flipped[cell[3]] = (solution[cell[3]][0], 7)
    with pytest.raises(RuleViolation, match="no flipping"):
        bugs.check(flipped)


# -- bad instance files -----------------------------------------------------------

GOOD = open(BUGS).read()


def bad(tmp_path, text):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as info:
        load(path)
    return str(info.value)


def line_of(text, needle):
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_error_card_with_wrong_number_of_sides(tmp_path):
    text = GOOD.replace('"sPKLRb"', '"sPKLR"')
    msg = bad(tmp_path, text)
    assert msg == f"{tmp_path / 'bad.toml'}:{line_of(text, 'sPKLR')}: card 3 ('sPKLR') has 5 sides, not 6"


def test_error_unknown_bug(tmp_path):
    text = GOOD.replace('"SplRkB"', '"SplRkX"')
    msg = bad(tmp_path, text)
    assert msg.startswith(f"{tmp_path / 'bad.toml'}:{line_of(text, 'SplRkX')}: card 5 ('SplRkX'): ")
    assert "unknown bug 'X' (known: P, L, S, B, R, K in either case)" in msg


def test_error_unknown_label_with_declared_labels(tmp_path):
    text = 'rule = "equal"\nlabels = ["a", "b"]\nradius = 0\ncards = [["a", "b", "a", "b", "a", "cc"]]\n'
    msg = bad(tmp_path, text)
    assert msg.endswith(":4: card 1 (['a', 'b', 'a', 'b', 'a', 'cc']): unknown label 'cc' (labels: a, b)")


def test_error_more_cards_than_cells(tmp_path):
    text = GOOD.replace('"SKpLbR",  # 19', '"SKpLbR",  # 19\n    "SKpLbr",')
    msg = bad(tmp_path, text)
    assert msg == f"{tmp_path / 'bad.toml'}:{line_of(text, 'cards = [')}: more cards (20) than cells (19)"


def test_error_fewer_cards_than_cells(tmp_path):
    text = GOOD.replace('    "SKpLbR",  # 19\n', "")
    msg = bad(tmp_path, text)
    assert msg.endswith(f":{line_of(text, 'cards = [')}: fewer cards (18) than cells (19)")


def test_error_unknown_key(tmp_path):
    text = GOOD.replace("flip = false", "flip = false\nmirror = true")
    msg = bad(tmp_path, text)
    assert msg.startswith(f"{tmp_path / 'bad.toml'}:{line_of(text, 'mirror')}: unknown key 'mirror' (allowed: ")
    text = GOOD.replace("unique = 1", "unique = 1\ncount = 1")
    msg = bad(tmp_path, text)
    assert msg.startswith(f"{tmp_path / 'bad.toml'}:{line_of(text, 'count = 1')}: unknown [expected] key 'count'")


def test_error_other_values(tmp_path):
    assert bad(tmp_path, 'rule = "same"\n').endswith(":1: unknown rule 'same' (choose from: bugs, equal)")
    assert "unknown first_side 'top'" in bad(tmp_path, GOOD.replace('"upper-right"', '"top"'))
    assert "invalid TOML" in bad(tmp_path, "cards = [\n")
    msg = bad(tmp_path, GOOD.replace("rows = [3, 4, 5, 4, 3]", "cells = [[0, 0], [0, 0]]"))
    assert "cell [0, 0] is listed twice" in msg


def test_from_toml_accepts_stripped_family_and_cells(bugs):
    data = tomllib.loads(GOOD)
    del data["family"]
    data.pop("rows")
    data["cells"] = [list(c) for c in reversed(bugs.board.cells)]      # any order: numbered by reading order
    again = from_toml(data, "x.toml")
    assert again.board.cells == bugs.board.cells and again.cards == bugs.cards


def test_first_side_is_honoured(bugs):
    data = tomllib.loads(GOOD)
    data["first_side"] = "left"                                     # same cards, listed from the left side
    data["cards"] = [card[4:] + card[:4] for card in data["cards"]]
    assert from_toml(data, "x.toml").cards == bugs.cards


# -- DIMACS round trip ------------------------------------------------------------

def test_dimacs_round_trip(bugs, tmp_path):
    import pyganak
    formula = bugs.formula()
    path = tmp_path / "bugs.cnf"
    formula.write_dimacs(path, bugs.dimacs_comments("seqcounter"))
    nvars, clauses, show, comments = read_dimacs(path)
    assert nvars == formula.nvars and show == formula.show_vars
    count = 0
    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        while s.solve():
            model = s.get_model()
            s.add_clause([-v for v in show if model[v - 1] > 0])
            count += 1
    assert count == 12
    counter = pyganak.Counter()
    counter.add_clauses(clauses)
    counter.set_sampling_set(show)
    assert counter.count() == 12


# -- generated puzzles --------------------------------------------------------------

@pytest.mark.parametrize("radius, labels, rule, flip", [(3, 4, "equal", False), (3, 2, "bugs", True),
                                                        (6, 2, "equal", False)])
def test_generated_puzzle_is_solved_and_checked(radius, labels, rule, flip):
    instance = generate(radius, labels, 11, rule=rule, flip=flip)
    assert len(instance.cards) == len(instance.board) == 3 * radius * (radius + 1) + 1
    instance.check(instance.planted)
    formula = instance.formula()
    with Solver(name="cadical195", bootstrap_with=formula.clauses) as s:
        assert s.solve()
        instance.check(instance.decode(formula.decode(s.get_model())))


def test_generated_puzzle_round_trips_through_toml(tmp_path):
    instance = generate(2, 5, 3, rule="bugs", flip=True)
    path = tmp_path / "g.toml"
    path.write_text(to_toml(instance))
    again = load(path)
    assert again.cards == instance.cards and again.planted == instance.planted
    assert again.flip and again.rule.name == "bugs" and again.labels == instance.labels
    again.check(again.planted)
    assert to_toml(again) == to_toml(instance)
    assert generate(2, 5, 3, rule="bugs", flip=True).cards == instance.cards     # seeded


def test_generated_cards_are_shuffled_and_turned():
    instance = generate(2, 30, 5)
    assert any(o != 0 for _, o in instance.planted.values())
    assert [n for _, (n, _) in sorted(instance.planted.items())] != list(range(1, 20))
    assert physical_side(0, 2) == 2 and physical_side(1, 2) == 1 and physical_side(6, 0) == 5


def sat_intruder(instance, deadline):
    """Intruder search with PySAT: block the planted orbit on the show set."""
    formula = instance.formula()
    with Solver(name="cadical195", bootstrap_with=formula.clauses) as s:
        for image in set(instance.images(instance.planted)):
            s.add_clause([-formula.var(("place", card, cell, o))
                          for cell, (card, o) in zip(instance.board.cells, image)])
        if not s.solve():
            return None
        return instance.decode(formula.decode(s.get_model()))


@pytest.mark.parametrize("radius, labels, search", [(1, 4, None), (2, 12, sat_intruder)])
def test_generated_unique_puzzle_has_one_distinct_solution(radius, labels, search):
    options = {"search": search} if search else {}
    instance = generate(radius, labels, 7, unique=True, time_limit=30, **options)
    solutions = enumerate_cnf(instance)
    for s in solutions:
        instance.check(s)
    assert len({instance.canonical(s) for s in solutions}) == 1 == instance.expected.unique
    assert len(solutions) == instance.expected.raw
    assert instance.canonical(instance.planted) == instance.canonical(solutions[0])


def test_generator_errors():
    with pytest.raises(InputError, match="at most 26 labels"):
        generate(2, 27, 1, rule="bugs")
    same = generate(1, 1, 1, unique=True)             # all cards identical: one orbit of 7! fillings
    assert same.identical_cards() == [[1, 2, 3, 4, 5, 6, 7]] and same.expected.raw == 5040
    start = time.monotonic()
    with pytest.raises(InputError, match="could not make a unique"):
        generate(3, 3, 1, unique=True, time_limit=0.5)
    assert time.monotonic() - start < 5
