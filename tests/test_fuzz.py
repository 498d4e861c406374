"""Mutated input files and arguments end in a clean one-line error, never a traceback.

The shipped instance TOMLs, a DIMACS file and a DLX file written by `polycnf
encode`, t4 configurations (words, JSON, a puzzle TOML) and arguments of every
command are mutated at random with a fixed seed (bytes flipped, deleted or
inserted, digits changed, bytes that are not UTF-8, lines deleted or
duplicated, the file cut short) and run through `polycnf.cli.main` in this
process, once with `--jobs 1` and once with the default jobs (POLYCNF_JOBS
unset, as a user runs it: cubes may run in this process or on workers).
Output is captured at the file-descriptor level, so that a native counter
writing on our stdout is caught.  Every run must either finish (exit 0, or 1
for an answer that differs from the file's trusted count) or exit 2 (bad
input) or 3 (time limit) with exactly one stderr line `polycnf: error:`; under
--json stdout is exactly one JSON object, whatever the exit code.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from polycnf import cli

SEED = 20261125
SHIPPED = sorted((Path(__file__).resolve().parent.parent / "instances").glob("*.toml"))
KNUTH_DLX = "| Knuth, TAOCP 7.2.2.1\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One or two random edits of `data`.  Digit changes and whole-line edits
    mostly keep a file readable, so deeper code runs too, not only the parsers."""
    for _ in range(rng.randint(1, 2)):
        at = rng.randrange(len(data) + 1)
        lines = data.split(b"\n")
        k = rng.randrange(len(lines))
        edit = rng.choice(("flip", "digit", "delete", "insert", "not-utf8", "delete-line", "duplicate-line",
                           "truncate"))
        if edit == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif edit == "digit":
            digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
            if digits:
                at = rng.choice(digits)
                data = data[:at] + str(rng.randrange(10)).encode() + data[at + 1:]
        elif edit == "delete":
            data = data[:at] + data[at + rng.randint(1, 8):]
        elif edit == "insert":
            data = data[:at] + bytes(rng.randrange(32, 127) for _ in range(rng.randint(1, 4))) + data[at:]
        elif edit == "not-utf8":
            data = data[:at] + bytes(rng.randrange(128, 256) for _ in range(rng.randint(1, 3))) + data[at:]
        elif edit == "delete-line":
            data = b"\n".join(lines[:k] + lines[k + 1:])
        elif edit == "duplicate-line":
            data = b"\n".join(lines[:k + 1] + lines[k:])
        elif edit == "truncate":
            data = data[:at]
    return data


def wants_json(argv: list[str]) -> bool:
    """--json among the options: after '--' it is a word of check-solver's COMMAND."""
    return "--json" in (argv[:argv.index("--")] if "--" in argv else argv)


def run(capture, argv: list[str]) -> tuple[int, str]:
    """cli.main in-process; an exception escaping it fails the test with the argv.
    With --json, stdout must be exactly one JSON object."""
    try:
        code = cli.main(argv)
    except BaseException as e:                 # noqa: BLE001  (SystemExit too: a traceback-free exit is not enough)
        raise AssertionError(f"{argv}: {type(e).__name__} escaped: {e}") from e
    out, err = capture.readouterr()
    if wants_json(argv):
        lines = out.splitlines()
        assert len(lines) == 1, (argv, out)
        json.loads(lines[0])
    return code, err


def assert_clean(code: int, err: str, argv: list[str]) -> None:
    assert "Traceback" not in err and "Warning" not in err, (argv, err)
    lines = [line for line in err.splitlines() if not line.startswith("polycnf: note: ")]
    if code in (2, 3):
        assert len(lines) == 1 and lines[0].startswith("polycnf: error: "), (argv, err)
    else:
        assert code in (0, 1), (argv, code, err)


