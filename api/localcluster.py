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
        _workers_never_see_ctrl_c()
        try:
            with _ctrl_c_held():
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


def _workers_never_see_ctrl_c() -> None:
    """Worker processes start with SIGINT blocked, for good: Ctrl-C in a
    terminal goes to the whole process group, and only polycnf itself should
    answer it (it cancels the cubes and closes the cluster), not each worker
    with a traceback.  The block is set in whichever thread spawns a worker
    (multiprocessing's spawn, Dask's default), just around the spawn: a
    signal mask survives fork and exec, so nothing in this process changes
    and a Ctrl-C is never lost, not even while the cluster starts (ignoring
    SIGINT here meanwhile, so that children inherit SIG_IGN, would lose it).
    Idempotent: respawned workers get the same."""
    import multiprocessing.util as util

    spawn = util.spawnv_passfds
    if getattr(spawn, "blocks_ctrl_c", False):
        return

    def spawn_blocking_ctrl_c(*args, **kwargs):
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return spawn(*args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)

    spawn_blocking_ctrl_c.blocks_ctrl_c = True
    util.spawnv_passfds = spawn_blocking_ctrl_c


@contextlib.contextmanager
def _ctrl_c_held():
    """A Ctrl-C or SIGTERM while the cluster starts is held, and raised as
    KeyboardInterrupt once the start is over (the cluster up and on the stack
    that closes it, or failed because the signal also stopped its workers):
    interrupting the start half-way leaves Dask printing tracebacks."""
    held = []
    hold = lambda signum, frame: held.append(signum)
    try:
        previous = {sig: signal.signal(sig, hold) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:                     # not the main thread
        yield
        return
    try:
        yield
    except Exception:
        if held:
            raise KeyboardInterrupt from None
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if held:
        raise KeyboardInterrupt


def workers(jobs: int | None = 1, scheduler: str | None = None):
    """A context giving the Workers that cubes run on, or None for one process
    (`jobs` 1 and no scheduler); `jobs` None means `default_jobs()`."""
    jobs = jobs or default_jobs()
    if jobs == 1 and scheduler is None:
        return contextlib.nullcontext(None)
    return Workers(jobs, scheduler)
