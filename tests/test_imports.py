"""No import cycles among polycnf's modules: a cycle makes a module's
meaning depend on import order, and hides which module is the lower layer.

Every import counts, including the ones inside functions: a lazy import only
hides a cycle from the interpreter, not from the reader.  An edge goes to the
module named (for ``from package import name`` to ``package.name`` when that
is a module, else to the package).  Importing a submodule does not count as
importing its parent package, so a package's ``__init__`` may re-export its
submodules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent          # the package polycnf
SKIP = {"tests"}


def modules() -> dict[str, Path]:
    """Module name -> file, for every .py file of the package (folders without
    an __init__.py, such as the build/ that `pip install .` leaves, are not in it)."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] in SKIP or any(p.startswith(".") for p in parts):
            continue
        folders = [ROOT.joinpath(*parts[:i]) for i in range(1, len(parts))]
        if not all((folder / "__init__.py").exists() for folder in folders):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(("polycnf",) + parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The polycnf modules that the module `name` (at `path`) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                targets.add(sub if sub in known else module)
    found = set()
    for target in targets:
        while target and target not in known:      # `import a.b.c` where c is a name
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    files = modules()
    return {name: imports(name, path, set(files)) for name, path in files.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (first = last), or None."""
    state: dict[str, int] = {}                     # 1 = on the path, 2 = done
    path: list[str] = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_graph_sees_the_package():
    edges = graph()
    assert "polycnf.cli" in edges and "polycnf.encoders.core.cnf" in edges
    assert "polycnf.encoders.core.cnf" in edges["polycnf.encoders.core.instance"]


def test_finder_reports_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles():
    edges = graph()
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_pyproject_lists_every_package():
    """setuptools installs only the packages named in pyproject.toml: a new
    subpackage left out would be missing after `pip install .`."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {name for name, path in modules().items() if path.name == "__init__.py"}
    assert found == listed


def layer(name: str) -> str:
    """polycnf.encoders.core.cnf -> 'encoders.core', polycnf.encoders.catalog -> 'encoders.catalog',
    polycnf.api.counting -> 'api'."""
    parts = name.split(".")[1:]
    if not parts:
        return "polycnf"
    return ".".join(parts[:2]) if parts[0] == "encoders" and len(parts) > 1 else parts[0]


def test_the_layers_keep_their_rules():
    """solvers/ knows no puzzle, encoders/ no API or CLI, api/ no family by name (only the
    catalog and the shared machinery), and cli.py only the API and its own helpers."""
    edges = graph()
    allowed = {
        "solvers": {"solvers"},
        "api": {"api", "encoders.catalog", "encoders.core", "solvers", "harness", "polycnf", "instances"},
        "cli": {"api", "clihelpers"},
        "clihelpers": {"api", "clihelpers"},
    }
    for name, targets in edges.items():
        source = layer(name)
        if source in allowed:
            bad = {t for t in targets if layer(t) not in allowed[source]}
            assert not bad, f"{name} imports {sorted(bad)}"
        if source.startswith("encoders"):
            assert not {t for t in targets if layer(t) in ("api", "cli", "clihelpers", "harness")}, name
