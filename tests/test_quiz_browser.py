"""The quiz page in headless Chromium: answered with the keyboard, proofs shown, scored, and misses asked again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, axe_script, serious_violations
from test_browser import CHROMIUM, browser  # noqa: F401  # the shared headless-chromium fixture

from roads import Scoreboard
from roads.lesson.quiz import quiz_page

pytestmark = pytest.mark.browser

DOCS_IMAGES = ROOT / "docs" / "images"
KEY = "roads-quiz-misses"
BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("storage is off", "SecurityError"); } });"""


@pytest.fixture(scope="module")
def quiz(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The traps shoe's quiz, 16 questions: every kind, most of them twice."""
    path = tmp_path_factory.mktemp("quiz") / "quiz.html"
    board = Scoreboard.from_log(ROOT / "fixtures" / "quiz" / "traps.txt")
    path.write_text(quiz_page([board], seed=3, count=16, names=["traps.txt"]), encoding="utf-8")
    return path


def _open(browser: Any, path: Path, width: int, *, misses: dict[str, int] | None = None, script: str = "") -> Any:  # noqa: F811
    """Return a fresh tab (its own storage) on ``path``, with ``misses`` stored before the page runs."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    if misses is not None:
        context.add_init_script(f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(json.dumps(misses))});")
    if script:
        context.add_init_script(script)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(path.as_uri())
    tab.errors = errors
    return tab


def _current(tab: Any) -> Any:
    return tab.locator("[data-question]:visible")


def _answer(tab: Any, *, right: bool) -> str:
    """Answer the question shown, right or wrong, by clicking; return its kind."""
    q = _current(tab)
    answer = int(q.get_attribute("data-answer"))
    count = q.locator("[data-choice]").count()
    q.locator("[data-choice]").nth(answer if right else (answer + 1) % count).click()
    kind = q.get_attribute("data-kind")
    tab.locator("#next").click()
    return str(kind)


ANSWER_RIGHT = """n => {
  const kinds = [];
  for (let i = 0; i < n; i++) {
    const q = Array.from(document.querySelectorAll("[data-question]")).find(e => !e.hidden);
    q.querySelector(`[data-choice="${q.dataset.answer}"]`).click();
    kinds.push(q.dataset.kind);
    document.getElementById("next").click();
  }
  return kinds;
}"""


def _first_kinds(tab: Any, n: int) -> list[str]:
    """Answer the next ``n`` questions right, through the page's own buttons; return their kinds in order."""
    return list(tab.evaluate(ANSWER_RIGHT, n))


def test_answered_with_the_keyboard_the_proof_and_its_picture_show_and_the_score_counts(
    browser: Any,  # noqa: F811
    quiz: Path,
) -> None:
    tab = _open(browser, quiz, 1280)
    try:
        assert tab.locator("[data-question]:visible").count() == 1, "one question at a time"
        for _ in range(40):
            tab.keyboard.press("Tab")
            if tab.evaluate("document.activeElement.hasAttribute('data-choice')"):
                break
        first = tab.locator(f"#{_current(tab).get_attribute('id')}")
        chosen = tab.evaluate("document.activeElement.dataset.choice")
        tab.keyboard.press("Enter")
        feedback = first.locator("[data-feedback]")
        assert feedback.is_visible() and feedback.locator("svg.comparison").first.is_visible()
        assert feedback.locator("li.proof").first.is_visible()
        right = chosen == first.get_attribute("data-answer")
        verdict = feedback.locator(".verdict").inner_text()
        assert verdict == "Right." if right else verdict.startswith("Not quite: the answer is")
        assert tab.locator("#score").inner_text() == f"Score: {int(right)} of 1"
        assert tab.evaluate("document.activeElement.id") == "next"
        tab.keyboard.press("Enter")  # the next question; its first choice has focus
        second = tab.locator(f"#{_current(tab).get_attribute('id')}")
        assert second.get_attribute("id") != first.get_attribute("id") and first.is_hidden()
        tab.keyboard.press("ArrowDown")  # the arrows move among the choices
        assert tab.evaluate("document.activeElement.dataset.choice") == "1"
        tab.keyboard.press(" ")
        right += second.get_attribute("data-answer") == "1"
        assert tab.locator("#score").inner_text() == f"Score: {int(right)} of 2"
        outline = tab.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", "focus is visible"
        assert tab.errors == []
    finally:
        tab.context.close()


def test_a_kind_missed_comes_back_more_often(browser: Any, quiz: Path) -> None:  # noqa: F811
    fresh = _open(browser, quiz, 1280)
    try:
        plain = _first_kinds(fresh, 4)
        assert len(set(plain)) == 4, "nothing missed yet: one kind after another"
        kind = _answer(fresh, right=False)
        assert json.loads(fresh.evaluate(f"localStorage.getItem({json.dumps(KEY)})")) == {kind: 1}
    finally:
        fresh.context.close()
    # Stored misses decide the order, so the same storage gives the same questions.
    again = _open(browser, quiz, 1280, misses={"rule": 3})
    try:
        asked = _first_kinds(again, 4)
        assert asked[0] == "rule" and asked.count("rule") > plain.count("rule"), (asked, plain)
    finally:
        again.context.close()
    blocked = _open(browser, quiz, 1280, script=BLOCKED)
    try:
        _answer(blocked, right=False)
        assert blocked.locator("#storage").is_visible() and blocked.locator("#score").inner_text() == "Score: 0 of 1"
        assert blocked.errors == []
    finally:
        blocked.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_every_screen_fits_its_targets_are_44_px_and_axe_finds_nothing_serious(
    browser: Any,  # noqa: F811
    quiz: Path,
    width: int,
) -> None:
    tab = _open(browser, quiz, width)
    try:
        q = tab.locator(f"#{_current(tab).get_attribute('id')}")
        q.locator("[data-choice]").first.click()  # the feedback and Next button are checked too
        sizes = tab.evaluate(
            """() => Array.from(document.querySelectorAll('button, summary'))
                 .filter(b => b.offsetParent).map(b => b.getBoundingClientRect())
                 .map(box => [box.width, box.height])"""
        )
        assert len(sizes) >= 3 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
        assert tab.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
        bad = serious_violations(tab, axe_script())
        assert not bad, f"at {width} px:\n" + "\n".join(bad)
        if width == 390:
            # docs/images/quiz-390.png: a question answered, its proof below, as a phone shows it.
            top = q.bounding_box()["y"] + tab.evaluate("window.scrollY")
            shot = tab.screenshot(full_page=True, clip={"x": 0, "y": top, "width": width, "height": 1400})
            target = DOCS_IMAGES / "quiz-390.png"
            if os.environ.get("ROADS_UPDATE_SCREENSHOTS"):
                target.write_bytes(shot)
            assert target.exists(), f"make it with ROADS_UPDATE_SCREENSHOTS=1 pytest {__file__}"
        assert CHROMIUM.exists() and tab.errors == []
    finally:
        tab.context.close()
