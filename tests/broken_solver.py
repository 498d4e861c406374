"""A deliberately broken solver for tests/test_harness.py: `broken_solver.py MODE FILE`.

It solves the file for real (PySAT), then lies the way MODE says:
flip (one literal of a correct model flipped), count+1 (a count off by one),
unsat (claims UNSAT always), negative (a count of -4), nomodel (the right
SAT/UNSAT answer, no model), unsat+model (a model under 's UNSATISFIABLE'),
garbage, hang, crash, silent (prints nothing); right tells the truth (the count).
"""

import sys
import time

from pysat.solvers import Solver

from polycnf.solvers.adapters import read_cnf

mode, path = sys.argv[1], sys.argv[2]
if mode == "hang":
    time.sleep(3600)
if mode == "crash":
    raise SystemExit("broken_solver: simulated crash")      # exit code 1, nothing on stdout
if mode == "garbage":
    print("hello, I solved it: maybe")
    sys.exit(0)
if mode == "silent":
    sys.exit(0)
if mode == "unsat":
    print("s UNSATISFIABLE")
    sys.exit(20)
if mode == "negative":
    print("s SATISFIABLE")
    print("c s exact arb int -4")
    sys.exit(10)
nvars, clauses, show = read_cnf(path)
show = show if show is not None else list(range(1, nvars + 1))
with Solver(name="cadical195", bootstrap_with=clauses) as s:
    if mode in ("nomodel", "unsat+model"):
        if not s.solve():
            print("s UNSATISFIABLE")
            sys.exit(20)
        print("s SATISFIABLE" if mode == "nomodel" else "s UNSATISFIABLE")
        if mode == "unsat+model":
            print("v " + " ".join(map(str, s.get_model())) + " 0")
        sys.exit(10)
    if mode == "flip":
        if not s.solve():
            print("s UNSATISFIABLE")
            sys.exit(20)
        model = s.get_model()
        model[show[0] - 1] = -model[show[0] - 1]
        print("s SATISFIABLE")
        print("v " + " ".join(map(str, model)) + " 0")
        sys.exit(10)
    n = 0
    while s.solve():
        n += 1
        model = set(s.get_model())
        s.add_clause([-v if v in model else v for v in show])
    print(f"s mc {n if mode == 'right' else n + 1}")
