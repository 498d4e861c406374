"""Writing a certified benchmark suite: DIMACS files, variable maps, a manifest.

Each member (see members.py) is written in its family's own encoding and in
the pairwise, seqcounter and totalizer encodings (identical files are written
once).  Everything is built in a temporary folder beside DIR and swapped in
at the end, so an interrupted run leaves the old suite (or nothing) behind,
and re-running into the same DIR is safe.  A DIR that holds anything but a
suite is refused.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from polycnf.encoders.core.errors import InputError

from . import ladder as ladder_mod
from . import members as members_mod
from .gbd import gbd_hash

MANIFEST = "manifest.json"
CSV_NAME = "manifest.csv"
ENCODINGS = (None, "pairwise", "seqcounter", "totalizer")     # None: the family's own
CSV_FIELDS = ("file", "instance", "family", "parameters", "encoding", "variables", "clauses",
              "projected", "expected", "count", "source", "certification", "difficulty", "gbd_hash")


def _jsonable(x):
    if isinstance(x, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in x]
    if hasattr(x, "_asdict"):
        return {k: _jsonable(v) for k, v in x._asdict().items()}
    return x


def entries_for(member, folder: Path) -> list[dict]:
    """Write the member's CNF and map files into `folder`; their manifest entries."""
    inst = members_mod.load(member)
    written, entries = {}, []
    difficulty = ("; ".join(f"{how} {s:g} s" for how, s in member.methods.items())
                  or "trusted count of the instance, from its source (not recomputed here)")
    expected = "SAT" if member.satisfiable else "UNSAT"
    answer = (f"{'SATISFIABLE' if member.satisfiable else 'UNSATISFIABLE'}"
              + (f", count {member.count}" if member.count is not None else ""))
    for encoding in member.encodings or ENCODINGS:
        try:
            f = inst.formula(encoding)
        except InputError:
            continue                       # the family does not offer this encoding
        text = "\n".join(f.dimacs_lines(inst.dimacs_comments(f.label) + [
            f"expected: {answer} ({member.source})",
            f"certification: {'; '.join(member.certification)}"])) + "\n"
        body = text[text.index("\np cnf"):]
        if body in written.values():
            continue
        stem = f"{member.name}.{re.sub(r'[^A-Za-z0-9+-]+', '-', f.label)}"
        written[stem] = body
        cnf, map_name = f"{stem}.cnf", f"{stem}.map.json"
        (folder / cnf).write_text(text)
        mapping = {"instance": member.name, "family": member.family, "encoding": f.label,
                   "cnf": cnf, "show": {str(v): _jsonable(f.key(v)) for v in f.show_vars}}
        (folder / map_name).write_text(json.dumps(mapping) + "\n")
        entries.append({"file": cnf, "map": map_name, "instance": member.name, "spec": member.spec,
                        "family": member.family, "parameters": member.parameters,
                        "encoding": encoding, "encoding_label": f.label,
                        "variables": f.nvars, "clauses": len(f.clauses),
                        "projected": f.has_auxiliaries,
                        "expected": expected, "count": member.count,
                        "source": member.source, "certification": list(member.certification),
                        "difficulty": difficulty,
                        "sha256": {name: sha256(folder / name) for name in (cnf, map_name)}})
    if member.toml is not None:
        toml_name = member.toml_name or member.spec
        (folder / toml_name).write_text(member.toml)
        for entry in entries:
            entry["sha256"][toml_name] = sha256(folder / toml_name)
    return entries


def sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def entries_digest(entries: list[dict]) -> str:
    """The SHA-256 of the manifest's entries (their canonical JSON), kept in the manifest so
    that an edited expected answer is caught like an edited file."""
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def verify(folder: Path, entries: list[dict]) -> None:
    """InputError unless every file of these entries has the hash the manifest gives,
    so that a damaged suite is reported as such, never blamed on a solver."""
    for entry in entries:
        hashes = entry.get("sha256")
        if not isinstance(hashes, dict) or entry.get("file") not in hashes:
            raise InputError(f"{folder / MANIFEST}: no SHA-256 for {entry.get('file')} (a suite written by an "
                             f"older polycnf, or an edited manifest): rewrite the suite with 'polycnf suite'")
        for name, digest in hashes.items():
            path = folder / name
            if not path.is_file():
                raise InputError(f"{path}: suite file missing (listed in {MANIFEST})")
            if sha256(path) != digest:
                raise InputError(f"{path}: suite file changed since it was written (its SHA-256 differs from "
                                 f"{MANIFEST}): rewrite the suite with 'polycnf suite'")