@pytest.fixture(params=["1", "default"])
def jobs(request, monkeypatch):
    """--jobs 1, and the default a user gets (POLYCNF_JOBS unset: the machine's cores)."""
    if request.param == "default":
        monkeypatch.delenv("POLYCNF_JOBS", raising=False)
    else:
        monkeypatch.setenv("POLYCNF_JOBS", request.param)
    return request.param


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A DIMACS file and a DLX file written by `polycnf encode` (tetrahex-7x4: 18 fillings)."""
    folder = tmp_path_factory.mktemp("written")
    cnf, dlx = folder / "tetrahex.cnf", folder / "tetrahex.dlx"
    assert cli.main(["encode", "tetrahex-7x4", "-o", str(cnf), "--dlx", str(dlx)]) == 0
    (folder / "knuth.dlx").write_text(KNUTH_DLX)
    return cnf.read_bytes(), dlx.read_bytes(), KNUTH_DLX.encode()


T4_WORDS = b"l1-l2 c4-c6 k3-k5 d2-d3"
T4_JSON = b'["l1-l2", {"groove": "c", "first": 4, "length": 3}, "k3-k5"]'
T4_PUZZLE = b'family = "t4-puzzle"\nrule = "slide"\nmoves = 3\npieces = ["l1-l2", "c4-c6", "k3-k5"]\n'


def cases(written):
    """(suffix, original bytes, commands) for every mutated file, ~300 runs in all."""
    cnf, dlx, knuth = written
    for path in SHIPPED:
        yield from ((".toml", path.read_bytes(), [["show"]]) for _ in range(12))
        yield ".toml", path.read_bytes(), [["solve", "--time-limit", "2"], ["encode", "-o", "OUT", "--json"]]
    for k in range(30):
        commands = [["show"], ["solve", "--time-limit", "2"]]
        if k % 3 == 0:
            commands.append(["count", "--method", "enumerate", "--time-limit", "1"])
        if k % 3 == 1:
            commands.append(["count", "--json", "--time-limit", "5"])     # Ganak cubes, default path
        if k % 5 == 2:
            commands.append(["validate", "--time-limit", "2", "--json"])
        yield ".cnf", cnf, commands
    for _ in range(15):
        yield ".dlx", dlx, [["show"], ["solve", "--time-limit", "2"]]
        yield ".dlx", knuth, [["count", "--time-limit", "5"], ["cubes"]]
    for _ in range(12):
        yield ".txt", T4_WORDS, [["t4 show"], ["solve t4-puzzle", "--time-limit", "5"]]
        yield ".json", T4_JSON, [["t4 show"], ["solve t4-puzzle", "--json", "--time-limit", "5"]]
        yield ".toml", T4_PUZZLE, [["show"], ["solve", "--time-limit", "5"]]


def argv_for(command: list[str], path, tmp_path) -> list[str]:
    """`command` with the file put where it goes ('t4 show FILE', 'count FILE ...'); OUT is an output file."""
    head = command[0].split()
    rest = [str(tmp_path / "out.cnf") if w == "OUT" else w for w in command[1:]]
    return [*head, str(path), *rest]


def test_mutated_files_give_one_line_errors(capfd, tmp_path, written, jobs):
    rng = random.Random(SEED)
    runs = 0
    for n, (suffix, original, commands) in enumerate(cases(written)):
        path = tmp_path / f"case{n:03d}{suffix}"
        path.write_bytes(mutate(original, rng))
        for command in commands:
            argv = argv_for(command, path, tmp_path)
            code, err = run(capfd, argv)
            assert_clean(code, err, argv)
            runs += 1
    assert runs >= 300


def mutate_word(word: str, rng: random.Random) -> str:
    """An argument as a hostile or unlucky user types it."""
    return rng.choice([
        lambda: "", lambda: word * rng.randint(2, 300), lambda: word[:rng.randint(0, len(word))],
        lambda: mutate(word.encode(), rng).decode("utf-8", "replace"), lambda: "-" + word,
        lambda: rng.choice(["nan", "inf", "-1", "0", "1e309", "\u0663", "10**9", "99999999999999999999",
                            "tcp://", "../", "/dev/full", "/dev/null", "\n", "--json"]),
    ])()


ARGUMENT_CASES = [
    ["count", "tetrahex-7x4", "--method", "dlx", "--time-limit", "5"],
    ["count", "palago-7", "--unique"],
    ["count", "t4-trivial", "--method", "direct", "--json"],
    ["cubes", "pentomino-3x20", "--method", "dlx"],
    ["solve", "t4-l12", "-n", "2", "--json"],
    ["show", "hexagon-bugs"],
    ["polyforms", "hex", "4", "--one-sided"],
    ["generate", "hexmatch", "--radius", "1", "--labels", "2", "-o", "OUT"],
    ["t4-solvable", "--rows", "klm", "--methods", "search"],
    ["validate", "tetrahex-7x4", "--time-limit", "5", "--json"],
    ["list", "--json"],
]


def test_mutated_arguments_give_one_line_errors(capfd, tmp_path, jobs):
    rng = random.Random(SEED + 1)
    for k in range(90):
        argv = list(rng.choice(ARGUMENT_CASES))
        at = rng.randrange(1, len(argv))
        argv[at] = mutate_word(argv[at], rng)
        argv = [str(tmp_path / f"out{k}.toml") if w == "OUT" else w for w in argv]
        try:
            code = cli.main(argv)
        except SystemExit as e:               # argparse: usage errors are one line, exit 2
            code = e.code
        except BaseException as e:             # noqa: BLE001
            raise AssertionError(f"{argv}: {type(e).__name__} escaped: {e}") from e
        out, err = capfd.readouterr()
        assert "Traceback" not in err, (argv, err)
        if code == 2:
            assert len(err.splitlines()) == 1 and err.startswith("polycnf: error: "), (argv, err)
        else:
            assert code in (0, 1, 3), (argv, code, err)


@pytest.mark.parametrize("suffix, text, line", [
    (".cnf", b"c fine\np cnf 2 1\n1 2 \xff 0\n", 3),
    (".cnf", b"c \xe9t\xe9\np cnf 2 1\n1 2 0\n", 1),
    (".dlx", b"a b\n\xff a\n", 2),
    (".toml", b'grid = "square"\n\xff = 1\n', 2),
])
@pytest.mark.parametrize("command", ["count", "show", "solve"])
def test_bytes_that_are_not_utf8_name_file_and_line(capfd, tmp_path, suffix, text, line, command):
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(text)
    code, err = run(capfd, [command, str(path)])
    assert code == 2 and err.startswith(f"polycnf: error: {path}:{line}: not UTF-8 text (byte 0x")
    assert len(err.splitlines()) == 1


def test_family_without_instance_files(capfd, tmp_path):
    """`family = "t4"` named a module without `from_toml`: an AttributeError traceback."""
    path = tmp_path / "t4.toml"
    path.write_text('family = "t4"\n')
    code, err = run(capfd, ["show", str(path)])
    assert code == 2 and err == "polycnf: error: unknown family 't4' (choose from: tiling, hexmatch, t4-puzzle)\n"



# -- check-solver under fuzz: lying solvers, tampered suites, the exit code each must give --------
BROKEN = [sys.executable, str(Path(__file__).with_name("broken_solver.py"))]
# mode -> exit code on a satisfiable file and on an unsatisfiable one (0 correct, 1 wrong, 4 failure)
LIES = {"right": (0, 0), "flip": (1, 0), "count+1": (1, 1), "unsat": (1, 0), "negative": (1, 1),
        "nomodel": (4, 0), "unsat+model": (1, 0), "garbage": (4, 4), "crash": (4, 4), "hang": (4, 4)}


def check_solver_cases(rng: random.Random, entries: list[dict], n: int):
    """(target file or None for the whole suite, mode, extra options, the suite file to damage or None,
    the exit code check-solver must give) for n runs."""
    names = [None] * 3 + [e["file"] for e in entries]
    damageable = sorted({name for e in entries for name in e["sha256"]} | {"manifest.json", "manifest.csv"})
    for _ in range(n):
        target, mode = rng.choice(names), rng.choice([*LIES, "silent", "pysat"])
        if mode == "hang" and target is None:
            target = rng.choice(entries)["file"]
        options = ["--no-models"] if mode == "nomodel" and rng.random() < 0.3 else []
        damaged = rng.choice(damageable) if rng.random() < 0.3 else None
        chosen = [e for e in entries if target in (None, e["file"])]
        hashed = {"manifest.json"} | {name for e in chosen for name in e["sha256"]}
        if damaged in hashed or mode == "silent":
            expected = 2
        elif mode == "pysat" or options:
            expected = 0
        else:
            codes = {LIES[mode][e["expected"] == "UNSAT"] for e in chosen}
            expected = 1 if 1 in codes else 4 if 4 in codes else 0
        yield target, mode, options, damaged, expected


def test_check_solver_cases_cover_every_verdict(tmp_path):
    """The expected exit codes of the fuzz cases follow the README's table (0, 1, 4, 2)."""
    entries = [{"file": "a.cnf", "expected": "SAT", "sha256": {"a.cnf": "", "a.map.json": ""}},
               {"file": "b.cnf", "expected": "UNSAT", "sha256": {"b.cnf": "", "b.map.json": ""}}]
    seen = {(t, m, tuple(o), d): c for t, m, o, d, c in check_solver_cases(random.Random(1), entries, 3000)}
    assert seen[("b.cnf", "unsat", (), None)] == 0 and seen[(None, "unsat", (), None)] == 1
    assert seen[("a.cnf", "nomodel", (), None)] == 4 and seen[("a.cnf", "nomodel", ("--no-models",), None)] == 0
    assert seen[("b.cnf", "right", (), "a.cnf")] == 0 and seen[("b.cnf", "right", (), "b.map.json")] == 2
    assert seen[("a.cnf", "right", (), "manifest.json")] == 2 and seen[(None, "crash", (), None)] == 4


