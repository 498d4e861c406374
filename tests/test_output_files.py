"""Output files: all of a command's files or none, never over an input, never
replacing a device, pipe or symbolic link, with the modes the umask gives."""

import os
import shutil
import stat
import subprocess
import sys
import threading

import pytest

import polycnf
from polycnf import cli
from polycnf.encoders.core.outputs import write_files


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, text):
    assert code == 2 and err.count("\n") == 1 and err.startswith("polycnf: error: ") and text in err, err


@pytest.fixture
def puzzle(tmp_path):
    """A tiling instance file of our own (the shipped tetrahex-7x4)."""
    path = tmp_path / "a.toml"
    shutil.copy(polycnf.load("tetrahex-7x4").source_file, path)
    return path


def test_encode_refuses_to_overwrite_its_input(capsys, puzzle):
    before = puzzle.read_text()
    code, _, err = run(capsys, "encode", str(puzzle), "-o", str(puzzle))
    one_line_error(code, err, "is also this command's input")
    assert puzzle.read_text() == before
    code, _, err = run(capsys, "encode", str(puzzle), "-o", str(puzzle.with_suffix(".cnf")), "--map", str(puzzle))
    one_line_error(code, err, "is also this command's input")
    assert puzzle.read_text() == before and not puzzle.with_suffix(".cnf").exists()


def test_encode_refuses_one_file_named_twice(capsys, tmp_path):
    out = tmp_path / "x.cnf"
    code, _, err = run(capsys, "encode", "t4-full", "-o", str(out), "--map", str(out))
    one_line_error(code, err, "named twice")
    assert list(tmp_path.iterdir()) == []


def test_solve_svg_over_the_input_is_refused(capsys, puzzle):
    before = puzzle.read_text()
    code, _, err = run(capsys, "solve", str(puzzle), "--svg", str(puzzle))
    one_line_error(code, err, "is also this command's input")
    assert puzzle.read_text() == before


def test_generate_refuses_one_file_for_two_outputs(capsys, tmp_path):
    out = tmp_path / "g.toml"
    code, _, err = run(capsys, "generate", "hexmatch", "--radius", "1", "-o", str(out), "--cnf", str(out))
    one_line_error(code, err, "named twice")
    assert list(tmp_path.iterdir()) == []


def test_an_empty_output_name_is_refused_and_leaves_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "encode", "t4-full", "-o", "")
    one_line_error(code, err, "output file name is empty")
    assert list(tmp_path.iterdir()) == []


def test_all_outputs_or_none(capsys, tmp_path):
    """The instance file is not left behind when its DIMACS cannot be written."""
    out = tmp_path / "X.toml"
    code, _, err = run(capsys, "generate", "hexmatch", "--radius", "1", "-o", str(out),
                       "--cnf", str(tmp_path / "no-such-folder" / "x.cnf"))
    one_line_error(code, err, "no such folder")
    assert list(tmp_path.iterdir()) == []


def test_a_symbolic_link_is_followed_not_replaced(capsys, tmp_path):
    target, link = tmp_path / "target.cnf", tmp_path / "link.cnf"
    target.write_text("old\n")
    link.symlink_to(target)
    code, _, err = run(capsys, "encode", "t4-full", "-o", str(link))
    assert code == 0, err
    assert link.is_symlink() and target.read_text().startswith("c t mc")


def test_a_pipe_is_written_through_not_replaced(tmp_path):
    fifo = tmp_path / "pipe.cnf"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    write_files([(str(fifo), "p cnf 1 1\n1 0\n")])
    reader.join(10)
    assert got == ["p cnf 1 1\n1 0\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_dev_stdout_is_written_through(tmp_path):
    r = subprocess.run([sys.executable, "-m", "polycnf", "encode", "t4-trivial", "-o", "/dev/stdout",
                        "--map", str(tmp_path / "m.json")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("c t mc") and "wrote /dev/stdout" in r.stdout
    assert os.path.islink("/dev/stdout") or stat.S_ISCHR(os.stat("/dev/stdout").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_device_is_a_one_line_error_and_stays_a_device():
    r = subprocess.run([sys.executable, "-m", "polycnf", "encode", "t4-trivial", "-o", "/dev/full",
                        "--map", "/dev/null"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == "polycnf: error: /dev/full: cannot write: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_follow_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        write_files([(str(tmp_path / "f.txt"), "x\n")])
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "f.txt").st_mode) == mode


def test_an_existing_file_keeps_its_mode(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old\n")
    path.chmod(0o640)
    write_files([(str(path), "new\n")])
    assert path.read_text() == "new\n" and stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_a_folder_is_not_a_file(capsys, tmp_path):
    code, _, err = run(capsys, "encode", "t4-full", "-o", str(tmp_path))
    one_line_error(code, err, "is a folder")
