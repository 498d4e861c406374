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

from .core.errors import InputError
from .core.tomlfile import is_file, read_toml, shown_path

#: Families with instance files (TOML); t4 and palago have built-in instances only.
FAMILY_MODULES = {"tiling": "tiling", "hexmatch": "hexmatch", "t4-puzzle": "t4.slide_puzzle"}
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


#: Built-in names that take an argument (a configuration), and what loads them.
WITH_ARGUMENT = {"t4-puzzle": "t4.slide_puzzle"}


def load(spec: str, argument: str | None = None):
    """An Instance from a built-in name or a file path; `argument` is the
    configuration that a name such as t4-puzzle needs."""
    if spec in WITH_ARGUMENT:
        if argument is None:
            raise InputError(f"{spec} needs a configuration, e.g. 'l1-l2 k1-k2' or a file")
        return importlib.import_module(f"{__package__}.{WITH_ARGUMENT[spec]}").load(argument)
    if argument is not None:
        raise InputError(f"'{shown_path(spec)}' takes no configuration argument (only "
                         f"{', '.join(WITH_ARGUMENT)} does)")
    path = Path(spec)
    if path.suffix in FILE_SUFFIXES or is_file(spec):
        return load_file(path)
    from . import t4
    from .palago.instance import from_name as palago_instance
    found = t4.builtins().get(spec) or palago_instance(spec)
    if found is not None:
        return found
    files = shipped_files()
    if spec in files:
        return load_file(files[spec])
    raise InputError(f"unknown instance '{shown_path(spec)}' (see 'polycnf list', or give a .toml, "
                     ".dlx or .cnf file)")


def load_file(path: Path):
    if not is_file(path):
        raise InputError(f"{shown_path(path)}: no such file")
    if path.suffix in (".dlx", ".cnf"):
        if path.suffix == ".dlx":
            from .core.exactcover import load_dlx as read
        else:
            from .dimacs.instance import load_cnf as read
        inst = read(str(path))
        inst.source_file = str(path)
        return inst
    if path.suffix != ".toml":
        raise InputError(f"{shown_path(path)}: unknown file type (expected .toml, .dlx or .cnf)")
    data, text = read_toml(path)
    family = data.pop("family", None)
    if family is None:
        family = "hexmatch" if "cards" in data else "tiling"
    if not isinstance(family, str):
        raise InputError(f"{shown_path(path)}: 'family' must be a string")
    inst = family_module(family).from_toml(data, str(path), text)
    inst.source_file = str(path)
    return inst


#: Families with a puzzle generator: module whose `generate_files(output, cnf, progress, **params)`
#: returns ([(path, text), ...] with the instance file first, facts for the user).
GENERATORS = {"hexmatch": "hexmatch.generate", "t4": "t4.generate"}


def generator(family: str):
    """The `generate_files` of `family`'s generator, or an InputError naming those there are."""
    if family not in GENERATORS:
        raise InputError(f"no generator for family '{family}' (available: {', '.join(GENERATORS)})")
    return importlib.import_module(f"{__package__}.{GENERATORS[family]}").generate_files


def counter_names() -> tuple[str, ...]:
    """Names of the further counters some family offers (`Instance.other_counters`),
    for the command line's list of methods."""
    from .core.exactcover import ExactCoverInstance
    from .dimacs.instance import DimacsInstance
    from .hexmatch import HexMatch
    from .palago.instance import PalagoInstance
    from .t4 import T4Instance
    from .tiling import Tiling

    names = []
    for family in (Tiling, HexMatch, T4Instance, PalagoInstance, DimacsInstance, ExactCoverInstance):
        names += [n for n in family.counter_names if n not in names]
    return tuple(names)


#: Questions a family answers with a command of its own: command -> module (t4-solvable: the
#: number of solvable start configurations of the t4 board, counted on sub-boards).
QUESTIONS = {"t4-solvable": "t4.solvable"}


def question(command: str):
    """The module that answers a family's own question (see QUESTIONS)."""
    return importlib.import_module(f"{__package__}.{QUESTIONS[command]}")
