"""Regression: at 390 px the course's boards opened on their newest columns (their frames scroll right to left),
which cut off the statistics under the Bead Plate on the far left ("pair 0", "ongest B2 P2"). While they are out of
the frame's view a copy of them is shown whole under the frame; scrolled back into view, the copy goes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads.course.site import write_course

pytestmark = pytest.mark.browser

SEEN = """frame => {
  const f = frame.getBoundingClientRect(), s = frame.querySelector('svg g.stats').getBoundingClientRect();
  const left = f.left + frame.clientLeft, right = left + frame.clientWidth;
  const copy = frame.nextElementSibling && frame.nextElementSibling.classList.contains('stats-copy') ?
    frame.nextElementSibling : null;
  const c = copy && !copy.hidden ? copy.querySelector('svg').getBoundingClientRect() : null;
  return {inFrame: s.left >= left - 1 && s.right <= right + 1, copy: c && [c.left, c.right, c.width, c.height],
    text: frame.querySelector('svg g.stats').textContent.replace(/\\s+/g, ' ').trim(),
    copyText: copy ? copy.textContent.replace(/\\s+/g, ' ').trim() : null};
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole course, as ``roads course -o DIR`` writes it."""
    folder = tmp_path_factory.mktemp("course")
    write_course(folder, seed=2026)
    return folder


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lesson", ["layout", "five-roads"])
def test_a_boards_statistics_are_seen_whole_at_every_width(
    browser: Any,  # noqa: F811
    site: Path,
    lesson: str,
    width: int,
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((site / f"{lesson}.html").as_uri())
    frames = page.locator("figure.frame:has(svg g.stats)")
    assert frames.count() >= 2
    copies = 0
    for i in range(frames.count()):
        frame = frames.nth(i)
        seen = frame.evaluate(SEEN)
        assert seen["inFrame"] or seen["copy"], (i, seen)  # never cut off
        if seen["copy"]:
            copies += 1
            left, right, shown_width, height = seen["copy"]
            assert left >= 0 and right <= width and shown_width > 100 and height > 50, seen
            assert seen["copyText"] == seen["text"]  # the same figures
            frame.evaluate("f => { f.scrollLeft = -f.scrollWidth; f.dispatchEvent(new Event('scroll')); }")
            back = frame.evaluate(SEEN)
            assert back["inFrame"] and back["copy"] is None, back  # scrolled back: the board's own, once
    assert (copies > 0) == (width == 390)  # a phone cuts them off; a desktop shows the whole board
    assert errors == []
    page.close()
