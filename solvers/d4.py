"""Exact (projected) model counting with d4 (`d4Solver` on PyPI, module py_d4).

An independent second counter beside Ganak.  d4 reads the projection from the
file's `c p show` line, so the clauses go through a temporary DIMACS file.
It runs in a child process (see child.run_limited) to be timed out.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile

from .child import quiet_stdout, run_limited

FIRST_PAGE = 256 * 2 ** 20    # d4 reserves 4 GiB for its cache by default: over most memory limits


def available() -> bool:
    return importlib.util.find_spec("py_d4") is not None


def count_file(path: str) -> int:
    """Count a DIMACS file in this process (honours `c p show`)."""
    import py_d4

    solver = py_d4.Solver(path)
    options = py_d4.dump_options_to_dict(solver.getOptions())
    options["cache"]["bucket"]["sizeFirstPage"] = str(FIRST_PAGE)
    solver.setOptions(py_d4.load_options_from_dict(options))
    return int(solver.count().getIntResult())


def count_in_process(clauses, nvars: int, show) -> int:
    """The projected count; the formulas d4 gets wrong or cannot read are
    answered without it: an empty clause (0), no variables (1), and an empty
    show set (1 if satisfiable, else 0: d4 reads `c p show 0` as no projection)."""
    show = list(show)
    if any(len(c) == 0 for c in clauses):
        return 0
    if nvars == 0:
        return 1
    if not show:
        from .sat import satisfiable
        return int(satisfiable(clauses))
    with tempfile.TemporaryDirectory(prefix="polycnf-d4-") as tmp, quiet_stdout():
        path = os.path.join(tmp, "in.cnf")
        with open(path, "w") as out:
            out.write(f"p cnf {nvars} {len(clauses)}\n")   # d4 needs the header's variable count
            out.write("c p show " + " ".join(map(str, show)) + " 0\n")
            out.writelines(" ".join(map(str, c)) + " 0\n" for c in clauses)
        return count_file(path)


def count(clauses, nvars: int, show, time_limit: float | None = None, progress=None) -> int:
    return run_limited(count_in_process, (clauses, nvars, list(show)), time_limit, progress, "d4")
