"""Errors a user caused: the CLI prints them as one line and exits 2."""


class InputError(Exception):
    """Bad input (instance, file, option): the message names what and where."""


class RuleViolation(Exception):
    """A decoded solution breaks the puzzle's own rules (found by a plain checker)."""


def not_utf8(path, data: bytes, error: UnicodeDecodeError, line: int = 1) -> InputError:
    """The one-line error for bytes that are not UTF-8 in `data`, which starts at
    line `line` of the file: where they are, rather than a codec traceback."""
    line += data.count(b"\n", 0, error.start)
    column = error.start - data.rfind(b"\n", 0, error.start)
    return InputError(f"{path}:{line}: not UTF-8 text (byte 0x{data[error.start]:02x} in column {column})")
