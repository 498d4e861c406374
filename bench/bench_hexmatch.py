"""Hexmatch benchmark: which CNF scheme and which PySAT solver to use.

Part 1: all solutions of the Hexagon Bugs puzzle (encoding included), per
scheme x solver.  Part 2: one solution of generated puzzles of radius 3..8,
per scheme x solver, each run bounded by a wall-clock limit (conf_budget
slices of solve_limited, which every PySAT solver honours).  The direct
scheme is skipped where its pairwise clauses would run into the millions.

    python bench/bench_hexmatch.py [--limit SECONDS] [--labels K] [--radii 3-8] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import time


from pysat.solvers import Solver  # noqa: E402

from polycnf.encoders import hexmatch  # noqa: E402

SOLVERS = ("cadical195", "glucose4", "minisat22")
BUGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "instances", "hexagon-bugs.toml")
DIRECT_CLAUSE_LIMIT = 2_000_000


def solve_all(instance, formula, solver: str, deadline: float) -> int | None:
    """Enumerate all solutions (blocking on the show set), checking each; None on timeout."""
    show = formula.show_vars
    count = 0
    with Solver(name=solver, bootstrap_with=formula.clauses) as s:
        while True:
            answer = solve_bounded(s, deadline)
            if answer is None:
                return None
            if not answer:
                return count
            model = s.get_model()
            instance.check(instance.decode(formula.decode(model)))
            count += 1
            s.add_clause([-v for v in show if model[v - 1] > 0])


def solve_bounded(s, deadline: float):
    while time.monotonic() < deadline:
        s.conf_budget(1000)
        answer = s.solve_limited()
        if answer is not None:
            return answer
    return None


def direct_clause_estimate(instance) -> int:
    per_cell = sum(len(t) for t in instance.orientation_of)
    return len(instance.board.inner_edges) * per_cell * per_cell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per solver run")
    parser.add_argument("--labels", type=int, default=4, help="labels of the generated puzzles")
    parser.add_argument("--radii", default="3-8", help="radii of generated puzzles, e.g. 3-8")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    low, _, high = args.radii.partition("-")
    radii = range(int(low), int(high or low) + 1)

    bugs = hexmatch.load(BUGS)
    print("Hexagon Bugs: all solutions, encoding included (seconds)")
    print(f"{'scheme':<14}{'vars':>8}{'clauses':>9}{'encode':>8}" + "".join(f"{s:>12}" for s in SOLVERS))
    for scheme in hexmatch.SCHEMES:
        start = time.perf_counter()
        formula = bugs.formula(scheme=scheme)
        encode = time.perf_counter() - start
        cells = []
        for solver in SOLVERS:
            t0 = time.perf_counter()
            n = solve_all(bugs, formula, solver, time.monotonic() + args.limit)
            spent = encode + time.perf_counter() - t0
            cells.append(f"{spent:.2f} ({n})" if n is not None else "timeout")
        print(f"{scheme:<14}{formula.nvars:>8}{len(formula.clauses):>9}{encode:>8.2f}"
              + "".join(f"{c:>12}" for c in cells), flush=True)

    print(f"\nGenerated puzzles ('equal' rule, {args.labels} labels, seed {args.seed}): "
          f"one solution, seconds (encode + solve; limit {args.limit:g} s per solve)")
    print(f"{'radius':<7}{'cells':>6}{'scheme':>14}{'clauses':>10}{'encode':>8}"
          + "".join(f"{s:>12}" for s in SOLVERS))
    for radius in radii:
        instance = hexmatch.generate(radius, args.labels, args.seed)
        instance.check(instance.planted)
        for scheme in hexmatch.SCHEMES:
            head = f"{radius:<7}{len(instance.board):>6}{scheme:>14}"
            if scheme == "direct" and direct_clause_estimate(instance) > DIRECT_CLAUSE_LIMIT:
                print(head + f"{'~%.0fM' % (direct_clause_estimate(instance) / 1e6):>10}   skipped", flush=True)
                continue
            start = time.perf_counter()
            formula = instance.formula(scheme=scheme)
            encode = time.perf_counter() - start
            cells = []
            for solver in SOLVERS:
                t0 = time.perf_counter()
                with Solver(name=solver, bootstrap_with=formula.clauses) as s:
                    answer = solve_bounded(s, time.monotonic() + args.limit)
                    if answer:
                        instance.check(instance.decode(formula.decode(s.get_model())))
                spent = time.perf_counter() - t0
                cells.append(f"{encode + spent:.2f}" if answer else "timeout" if answer is None else "UNSAT!")
            print(head + f"{len(formula.clauses):>10}{encode:>8.2f}" + "".join(f"{c:>12}" for c in cells),
                  flush=True)


if __name__ == "__main__":
    main()
