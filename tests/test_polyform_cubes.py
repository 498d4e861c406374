"""encoders/core/polyforms/count.py: polyform counts by independent subtrees, against
OEIS figures (docs/references.md) and against polyforms.py's own generator (which
dedupes by a set of seen aspects: an independent second method)."""

import pytest

from polycnf.encoders.core import polyforms
from polycnf.encoders.core.cubes import count_sequentially
from polycnf.encoders.core.polyforms.count import count_polyforms, polyform_cubes

# docs/references.md / OEIS: A000105 (free polyominoes), A001168 (fixed), A000988 (one-sided),
# A000228 (free polyhexes), A000577 (free polyiamonds), A159867 (free polytrigs),
# A151539 (one-sided polytrigs)
PUBLISHED = [
    ("square", "free", 10, 4655), ("square", "one-sided", 9, 2500), ("square", "fixed", 10, 36446),
    ("hex", "free", 7, 333), ("triangle", "free", 10, 448), ("segment", "free", 6, 2613),
    ("segment", "one-sided", 5, 719),
    pytest.param("segment", "free", 8, 143_660, marks=pytest.mark.slow),
    pytest.param("segment", "free", 9, 1_101_860, marks=pytest.mark.slow),
    pytest.param("square", "free", 12, 63_600, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("grid, kind, n, count", PUBLISHED)
def test_published_counts_by_cubes(grid, kind, n, count):
    assert count_sequentially(polyform_cubes(grid, n, kind)) == count


@pytest.mark.parametrize("grid, n", [("square", 7), ("hex", 5), ("triangle", 8), ("segment", 4),
                                     ("quasi-segment", 4)])
@pytest.mark.parametrize("kind", ["free", "one-sided", "fixed"])
def test_agrees_with_the_generator(grid, n, kind):
    generate = {"free": polyforms.free, "one-sided": polyforms.one_sided, "fixed": polyforms.fixed}[kind]
    assert count_polyforms(grid, n, kind, progress=False) == len(generate(grid, n))


@pytest.mark.parametrize("prefix", [1, 3, 6])
def test_any_prefix_depth_gives_the_same_count(prefix):
    cubes = polyform_cubes("segment", 5, "free", prefix=prefix)
    assert len({c.label for c in cubes}) == len(cubes)
    assert count_sequentially(cubes) == 375        # A159867


def test_small_orders():
    assert polyform_cubes("square", 0) == []
    assert count_polyforms("square", 1, progress=False) == 1
    assert count_polyforms("segment", 1, "one-sided", progress=False) == 1
    with pytest.raises(ValueError):
        polyform_cubes("square", 3, "chiral")
