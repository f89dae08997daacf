"""Regression: a closed standard input and a file that opens but cannot be read gave Python tracebacks.

`roads build - <&-` (Python sets sys.stdin to None) raised AttributeError;
`roads build /proc/self/mem` (open succeeds, read fails with EIO) raised OSError.
"""

from __future__ import annotations

import errno
import io
import sys

import pytest

from roads.cli import main
from roads.errors import LogError
from roads.logs import iter_entries, read_outcomes


class _FailingStream(io.RawIOBase):
    """A binary stream that gives one line, then fails as a bad disk or /proc/self/mem does."""

    name = "/proc/self/mem"

    def __init__(self) -> None:
        self.calls = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        self.calls += 1
        if self.calls > 1:
            raise OSError(errno.EIO, "Input/output error")
        return b"B P T\n"

    def read(self, size: int = -1) -> bytes:
        return b""


def test_regression_a_read_error_after_opening_was_a_traceback() -> None:
    with pytest.raises(LogError, match="cannot read: Input/output error") as info:
        list(iter_entries(_FailingStream()))
    assert info.value.file == "/proc/self/mem"


def test_regression_closed_stdin_was_an_attribute_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(LogError, match="standard input is closed"):
        read_outcomes("-")
    assert main(["build", "-"]) == 1
    err = capsys.readouterr().err
    assert err == "roads: error: <stdin>: standard input is closed: give a file, or pipe a log in\n"
