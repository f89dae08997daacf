"""Regression: one JSON Lines line was buffered whole, however long; a long JSON value said "Unterminated string".

A multi-megabyte line (or a 1 GB file with no line break that starts with
'{') must fail once it passes the 1 MB cap, with a message that says so.
"""

from __future__ import annotations

import io

import pytest

from roads.errors import LogError
from roads.logs import iter_shoes, read_outcomes
from roads.logs.jsonlog import MAX_VALUE
from roads.logs.source import LineBuffer


def _endless_line(head: str) -> LineBuffer:
    """Return a stream whose one line never ends: reading it whole would never stop."""

    def lines():
        yield head
        while True:
            yield "B" * 65536

    return LineBuffer(lines(), name="endless.jsonl")


def test_regression_a_jsonl_line_was_buffered_without_limit() -> None:
    # Reading a line whole would never return: only the cap ends it.
    with pytest.raises(LogError, match=f"longer than {MAX_VALUE} characters"):
        list(iter_shoes(_endless_line('{"shoe": 1, "results": "B"}\n{"shoe": 2, "results": "')))


def test_regression_a_long_json_value_was_called_unterminated() -> None:
    log = '[{"winner": "' + "B" * (3 * MAX_VALUE) + '"}]'
    with pytest.raises(LogError, match="a JSON value longer than"):
        read_outcomes(io.StringIO(log))


def test_a_typo_before_a_long_value_is_still_named() -> None:
    log = '[{"winner": x, "note": "' + "B" * (3 * MAX_VALUE) + '"}]'
    with pytest.raises(LogError, match="not valid JSON: Expecting value"):
        read_outcomes(io.StringIO(log))
