"""Every trusted count names a source a user can follow from the repository.

The instance files' `source` strings (and the built-in t4 and Palago ones) name
docs/references.md, where each published figure is listed with its author,
title and year, or a test or module of the repository that computes the
figure.  And no file of the repository cites private provenance codes that
mean nothing to a user: numbered seed documents, a reference file kept outside
the repository, or ticket numbers.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCES = "docs/references.md"
THIS = Path(__file__).resolve()

#: repository-relative paths a source may name (a test, a module, a benchmark, a data file)
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*\.(?:py|toml|md)\b")

#: the private codes: "seed 000" .. "seed 009", the outside file, "issue 7"
FORBIDDEN = [
    ("a numbered seed document", re.compile(r"seed 00", re.IGNORECASE)),
    ("the reference file outside the repository", re.compile(r"\breference\.md\b", re.IGNORECASE)),
    ("a ticket number", re.compile(r"\bissue \d+", re.IGNORECASE)),
]

#: folders that are not the project's own files
SKIP_DIRS = {"__pycache__", "build", "dist", "node_modules"}


def _sources(node, where=()):
    """(key path, value) of every `source` string in a parsed TOML document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "source" and isinstance(value, str):
                yield ".".join(where + (key,)), value
            else:
                yield from _sources(value, where + (key,))
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from _sources(value, where + (str(k),))


def _instance_files():
    return sorted((ROOT / "instances").glob("*.toml")) + sorted((ROOT / "instances" / "sequences").glob("*.toml"))


def _followable(source: str) -> bool:
    """Names docs/references.md, or a path that exists in the repository."""
    if REFERENCES in source:
        return True
    return any((ROOT / path).is_file() for path in PATH.findall(source))


def test_references_page_exists_and_lists_the_families():
    text = (ROOT / REFERENCES).read_text(encoding="utf-8")
    for needed in ("Mäsak", "Counting t4 configurations", "Counting creatures on a hexagonal tiling",
                   "Goodger", "Polyform Puzzler", "ChosenGambit/HexagonPuzzleSolver", "Dana S. Scott",
                   "A000105", "A159867", "Counts computed by polycnf"):
        assert needed in text, needed


def test_instance_sources_resolve():
    found = []
    for path in _instance_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, source in _sources(data):
            found.append(path.name)
            assert source.strip(), f"{path.relative_to(ROOT)}: {key} is empty"
            assert _followable(source), \
                f"{path.relative_to(ROOT)}: {key} names neither {REFERENCES} nor a file of the repository: {source!r}"
    assert len(found) >= 8          # every shipped tiling and edge-matching instance has one


def test_builtin_sources_resolve():
    from polycnf.encoders.palago.instance import SOURCE as PALAGO
    from polycnf.encoders.t4.instance import SOURCE as T4
    assert "Mäsak" in T4 and _followable(T4)
    assert "Kagey" in PALAGO and _followable(PALAGO)


def test_followable_rejects_what_it_should():
    assert _followable("Carl Mäsak (2012); docs/references.md")
    assert _followable("computed by polycnf (tests/test_hexmatch.py)")
    assert not _followable("computed by polycnf (tests/no_such_test.py)")
    assert not _followable("seed 001, REFERENCE.md")


def _project_files():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS
                         and not d.endswith(".egg-info") and not (Path(folder) / d / "pyvenv.cfg").exists())
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix in (".py", ".md", ".toml") and path.resolve() != THIS:
                yield path


def test_no_private_provenance_codes():
    files = list(_project_files())
    assert any(p.name == "references.md" for p in files) and any(p.name == "cli.py" for p in files)
    bad = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for k, line in enumerate(text.splitlines(), 1):
            for what, pattern in FORBIDDEN:
                if pattern.search(line):
                    bad.append(f"{path.relative_to(ROOT)}:{k}: {what}: {line.strip()[:100]}")
    assert not bad, "cite the source itself (docs/references.md), not a private code:\n" + "\n".join(bad)


@pytest.mark.parametrize("line, hit", [("see seed 001", True), ("Seed 004's display", True),
                                       ("in REFERENCE.md", True), ("(issue 11)", True), ("Issue 7, items", True),
                                       ("docs/references.md", False), ("--seed 1", False), ("the issue: holes", False)])
def test_forbidden_patterns(line, hit):
    assert any(p.search(line) for _, p in FORBIDDEN) == hit
