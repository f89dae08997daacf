"""Regression: deeply nested JSON escaped as a RecursionError traceback instead of a located LogError.

``[[[[...`` a few thousand deep is valid JSON text that Python's decoder
cannot hold (it recurses once per level). Found while auditing `roads build`
on hostile files; the fuzzers now generate such values too.
"""

from __future__ import annotations

import io

import pytest

from roads.errors import LogError
from roads.logs import detect_format, iter_shoes, read_outcomes

DEEP = 100_000


@pytest.mark.parametrize(
    "log",
    [
        "[" * DEEP,  # a JSON log
        '[{"winner": "tie", "x": ' + "[" * DEEP + "]",  # deep inside a coup object
        '{"winner": ' + '{"a": ' * DEEP + "\n",  # one JSON Lines line
        '{"winner": "tie"}\n[' + "[" * DEEP + "\n",  # a later JSON Lines line
    ],
)
def test_regression_nested_json_raised_recursion_error(log: str) -> None:
    with pytest.raises(LogError, match=r"nested too deeply|not valid JSON") as info:
        read_outcomes(io.StringIO(log))
    assert info.value.line is not None


def test_regression_nested_shoe_line_raised_recursion_error() -> None:
    log = '{"shoe": 1, "results": "B"}\n{"shoe": 2, "coups": ' + "[" * DEEP + "\n"
    with pytest.raises(LogError, match="nested too deeply") as info:
        list(iter_shoes(io.StringIO(log)))
    assert info.value.line == 2


def test_regression_detecting_a_nested_first_line_raised_recursion_error() -> None:
    assert detect_format(io.StringIO("{" + '"a": {' * DEEP + "\n")) == "json"