def user_runs(written, rng: random.Random, arguments: int):
    """(suffix, mutated bytes, command) for each mutated file of `cases`, then (None, None, argv)
    for `arguments` mutated command lines."""
    runs = [(suffix, mutate(original, rng), command)
            for suffix, original, commands in cases(written) for command in commands]
    for _ in range(arguments):
        argv = list(rng.choice(ARGUMENT_CASES))
        at = rng.randrange(1, len(argv))
        argv[at] = mutate_word(argv[at], rng)
        runs.append((None, None, argv))
    return runs


def run_as_a_user(argv, folder, env, expected=None) -> tuple[str, str]:
    """Run `python -m polycnf ARGV` in `folder`; (kind, detail) where kind is one of clean error,
    accepted, hang, traceback, messy error, partial files, bad json, wrong exit, exit N."""
    import os
    import subprocess

    before = set(os.listdir(folder))
    try:
        r = subprocess.run([sys.executable, "-m", "polycnf", *argv], cwd=folder, env=env, capture_output=True,
                           text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "hang", ""
    lines = [line for line in r.stderr.splitlines() if not line.startswith("polycnf: note: ")]
    if "Traceback" in r.stderr or "Warning" in r.stderr:
        kind = "traceback"
    elif r.returncode in (2, 3):
        kind = "clean error" if len(lines) == 1 and lines[0].startswith("polycnf: error: ") else "messy error"
    elif r.returncode in (0, 1, 4) and (expected is not None or r.returncode != 4):
        kind = "accepted"
    else:
        kind = f"exit {r.returncode}"
    if r.returncode not in (0, 1, 4) and set(os.listdir(folder)) != before:
        kind = "partial files"
    if wants_json(argv) and len(r.stdout.splitlines()) != 1:
        kind = "bad json"
    if expected is not None and r.returncode != expected:
        kind = "wrong exit"
    return kind, f"exit {r.returncode}: {r.stderr[-400:]}{r.stdout[-400:]}"


@pytest.mark.slow
def test_fuzz_as_a_user(tmp_path, written, capsys):
    """The mutated files of `cases`, mutated arguments, and check-solver with lying solvers on
    damaged suites, through `python -m polycnf` in fresh processes with the default jobs, each in
    an empty folder: no traceback, no hang, one-line errors, nothing left behind by a command
    that failed, and check-solver's exit code the one its table gives.  POLYCNF_FUZZ_ROUNDS
    (default 1) repeats the campaign with new mutations (3 rounds: about 1,100 cases).  Prints
    the tally (pytest -s)."""
    import os
    import shutil
    from collections import Counter

    from polycnf.harness import suite

    env = {k: v for k, v in os.environ.items() if k != "POLYCNF_JOBS"}
    rounds = int(os.environ.get("POLYCNF_FUZZ_ROUNDS", "1"))
    rng = random.Random(SEED + 2)
    suite_folder = tmp_path / "suite"
    entries = suite.write(suite_folder, ("tiling", "hexmatch"), 15)["instances"]
    tally, problems, n = Counter(), [], 0
    for _ in range(rounds):
        for suffix, data, command in user_runs(written, rng, 60):
            folder = tmp_path / f"run{n:04d}"
            folder.mkdir()
            n += 1
            if suffix is None:
                argv = [str(folder / "out.toml") if w == "OUT" else w for w in command]
            else:
                (folder / f"input{suffix}").write_bytes(data)
                argv = argv_for(command, folder / f"input{suffix}", folder)
            kind, detail = run_as_a_user(argv, folder, env)
            tally[kind] += 1
            if kind not in ("clean error", "accepted"):
                problems.append((kind, argv, detail))
        for target, mode, options, damaged, expected in check_solver_cases(rng, entries, 60):
            folder = tmp_path / f"run{n:04d}"
            n += 1
            shutil.copytree(suite_folder, folder)
            if damaged:
                original = (folder / damaged).read_bytes()
                (folder / damaged).write_bytes(changed := mutate(original, rng))
                if changed == original and expected == 2 and mode != "silent":
                    continue                   # the mutation changed nothing
            where = str(folder / target) if target else str(folder)
            solver = ["--solver", "pysat:minisat22"] if mode == "pysat" else ["--", *BROKEN, mode, "{}"]
            limit = ["--time-limit", "0.5"] if mode == "hang" else []
            argv = ["check-solver", where, *options, *limit, *(["--json"] if rng.random() < 0.3 else []), *solver]
            kind, detail = run_as_a_user(argv, folder, env, expected)
            tally["check-solver " + kind] += 1
            if kind not in ("clean error", "accepted"):
                problems.append((kind, argv, f"expected exit {expected}; " + detail))
    with capsys.disabled():
        print(f"\nfuzz as a user: {n} cases: " + ", ".join(f"{v} {k}" for k, v in sorted(tally.items())))
        for problem in problems:
            print("  ", problem)
    assert problems == []
