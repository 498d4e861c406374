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
    orbits for square-cell tilings, the Palago enumerator's first depths); on t4
    the frontier DP split on the pieces over one cell.
Splitting stops once there are `TARGET_CUBES` cubes (or nothing is left to
split), independently of the number of workers, so labels are stable and
`--cube LABEL` finds the same cube again.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from polycnf.encoders.cubes import Cube
from polycnf.encoders.errors import InputError

from .options import Options

TARGET_CUBES = 64      # enough for a few dozen workers to stay busy
MAX_CNF_SPLIT = 2      # 2**2 cubes per case: ganak cubes cost nearly as much as the whole (t4-full: 16 cubes of ~0.8 s against 1 s whole)


# -- the producers ----------------------------------------------------------------
def cubes_for(instance, method: str, unique: bool = False, options: Options = Options(),
              target: int = TARGET_CUBES) -> list[Cube]:
    """The count of `instance` by `method` (already resolved, not 'auto') as cubes."""
    if method == "direct":
        return direct_cubes(instance, unique, target)
    cases = instance.cases(options.encoding, unique=unique)
    many = len(cases) > 1
    found = []
    per_case = max(1, target // len(cases))     # 1: the cases are cubes enough
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


def cover_cubes(case, label: str, target: int) -> list[Cube]:
    """Split an exact cover on the options of its tightest item until `target`."""
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


def direct_cubes(instance, unique: bool, target: int) -> list[Cube]:
    """The family's own counter as cubes: the family's own split where it has one
    (`instance.cubes(unique)`: the packing DP's (X, I) placement orbits of
    encoders/packing_cubes.py for square-cell tilings, the Palago enumerator's
    first depths), else t4's frontier DP split on the pieces over one cell, else
    one cube."""
    from polycnf.encoders.t4 import BOARD, T4Instance

    found = instance.cubes(unique)
    if found:
        return found
    if unique or not isinstance(instance, T4Instance):
        return [Cube("direct", partial(count_direct, instance, unique))]
    cells = instance.cells
    pieces = [BOARD.piece_cells(p) for p in instance.placements]
    names = [str(p) for p in instance.placements]
    required = [BOARD.piece_cells(p) for p in instance.required]
    parts = [((), required)]
    free = [c for c in cells if not any(c in r for r in required)]
    for cell in free:
        if len(parts) >= target:
            break
        split = []
        for path, req in parts:
            if any(cell in r for r in req):
                split.append((path, req))
                continue
            split += [(path + (names[j],), req + [pieces[j]]) for j, p in enumerate(pieces)
                      if cell in p and not any(set(p) & set(r) for r in req)]
            if not instance.full:
                split.append((path + (f"{cell} empty",), req + [[cell]]))
        parts = split
    return [Cube(" / ".join(path) or "direct",
                 partial(count_frontier, cells, pieces, req, instance.full)) for path, req in parts]


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
    if time_limit is None:       # no child process needed (a Dask worker may be daemonic)
        return ganak.count_in_process(clauses, nvars, show)
    return ganak.count(clauses, nvars, show, time_limit)


def count_frontier(cells, pieces, required, full: bool) -> int:
    """t4 frontier DP; a one-cell 'required piece' marks that cell empty."""
    from polycnf.encoders.t4 import count_by_frontier

    empty = {r[0] for r in required if len(r) == 1}
    if empty:
        if full:
            return 0
        cells_kept = cells          # the cell stays, but no piece may cover it
        pieces = [p for p in pieces if not empty & set(p)]
        required = [r for r in required if len(r) != 1]
        return count_by_frontier(cells_kept, pieces, required, full)
    return count_by_frontier(cells, pieces, required, full)


def count_direct(instance, unique: bool) -> int:
    n = instance.direct_count(unique=unique)
    if n is None:
        from polycnf.solvers.errors import BackendError
        raise BackendError(f"{instance.name}: the family has no direct counting method")
    return n


def weights_note(cubes: list[Cube]) -> str:
    """How the weights combine, for `polycnf cubes`."""
    w = {c.weight for c in cubes}
    return "all weight 1" if w == {1} else "weights " + ", ".join(sorted(str(Fraction(x)) for x in w))
