"""Finding instances: built-in names, shipped files, and user files.

Built-in names are the families' own instances (t4, palago-N for any N) plus every file shipped in
`instances/`, by file stem.  A path to a `.toml`, `.dlx` or `.cnf` file loads
that file; TOML files say their family with `family = "..."` (tiling puzzles
and card sets are recognised without it).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from polycnf import instances as _shipped

from .errors import InputError
from .tomlfile import read_toml

#: Families with instance files (TOML); t4 and palago have built-in instances only.
FAMILY_MODULES = {"tiling": "tiling", "hexmatch": "hexmatch"}
SHIPPED = Path(_shipped.__file__).parent
FILE_SUFFIXES = (".toml", ".dlx", ".cnf")


def family_module(family: str):
    if family not in FAMILY_MODULES:
        raise InputError(f"unknown family '{family}' (choose from: {', '.join(FAMILY_MODULES)})")
    return importlib.import_module(f"{__package__}.{FAMILY_MODULES[family]}")


def shipped_files() -> dict[str, Path]:
    """Instance files in instances/, by stem."""
    return {p.stem: p for p in sorted(SHIPPED.iterdir())
            if p.suffix in FILE_SUFFIXES and not p.name.startswith(".")}


def builtin_names() -> list[str]:
    from . import t4
    return list(t4.builtins()) + ["palago-12"] + list(shipped_files())


def load(spec: str):
    """An Instance from a built-in name or a file path."""
    path = Path(spec)
    if path.suffix in FILE_SUFFIXES or path.exists():
        return load_file(path)
    from . import t4
    from .palago.instance import from_name as palago_instance
    found = t4.builtins().get(spec) or palago_instance(spec)
    if found is not None:
        return found
    files = shipped_files()
    if spec in files:
        return load_file(files[spec])
    raise InputError(f"unknown instance '{spec}' (see 'polycnf list', or give a .toml, .dlx or .cnf file)")


def load_file(path: Path):
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    if path.suffix == ".dlx":
        from .exactcover import load_dlx
        return load_dlx(str(path))
    if path.suffix == ".cnf":
        from .dimacs_instance import load_cnf
        return load_cnf(str(path))
    if path.suffix != ".toml":
        raise InputError(f"{path}: unknown file type (expected .toml, .dlx or .cnf)")
    data, text = read_toml(path)
    family = data.pop("family", None)
    if family is None:
        family = "hexmatch" if "cards" in data else "tiling"
    if not isinstance(family, str):
        raise InputError(f"{path}: 'family' must be a string")
    return family_module(family).from_toml(data, str(path), text)
