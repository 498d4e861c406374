"""What a count or a solve needs besides the instance: one picklable object.

The same `Options` travels from the command line or a Python caller down to
the back ends, and with a cube to a Dask worker, so it holds plain values only.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Options:
    """solver: a PySAT solver name (None: cadical195); time_limit: seconds for
    the whole call (None: none); encoding: cardinality or family encoding (None:
    the family's best); progress: tqdm bars on stderr; deadline: the
    `time.monotonic()` at which the time limit runs out, set by `started()`."""
    solver: str | None = None
    time_limit: float | None = None
    encoding: str | None = None
    progress: bool = False
    deadline: float | None = None

    def __post_init__(self):
        if self.solver not in (None, "dlx"):           # an unknown solver is an error, used or not
            from polycnf.solvers.sat import canonical_name
            canonical_name(self.solver)

    def with_(self, **changes) -> "Options":
        return replace(self, **changes)

    def started(self) -> "Options":
        """These options with the clock running: every back end called with
        them gets only the seconds left of the one time limit."""
        if self.time_limit is None:
            return self
        return replace(self, deadline=time.monotonic() + self.time_limit)

    def seconds_left(self) -> float | None:
        """Seconds a back end may still take (None: no limit); raises
        TimeoutError once the time limit has run out."""
        if self.deadline is None:
            return self.time_limit
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(time_limit_reached(self.time_limit))
        return left


def time_limit_reached(seconds: float) -> str:
    return f"time limit of {seconds:g} s reached"


@contextlib.contextmanager
def alarm(seconds: float | None):
    """Raise TimeoutError in this (main) thread once `seconds` have passed.

    The back ends keep their own limits (native counters run in children that
    are killed; the cube runner watches the clock); the alarm catches the
    Python work in between, such as building a large CNF.  Off the main
    thread, or without a limit, it does nothing.
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    message = time_limit_reached(seconds)

    def ring(signum, frame):
        while frame is not None:                    # never inside an import: it would stay half done
            if frame.f_code.co_filename.startswith("<frozen importlib"):
                signal.setitimer(signal.ITIMER_REAL, 0.05)
                return
            frame = frame.f_back
        raise TimeoutError(message)

    def swallowed(unraisable):
        """The alarm rang inside a C callback (numba's compiler calls back into
        Python), which cannot raise: ring again a moment later, silently."""
        if isinstance(unraisable.exc_value, TimeoutError) and str(unraisable.exc_value) == message:
            signal.setitimer(signal.ITIMER_REAL, 0.05)
        else:
            previous_hook(unraisable)

    previous, previous_hook = signal.signal(signal.SIGALRM, ring), sys.unraisablehook
    sys.unraisablehook = swallowed
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = previous_hook


def progress_bar(options: Options, desc: str, total=None, unit="it"):
    """A tqdm bar on stderr, or a silent one when progress is off (or no terminal)."""
    from tqdm import tqdm
    return tqdm(desc=desc, total=total, unit=unit, file=sys.stderr,
                disable=None if options.progress else True, leave=False)


def note(options: Options, text: str) -> None:
    """A line for the user on stderr, beside the progress bars (when progress is on)."""
    if options.progress:
        from tqdm import tqdm
        try:
            tqdm.write(text, file=sys.stderr)
        except OSError:
            pass


def ticker(options: Options, desc: str):
    """A bar for a count that reports only elapsed seconds, and its callback."""
    bar = progress_bar(options, desc, unit="s")

    def tick(elapsed):
        bar.n = int(elapsed)
        bar.refresh()
    return bar, tick
