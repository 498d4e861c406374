"""ExactCover: DLX text in and out, and CNF whose counts equal the DLX counts."""

import pyganak
import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from polycnf.encoders.core.cnf import ENCODINGS
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.encoders.core.exactcover import ExactCover, ExactCoverInstance, load_dlx
from polycnf.solvers import dlx

KNUTH = """\
| Knuth, TAOCP 7.2.2.1: exactly one solution
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""

# Secondary items: x and y may stay uncovered, but never twice.
WITH_SECONDARY = """\
p q r | x y
p x
q x
q y
r
p q
r y
"""

ENCODINGS_TRIED = [e for e in ("pairwise", "seqcounter", "totalizer", "ladder", "bitwise",
                               "cardnetwrk", "sortnetwrk", "mtotalizer") if e in ENCODINGS]


def queens(n):
    cover = ExactCover([f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
                       [f"u{i}" for i in range(2 * n - 1)] + [f"d{i}" for i in range(2 * n - 1)])
    for r in range(n):
        for c in range(n):
            cover.add_option((r, c), [f"r{r}", f"c{c}", f"u{r + c}", f"d{r - c + n - 1}"])
    return cover


def ganak_count(formula):
    counter = pyganak.Counter()
    counter.add_clauses(formula.clauses)
    counter.set_sampling_set(formula.show_vars)
    return counter.count()


def sat_solutions(formula):
    """All solutions by PySAT, blocking on the show set only."""
    cnf = CNF(from_clauses=formula.clauses)
    shown = formula.show_vars
    found = []
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            model = set(solver.get_model())
            found.append(sorted(formula.decode(sorted(model))))
            solver.add_clause([-v if v in model else v for v in shown])
    return found


def dlx_solutions(cover):
    n_primary, rows = cover.option_rows()
    keys = cover.keys
    return sorted(sorted(keys[r] for r in s) for s in dlx.solutions(n_primary, rows, method="python"))


# -- DLX text -----------------------------------------------------------------
def test_knuth_example_parses_and_has_one_solution():
    cover = ExactCover.from_dlx_text(KNUTH)
    assert cover.primary == list("abcdefg") and cover.secondary == []
    assert cover.options[2] == ("a", "d", "g")
    assert dlx_solutions(cover) == [[1, 4, 5]]
    assert sat_solutions(cover.to_formula()) == [[1, 4, 5]]


def test_dlx_text_round_trip():
    for text in (KNUTH, WITH_SECONDARY):
        cover = ExactCover.from_dlx_text(text)
        again = ExactCover.from_dlx_text(cover.to_dlx_text())
        assert (again.primary, again.secondary, again.options) == (cover.primary, cover.secondary, cover.options)


def test_dlx_text_of_non_string_items():
    cover = ExactCover([(0, 0), (0, 1), "piece I"], [], {"h": [(0, 0), (0, 1), "piece I"]})
    assert cover.to_dlx_text().splitlines()[1:] == ["(0,0) (0,1) pieceI", "(0,0) (0,1) pieceI"]


def test_comments_blank_lines_and_secondary_part():
    cover = ExactCover.from_dlx_text("| a comment\n\n  a b |  \n|another\na b\n\n")
    assert cover.primary == ["a", "b"] and cover.secondary == [] and cover.options == {1: ("a", "b")}


@pytest.mark.parametrize("text, message", [
    ("a b\na c\n", "f.dlx:2: unknown item 'c' in option"),
    ("a b\nb\na b a\n", "f.dlx:3: item 'a' appears twice in option"),
    ("| items\na b | c a\n", "f.dlx:2: item 'a' is declared twice"),
    ("a | b | c\n", "f.dlx:1: more than one '|' in the item line"),
    ("| only a comment\n\n", "f.dlx:1: empty first line: expected the item names"),
    ("", "f.dlx:1: empty first line: expected the item names"),
])
def test_parse_errors(text, message):
    with pytest.raises(InputError) as error:
        ExactCover.from_dlx_text(text, "f.dlx")
    assert str(error.value) == message


def test_option_without_primary_item_is_noted_and_never_chosen():
    cover = ExactCover.from_dlx_text("a | s\na\ns\n", "f.dlx")
    assert cover.notes == ["f.dlx:3: option 2 has no primary item, so it is never chosen"]
    assert dlx.count(*cover.option_rows(), method="python") == 1
    assert ganak_count(cover.to_formula()) == 1


# -- CNF ----------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ENCODINGS_TRIED)
def test_formula_counts_equal_dlx_counts(encoding):
    problems = [ExactCover.from_dlx_text(KNUTH), ExactCover.from_dlx_text(WITH_SECONDARY),
                queens(5), queens(6), ExactCover.from_dlx_text("a | s\na\ns\na s\n")]
    for cover in problems:
        formula = cover.to_formula("test", encoding)
        expected = dlx_solutions(cover)
        assert ganak_count(formula) == len(expected)
        assert sorted(sat_solutions(formula)) == expected


def test_formula_shape():
    cover = ExactCover.from_dlx_text(WITH_SECONDARY)
    formula = cover.to_formula("w", "pairwise")
    assert formula.show_vars == [1, 2, 3, 4, 5, 6] and not formula.has_auxiliaries
    assert formula.key(3) == 3
    assert list(formula.group_sizes()) == ["primary items exactly once", "secondary items at most once"]


def test_restrict_drops_options():
    cover = queens(6)
    corner_free = cover.restrict(lambda key: key != (0, 1))
    assert len(corner_free.options) == 35 and corner_free.primary == cover.primary
    assert dlx.count(*corner_free.option_rows(), method="python") == 3        # one of the 4 solutions uses (0, 1)
    assert len(cover.options) == 36


# -- the instance -------------------------------------------------------------
def test_instance_from_file(tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH)
    instance = load_dlx(path)
    assert isinstance(instance, ExactCoverInstance) and instance.family == "exactcover"
    assert instance.name == "knuth" and "TAOCP" in instance.description
    assert instance.exact_cover() is instance.cover
    formula = instance.formula("seqcounter")
    [solution] = [instance.decode(keys) for keys in sat_solutions(formula)]
    assert solution == [1, 4, 5]
    instance.check(solution)
    assert instance.render(solution) == "c e\na d f\nb g"
    with pytest.raises(RuleViolation, match="primary item 'b' is covered 0 times"):
        instance.check([1, 4])
    with pytest.raises(RuleViolation, match="^knuth: primary item 'b' is covered 2 times, not exactly once$"):
        instance.check([1, 4, 5, 3])


def test_secondary_rule_violation():
    instance = ExactCoverInstance("w", ExactCover.from_dlx_text(WITH_SECONDARY))
    for solution in ([1, 3, 4], [4, 5], [5, 6]):
        instance.check(solution)
    assert dlx_solutions(instance.cover) == [[1, 3, 4], [4, 5], [5, 6]]
    with pytest.raises(RuleViolation, match="^w: secondary item 'y' is covered 2 times"):
        instance.check([1, 3, 6])


def test_instance_cases_carry_the_cover():
    instance = ExactCoverInstance("k", ExactCover.from_dlx_text(KNUTH))
    [case] = instance.cases("pairwise")
    assert case.cover is instance.cover and case.weight == 1
    assert sat_solutions(case.formula) == [[1, 4, 5]]
    with pytest.raises(InputError):
        instance.cases(unique=True)
