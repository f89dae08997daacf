"""Regression: an error quoting a log's text could span lines, repaint the terminal or run to a megabyte.

Every RoadsError is printed as one line (docs/reliability.md). Found by the
fuzzers: a carriage return inside a marker group, a newline inside a shoe's
"results" string, and a 1 MB token with no separator, each quoted verbatim.
"""

from __future__ import annotations

import io

import pytest

from roads.errors import QUOTE_LIMIT, CardError, LogError, RoadsError, excerpt, one_line
from roads.logs import iter_shoes, read_outcomes


def _error(log: str, fmt: str | None = None) -> RoadsError:
    with pytest.raises(RoadsError) as info:
        read_outcomes(io.StringIO(log), fmt)
    return info.value


def test_regression_carriage_return_in_a_marker_group_split_the_error_line() -> None:
    err = _error("B P[,\rx] T", "results")
    assert isinstance(err, LogError)
    text = str(err)
    assert "\r" not in text and "\n" not in text
    assert "P[,\\rx]" in text and text.startswith("<stream>, line 1, column 5, coup 2: unknown marker ','")


def test_regression_line_separator_in_a_shoe_results_string_split_the_error_line() -> None:
    with pytest.raises(LogError) as info:
        list(iter_shoes(io.StringIO('{"shoe": 1, "results": "B\\u2028X"}\n')))
    text = str(info.value)
    assert len(text.splitlines()) == 1
    assert "'\\u2028' in 'B\\u2028X' is not a result" in text


def test_regression_newline_in_a_shoe_results_string_was_not_a_separator() -> None:
    # The grammar (docs/logs.md) lists line breaks among separators; a JSON string can hold one.
    (shoe,) = iter_shoes(io.StringIO('{"shoe": 1, "results": "B\\nP\\r\\nT"}\n'))
    assert "".join(o.winner.letter for o in shoe.outcomes) == "BPT"


def test_regression_ansi_escape_and_right_to_left_override_reached_the_terminal() -> None:
    err = _error("3 6 K \x1b[31mK\u202e 6 2\n", "cards")
    assert isinstance(err, CardError)
    text = str(err)
    assert "\x1b" not in text and "\u202e" not in text
    assert "\\x1b[31mK\\u202e" in text


def test_regression_a_megabyte_token_became_a_megabyte_error() -> None:
    # /proc/self/environ read as a log: NUL-separated, no space or comma in the first megabyte.
    token = "\x00".join(f"NAME{i}=value{i}" for i in range(40_000))
    err = _error(token + " 3 6 K K\n", "cards")
    text = str(err)
    assert len(text) < 300 and "..." in text and "\\x00" in text


@pytest.mark.parametrize(("fmt", "log"), [("results", "B P Q" + "Q" * 5000), ("cards", "3 6 K " + "X" * 5000)])
def test_quoted_words_are_cut_in_the_middle(fmt: str, log: str) -> None:
    assert len(str(_error(log, fmt))) < 300


def test_excerpt_and_one_line() -> None:
    assert excerpt("short") == "short"
    cut = excerpt("a" * 50 + "b" * 50)
    assert len(cut) == QUOTE_LIMIT and cut.startswith("a") and cut.endswith("b") and "..." in cut
    assert one_line("tab\there, line\u2028break, bom\ufeff") == "tab\\there, line\\u2028break, bom\\ufeff"
    assert one_line("plain ♠ ≠ 庄 text") == "plain ♠ ≠ 庄 text"
