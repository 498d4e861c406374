"""What instances there are and what one of them is: `polycnf list` and `polycnf show`.

>>> import polycnf
>>> rows = polycnf.instance_list().rows
>>> [(r.instance, r.raw) for r in rows if r.instance == "t4-full"]
[('t4-full', 11071306)]
>>> i = polycnf.info("tetrahex-7x4")
>>> i.family, i.expected["raw"], i.variables > 0
('tiling', 18, True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .counting import as_instance
from .encoding import jsonable


@dataclass(frozen=True)
class InstanceRow:
    """A built-in instance and its trusted counts (None: unknown)."""
    instance: str
    family: str
    description: str
    raw: int | None
    unique: int | None
    source: str


@dataclass(frozen=True)
class InstanceList:
    rows: list
    exit_code = 0

    def as_json(self) -> dict:
        return {"instances": [asdict(r) for r in self.rows]}


def instance_list() -> InstanceList:
    """Every built-in instance with its trusted counts."""
    from polycnf.encoders import catalog

    rows = []
    for name in catalog.builtin_names():
        inst = catalog.load(name)
        rows.append(InstanceRow(name, inst.family, inst.description, inst.expected.raw,
                                inst.expected.unique, inst.expected.source))
    return InstanceList(rows)


@dataclass(frozen=True)
class InstanceInfo:
    """What `polycnf show` prints: the puzzle, its CNF's size by clause group
    (None where the instance has no CNF yet), its trusted counts, a picture."""
    instance: str
    family: str
    description: str
    encoding: str | None
    variables: int | None
    shown_variables: int | None
    clauses: int | None
    groups: dict
    expected: dict
    summary: dict = field(default_factory=dict)
    picture: str = ""
    exit_code = 0

    def as_json(self) -> dict:
        data = asdict(self)
        return {**{k: v for k, v in data.items() if k != "summary"}, **jsonable(self.summary)}


def info(instance, encoding: str | None = None, config: str | None = None) -> InstanceInfo:
    """Describe an instance (built-in name, file, or a name with its `config`
    argument, such as t4-puzzle's configuration)."""
    inst = as_instance(instance, config)
    f = inst.formula(encoding) if inst.has_formula else None
    exp = inst.expected
    return InstanceInfo(
        inst.name, inst.family, inst.description,
        f.label if f else None, f.nvars if f else None, len(f.show_vars) if f else None,
        len(f.clauses) if f else None, f.group_sizes() if f else {},
        {"raw": exp.raw, "unique": exp.unique, "source": exp.source},
        inst.summary(), inst.picture())
