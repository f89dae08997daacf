"""Regression: writing a picture or log to /dev/full (or any device) replaced the device with a plain file.

atomic_write renamed its temporary file over the target. Run as root,
`roads deal -o /dev/full` turned the device into a 1 KB file and said it had
dealt the shoe; `-o /dev/null` would have done the same to /dev/null. Devices
and pipes are now written in place (a full disk is an OutputError), links are
written through, and a replaced file keeps its permissions.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from roads.errors import OutputError, RoadsError
from roads.files import atomic_write, make_temp, temp_files


def test_regression_a_fifo_was_replaced_by_a_plain_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, "B P T\n")
    reader.join(timeout=10)
    assert received == [b"B P T\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_regression_dev_full_was_reported_as_written() -> None:
    if not Path("/dev/full").exists():  # not every system has it; the FIFO test covers the mechanism
        return
    before = os.stat("/dev/full")
    with pytest.raises(OutputError, match="cannot write /dev/full: No space left on device"):
        atomic_write("/dev/full", b"x" * 10)
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_regression_a_symlink_was_replaced_by_a_plain_file(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    atomic_write(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_regression_a_private_file_became_world_readable(tmp_path: Path) -> None:
    path = tmp_path / "private.txt"
    path.write_text("old\n")
    path.chmod(0o600)
    atomic_write(path, "new\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_text() == "new\n"


def test_a_folder_in_the_way_and_a_file_for_a_folder(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="it is a folder"):
        atomic_write(tmp_path, "x")
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="file is not a folder"):
        atomic_write(tmp_path / "file" / "out.svg", "x")
    with pytest.raises(OutputError, match="does not exist"):
        atomic_write(tmp_path / "no" / "out.svg", "x")


def test_interrupted_write_leaves_no_part_file_and_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "board.svg"
    path.write_text("good\n")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(path, "half")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"] and path.read_text() == "good\n"


def test_output_error_is_a_roads_error() -> None:
    assert issubclass(OutputError, RoadsError) and issubclass(OutputError, ValueError)


def test_a_temporary_file_is_new_private_and_found_again(tmp_path: Path) -> None:
    """make_temp (tempfile.mkstemp's job, without importing tempfile at every write): each call a new file only
    its owner reads, named so that temp_files finds what a killed writer left."""
    made = [make_temp(tmp_path, "board.svg") for _ in range(50)]
    for fd, _ in made:
        os.close(fd)
    paths = {Path(path) for _, path in made}
    assert len(paths) == 50 and set(temp_files(tmp_path / "board.svg")) == paths
    assert all(stat.S_IMODE(path.stat().st_mode) == 0o600 and path.stat().st_size == 0 for path in paths)
    assert all(path.name.startswith(".board.svg.") and path.name.endswith(".part") for path in paths)


def test_a_temporary_name_taken_is_never_written_through(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name already there (a link planted by someone else) is passed over for a new one, and when every name
    tried is taken the write fails: nothing is written through the link."""
    target = tmp_path / "secret"
    target.write_text("keep\n")
    link = tmp_path / ".board.svg.aaaaaaaa.part"  # the name eight zero bytes of os.urandom give
    link.symlink_to(target)
    draws = iter([bytes(8)])  # the first draw names the link, the next ones are random
    real = os.urandom
    monkeypatch.setattr(os, "urandom", lambda size: next(draws, None) or real(size))
    fd, second = make_temp(tmp_path, "board.svg")
    os.write(fd, b"half a board")
    os.close(fd)
    assert Path(second) != link and Path(second).read_bytes() == b"half a board" and not Path(second).is_symlink()
    assert link.is_symlink() and target.read_text() == "keep\n"
    monkeypatch.setattr(os, "urandom", bytes)  # every name tried is the link's
    with pytest.raises(FileExistsError):
        make_temp(tmp_path, "board.svg")
