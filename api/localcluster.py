"""Where cubes run: nowhere special (`--jobs 1`), a Dask LocalCluster of N
worker processes, or an existing Dask scheduler (`--scheduler ADDRESS`)."""

from __future__ import annotations

import contextlib
import logging
import os

from polycnf.solvers.errors import BackendError

JOBS_VARIABLE = "POLYCNF_JOBS"


def default_jobs() -> int:
    """$POLYCNF_JOBS if set, else the machine's cores."""
    text = os.environ.get(JOBS_VARIABLE)
    if text:
        try:
            n = int(text)
        except ValueError:
            n = 0
        if n < 1:
            raise BackendError(f"{JOBS_VARIABLE}={text!r} is not a positive whole number")
        return n
    return os.cpu_count() or 1


@contextlib.contextmanager
def client(jobs: int | None = None, scheduler: str | None = None):
    """A dask.distributed Client, or None when cubes should run in this process.

    Workers are single-threaded processes (the counters hold the GIL) and not
    daemonic, so that a counter may fork its own time-limited child.
    """
    if scheduler is None and (jobs or default_jobs()) == 1:
        yield None
        return
    import dask
    from distributed import Client, LocalCluster

    with dask.config.set({"distributed.worker.daemon": False,
                          "distributed.admin.tick.limit": "1h"}):
        if scheduler is not None:
            try:
                c = Client(scheduler, timeout="10s")
            except OSError as e:
                raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
            with c:
                yield c
            return
        cluster = LocalCluster(n_workers=jobs or default_jobs(), threads_per_worker=1, processes=True,
                               dashboard_address=None, memory_limit=0, silence_logs=logging.ERROR)
        with cluster, Client(cluster) as c:
            yield c
