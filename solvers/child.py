"""Run a function in a child process, so that it can be timed out and killed.

Native counters (Ganak, pyeda's BDD package) cannot be interrupted from
Python; a forked child can.
"""

from __future__ import annotations

import multiprocessing
import time


def _child(conn, func, args):
    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)              # native counters print progress on stdout: keep ours clean
    try:
        conn.send(("ok", func(*args)))
    except Exception as e:           # report, never hang the parent
        conn.send(("error", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


def run_limited(func, args, time_limit: float | None = None, progress=None, what: str = "child"):
    """Return func(*args) computed in a forked child.

    `progress`, if given, is called about once a second with the seconds
    elapsed.  Raises TimeoutError after `time_limit` seconds and
    RuntimeError if the child fails.
    """
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, func, args), daemon=True)
    start = time.monotonic()
    proc.start()
    child.close()
    try:
        while not parent.poll(1.0 if progress else 0.05):
            elapsed = time.monotonic() - start
            if progress:
                progress(elapsed)
            if time_limit is not None and elapsed > time_limit:
                raise TimeoutError(f"{what} did not finish in {time_limit:g} s")
            if not proc.is_alive() and not parent.poll():
                raise RuntimeError(f"{what} stopped without an answer (exit code {proc.exitcode})")
        status, value = parent.recv()
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
    if status != "ok":
        raise RuntimeError(f"{what} failed: {value}")
    return value
