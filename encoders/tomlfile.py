"""Reading instance files: TOML parsed with the standard library, errors as one line.

The raw text comes back with the data so that families can point their error
messages at the line of the offending key.
"""

from __future__ import annotations

import os
import tomllib

from .errors import InputError, not_utf8


def read_text(path) -> str:
    """The UTF-8 text of a file, or an InputError naming the file (and the line of
    the first byte that is not UTF-8)."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
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
