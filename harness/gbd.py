"""The Global Benchmark Database's identifier of a DIMACS CNF file (its "GBD hash").

Solver authors look instances up by this identifier in the benchmark
databases they already use (benchmark-database.de), so every suite file
carries it.  It is the MD5 of the file's clause text in a normal form:
comment and header lines left out (a line is dropped from its first
character that is neither a digit, a minus sign nor white space), the
literals written with one space between them, and a final " 0" added when
the last clause is not closed.  `gbd-tools` (PyPI `gbdc`) computes the same;
tests/test_harness.py compares the two.
"""

from __future__ import annotations

import hashlib
import re

_SKIP = re.compile(rb"[^\x00-\x20\d-]")     # a character that starts a comment or header
_TOKEN = re.compile(rb"[\d-]+")


def gbd_hash(path) -> str:
    """The GBD identifier of the CNF file at `path`."""
    md5, last, first = hashlib.md5(), b"0", True
    with open(path, "rb") as f:
        for raw in f:
            for line in raw.split(b"\r"):
                cut = _SKIP.search(line)
                for token in _TOKEN.findall(line[:cut.start()] if cut else line):
                    md5.update(token if first else b" " + token)
                    last, first = token, False
    if last != b"0":
        md5.update(b" 0")
    return md5.hexdigest()
