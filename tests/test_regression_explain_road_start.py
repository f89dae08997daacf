"""Regression: ``roads explain`` on a young shoe said where a road starts in half.

The listing said "the bead at column 2, row 2" and left out "or column 3,
row 1", which the error for --mark on the same road gives. Both (and the
lesson page) now take the sentence from one helper, road_start.
"""

from __future__ import annotations

import io

import pytest

from roads.board.explain import road_start
from roads.cli import main
from roads.lesson.page import lesson_page


def _explain(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("B P\n"))
    status = main(["explain", "-", *argv])
    out, err = capsys.readouterr()
    return status, out + err


def test_regression_explain_road_start_listing_and_mark_error_agree(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, listing = _explain(capsys, monkeypatch)
    assert status == 0
    for k in (1, 2, 3):
        assert f"  none yet: the road starts with the bead at {road_start(k)}\n" in listing
    assert "column 2, row 2 (or column 3, row 1)" in listing
    status, error = _explain(capsys, monkeypatch, "--road", "big-eye-boy", "--mark", "1")
    assert status == 1
    assert error == f"roads: error: Big Eye Boy has no marks yet: it starts with the bead at {road_start(1)}\n"


def test_regression_explain_road_start_on_the_lesson_page() -> None:
    assert f"it starts with the Big Road bead at {road_start(3)}, and" in lesson_page("BP")
