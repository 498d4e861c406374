"""Cube producers: a count split into independent, labelled `Cube`s.

Every producer keeps the count exact: the weighted cube counts add up to the
count the same method would give in one piece.  Splits, by method:
  * every method: the instance's symmetry cases (`Instance.cases`);
  * dlx: a case's exact cover split on the options of the primary item with
    fewest options (as DLX chooses), recursively;
  * ganak: a case's CNF split on the values of a few shown variables
    (cube-and-conquer; the count is projected on the show set, so fixing shown
    variables partitions it);
  * direct: the family's own split (`instance.cubes`: the packing DP's placement
    orbits for square-cell tilings, the Palago enumerator's first depths, t4's
    frontier DP split on the pieces over one cell);
  * a further counter of the instance (`Instance.other_counters`): its own
    split, else one cube.
Splitting stops once there are `TARGET_CUBES` cubes (or nothing is left to
split), independently of the number of workers, so labels are stable and
`--cube LABEL` finds the same cube again.  A count on this machine's cores
may ask first whether the dlx split is worth its cost (`whole_below`): a
search estimated to be small keeps each case whole.
"""

from __future__ import annotations

from functools import partial

from polycnf.encoders.core.cubes import Cube
from polycnf.encoders.core.errors import InputError

from .options import Options

TARGET_CUBES = 64      # enough for a few dozen workers to stay busy
#: 2**2 cubes per case: a Ganak cube costs nearly as much as the whole formula
#: (t4-full: 16 cubes of ~0.8 s against 1 s whole)
MAX_CNF_SPLIT = 2
#: xcover's pace here, in rows hidden per CPU second: the 6x10's search hides
#: 6.4e7 rows (Knuth's estimate from 40,000 probes) in 1.55 s
ROWS_HIDDEN_PER_SECOND = 4e7
#: that estimate's random paths, over at most SAMPLE_CASES cases: about 30 ms
#: on the 6x10 and the 3x20, whose counts take 2 s and 0.5 s
PROBES, SAMPLE_CASES = 128, 8


