"""Mutated input files end in a clean one-line error, never a traceback (issue 7).

The shipped instance TOMLs, a DIMACS file and a DLX file written by `polycnf
encode` are mutated at random with a fixed seed (bytes flipped, deleted or
inserted, digits changed, bytes that are not UTF-8, lines deleted or
duplicated, the file cut short) and run through `polycnf.cli.main` in this
process.  Every run must either finish
(exit 0, or 1 for an answer that differs from the file's trusted count) or exit
2 (bad input) or 3 (time limit) with exactly one stderr line `polycnf: error:`.
Mostly `show`, which reads and builds but does not count; `solve` and `count`
on some files, with small time limits.
"""

from __future__ import annotations

import random
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


def run(capsys, argv: list[str]) -> tuple[int, str]:
    """cli.main in-process; an exception escaping it fails the test with the argv."""
    try:
        code = cli.main(argv)
    except BaseException as e:                 # noqa: BLE001  (SystemExit too: a traceback-free exit is not enough)
        raise AssertionError(f"{argv}: {type(e).__name__} escaped: {e}") from e
    return code, capsys.readouterr().err


def assert_clean(code: int, err: str, argv: list[str]) -> None:
    assert "Traceback" not in err and "Warning" not in err, (argv, err)
    if code in (2, 3):
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("polycnf: error: "), (argv, err)
    else:
        assert code in (0, 1), (argv, code, err)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A DIMACS file and a DLX file written by `polycnf encode` (tetrahex-7x4: 18 fillings)."""
    folder = tmp_path_factory.mktemp("written")
    cnf, dlx = folder / "tetrahex.cnf", folder / "tetrahex.dlx"
    assert cli.main(["encode", "tetrahex-7x4", "-o", str(cnf), "--dlx", str(dlx)]) == 0
    (folder / "knuth.dlx").write_text(KNUTH_DLX)
    return cnf.read_bytes(), dlx.read_bytes(), KNUTH_DLX.encode()


def cases(written):
    """(suffix, original bytes, commands) for every mutated file, ~200 runs in all."""
    cnf, dlx, knuth = written
    for path in SHIPPED:
        yield from ((".toml", path.read_bytes(), [["show"]]) for _ in range(14))
        yield ".toml", path.read_bytes(), [["solve", "--time-limit", "2"]]
    for k in range(30):
        commands = [["show"], ["solve", "--time-limit", "2"]]
        if k % 3 == 0:
            commands.append(["count", "--method", "enumerate", "--time-limit", "1"])
        yield ".cnf", cnf, commands
    for k in range(15):
        yield ".dlx", dlx, [["show"], ["solve", "--time-limit", "2"]]
        yield ".dlx", knuth, [["count", "--time-limit", "5"]]


def test_mutated_files_give_one_line_errors(capsys, tmp_path, written):
    rng = random.Random(SEED)
    runs = 0
    for n, (suffix, original, commands) in enumerate(cases(written)):
        path = tmp_path / f"case{n:03d}{suffix}"
        path.write_bytes(mutate(original, rng))
        for command in commands:
            argv = [command[0], str(path), *command[1:]]
            code, err = run(capsys, argv)
            assert_clean(code, err, argv)
            runs += 1
    assert runs >= 200


@pytest.mark.parametrize("suffix, text, line", [
    (".cnf", b"c fine\np cnf 2 1\n1 2 \xff 0\n", 3),
    (".cnf", b"c \xe9t\xe9\np cnf 2 1\n1 2 0\n", 1),
    (".dlx", b"a b\n\xff a\n", 2),
    (".toml", b'grid = "square"\n\xff = 1\n', 2),
])
@pytest.mark.parametrize("command", ["count", "show", "solve"])
def test_bytes_that_are_not_utf8_name_file_and_line(capsys, tmp_path, suffix, text, line, command):
    path = tmp_path / f"bad{suffix}"
    path.write_bytes(text)
    code, err = run(capsys, [command, str(path)])
    assert code == 2 and err.startswith(f"polycnf: error: {path}:{line}: not UTF-8 text (byte 0x")
    assert len(err.splitlines()) == 1


def test_family_without_instance_files(capsys, tmp_path):
    """`family = "t4"` named a module without `from_toml`: an AttributeError traceback."""
    path = tmp_path / "t4.toml"
    path.write_text('family = "t4"\n')
    code, err = run(capsys, ["show", str(path)])
    assert code == 2 and err == "polycnf: error: unknown family 't4' (choose from: tiling, hexmatch)\n"

