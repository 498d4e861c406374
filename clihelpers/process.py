"""How a command ends whatever happens: SIGTERM taken as Ctrl-C, output that
cannot be written, and the exit code of each kind of ending."""

from __future__ import annotations

import contextlib
import os
import signal
import sys


_commanding = False      # inside terminate_as_interrupt: forked children get plain signals


def _plain_signals_in_child() -> None:
    """A child forked by a command (a killable counter) dies at SIGTERM, as the
    parent expects when it stops it, and leaves Ctrl-C to the parent, which
    kills it: neither prints a traceback of its own."""
    if _commanding:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)


os.register_at_fork(after_in_child=_plain_signals_in_child)


@contextlib.contextmanager
def terminate_as_interrupt():
    """SIGTERM raises KeyboardInterrupt meanwhile, so that `kill` ends a
    command as Ctrl-C does: a marked partial result, workers stopped, no
    traceback."""
    global _commanding

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:                       # not the main thread: leave signals alone
        yield
        return
    _commanding = True
    try:
        yield
    finally:
        _commanding = False
        signal.signal(signal.SIGTERM, previous)


def silence_stdout() -> None:
    """After a failed write on stdout, point it at /dev/null so that the
    interpreter's last flush does not fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
