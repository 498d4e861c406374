"""Run a function in a child process, so that it can be timed out and killed.

Native counters (Ganak, pyeda's BDD package) cannot be interrupted from
Python; a forked child can.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time


@contextlib.contextmanager
def quiet_stdout():
    """Send what native code writes on file descriptor 1 to /dev/null meanwhile.

    Ganak and d4 print progress lines on stdout from C++, whatever process runs
    them (ours, a forked child, a Dask worker that inherited our stdout); our
    stdout carries only what a command promises (one JSON object under --json).
    """
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


_in_child = False       # True in a child of run_limited: its own children join its process group


def _child(conn, func, args):
    global _in_child
    if not _in_child:
        os.setpgid(0, 0)             # a group of its own: killing it kills what it starts too
    _in_child = True
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)              # the child never writes on our stdout
    try:
        conn.send(("ok", func(*args)))
    except Exception as e:           # report, never hang the parent
        try:
            conn.send(("raise", e))
        except Exception:            # an exception that does not pickle
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
    proc = ctx.Process(target=_child, args=(child, func, args))   # not daemonic: it may fork its own limited child
    start = time.monotonic()
    proc.start()
    if not _in_child:
        try:
            os.setpgid(proc.pid, proc.pid)   # the child does the same: whichever runs first
        except OSError:
            pass
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
        _kill_group(proc)
        proc.join()
    if status == "raise" and _is_verdict(value):
        raise value
    if status != "ok":
        text = f"{type(value).__name__}: {value}" if status == "raise" else value
        raise RuntimeError(f"{what} failed: {text}")
    return value


def _kill_group(proc) -> None:
    """Kill the child and every process it started (its own counters' children):
    none may outlive the call."""
    if not _in_child:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
            return
        except (ProcessLookupError, PermissionError):
            pass
    if proc.is_alive():
        proc.kill()


def _is_verdict(error: BaseException) -> bool:
    """A time limit, or polycnf's own one-line errors (bad input, a back end
    that cannot take the problem): raised in the parent as they are."""
    return isinstance(error, TimeoutError) or type(error).__module__.startswith("polycnf.")
