"""The course in headless Chromium: one whole module walked as a learner, every wrong choice in turn, then right.

Each wrong choice must give feedback of its own (the mistake it stands for),
the right one must say so, the score and the review must survive a reload, the
index must show the module's progress, and axe-core must find nothing serious
at 390 and 1280 px. The screenshots in docs/course.md come from here
(``ROADS_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, axe_script, serious_violations
from test_browser import CHROMIUM, browser  # noqa: F401  # the shared headless-chromium fixture

from roads.course.site import write_course
from roads.course.syllabus import MODULES

pytestmark = pytest.mark.browser

DOCS_IMAGES = ROOT / "docs" / "images"
WALKED = MODULES[0]
"""The module walked check by check: the Bead Plate and the Big Road (the course's own kinds of check)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole course, written as ``roads course -o DIR`` writes it."""
    folder = tmp_path_factory.mktemp("course")
    write_course(folder, seed=2026)
    return folder


def _tab(context: Any, path: Path) -> Any:
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(path.as_uri())
    tab.errors = errors
    return tab


def _walk(tab: Any) -> int:
    """Answer every check of the open lesson: each wrong choice in turn, then the right one; return the checks."""
    checks = tab.locator(".checks [data-question]")
    for i in range(checks.count()):
        q = checks.nth(i)
        answer = int(q.get_attribute("data-answer"))
        choices = q.locator("[data-choice]")
        verdict = q.locator(".verdict")
        said: list[str] = []
        for c in range(choices.count()):
            if c == answer:
                continue
            choices.nth(c).click()
            text = verdict.inner_text()
            assert text.startswith("Not quite."), text
            said.append(text)
        assert len(set(said)) == len(said), f"two wrong choices gave the same feedback: {said}"
        assert q.locator("details.answer").get_attribute("open") is None, "the answer stays folded until found"
        choices.nth(answer).click()
        assert verdict.inner_text().startswith("Right."), verdict.inner_text()
        assert q.locator("details.answer").get_attribute("open") is not None
        assert q.get_attribute("data-result") == "wrong", "the first choice is the one that counts"
    return int(checks.count())


def test_a_whole_module_walked_wrong_then_right_survives_a_reload(browser: Any, site: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect  # only where the browser tests run: the fixture skips without it

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        total = 0
        for lesson in WALKED.lessons:
            tab = _tab(context, site / f"{lesson.slug}.html")
            asked = _walk(tab)
            assert asked == lesson.checks
            total += asked
            assert tab.locator("#score").inner_text() == f"Score: 0 of {asked}"
            assert tab.locator("#review-list li").count() == asked, "every first-try miss is in the review"
            tab.reload()
            # Polled (up to 5 s): read at once, the score was once read before the page had replayed its choices.
            expect(tab.locator("#score")).to_have_text(f"Score: 0 of {asked}")  # the score survives a reload
            expect(tab.locator("#review-list li")).to_have_count(asked)
            expect(tab.locator(".checks [data-question] [data-choice].right")).to_have_count(asked)  # answered again
            assert tab.errors == []
            tab.close()
        index = _tab(context, site / "index.html")
        said = index.locator(f'[data-module-score="{WALKED.slug}"]').inner_text()
        assert said == f"Module: 0 of {total} right at the first try.", said
        assert index.locator(f'[data-progress-module="{WALKED.slug}"] li.done').count() == len(WALKED.lessons)
        assert index.errors == []
    finally:
        context.close()


def test_right_at_the_first_try_counts_and_missed_kinds_come_back(browser: Any, site: Path) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        tab = _tab(context, site / "streaks.html")
        q = tab.locator(".checks [data-question]").first
        q.locator(f'[data-choice="{q.get_attribute("data-answer")}"]').click()
        assert tab.locator("#score").inner_text() == "Score: 1 of 1"
        tab.reload()
        assert tab.locator("#score").inner_text() == "Score: 1 of 1"
        # A kind missed before is asked again in a later lesson's practice; the others stay out of the way.
        later = _tab(context, site / "straight-drop.html")
        assert later.locator("#practice").is_hidden()
        later.close()
        tab.locator(".checks [data-question]").nth(1).locator("[data-choice]").first.click()
        tab.evaluate("localStorage.setItem('roads-quiz-misses', JSON.stringify({rule: 1}))")
        later = _tab(context, site / "straight-drop.html")
        shown = later.locator("#practice [data-question]:visible")
        assert shown.count() >= 1 and {shown.nth(i).get_attribute("data-kind") for i in range(shown.count())} == {
            "rule"
        }
        assert tab.errors == [] and later.errors == []
    finally:
        context.close()


def test_a_check_is_answered_with_the_keyboard_alone(browser: Any, site: Path) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 900})
    try:
        tab = _tab(context, site / "ties.html")
        q = tab.locator(".checks [data-question]").first
        first = q.locator("[data-choice]").first
        first.focus()
        tab.keyboard.press("ArrowDown")
        assert tab.evaluate("document.activeElement.dataset.choice") == "1", "the arrow keys move among the choices"
        tab.keyboard.press("Enter")
        assert q.locator('[data-choice="1"]').get_attribute("aria-pressed") == "true"
        assert q.locator(".verdict").inner_text()
        assert tab.errors == []
    finally:
        context.close()