# -- the producers ----------------------------------------------------------------
def cubes_for(instance, method: str, unique: bool = False, options: Options = Options(),
              target: int = TARGET_CUBES, whole_below: float | None = None) -> list[Cube]:
    """The count of `instance` by `method` (already resolved, not 'auto') as cubes.

    With `whole_below` (CPU seconds), a dlx count whose search looks cheaper
    than that (`dlx_seconds`) is not split below its cases: splitting the 6x10
    into 128 cubes costs 0.5 s of its 2 s, worth it only on many cores."""
    if method == "direct":
        return direct_cubes(instance, unique)
    other = instance.other_counters().get(method)
    if other is not None:
        found = other.cubes(unique, options.time_limit) if other.cubes is not None else None
        return found or [Cube(method, partial(other.count, unique, options.time_limit))]
    cases = instance.cases(options.encoding, unique=unique)
    many = len(cases) > 1
    found = []
    per_case = max(1, target // len(cases))     # 1: the cases are cubes enough
    if method == "dlx" and whole_below is not None and dlx_seconds(cases, whole_below) < whole_below:
        per_case = 1
    for i, case in enumerate(cases, 1):
        label = case.label or f"case {i}"
        if many and not case.label:
            label = f"case {i}/{len(cases)}"
        if method == "dlx" and case.cover is not None and case.symmetry is None:
            found += cover_cubes(case, label, per_case)
        elif method == "ganak":
            found += cnf_cubes(case.formula, label, case.weight, per_case, options)
        else:
            found.append(Cube(label, partial(count_case, case, method, options), case.weight))
    return found


def dlx_seconds(cases, enough: float | None = None) -> float:
    """The CPU seconds a dlx count of `cases` should take here, from a cheap
    estimate: Knuth's random probes (solvers/dlx.estimate) of the search
    trees of at most SAMPLE_CASES of the cases, drawn at random, give the
    rows the searches hide, at ROWS_HIDDEN_PER_SECOND.  Seeded, so the same
    count always gets the same answer; rough (heavy-tailed: a few probes
    usually guess low), but a count that needs splitting is far beyond
    (pentomino-8x8 by dlx: ~1.7e11 rows, some 4,000 s).  With `enough`
    (seconds), it stops once the answer is sure to be above that."""
    import random

    from polycnf.solvers import dlx

    covers = [case.cover for case in cases if case.cover is not None]
    if not covers:
        return 0.0
    sample = random.Random(0).sample(covers, min(SAMPLE_CASES, len(covers)))
    probes = PROBES // len(sample)
    scale = len(covers) / len(sample) / ROWS_HIDDEN_PER_SECOND     # rows in a sample -> seconds
    cap = None if enough is None else enough / scale
    rows = 0.0
    for cover in sample:
        rows += dlx.estimate(*cover.option_rows(), probes=probes, enough=None if cap is None else cap - rows)
        if cap is not None and rows > cap:
            break
    return rows * scale


def cover_cubes(case, label: str, target: int) -> list[Cube]:
    """Split an exact cover on the options of its tightest item until `target`."""
    if target <= 1:
        return [Cube(label, partial(count_case, case, "dlx", Options()), case.weight)]
    n_primary, rows = case.cover.option_rows()
    names = [str(k) for k in case.cover.keys]
    parts = [((), n_primary, rows, names)]
    while 0 < len(parts) < target:
        split, progressed = [], False
        for part in parts:
            branches = split_cover(*part)
            progressed |= branches is not None
            split += [part] if branches is None else branches
        if not progressed:
            break
        parts = split
    if len(parts) == 1 and not parts[0][0]:
        return [Cube(label, partial(count_case, case, "dlx", Options()), case.weight)]
    return [Cube(" / ".join((label,) + path), partial(count_rows, n, rows), case.weight)
            for path, n, rows, _ in parts]


def split_cover(path, n_primary, rows, names):
    """One part per option of the primary item with fewest options (None if no
    primary item is left): the chosen option's items removed, the rest renumbered."""
    from polycnf.solvers.dlx import branches

    if n_primary == 0:
        return None
    n_items = 1 + max((i for row in rows for i in row), default=n_primary - 1)
    found = branches(n_primary, rows, max(n_items, n_primary))
    return [(path + ((names[chosen],) if len(found) > 1 else ()), sub_primary, sub_rows,
             [names[r] for r in kept])
            for chosen, kept, (sub_primary, sub_rows, _) in found]


def cnf_cubes(formula, label: str, weight, target: int, options: Options) -> list[Cube]:
    """Cube-and-conquer: one cube per assignment of the k most used shown variables."""
    k = 0
    while 2 ** (k + 1) <= target and k < MAX_CNF_SPLIT:
        k += 1
    shown = formula.show_vars
    uses = {v: 0 for v in shown}
    for clause in formula.clauses:
        for lit in clause:
            if abs(lit) in uses:
                uses[abs(lit)] += 1
    chosen = sorted(shown, key=lambda v: (-uses[v], v))[:k]
    cubes = []
    for bits in range(2 ** len(chosen)):
        units = [v if bits >> j & 1 else -v for j, v in enumerate(chosen)]
        text = " ".join(("" if u > 0 else "-") + str(formula.key(abs(u))) for u in units)
        task = partial(count_cnf, formula.clauses, formula.nvars, shown, units, options.time_limit)
        cubes.append(Cube(f"{label} / {text}" if text else label, task, weight))
    return cubes


def direct_cubes(instance, unique: bool) -> list[Cube]:
    """The family's own counter as cubes: the family's own split where it has
    one (`instance.cubes(unique)`: the packing DP's (X, I) placement orbits for
    square-cell tilings, the Palago enumerator's first depths, t4's frontier DP
    split on the pieces over its first cells), else one cube."""
    found = instance.cubes(unique)
    if found:
        return found
    return [Cube("direct", partial(count_direct, instance, unique))]


def select(cubes: list[Cube], label: str) -> Cube:
    """The cube named `label` (for `--cube`)."""
    for cube in cubes:
        if cube.label == label:
            return cube
    raise InputError(f"no cube labelled '{label}' (see 'polycnf cubes' for the labels)")


# -- the tasks (module-level, so that they pickle) ----------------------------------
def count_case(case, method: str, options: Options) -> int:
    """One symmetry case by one method, as the single-process count does it."""
    from .methods import count_cover, count_formula

    options = options.with_(progress=False)      # bars come from the cube runner
    if method == "dlx":
        return count_cover(case, options)
    return count_formula(method, case.formula, options)


def count_rows(n_primary: int, rows) -> int:
    from polycnf.solvers import dlx
    return dlx.count(n_primary, rows)


def count_cnf(clauses, nvars: int, show, units, time_limit) -> int:
    from polycnf.solvers import ganak

    clauses = list(clauses) + [[u] for u in units]
    return ganak.count(clauses, nvars, show, time_limit)   # in a child: Ctrl-C and SIGTERM are answered at once


def count_direct(instance, unique: bool) -> int:
    n = instance.direct_count(unique=unique)
    if n is None:
        from polycnf.solvers.errors import BackendError
        raise BackendError(f"{instance.name}: the family has no direct counting method")
    return n
