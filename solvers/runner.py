"""Running one external program on one file, within a time and a memory limit.

The program runs in its own session and process group, so that a timeout
kills it and everything it started; its address space is capped with
RLIMIT_AS (a program that needs more memory fails to allocate, which shows as
a crash).  Output goes to temporary files, never through pipes that could
fill up and block.

It is started by a small launcher (`LAUNCHER`, a fresh `python -S`) that forks
it, reaps it with wait4 and reports its exit status, wall time, CPU time and
peak resident memory.  The launcher is there for the memory: a process forked
from polycnf starts with polycnf's own pages and keeps that high-water mark
through exec, so a solver forked from here would be reported at least as big
as polycnf itself (often far bigger than the solver); forked from the
launcher it starts at the launcher's few MB.  A run that is killed (time limit,
Ctrl-C) is killed with its launcher, so its CPU time and memory are unknown.
The launcher stays unreaped until its group has been swept, so the group id
is never reused while something may still signal it.  Runs on several threads
share a `Group`, which stops them all at once.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass

from .errors import BackendError

FILE_MARK = "{}"
RSS_UNIT = 1 if sys.platform == "darwin" else 1024      # ru_maxrss is in bytes on macOS, KiB elsewhere

#: argv: REPORT_FD MEMORY_BYTES PROGRAM ARGS...; writes "status wall cpu maxrss" on REPORT_FD
LAUNCHER = r"""
import os, resource, sys, time
report, memory, argv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.close(report)
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        os.execvp(argv[0], argv)
    except BaseException as e:
        os.write(2, f"cannot run {argv[0]}: {e}\n".encode(errors="replace"))
    os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.monotonic() - start
os.write(report, f"{status} {wall} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}".encode())
"""


@dataclass
class Run:
    """How one run ended."""
    argv: list[str]
    seconds: float
    returncode: int | None       # None: killed by us at the time limit
    stdout: str
    stderr: str
    timed_out: bool = False
    cpu: float | None = None         # user + system seconds (the program's and its reaped children's)
    memory_mb: float | None = None   # peak resident set size in MB (the largest of those processes)

    @property
    def signalled(self) -> bool:
        return self.returncode is not None and self.returncode < 0


class Group:
    """The programs running for one caller, on any of its threads: `stop()` kills
    them all (an interrupted check leaves nothing running), and a run started
    after it is killed at once."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running: set[int] = set()
        self.stopped = False

    def add(self, pid: int) -> None:
        with self._lock:
            self._running.add(pid)
            if self.stopped:
                _kill(pid)

    def discard(self, pid: int) -> None:
        with self._lock:
            self._running.discard(pid)

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            for pid in self._running:
                _kill(pid)


def command_for(command: list[str], path: str) -> list[str]:
    """The command with `{}` replaced by the file, or the file appended."""
    if any(FILE_MARK in word for word in command):
        return [word.replace(FILE_MARK, path) for word in command]
    return [*command, path]


def _runnable(program: str) -> None:
    """BackendError unless `program` names a program that can be started (as execvp finds it)."""
    path = program if os.sep in program else shutil.which(program)
    if path is None or not os.path.exists(path):
        raise BackendError(f"command not found: {program}")
    if os.path.isdir(path) or not os.access(path, os.X_OK):
        raise BackendError(f"command cannot be run (permission denied): {program}")


def _kill(pid: int) -> None:
    """SIGKILL to the process group `pid` leads (the launcher, the program, what it started)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:          # nothing left in it, or a member that changed its user
        pass


def run(argv: list[str], time_limit: float, memory_mb: int | None = None, group: Group | None = None) -> Run:
    """Run `argv`; BackendError if the program cannot be started at all."""
    if not argv:
        raise BackendError("no command given")
    _runnable(argv[0])
    group = group if group is not None else Group()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        report, writer = os.pipe()
        start = time.monotonic()
        try:
            proc = subprocess.Popen([sys.executable, "-S", "-I", "-c", LAUNCHER, str(writer),
                                     str((memory_mb or 0) * 2 ** 20), *argv],
                                    stdin=subprocess.DEVNULL, stdout=out, stderr=err, pass_fds=(writer,),
                                    start_new_session=True)
        except BaseException:
            os.close(report)
            raise
        finally:
            os.close(writer)
        with open(report, "rb") as reported:
            group.add(proc.pid)
            ended = []

            def wait():        # until the launcher exits; WNOWAIT leaves it unreaped, its group id its own
                os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
                ended.append(time.monotonic())

            waiter = threading.Thread(target=wait, name=f"polycnf-wait-{proc.pid}", daemon=True)
            waiter.start()
            timed_out = True
            try:
                waiter.join(time_limit)
                timed_out = waiter.is_alive()
            finally:               # also on Ctrl-C: nothing outlives the run
                _kill(proc.pid)    # at the time limit; else whatever the program left running
                waiter.join()
                group.discard(proc.pid)
                proc.wait()
            seconds = (ended[0] if ended else time.monotonic()) - start
            words = reported.read().split()
        returncode, cpu, memory = proc.returncode, None, None
        if len(words) == 4 and not timed_out:          # the launcher's report on the program
            status, seconds, cpu, rss = int(words[0]), float(words[1]), float(words[2]), int(words[3])
            returncode, cpu = os.waitstatus_to_exitcode(status), round(cpu, 3)
            memory = round(rss * RSS_UNIT / 2 ** 20, 1)
        out.seek(0)
        err.seek(0)
        return Run(argv, round(seconds, 3), None if timed_out else returncode,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                   timed_out, cpu, memory)
