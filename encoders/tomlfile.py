"""Reading instance files: TOML parsed with the standard library, errors as one line.

The raw text comes back with the data so that families can point their error
messages at the line of the offending key.
"""

from __future__ import annotations

import os
import tomllib

from .errors import InputError


def read_toml(path) -> tuple[dict, str]:
    """(parsed data, raw text) of a TOML file, or an InputError naming the file."""
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{path}: invalid TOML: {e}") from None
