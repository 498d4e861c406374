"""polycnf's library API; everything here is also in the `polycnf` namespace.

Every call returns a plain result object (a dataclass with `as_json()` and the
`exit_code` the command line ends with), so a program gets what the command
line prints, without parsing text.

    instance_list() / info(inst)      the built-in instances; what one instance is
    load(name_or_path)            an Instance (built-in name, .toml, .dlx or .cnf file)
    count(inst, method, unique)   an exact CountResult (auto, ganak, d4, enumerate, bdd, dlx, direct)
    cubes_of / count_cube         the count's independent parts, and one of them alone
    solve(inst, n)                checked solutions (SolveResult), or a game's shortest plan (PlanResult)
    solutions(inst, limit)        the same solutions one by one; distinct(inst, sols) counts their classes
    formula(inst) / write_dimacs  the CNF, and DIMACS with its variable map
    validate(inst)                every method side by side
    generate(family, output)      a random puzzle with a known answer, as files
    polyforms(grid, n, kind)      counting (and drawing) polyforms
    t4_solvable(rows)             the t4 board's question 3 on a sub-board

Modules: listing, counting, solving, validation, encoding, generating,
polyform_counting, solvable, checking (the calls above); methods (one formula or cover by one
back end, under counting and cubes); options (what travels with a call, time
limits); cubes, parallel, localcluster (counts on Dask).
"""

from polycnf.encoders.catalog import builtin_names, load
from polycnf.encoders.core.errors import InputError, RuleViolation
from polycnf.solvers.errors import BackendError

from .counting import METHODS, CountResult, method_names, CubeCount, CubeList, PartialCount, count, count_cube, cubes_of
from .encoding import Written, formula, write_dimacs
from .generating import Generated, generate
from .listing import InstanceInfo, InstanceList, info, instance_list
from .polyform_counting import PolyformCount, polyforms
from .solvable import SolvableCount, t4_solvable
from .solving import PlanResult, SolveResult, backend_for, distinct, solutions, solve
from .validation import MethodRow, Validation, validate
from .checking import SolverChecked, SuiteWritten, check_solver, suite



#: the errors a call reports as one line: bad input, broken rules, a back end that cannot do it
ERRORS = (InputError, RuleViolation, BackendError)


def version() -> str:
    """The installed polycnf's version (pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("polycnf")
    except PackageNotFoundError:
        return "unknown (not installed)"


__all__ = ["ERRORS", "InputError", "RuleViolation", "BackendError", "version",
           "load", "builtin_names", "instance_list", "info", "InstanceList", "InstanceInfo",
           "count", "cubes_of", "count_cube", "CountResult", "method_names", "PartialCount", "CubeList",
           "CubeCount", "METHODS",
           "solve", "SolveResult", "PlanResult", "solutions", "distinct", "backend_for",
           "formula", "write_dimacs", "Written", "validate", "Validation", "MethodRow",
           "generate", "Generated", "polyforms", "PolyformCount", "t4_solvable", "SolvableCount",
           "suite", "SuiteWritten", "check_solver", "SolverChecked"]
