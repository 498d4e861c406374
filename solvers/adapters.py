"""Named solvers for `polycnf check-solver --solver NAME`: each becomes a command.

Debian binaries run as they are (minisat through a small wrapper, since it
writes its answer to a file in its own format).  Solvers that live in Python
modules (PySAT's, d4 from `d4Solver`, Ganak from `pyganak`, ApproxMC from
`pyapproxmc`) run as `python -m polycnf.solvers.adapters NAME FILE`, in a
child process like any external program, so the same time and memory limits
and the same answer parser apply to all of them.  Run as a script, this
module prints the answer in the SAT competition / MCC format.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from .errors import BackendError
from .external import _binary

APPROXMC_EPSILON = 0.8        # pyapproxmc's defaults: within a factor 1 + epsilon ...
APPROXMC_DELTA = 0.2          # ... with probability at least 1 - delta
BINARIES = {"cadical": ["-q"], "picosat": [], "cryptominisat5": ["--verb=0"]}
MODULES = {"d4": "py_d4", "ganak": "pyganak", "approxmc": "pyapproxmc"}


@dataclass
class Adapter:
    name: str
    command: list[str]           # `{}` stands for the file
    epsilon: float | None = None  # an approximate counter's tolerance ...
    delta: float | None = None    # ... which holds with probability at least 1 - delta


def pysat_names() -> list[str]:
    from .sat import solver_names
    return solver_names()


def names() -> list[str]:
    """Every adapter name, installed or not."""
    return [*BINARIES, "minisat", *MODULES, *(f"pysat:{n}" for n in pysat_names())]


def adapter(name: str) -> Adapter:
    """The command for a named solver; BackendError if unknown or not installed."""
    here = [sys.executable, "-m", __name__, name, "{}"]
    if name in BINARIES:
        binary = _binary(name)
        if binary is None:
            raise BackendError(f"solver '{name}' is not installed (Debian package "
                               f"{'cryptominisat' if name == 'cryptominisat5' else name})")
        return Adapter(name, [binary, *BINARIES[name], "{}"])
    if name == "minisat":
        if _binary("minisat") is None:
            raise BackendError("solver 'minisat' is not installed (Debian package minisat)")
        return Adapter(name, here)
    if name in MODULES:
        if importlib.util.find_spec(MODULES[name]) is None:
            raise BackendError(f"solver '{name}' needs the Python module {MODULES[name]} "
                               f"(pip install 'polycnf[solvers]')")
        if name == "approxmc":
            return Adapter(name, here, APPROXMC_EPSILON, APPROXMC_DELTA)
        return Adapter(name, here)
    if name.startswith("pysat:"):
        from .sat import canonical_name
        canonical_name(name[6:])             # unknown names fail here, with the valid ones
        return Adapter(name, here)
    raise BackendError(f"unknown solver '{name}' (choose from: {', '.join(names())})")


def available() -> list[str]:
    found = []
    for name in names():
        try:
            adapter(name)
        except BackendError:
            continue
        found.append(name)
    return found


# -- the adapters' own side: read a DIMACS file, answer in the standard format -----
def read_cnf(path: str):
    """(nvars, clauses, show or None) of a DIMACS file; suite files are well formed."""
    nvars, clauses, show, pending = 0, [], None, []
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if words[0] == "c":
                if words[1:3] == ["p", "show"]:
                    show = (show or []) + [int(w) for w in words[3:] if w != "0"]
                continue
            if words[0] == "p":
                nvars = int(words[2])
                continue
            for w in words:
                lit = int(w)
                if lit:
                    pending.append(lit)
                else:
                    clauses.append(pending)
                    pending = []
    return nvars, clauses, show


def _answer_sat(model) -> None:
    if model is None:
        print("s UNSATISFIABLE")
        return
    print("s SATISFIABLE")
    print("v " + " ".join(map(str, model)) + " 0")


def _answer_count(n: int, approximate: bool = False) -> None:
    print("s SATISFIABLE" if n else "s UNSATISFIABLE")
    print(f"c s {'approx' if approximate else 'exact'} arb int {n}")


def solve_here(name: str, path: str) -> None:
    if name == "minisat":
        with tempfile.TemporaryDirectory(prefix="polycnf-") as tmp:
            result = os.path.join(tmp, "result")
            subprocess.run([_binary("minisat"), "-verb=0", path, result],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            lines = open(result).read().split("\n", 1) if os.path.exists(result) else [""]
        if lines[0].strip() == "UNSAT":
            _answer_sat(None)
        elif lines[0].strip() == "SAT":
            _answer_sat([int(w) for w in lines[1].split() if w != "0"])
        else:
            sys.exit("minisat gave no answer")
        return
    if name == "d4":
        from .d4 import count_file
        sys.stdout.flush()
        n = count_file(path)                       # honours `c p show`
        sys.stdout.flush()
        _answer_count(n)
        return
    nvars, clauses, show = read_cnf(path)
    if name.startswith("pysat:"):
        from pysat.solvers import Solver
        with Solver(name=name[6:], bootstrap_with=clauses) as s:
            _answer_sat(s.get_model() if s.solve() else None)
    elif name == "ganak":
        import pyganak
        counter = pyganak.Counter()
        counter.new_vars(nvars)
        counter.add_clauses(clauses)
        counter.set_sampling_set(show if show is not None else range(1, nvars + 1))
        _answer_count(counter.count())
    elif name == "approxmc":
        import pyapproxmc
        counter = pyapproxmc.Counter(epsilon=APPROXMC_EPSILON, delta=APPROXMC_DELTA)
        counter.add_clauses(clauses)
        cells, hashes = counter.count(show if show is not None else list(range(1, nvars + 1)))
        _answer_count(cells * 2 ** hashes, approximate=True)
    else:
        sys.exit(f"unknown adapter {name}")


if __name__ == "__main__":
    solve_here(sys.argv[1], sys.argv[2])
