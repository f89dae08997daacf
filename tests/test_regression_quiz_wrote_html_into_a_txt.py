"""Regression: ``roads quiz -o q.txt`` wrote an HTML page into a ``.txt`` file (``lesson -o`` too).

The ``-o`` extension says what a file holds: a page's ``-o`` must end in ``.html``; anything else is one usage line
(exit 2) and nothing is written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.logs.writer import write_log
from roads.simulate import deal_shoe


@pytest.mark.parametrize("command", ["quiz", "lesson"])
def test_a_page_is_refused_under_another_extension(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(write_log(deal_shoe(8, seed=1).coups[:30], "cards"), encoding="utf-8")
    page = tmp_path / "page.txt"
    status, out, err = run(capsys, command, str(log), "-o", str(page))
    assert (status, out) == (2, "")
    assert "is an HTML page: give -o NAME.html" in err
    assert not page.exists()
