"""Regression: a card stream shorter than one coup gave a warning that kept "0 complete coups", then "the log is empty".

Found by the property tests feeding every card stream through the chain: for
`A 2` the reader warned that it kept the complete coups and then said the log
held only comments and blank lines. It is now one error that says what is there.
"""

from __future__ import annotations

import io
import warnings

import pytest

from roads.cli import main
from roads.errors import LogError
from roads.logs import read_coups


@pytest.mark.parametrize("stream", ["A", "A 2", "3 6 K K", "3 6 K K 6"])
def test_regression_a_stream_shorter_than_one_coup_said_the_log_was_empty(stream: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning first: one error says it all
        with pytest.raises(LogError, match=r"ends in the middle of coup 1: .* so the log has no complete coup"):
            read_coups(io.StringIO(f"# format: stream\n{stream}\n"))


def test_the_cli_says_it_in_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"A 2")))
    assert main(["build", "-"]) == 1
    assert capsys.readouterr().err == (
        "roads: error: <stdin>, line 1, coup 1: the stream ends in the middle of "
        "coup 1: it has 2 cards (A 2) and the rules call for at least 4, so the log "
        "has no complete coup\n"
    )
