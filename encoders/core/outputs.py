"""Writing a command's output files: all of them or none, never over an input,
never replacing what is not a regular file, with the modes the umask gives.

Regular files (new or old) are written to a temporary file beside their target
and renamed over it once every output has been written, so that a failure
leaves nothing behind and old files as they were.  Devices and pipes
(`/dev/stdout`, `/dev/null`, a FIFO) are written through, since a rename would
replace the device node itself; symbolic links are followed to their target.
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass

from .errors import InputError
from .tomlfile import shown_path

THROUGH_PREFIXES = ("/dev/", "/proc/")    # always written through, never renamed over


@dataclass
class _Output:
    path: str            # as the user gave it (messages)
    target: str          # where the bytes go: the real path, or `path` for devices
    through: bool        # write through an open(), not by rename
    text: str
    mode: int = 0o644
    temp: str | None = None


def write_files(outputs, inputs=(), dry_run: bool = False) -> None:
    """Write each (path, text) of `outputs` (None paths are skipped), or none.

    Refused with one-line InputErrors, before anything is written: an empty
    file name, a folder, the same file named twice, a file among `inputs`.
    With `dry_run`, only these checks run.
    """
    planned = _plan(outputs, [i for i in inputs if i])
    if dry_run:
        return
    try:
        for out in planned:
            if not out.through:
                _write_temp(out)
        for out in planned:
            if out.through:
                _write_through(out)
        for out in planned:
            if not out.through:
                os.replace(out.temp, out.target)
                out.temp = None
    except OSError as e:
        raise InputError(f"{shown_path(out.path)}: cannot write: {e.strerror or e}") from None
    finally:
        for out in planned:
            if out.temp is not None:
                os.unlink(out.temp)


def write_folder(folder, outputs, what: str = "folder") -> None:
    """`write_files` into `folder`, made if missing: all files or none, and a folder made
    here is removed again if writing fails."""
    made = not os.path.isdir(folder)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise InputError(f"{folder}: cannot make the {what}: {e.strerror or e}") from None
    try:
        write_files(outputs)
    except BaseException:
        if made:
            try:
                os.rmdir(folder)
            except OSError:
                pass
        raise


def _plan(outputs, inputs) -> list[_Output]:
    planned = []
    for path, text in outputs:
        if path is None:
            continue
        path = os.fspath(path)
        if path == "":
            raise InputError("an output file name is empty")
        out = _output(path, text)
        for other in planned:
            if _same(other.target, out.target):
                raise InputError(f"{shown_path(path)}: named twice as an output (also as {shown_path(other.path)})")
        for given in inputs:
            if _same(given, out.target):
                raise InputError(f"{shown_path(path)}: is also this command's input; refusing to overwrite it")
        planned.append(out)
    return planned


def _output(path: str, text: str) -> _Output:
    """Where and how `path` is written; an InputError for folders and names
    that cannot be files."""
    try:
        info = os.stat(path)                  # follows symbolic links
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as e:
        raise InputError(f"{shown_path(path)}: cannot write: {getattr(e, 'strerror', None) or e}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise InputError(f"{shown_path(path)}: is a folder, not a file")
    if path.startswith(THROUGH_PREFIXES) or (info is not None and not stat.S_ISREG(info.st_mode)):
        return _Output(path, path, True, text)
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise InputError(f"{shown_path(path)}: cannot write: no such folder {shown_path(folder)}")
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    return _Output(path, target, False, text, mode)


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_temp(out: _Output) -> None:
    fd, out.temp = tempfile.mkstemp(dir=os.path.dirname(out.target), prefix=".polycnf-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(out.text)
    os.chmod(out.temp, out.mode)


def _write_through(out: _Output) -> None:
    with open(out.target, "w", encoding="utf-8") as handle:
        handle.write(out.text)
