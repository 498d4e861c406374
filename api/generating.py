"""Random puzzles with a known answer, written as instance files: `polycnf generate`.

Each family with a generator (the catalog names them) turns its parameters
into files; this module writes them all or none, never over an input.

>>> import polycnf, tempfile, os
>>> with tempfile.TemporaryDirectory() as d:
...     g = polycnf.generate("hexmatch", os.path.join(d, "h.toml"), radius=1, labels=3, seed=2)
...     polycnf.count(g.file, method="direct").count >= 1
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polycnf.encoders.core.errors import InputError
from polycnf.encoders.core.outputs import write_files, write_folder

from .options import Options, alarm, progress_bar


@dataclass(frozen=True)
class Generated:
    """The files written and what the generator says about the puzzle."""
    family: str
    file: str
    cnf: list
    facts: dict = field(default_factory=dict)
    exit_code = 0

    def as_json(self) -> dict:
        return {"family": self.family, "file": self.file, "cnf": self.cnf, **self.facts}


def generate(family: str, output: str, *, cnf: str | None = None, time_limit: float | None = None,
             progress: bool = False, **params) -> Generated:
    """Generate a `family` puzzle into `output` (and its DIMACS into `cnf`:
    a file name, or "" for the family's default names); `params` are the
    family's own (hexmatch: radius, labels, seed, unique, encoding; t4: moves,
    seed, rule)."""
    from polycnf.encoders import catalog

    if not output:
        raise InputError("an output file name is empty")
    generator = catalog.generator(family)
    with alarm(time_limit), progress_bar(Options(progress=progress), f"generate {family}", unit="try") as bar:
        outputs, facts = generator(output, cnf, progress=lambda n=1: bar.update(1), **params)
    if facts.get("folder"):                  # a pack: a new folder of puzzle files
        return _write_folder(family, output, outputs, facts)
    write_files(outputs)
    return Generated(family, output, [path for path, _ in outputs[1:]], facts)


def _write_folder(family: str, folder: str, outputs: list, facts: dict) -> Generated:
    """Write a generator's folder of files: all or none, and no folder left behind if none."""
    write_folder(folder, outputs)
    return Generated(family, folder, [path for path, _ in outputs if path.endswith(".cnf")], facts)
