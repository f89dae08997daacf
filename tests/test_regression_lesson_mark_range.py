"""Regression: ``roads lesson --marks 1-10`` failed whenever any road had fewer than 10 marks.

Roads grow at different speeds (on fixtures/logs/results.txt Big Eye Boy has
11 marks, Small Road 9, Cockroach Pig 6), so the help's "only marks N to M of
each road" must clip the range to each road. It is an error only when the
range shows nothing at all, or when the one road asked for with --road ends
before the range does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.cli import main
from roads.errors import LessonError
from roads.lesson.page import lesson_page

RESULTS = FIXTURES / "results.txt"


def _proofs(page: str, road: str) -> int:
    return page.count(f'id="proof-{road}-')


def test_regression_lesson_mark_range_is_clipped_to_each_road(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    assert main(["lesson", str(RESULTS), "-o", str(out), "--marks", "1-10"]) == 0
    page = out.read_text()
    assert (_proofs(page, "big-eye-boy"), _proofs(page, "small-road"), _proofs(page, "cockroach-pig")) == (10, 9, 6)
    assert "Small Road (k = 2): 9 marks, marks 1-9</h3>" in page


def test_regression_lesson_mark_range_past_one_road_says_so_on_the_page(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    assert main(["lesson", str(RESULTS), "-o", str(out), "--marks", "8-10"]) == 0
    page = out.read_text()
    assert (_proofs(page, "big-eye-boy"), _proofs(page, "small-road"), _proofs(page, "cockroach-pig")) == (3, 2, 0)
    assert "Cockroach Pig has 6 marks, so none of marks 8-10 is on this page." in page


def test_regression_lesson_mark_range_on_no_road_is_an_error_naming_every_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.html"
    assert main(["lesson", str(RESULTS), "-o", str(out), "--marks", "12-20"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "roads: error: marks 12-20: no road on the page reaches mark 12 (Big Eye Boy has 11 marks, "
        "Small Road has 9 marks, Cockroach Pig has 6 marks)\n"
    )
    assert not out.exists()


def test_regression_lesson_mark_range_with_road_must_fit_that_road(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.html"
    assert main(["lesson", str(RESULTS), "-o", str(out), "--road", "small-road", "--marks", "1-10"]) == 1
    assert "marks 1-10: Small Road has 9 marks (choose marks within 1-9)" in capsys.readouterr().err
    assert main(["lesson", str(RESULTS), "-o", str(out), "--road", "small-road", "--marks", "1-9"]) == 0


def test_regression_lesson_mark_range_young_shoe() -> None:
    assert 'id="proof-big-eye-boy-1"' in lesson_page("BPPPBB", marks="1")  # Cockroach Pig has none yet: fine
    with pytest.raises(LessonError, match=r"marks 5: no road on the page reaches mark 5 \(Big Eye Boy has 4 marks"):
        lesson_page("BPPPBB", marks="5")
