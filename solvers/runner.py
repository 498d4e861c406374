"""Running one external program on one file, within a time and a memory limit.

The program runs in its own process group, so that a timeout kills it and
everything it started; its address space is capped with RLIMIT_AS (a program
that needs more memory fails to allocate, which shows as a crash).  Output
goes to temporary files, never through pipes that could fill up and block.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass

from .errors import BackendError

FILE_MARK = "{}"


@dataclass
class Run:
    """How one run ended."""
    argv: list[str]
    seconds: float
    returncode: int | None       # None: killed by us at the time limit
    stdout: str
    stderr: str
    timed_out: bool = False

    @property
    def signalled(self) -> bool:
        return self.returncode is not None and self.returncode < 0


def command_for(command: list[str], path: str) -> list[str]:
    """The command with `{}` replaced by the file, or the file appended."""
    if any(FILE_MARK in word for word in command):
        return [word.replace(FILE_MARK, path) for word in command]
    return [*command, path]


def _limits(memory_mb: int | None):
    def apply():
        os.setsid()
        if memory_mb:
            size = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
    return apply


def run(argv: list[str], time_limit: float, memory_mb: int | None = None) -> Run:
    """Run `argv`; BackendError if the program cannot be started at all."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                    preexec_fn=_limits(memory_mb))
        except FileNotFoundError:
            raise BackendError(f"command not found: {argv[0]}") from None
        except PermissionError:
            raise BackendError(f"command cannot be run (permission denied): {argv[0]}") from None
        timed_out = False
        try:
            proc.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        seconds = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        return Run(argv, round(seconds, 3), None if timed_out else proc.returncode,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                   timed_out)
