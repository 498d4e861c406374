"""Whether a count on this machine's cores splits at all: a dlx count whose
search Knuth's estimate (solvers/dlx.estimate) puts below
api/parallel.SPLIT_WORTH seconds keeps its symmetry cases whole, since no
cluster would start for it and the split alone costs time.  The tests check
the decision (how many cubes), never a time, and that counts stay exact."""

from polycnf import api
from polycnf.api import localcluster, parallel
from polycnf.api.cubes import cubes_for, dlx_seconds
from polycnf.encoders import catalog
from polycnf.solvers import dlx


# -- the estimate ---------------------------------------------------------------------
def dominoes(h: int, w: int):
    """Domino tilings of an h x w board as an exact cover: (cells, rows)."""
    cell = lambda r, c: r * w + c
    rows = [[cell(r, c), cell(r, c + 1)] for r in range(h) for c in range(w - 1)]
    rows += [[cell(r, c), cell(r + 1, c)] for r in range(h - 1) for c in range(w)]
    return h * w, rows


def hidden_rows(n_primary: int, rows) -> int:
    """The exact work `estimate` estimates, by walking the whole search tree:
    at each node the primary item with fewest live rows (the lowest-numbered
    among ties), each of its rows chosen in turn, adding up the live rows that
    each choice hides."""
    sets = [set(row) for row in rows]

    def walk(open_items, live):
        if not open_items:
            return 0
        item = min(sorted(open_items), key=lambda i: sum(1 for r in live if i in sets[r]))
        total = 0
        for r in sorted(x for x in live if item in sets[x]):
            hidden = {x for x in live if sets[x] & sets[r]}
            total += len(hidden) + walk(open_items - sets[r], live - hidden)
        return total
    return walk(set(range(n_primary)), set(range(len(rows))))


def test_estimate_is_exact_on_a_uniform_tree():
    """n items, each in k one-item rows: every level j has k**j nodes, each
    hiding the k rows of its item, so every probe is exact."""
    n, k = 5, 3
    rows = [[i] for i in range(n) for _ in range(k)]
    exact = sum(k ** j * k for j in range(1, n + 1))
    assert exact == hidden_rows(n, rows)
    assert dlx.estimate(n, rows, probes=3, seed=7) == exact


def test_estimate_stops_once_it_is_enough():
    """`enough`: the estimate stops once it is sure to exceed that, and says so."""
    n, k = 5, 3
    rows = [[i] for i in range(n) for _ in range(k)]
    exact = sum(k ** j * k for j in range(1, n + 1))
    assert 10 < dlx.estimate(n, rows, probes=3, enough=10) < exact


def test_estimate_is_near_the_walked_tree():
    """Dominoes on 4x5 (95 tilings): the tree is uneven, the mean of many
    probes comes close to the exact work walked in full."""
    n, rows = dominoes(4, 5)
    assert dlx.count(n, rows) == 95      # OEIS A005178, domino tilings of 4 x n: 95 for n = 5
    exact = hidden_rows(n, rows)
    assert abs(dlx.estimate(n, rows, probes=2000) / exact - 1) < 0.1


def test_estimate_of_nothing_to_search():
    assert dlx.estimate(0, [[0]]) == 0.0            # no primary item: one empty solution
    assert dlx.estimate(2, [[0]]) == 0.0            # item 1 in no row: no solution


# -- the decision ---------------------------------------------------------------------
def test_the_6x10_is_not_split_below_its_cases():
    inst = catalog.load("pentomino-6x10")
    cases = inst.cases()
    assert dlx_seconds(cases) < parallel.SPLIT_WORTH
    assert len(cubes_for(inst, "dlx", whole_below=parallel.SPLIT_WORTH)) == len(cases) == 8
    assert len(cubes_for(inst, "dlx")) > len(cases)         # `polycnf cubes` still lists the split


def test_the_8x8_by_dlx_is_still_split():
    inst = catalog.load("pentomino-8x8")
    cases = inst.cases()
    assert dlx_seconds(cases) > 10 * parallel.SPLIT_WORTH
    assert dlx_seconds(cases, parallel.SPLIT_WORTH) > parallel.SPLIT_WORTH      # stopped early, same answer
    assert len(cubes_for(inst, "dlx", whole_below=parallel.SPLIT_WORTH)) > len(cases)


def test_a_small_count_on_two_jobs_runs_its_cases_here(monkeypatch):
    """--jobs 2 on pentomino-8x8-centre: one cube per case, no cluster, the trusted count."""
    seen = []
    run = parallel.run

    def spy(cubes, *args, **kwargs):
        seen.append(len(cubes))
        return run(cubes, *args, **kwargs)

    def no_cluster(self):
        raise AssertionError("a cluster was started for a small count")
    monkeypatch.setattr(parallel, "run", spy)
    monkeypatch.setattr(localcluster.Workers, "client", no_cluster)
    inst = catalog.load("pentomino-8x8-centre")
    assert api.count(inst, "dlx", jobs=2).count == 520 == inst.expected.raw   # instance file: two methods agree
    assert seen == [len(inst.cases())]
    assert api.count("tetrahex-7x4", "dlx", unique=True, jobs=2).count == 9   # Polyform Puzzler (instance file)
