"""External DIMACS solvers (Debian's cadical, minisat, picosat, cryptominisat5).

They let a user check other solvers against polycnf: the model each one
returns is decoded and put through the family's own rule checker.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

from .errors import BackendError

#: binary -> arguments before the input file; minisat writes its model to a file.
SOLVERS = {"cadical": ["-q"], "kissat": ["-q"], "picosat": [], "cryptominisat5": ["--verb=0"],
           "minisat": ["-verb=0"]}


def _binary(name: str) -> str | None:
    """The solver's executable, skipping scripts: pyeda installs a Python
    `picosat` wrapper that renumbers variables and would shadow the real one."""
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        path = shutil.which(name, path=folder)
        if path:
            with open(path, "rb") as f:
                if f.read(2) != b"#!":
                    return path
    return None


def available() -> list[str]:
    return [name for name in SOLVERS if _binary(name)]


def solve(name: str, clauses, nvars: int, time_limit: float | None = None):
    """A satisfying model as a list of literals, or None if UNSAT."""
    if name not in SOLVERS:
        raise BackendError(f"unknown external solver '{name}' (choose from: {', '.join(SOLVERS)})")
    binary = _binary(name)
    if binary is None:
        raise BackendError(f"external solver '{name}' is not installed")
    with tempfile.TemporaryDirectory(prefix="polycnf-") as tmp:
        cnf = os.path.join(tmp, "in.cnf")
        with open(cnf, "w") as out:
            out.write(f"p cnf {nvars} {len(clauses)}\n")
            out.writelines(" ".join(map(str, c)) + " 0\n" for c in clauses)
        result = os.path.join(tmp, "out.txt")
        argv = [binary, *SOLVERS[name], cnf] + ([result] if name == "minisat" else [])
        try:
            run = subprocess.run(argv, capture_output=True, text=True, timeout=time_limit)
        except subprocess.TimeoutExpired:
            raise TimeoutError(f"{name} did not finish in {time_limit:g} s") from None
        if name == "minisat":
            text = open(result).read() if os.path.exists(result) else ""
            lines = text.split("\n", 1)
            if lines[0].strip() == "UNSAT":
                return None
            if lines[0].strip() != "SAT":
                raise BackendError(f"{name} gave no answer (exit code {run.returncode})")
            return _literals(lines[1].split())
        status = [l for l in run.stdout.splitlines() if l.startswith("s ")]
        if status and "UNSATISFIABLE" in status[0]:
            return None
        if not status or status[0].split()[1] != "SATISFIABLE":
            raise BackendError(f"{name} gave no answer (exit code {run.returncode})")
        words = [w for l in run.stdout.splitlines() if l.startswith("v ") for w in l.split()[1:]]
        return _literals(words)


def _literals(words):
    return [int(w) for w in words if w != "0"]
