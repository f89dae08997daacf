"""Regression: a closed pipe exited 1 in silence, and a full disk under `> out` was a traceback.

`roads demo | head -1` stopped with status 1 and no word (click turns EPIPE
into exit 1); `roads build shoe.txt --json > /dev/full` printed an OSError
traceback. A reader that stops reading now ends the run quietly with 0; a
failed write is one `roads: error:` line and status 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.cli import main


class _Closed:
    """A standard output whose reader has gone (``| head`` after its lines)."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise ValueError("not a real file")


class _Full(_Closed):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        pass


@pytest.mark.parametrize(
    "argv",
    [
        ["build", str(FIXTURES / "cards.txt"), "--json"],
        ["explain", str(FIXTURES / "cards.txt")],
        ["coup", "3", "6", "K", "K", "6", "2"],
    ],
)
def test_regression_closed_pipe_exited_1_in_silence(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _Closed())
    assert main(argv) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["build", str(FIXTURES / "cards.txt"), "--json"],
        ["deal", "--seed", "1"],
        ["check", str(FIXTURES / "cards.txt")],
    ],
)
def test_regression_full_disk_on_stdout_was_a_traceback(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(argv) == 1
    assert capsys.readouterr().err == "roads: error: cannot write standard output: No space left on device\n"


@pytest.mark.parametrize("argv", [["demo", "--dir", "{tmp}"], ["explain", "{log}"], ["deal", "--seed", "1"]])
@pytest.mark.slow
def test_regression_demo_into_head_exited_1(argv: list[str], tmp_path: Path) -> None:
    """The real thing: a process whose standard output is a pipe nobody reads any more."""
    log = tmp_path / "long.txt"
    log.write_text("B P P T B B P " * 2_000 + "\n")
    read_end, write_end = os.pipe()
    os.close(read_end)  # `head` has already gone: every write is EPIPE
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "roads", *(a.format(tmp=tmp_path, log=log) for a in argv)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr) == (0, b"")
