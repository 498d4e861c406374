"""Counting with pyeda's binary decision diagrams: a cross-check for small instances.

pyeda's own `satisfy_count` enumerates models, so we count on the BDD's
nodes instead (exact ints, one pass).  Auxiliary variables are quantified
away (`smoothing`) so the count is projected on the show set.  BDDs blow up
on large instances: callers give a time limit, and `auto` keeps to small ones.
"""

from __future__ import annotations

from .child import run_limited


def count_in_process(clauses, nvars: int, show) -> int:
    from pyeda.boolalg.bdd import BDDNODEONE, BDDNODEZERO, bddvar

    variables = [None] + [bddvar("v", i) for i in range(1, nvars + 1)]
    shown = set(show)
    f = _conjoin(clauses, variables, shown)
    order = sorted(variables[v].uniqid for v in shown)
    level = {uid: i for i, uid in enumerate(order)}
    bottom = len(order)
    memo = {}

    def depth(node):
        return bottom if node is BDDNODEONE or node is BDDNODEZERO else level[node.root]

    def paths(node):
        """Models of the sub-diagram over the variables from depth(node) down."""
        if node is BDDNODEZERO:
            return 0
        if node is BDDNODEONE:
            return 1
        if node not in memo:
            d = depth(node)
            memo[node] = sum(paths(child) << (depth(child) - d - 1) for child in (node.lo, node.hi))
        return memo[node]

    return paths(f.node) << depth(f.node)


def _conjoin(clauses, variables, shown):
    """AND of the clauses; each hidden variable is quantified away right after
    its last clause, which keeps the intermediate diagrams small."""
    from pyeda.boolalg.bdd import BDDNODEONE, BDDNODEZERO, _bdd

    clauses = list(clauses)      # in the order given: each constraint's clauses stay together
    last = {}
    for i, clause in enumerate(clauses):
        for lit in clause:
            if abs(lit) not in shown:
                last[abs(lit)] = i
    done_at: dict = {}
    for v, i in last.items():
        done_at.setdefault(i, []).append(variables[v])
    f = _bdd(BDDNODEONE)
    for i, clause in enumerate(clauses):
        if not clause:
            return _bdd(BDDNODEZERO)
        term = _bdd(BDDNODEZERO)
        for lit in clause:
            term = term | (variables[lit] if lit > 0 else ~variables[-lit])
        f = f & term
        if i in done_at:
            f = f.smoothing(done_at[i])
    return f


def count(clauses, nvars: int, show, time_limit: float | None = None, progress=None) -> int:
    """Projected count as an exact int, in a child process with a time limit."""
    return run_limited(count_in_process, (clauses, nvars, list(show)), time_limit, progress, "bdd")
