"""polycnf's library API; everything here is also in the `polycnf` namespace.

    load(name_or_path)            an Instance (built-in name, .toml, .dlx or .cnf file)
    builtin_names()               the built-in instance names
    count(inst, method, unique)   an exact CountResult (auto, ganak, d4, enumerate, bdd, dlx, direct)
    cubes_of / count_cube         the count's independent parts, and one of them alone
    solutions(inst, limit)        checked solutions; distinct(inst, sols) counts their classes
    formula(inst) / write_dimacs  the CNF, and DIMACS with its variable map
    validate(inst)                every method side by side

Modules: counting, solving, validation, encoding (the calls above); methods
(one formula or cover by one back end, under counting and cubes); options
(what travels with a call); cubes, parallel, localcluster (counts on Dask).
"""

from polycnf.encoders.catalog import builtin_names, load

from .counting import METHODS, CountResult, count, count_cube, cubes_of
from .encoding import Written, formula, write_dimacs
from .solving import backend_for, distinct, solutions
from .validation import MethodRow, Validation, validate

__all__ = ["load", "builtin_names", "count", "cubes_of", "count_cube", "CountResult", "METHODS",
           "solutions", "distinct", "backend_for", "formula", "write_dimacs", "Written",
           "validate", "Validation", "MethodRow"]
