"""What a count or a solve needs besides the instance: one picklable object.

The same `Options` travels from the command line or a Python caller down to
the back ends, and with a cube to a Dask worker, so it holds plain values only.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Options:
    """solver: a PySAT solver name (None: cadical195); time_limit: seconds per
    back-end call (None: none); encoding: cardinality or family encoding (None:
    the family's best); progress: tqdm bars on stderr."""
    solver: str | None = None
    time_limit: float | None = None
    encoding: str | None = None
    progress: bool = False

    def with_(self, **changes) -> "Options":
        return replace(self, **changes)


def progress_bar(options: Options, desc: str, total=None, unit="it"):
    """A tqdm bar on stderr, or a silent one when progress is off (or no terminal)."""
    from tqdm import tqdm
    return tqdm(desc=desc, total=total, unit=unit, file=sys.stderr,
                disable=None if options.progress else True, leave=False)


def ticker(options: Options, desc: str):
    """A bar for a count that reports only elapsed seconds, and its callback."""
    bar = progress_bar(options, desc, unit="s")

    def tick(elapsed):
        bar.n = int(elapsed)
        bar.refresh()
    return bar, tick
