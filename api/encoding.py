"""An instance's CNF as a Formula, and as DIMACS files for other tools.

`write_dimacs` writes the Model Counting Competition format (`c t pmc` and a
`c p show ... 0` line when there are auxiliary variables), a JSON map from
every shown variable to its meaning, and optionally the exact cover in Knuth's
DLX text format: all the files or none.

>>> import polycnf, tempfile, os
>>> f = polycnf.formula("t4-full")
>>> f.nvars, len(f.show_vars)
(91, 91)
>>> with tempfile.TemporaryDirectory() as d:
...     r = polycnf.write_dimacs("tetrahex-7x4", os.path.join(d, "t.cnf"))
...     polycnf.count(r.cnf, method="ganak").count
18
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from polycnf.encoders.core.errors import InputError
from polycnf.encoders.core.outputs import write_files

from .counting import as_instance


def formula(instance, encoding: str | None = None):
    """The whole (raw) problem as a Formula: named variables, clause groups, show set."""
    return as_instance(instance).formula(encoding)


def jsonable(x):
    """Keys and solutions as JSON: tuples become lists, namedtuples dicts."""
    if hasattr(x, "_asdict"):
        return {k: jsonable(v) for k, v in x._asdict().items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k) if not isinstance(k, (str, int)) else k: jsonable(v) for k, v in x.items()}
    return x


@dataclass(frozen=True)
class Written:
    """What `write_dimacs` wrote."""
    exit_code = 0

    instance: str
    cnf: str
    map: str
    dlx: str | None
    variables: int
    clauses: int
    projected: bool

    def as_json(self) -> dict:
        return asdict(self)


def write_dimacs(instance, path: str, *, encoding: str | None = None, map_path: str | None = None,
                 dlx_path: str | None = None, config: str | None = None) -> Written:
    """Write `path` (DIMACS), `map_path` (default PATH.map.json) and, if asked,
    `dlx_path`; on any error none of them is left behind."""
    inst = as_instance(instance, config)
    if not path:
        raise InputError("an output file name is empty")
    map_path = map_path or path + ".map.json"
    write_files([(path, ""), (map_path, ""), (dlx_path, "")], inputs=[inst.source_file], dry_run=True)
    f = inst.formula(encoding)
    text = "\n".join(f.dimacs_lines(inst.dimacs_comments(f.label))) + "\n"
    mapping = {"instance": inst.name, "family": inst.family, "encoding": f.label,
               "cnf": path, "variables": f.nvars, "clauses": len(f.clauses),
               "projected": f.has_auxiliaries,
               "expected": {"raw": inst.expected.raw, "unique": inst.expected.unique,
                            "source": inst.expected.source},
               "show": {str(v): jsonable(f.key(v)) for v in f.show_vars},
               "groups": f.group_sizes()}
    dlx_text = None
    if dlx_path:
        cover = inst.exact_cover()
        if cover is None:
            raise InputError(f"{inst.name}: not an exact-cover problem, no DLX file to write")
        dlx_text = cover.to_dlx_text()
    write_files([(path, text), (map_path, json.dumps(mapping, indent=1) + "\n"), (dlx_path, dlx_text)],
                inputs=[inst.source_file])
    return Written(inst.name, path, map_path, dlx_path, f.nvars, len(f.clauses), f.has_auxiliaries)
