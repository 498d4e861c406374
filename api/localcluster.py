"""Where cubes run: nowhere special (`--jobs 1`), a Dask LocalCluster of N
worker processes, or an existing Dask scheduler (`--scheduler ADDRESS`)."""

from __future__ import annotations

import contextlib
import logging
import os
import signal

from polycnf.solvers.errors import BackendError

JOBS_VARIABLE = "POLYCNF_JOBS"
CONNECT_TIMEOUT = "10s"     # to reach a scheduler named by --scheduler


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


class Workers:
    """The Dask client cubes run on, started on first use and closed on exit.

    `client()` is None when cubes should run in this process (`jobs` 1 and no
    scheduler).  Workers are single-threaded processes (the counters hold the
    GIL) and not daemonic, so that a counter may fork its time-limited child.
    """

    def __init__(self, jobs: int | None = None, scheduler: str | None = None):
        self.jobs = jobs or default_jobs()
        self.scheduler = scheduler
        self._stack = contextlib.ExitStack()
        self._client = None

    @property
    def local(self) -> bool:
        return self.scheduler is None and self.jobs == 1

    def client(self):
        if self.local or self._client is not None:
            return self._client
        import dask
        from distributed import Client, LocalCluster

        self._stack.enter_context(dask.config.set({"distributed.worker.daemon": False}))
        if self.scheduler is not None:
            try:
                self._client = self._stack.enter_context(Client(self.scheduler, timeout=CONNECT_TIMEOUT))
            except OSError as e:
                raise BackendError(f"cannot reach the Dask scheduler at {self.scheduler}: {e}") from None
            return self._client
        try:
            with _children_ignore_ctrl_c():
                cluster = self._stack.enter_context(LocalCluster(
                    n_workers=self.jobs, threads_per_worker=1, processes=True, dashboard_address=":0",  # any free port
                    memory_limit=0, silence_logs=logging.CRITICAL))
        except (RuntimeError, OSError) as e:    # e.g. a worker killed (or Ctrl-C) while starting
            raise BackendError(f"could not start a local Dask cluster of {self.jobs} workers: {e}") from None
        self._client = self._stack.enter_context(Client(cluster))
        return self._client

    def close(self) -> None:
        self._client = None
        self._stack.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@contextlib.contextmanager
def _children_ignore_ctrl_c():
    """Worker processes started meanwhile ignore SIGINT: Ctrl-C in a terminal
    goes to the whole process group, and only polycnf itself should answer it
    (it cancels the cubes and closes the cluster), not each worker with a
    traceback.  A child inherits the ignored signal across exec."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:                     # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def workers(jobs: int | None = 1, scheduler: str | None = None):
    """A context giving the Workers that cubes run on, or None for one process
    (`jobs` 1 and no scheduler); `jobs` None means `default_jobs()`."""
    jobs = jobs or default_jobs()
    if jobs == 1 and scheduler is None:
        return contextlib.nullcontext(None)
    return Workers(jobs, scheduler)
