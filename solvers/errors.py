"""Errors a back end reports about how it was asked (unknown solver, ...)."""


class BackendError(Exception):
    """The CLI prints it as one line and exits 2."""
