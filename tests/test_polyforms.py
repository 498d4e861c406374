"""Polyform generation against published counts, aspects, and the named piece sets."""

import pytest

from polycnf.encoders.core import polyforms
from polycnf.encoders.core.grids import get_grid
from polycnf.encoders.core.polyforms import aspects, canonical, draw, fixed, free, one_sided, piece_set

# docs/references.md (OEIS A000105, A000988, A001168, A000228, A000577, A159867, A151539).
COUNTS = {
    ("square", "free"): [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655],
    ("square", "one_sided"): [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189],
    ("square", "fixed"): [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446],
    ("hex", "free"): [1, 1, 3, 7, 22, 82, 333, 1448, 6572, 30490],
    ("triangle", "free"): [1, 1, 1, 3, 4, 12, 24, 66, 160, 448],
    ("segment", "free"): [1, 3, 12, 60, 375, 2613],
    ("segment", "one_sided"): [1, 3, 19, 104, 719, 5123],
}
SLOW = {("hex", "free", 9), ("hex", "free", 10)}  # the only cases over about 3 seconds


def count_cases():
    for (grid, kind), counts in COUNTS.items():
        for n, count in enumerate(counts, start=1):
            marks = [pytest.mark.slow] if (grid, kind, n) in SLOW else []
            yield pytest.param(grid, kind, n, count, id=f"{grid}-{kind}-{n}", marks=marks)


@pytest.mark.parametrize("grid, kind, n, count", list(count_cases()))
def test_published_counts(grid, kind, n, count):
    assert len(getattr(polyforms, kind)(grid, n)) == count


@pytest.mark.parametrize("grid, n", [("square", 6), ("hex", 5), ("triangle", 7), ("segment", 4)])
def test_classes_partition_fixed_forms(grid, n):
    """Aspects of the free forms are exactly the fixed forms; one-sided forms split chiral ones."""
    free_forms, one_sided_forms, fixed_forms = free(grid, n), one_sided(grid, n), fixed(grid, n)
    all_aspects = [a for s in free_forms for a in aspects(grid, s)]
    assert sorted(all_aspects) == fixed_forms
    chiral = [s for s in free_forms if canonical(grid, s, reflections=False) != s
              or len(aspects(grid, s)) != len(aspects(grid, s, reflections=False))]
    assert len(one_sided_forms) == len(free_forms) + len(chiral)
    assert all(canonical(grid, s) in free_forms for s in one_sided_forms)


@pytest.mark.parametrize("grid, n", [("square", 5), ("hex", 4), ("triangle", 6), ("segment", 3)])
def test_generated_shapes_are_canonical_and_connected(grid, n):
    g = get_grid(grid)
    for shape in free(grid, n):
        assert shape == canonical(grid, shape) == g.normalize(shape)
        assert len(set(shape)) == n
        reached, todo = {shape[0]}, [shape[0]]
        while todo:
            for nb in g.neighbours(todo.pop()):
                if nb in shape and nb not in reached:
                    reached.add(nb)
                    todo.append(nb)
        assert len(reached) == n


def test_canonical_is_invariant():
    g = get_grid("hex")
    shape = ((0, 0), (1, 0), (2, 0), (2, 1), (5, -3))  # need not be connected
    for t in g.transforms():
        moved = [g.translate(t(c), (4, -7)) for c in shape]
        assert canonical(g, moved) == canonical(g, shape)
    assert canonical(g, shape, reflections=False) in aspects(g, shape, reflections=False)


def test_pentominoes():
    grid, pieces = piece_set("pentominoes")
    assert grid == "square" and list(pieces) == list("FILNPTUVWXYZ")
    assert sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 5)
    counts = {name: len(aspects(grid, s)) for name, s in pieces.items()}
    assert counts == {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4,
                      "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert sum(counts.values()) == 63
    # the letters, as drawn
    assert draw(grid, pieces) == "\n".join([
        "F     I       L    N    P    T     U     V     W     X     Y    Z",
        " ##   #####   #     #   ##   ###   # #   #     #      #     #   ##",
        "##            #     #   ##    #    ###   #     ##    ###   ##    #",
        " #            #    ##   #     #          ###    ##    #     #    ##",
        "              ##   #                                        #",
    ])


def test_tetrominoes_and_tetrahexes():
    grid, pieces = piece_set("tetrominoes")
    assert grid == "square" and sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 4)
    grid, pieces = piece_set("tetrahexes")
    assert grid == "hex" and list(pieces) == ["I4", "J4", "O4", "P4", "S4", "U4", "Y4"]
    assert sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 4)
    assert {n: len(aspects(grid, s)) for n, s in pieces.items()} == {
        "I4": 3, "J4": 12, "O4": 3, "P4": 12, "S4": 6, "U4": 6, "Y4": 2}
    picture = draw(grid, {"U4": pieces["U4"], "Y4": pieces["Y4"]})
    assert picture == "U4      Y4\n # #    #\n#   #    # #\n        #"


def test_hexiamonds():
    grid, pieces = piece_set("hexiamonds")
    assert grid == "triangle" and len(pieces) == 12
    assert sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 6)
    assert len(aspects(grid, pieces["O6"])) == 1 and len(aspects(grid, pieces["X6"])) == 3
    assert get_grid(grid).render({c: "#" for c in pieces["O6"]}) == "/#\\#/#\\\n\\#/#\\#/"


def test_tritrigs_are_the_free_tritrigs():
    grid, pieces = piece_set("tritrigs")
    assert grid == "segment" and len(pieces) == 12
    assert sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 3)
    # Aspects as listed by Goodger (2015, docs/references.md).
    assert {n: len(aspects(grid, s)) for n, s in pieces.items()} == {
        "C3": 6, "E3": 6, "I3": 3, "J3": 12, "L3": 12, "O3": 2,
        "P3": 12, "S3": 6, "T3": 12, "U3": 12, "Y3": 2, "Z3": 6}
    # One-sided: the chiral ones count twice (19 one-sided tritrigs).
    assert sum(2 if len(aspects(grid, s)) > len(aspects(grid, s, False)) else 1
               for s in pieces.values()) == 19
    picture = draw(grid, {"O3": pieces["O3"], "L3": pieces["L3"]})
    assert picture == "O3     L3\n /\\             /\n/__\\   ________/"


def test_ditrigs():
    grid, pieces = piece_set("ditrigs")
    assert grid == "segment" and list(pieces) == ["I2", "L2", "V2"]
    assert sorted(canonical(grid, s) for s in pieces.values()) == free(grid, 2)
    assert [len(aspects(grid, s)) for s in pieces.values()] == [3, 6, 6]


def test_monominoes_and_bad_names():
    assert piece_set("monominoes:3") == ("square", {f"m{i}": ((0, 0),) for i in (1, 2, 3)})
    with pytest.raises(ValueError, match="must be a whole number from 1 to 10,000"):
        piece_set("monominoes:x")
    choices = r"unknown piece set 'heptominoes' \(choose from: pentominoes.*monominoes:K"
    with pytest.raises(ValueError, match=choices):
        piece_set("heptominoes")


def test_draw_wraps_at_width():
    pictures = draw("square", free("square", 5), width=20)
    assert max(len(line) for line in pictures.split("\n")) <= 20
    assert pictures.count("\n\n") >= 3
    assert draw("square", []) == ""
