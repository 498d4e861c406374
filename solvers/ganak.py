"""Exact model counting with the embedded Ganak counter (pyganak).

The count is always projected on the show set: without it, auxiliary
variables that an encoding leaves free would inflate the count.  Ganak cannot
be interrupted, so it runs in a child process that we can time out and kill.
"""

from __future__ import annotations

from .child import quiet_stdout, run_limited


def count_in_process(clauses, nvars: int, show) -> int:
    """Count in this process (no time limit, no way to stop it); Ganak's
    progress lines never reach our stdout."""
    import pyganak

    with quiet_stdout():
        counter = pyganak.Counter()
        counter.new_vars(nvars)          # variables in no clause still count
        counter.add_clauses(clauses)
        counter.set_sampling_set(list(show))
        return counter.count()


def count(clauses, nvars: int, show, time_limit: float | None = None, progress=None) -> int:
    """Projected model count as an exact int (see child.run_limited for the options)."""
    return run_limited(count_in_process, (clauses, nvars, list(show)), time_limit, progress, "ganak")