def write(directory, families=None, max_cells: int | None = None,
          progress=None, ladder: bool = False, rungs: int | None = None) -> dict:
    """Write the suite into `directory`; returns the manifest.  With `ladder`, the
    ladder's families instead (ladder.py), at most `rungs` rungs each; `max_cells`
    applies to the default suite only."""
    target = Path(directory)
    if target.exists() and (not target.is_dir() or (any(target.iterdir())
                                                     and not (target / MANIFEST).is_file())):
        raise InputError(f"{target}: exists and is not a polycnf suite (no {MANIFEST}); "
                         f"refusing to overwrite it")
    parent = target.resolve().parent
    if not parent.is_dir():
        raise InputError(f"{target}: the folder {parent} does not exist")
    families = tuple(families or (ladder_mod.FAMILIES if ladder else members_mod.FAMILIES))
    if rungs is not None and not ladder:
        raise InputError("--rungs is for the ladder: give --ladder too")
    if ladder:
        unknown = set(families) - set(ladder_mod.FAMILIES)
        if unknown:
            raise InputError(f"unknown ladder family '{sorted(unknown)[0]}' "
                             f"(choose from: {', '.join(ladder_mod.FAMILIES)})")
        chosen = None                      # built and certified in the folder's try below
    else:
        chosen = members_mod.candidates(families, max_cells)
    if chosen == []:
        raise InputError(f"no suite member fits --max-cells {max_cells} and the families chosen")
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=parent))
    except OSError as e:
        raise InputError(f"{target}: cannot write: {e.strerror}") from None
    try:
        start = time.monotonic()
        entries = []
        if chosen is None:
            chosen = ladder_mod.rungs(families, rungs)
        for member in chosen:
            members_mod.certify(member)
            for entry in entries_for(member, tmp):
                entry["gbd_hash"] = gbd_hash(tmp / entry["file"])
                entries.append(entry)
            if progress:
                progress(member.name)
        manifest = {"format": "polycnf-suite 1", "families": list(families),
                    "max_cells": None if ladder else max_cells, "ladder": ladder, "rungs": rungs,
                    "seconds": round(time.monotonic() - start, 3), "instances": entries,
                    "instances_sha256": entries_digest(entries)}
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
        (tmp / CSV_NAME).write_text(_csv(entries))
        _swap(tmp, target)
    except OSError as e:                   # a full disk, a quota: one line, and nothing left behind
        shutil.rmtree(tmp, ignore_errors=True)
        where = f" ({Path(e.filename).name})" if e.filename else ""
        raise InputError(f"{target}: cannot write the suite: {e.strerror or e}{where}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return manifest


def _csv(entries) -> str:
    out = io.StringIO()
    w = csv.DictWriter(out, CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for e in entries:
        w.writerow({**e, "parameters": json.dumps(e["parameters"]), "encoding": e["encoding_label"],
                    "certification": "; ".join(e.get("certification", []))})
    return out.getvalue()


def _swap(tmp: Path, target: Path) -> None:
    """Put the new suite in place of the old one (two renames)."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}-old-{os.getpid()}")
        os.replace(target, old)
    os.replace(tmp, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def read_manifest(path) -> tuple[Path, list[dict]]:
    """The suite folder and its entries, from a suite DIR or one of its .cnf files."""
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    manifest = folder / MANIFEST
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if not manifest.is_file():
        raise InputError(f"{manifest}: no suite manifest (write a suite with 'polycnf suite DIR')")
    try:
        data = json.loads(manifest.read_text())
        entries, digest = data["instances"], data.get("instances_sha256")
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise InputError(f"{manifest}: not a polycnf suite manifest ({e})") from None
    if digest is None:
        raise InputError(f"{manifest}: no SHA-256 of its entries (a suite written by an older polycnf): "
                         f"rewrite the suite with 'polycnf suite'")
    if digest != entries_digest(entries):
        raise InputError(f"{manifest}: changed since it was written (the SHA-256 of its entries differs): "
                         f"rewrite the suite with 'polycnf suite'")
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("file"), str)
                                                  for e in entries):
        raise InputError(f"{manifest}: not a polycnf suite manifest (malformed entries)")
    if not path.is_dir():
        entries = [e for e in entries if e["file"] == path.name]
        if not entries:
            raise InputError(f"{path}: not listed in {manifest}")
    return folder, entries
