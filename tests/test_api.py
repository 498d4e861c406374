"""The library API: its docstring examples run, results are plain
objects, and the installed distribution has one import name.

Expected counts are the instances' trusted counts (docs/references.md), with
the sources named in their instance files."""

import ast
import doctest
import importlib
import tomllib
from pathlib import Path

import pytest

import polycnf
from polycnf import api

ROOT = Path(__file__).resolve().parent.parent     # the checkout (polycnf may be installed elsewhere)
API_MODULES = ["polycnf", "polycnf.api.counting", "polycnf.api.solving", "polycnf.api.validation",
               "polycnf.api.encoding", "polycnf.api.listing", "polycnf.api.generating",
               "polycnf.api.polyform_counting", "polycnf.api.solvable", "polycnf.api.checking"]


@pytest.mark.parametrize("name", API_MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"polycnf": polycnf}, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_public_names_are_in_the_polycnf_namespace():
    for name in api.__all__:
        assert getattr(polycnf, name) is getattr(api, name)


def test_count_result_carries_the_trusted_figure_and_its_source():
    r = polycnf.count("t4-full", method="direct")
    assert (r.count, r.method, r.matches) == (11071306, "direct", True)
    assert "Mäsak" in r.source and "docs/references.md" in r.source and r.as_json()["matches"] is True
    assert isinstance(r.count, int) and r.seconds >= 0


def test_exact_covers_are_solved_by_dlx_whatever_their_counting_method():
    inst = polycnf.load("pentomino-8x8")
    assert inst.count_method == "direct"              # counted by the packing DP...
    assert polycnf.backend_for(inst) == "dlx"         # ...but solved by DLX at once
    assert polycnf.backend_for(inst, "glucose4") == "glucose4"
    assert polycnf.backend_for("t4-l12") == "cadical195"   # not an exact cover
    solution = next(polycnf.solutions(inst))
    inst.check(solution)


def test_solutions_are_checked_and_limited():
    sols = list(polycnf.solutions("tetrahex-7x4", limit=3, solver="minisat22"))
    assert len(sols) == 3
    assert polycnf.distinct("tetrahex-7x4", polycnf.solutions("tetrahex-7x4")) == 9


def test_errors_are_input_errors():
    from polycnf.encoders.core.errors import InputError
    with pytest.raises(InputError, match="unknown counting method 'fast'"):
        polycnf.count("t4-all", method="fast")
    with pytest.raises(InputError, match="unknown instance"):
        polycnf.load("no-such-instance")


def _imports(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)


def test_bench_and_api_do_not_import_the_cli():
    for folder in ("bench", "api", "encoders", "solvers", "harness"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "polycnf.cli" not in set(_imports(path)), path


def test_the_distribution_has_one_top_level_package():
    """pyproject maps the checkout into `polycnf` and installs nothing beside it
    (that it lists every subpackage is tests/test_imports.py's check)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {"polycnf": "."}
    assert all(p == "polycnf" or p.startswith("polycnf.") for p in config["packages"])


def test_the_readme_python_example_runs(tmp_path, monkeypatch, capsys):
    readme = (ROOT / "README.md").read_text()
    example = readme.split("## Python API", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(example, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("11071306 True") and out[1] == "9"
    assert (tmp_path / "t4-full.cnf").exists() and (tmp_path / "t4-full.cnf.map.json").exists()
    assert out[-1].startswith("True [")
