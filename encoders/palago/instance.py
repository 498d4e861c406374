"""Built-in instances palago-N: the creatures of N tiles, for any N.

Raw counts are creatures up to translation (fixed); `--unique` counts them up
to the tiling's six symmetries (free), the published figures.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import InputError
from ..core.grids.hexagon import HexGrid
from ..core.instance import Case, Expected, Instance
from . import cnf, tiles
from .check import check_creature
from . import direct as enumerator

#: Creatures of n tiles up to rotation and reflection, n = 1..12 (docs/references.md).
PUBLISHED = (0, 0, 1, 0, 1, 1, 2, 2, 9, 13, 37, 81)
SOURCE = ("Peter Kagey, 'Counting creatures on a hexagonal tiling' (Code Golf Stack Exchange, 2019), "
          "from the table of the game's designer Cameron Browne; docs/references.md")
MAX_N = 40
NAME = re.compile(r"palago-(.*)")


class PalagoInstance(Instance):
    family = "palago"
    direct_name = "the enumerator"
    count_method = "direct"
    symmetry_cases = True

    def __init__(self, n: int):
        expected = known_terms().get(n)
        super().__init__(f"palago-{n}", f"Palago creatures of {n} tiles (up to translation)", expected)
        self.n = n

    def formula(self, encoding: str | None = None):
        return cnf.creature_formula(self.n, encoding)

    def cases(self, encoding: str | None = None, unique: bool = False) -> list[Case]:
        if not unique:
            return [Case(self.formula(encoding))]
        return [Case(cnf.fixed_point_formula(self.n, k, encoding), Fraction(1, 6), label=name)
                for k, name in enumerate(cnf.SYMMETRY_NAMES)]

    def direct_count(self, unique: bool = False) -> int:
        fixed, free = enumerator.count(self.n)
        return (free if unique else fixed)[self.n]

    def cubes(self, unique: bool = False) -> list:
        return enumerator.cubes(self.n, unique)

    def decode(self, keys: list) -> dict:
        return {(x, y): t for _, x, y, t in keys}

    def check(self, solution) -> None:
        check_creature(solution, self.n)

    def solution_json(self, solution):
        return [[x, y, t] for (x, y), t in sorted(solution.items())]

    def images(self, solution) -> list:
        return [tiles.normal(img) for img in tiles.symmetries(solution)]

    def symmetry_note(self) -> str:
        return ("distinct up to the tiling's six symmetries: rotations by 120 and 240 degrees and "
                "three reflections (a 60-degree turn swaps the tiles' colours)")

    def render(self, solution, color: bool = False) -> str:
        """Cells labelled by tile type (0, 1, 2), as in the challenge programs' tables."""
        return HexGrid().render({c: str(t) for c, t in solution.items()})

    def svg(self, solution) -> str:
        from .draw import svg
        return svg(solution)

    def svg_sheet(self, solutions) -> str:
        from .draw import sheet
        return sheet(solutions)

    def summary(self) -> dict:
        return {"tiles": self.n, "window cells": len(cnf.window(self.n))}


def known_terms() -> dict[int, Expected]:
    """Terms of instances/sequences/palago.toml (each confirmed by two methods)
    as expected counts; free counts n <= 12 are also published."""
    import tomllib
    from pathlib import Path

    from polycnf import instances
    path = Path(instances.__file__).parent / "sequences" / "palago.toml"
    terms = tomllib.loads(path.read_text())["term"]
    out = {}
    for t in terms:
        source = f"instances/sequences/palago.toml ({' + '.join(t['methods'])} agree)"
        if t["n"] <= len(PUBLISHED):
            if t["free"] != PUBLISHED[t["n"] - 1]:
                raise ValueError(f"{path}: n={t['n']}: free {t['free']} is not the published {PUBLISHED[t['n'] - 1]}")
            source += "; free count: " + SOURCE
        out[t["n"]] = Expected(raw=t["fixed"], unique=t["free"], source=source)
    return out


def from_name(spec: str) -> PalagoInstance | None:
    """palago-N -> its instance; None if `spec` is not a palago name."""
    m = NAME.fullmatch(spec)
    if m is None:
        return None
    digits = m.group(1)
    if not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= MAX_N:
        raise InputError(f"{spec}: the number of tiles must be an integer from 1 to {MAX_N}")
    return PalagoInstance(int(digits))
