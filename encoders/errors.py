"""Errors a user caused: the CLI prints them as one line and exits 2."""


class InputError(Exception):
    """Bad input (instance, file, option): the message names what and where."""


class RuleViolation(Exception):
    """A decoded solution breaks the puzzle's own rules (found by a plain checker)."""
