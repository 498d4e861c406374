"""Reading instance files: TOML parsed with the standard library, errors as one line.

The raw text comes back with the data so that families can point their error
messages at the line of the offending key.
"""

from __future__ import annotations

import os
import tomllib

from .errors import InputError, not_utf8
from .limits import MAX_FILE_BYTES




def shown_path(path) -> str:
    """A path as error messages show it: one line, at most 80 characters."""
    text = " ".join(os.fspath(path).split())
    return text if len(text) <= 80 else text[:77] + "..."


def is_file(path) -> bool:
    """Whether `path` names a regular file (or a device or pipe to read from);
    False, not an error, for names no file can have (too long, NUL bytes)."""
    try:
        return os.path.exists(path) and not os.path.isdir(path)
    except (OSError, ValueError):
        return False


def read_text(path) -> str:
    """The UTF-8 text of a file, or an InputError naming the file (and the line of
    the first byte that is not UTF-8).  Files over MAX_FILE_BYTES are refused."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as e:
        raise InputError(f"{shown_path(path)}: cannot read: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"{shown_path(path)}: larger than {MAX_FILE_BYTES // 2 ** 20} MB, the limit "
                         "for instance files")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(path, data, e) from None


def read_toml(path) -> tuple[dict, str]:
    """(parsed data, raw text) of a TOML file, or an InputError naming the file."""
    path = os.fspath(path)
    text = read_text(path)
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{path}: invalid TOML: {e}") from None