def test_printed_every_check_shows_its_answer_and_feedback(browser: Any, site: Path) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 768, "height": 900})
    try:
        tab = _tab(context, site / "rule-one.html")
        tab.emulate_media(media="print")
        checks = tab.locator(".checks [data-question]")
        for i in range(checks.count()):
            assert checks.nth(i).locator(".whys").is_visible(), "a printed check shows every choice's feedback"
            assert checks.nth(i).locator(".explanation").is_visible()
        assert tab.locator(".pager").is_hidden()
        assert tab.errors == []
    finally:
        context.close()


def test_the_timed_round_keeps_the_best_round(browser: Any, site: Path) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        tab = _tab(context, site / "timed-round.html")
        tab.locator("#start").click()
        checks = tab.locator(".checks [data-question]")
        for i in range(checks.count()):
            q = checks.nth(i)
            wrong = i == 0
            pick = int(q.get_attribute("data-answer"))
            if wrong:
                pick = (pick + 1) % q.locator("[data-choice]").count()
            q.locator(f'[data-choice="{pick}"]').click()
        # The round ends when every check is answered (the clock only ends it sooner): wait for it to say so.
        done = checks.count() - 1
        from playwright.sync_api import expect  # only where the browser tests run: the fixture skips without it

        expect(tab.locator("#best")).to_have_text(f"Your best round: {done} right.")  # polled: no page script
        assert tab.locator("#clock").inner_text() == f"Time: {done} right at the first try."
        tab.reload()
        assert tab.locator("#best").inner_text() == f"Your best round: {done} right."
        assert tab.locator("#start").inner_text() == "Start again"
        assert tab.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 768, 1280])
def test_pages_are_clean_for_axe_and_the_screenshots(browser: Any, site: Path, width: int) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        for name in ("index.html", "rule-one.html", "exam.html", "banker-chart.html", "timed-round.html"):
            tab = _tab(context, site / name)
            bad = serious_violations(tab, axe_script())
            assert not bad, f"{name} at {width} px:\n" + "\n".join(bad)
            assert tab.evaluate("document.documentElement.scrollWidth") <= width, f"{name} scrolls sideways"
            assert tab.errors == []
            tab.close()
        tab = _tab(context, site / "rule-one.html")
        lesson = tab.screenshot(clip={"x": 0, "y": 0, "width": width, "height": 900})
        q = tab.locator(".checks [data-question]").nth(1)
        answer = int(q.get_attribute("data-answer"))
        q.locator("[data-choice]").nth((answer + 1) % q.locator("[data-choice]").count()).click()
        q.scroll_into_view_if_needed()
        top = q.bounding_box()["y"] + tab.evaluate("window.scrollY")
        check = tab.screenshot(full_page=True, clip={"x": 0, "y": top, "width": width, "height": 900})
        bad = serious_violations(tab, axe_script())
        assert not bad, "\n".join(bad)
        for name, shot in ((f"course-lesson-{width}.png", lesson), (f"course-check-{width}.png", check)):
            if width == 768:
                continue  # checked above; docs/course.md shows the phone and the desktop
            target = DOCS_IMAGES / name
            if os.environ.get("ROADS_UPDATE_SCREENSHOTS"):
                target.write_bytes(shot)
            assert target.exists(), f"make it with ROADS_UPDATE_SCREENSHOTS=1 pytest {__file__}"
        assert CHROMIUM.exists() and tab.errors == []
    finally:
        context.close()
