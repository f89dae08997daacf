"""The lesson page and the drill in a real browser: Debian's chromium, headless, driven by playwright.

Outside CI a machine without /usr/bin/chromium skips these with the reason;
under CI=true they must run, so a missing browser fails instead.
"""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from helpers import IN_CI, decode_png

from roads import Scoreboard
from roads.board import DERIVED
from roads.lesson.drill import drill, drill_html
from roads.lesson.page import lesson_page
from roads.shoe import deal_shoe

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
pytestmark = pytest.mark.browser


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason}: CI must run the browser tests (.ci/run installs Debian's chromium)")
    pytest.skip(f"{reason}: install Debian's chromium (apt-get install chromium) to run the browser tests")


def launch_chromium(*extra: str):
    """Yield Debian's headless chromium (with ``extra`` flags), skipped here or failed in CI when it is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=[*ARGS, *extra])
        yield b
        b.close()


@pytest.fixture(scope="module")
def browser():
    yield from launch_chromium()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == [], f"the page raised: {errors}"


COUPS = deal_shoe(8, seed=3).coups[:40]
BOARD = Scoreboard.from_outcomes(COUPS)


@pytest.fixture
def lesson(tmp_path: Path) -> Path:
    path = tmp_path / "lesson.html"
    path.write_text(lesson_page(COUPS, title="Browser lesson"), encoding="utf-8")
    return path


def test_board_renders_every_mark(page, lesson: Path) -> None:
    page.goto(lesson.as_uri())
    expected = BOARD.coups + len(BOARD.big_road) + sum(len(BOARD.road(n)) for n in DERIVED)
    assert page.locator("#board svg [data-road]").count() == expected
    box = page.locator("#board svg").bounding_box()
    assert box and box["width"] > 500 and box["height"] > 200
    # Drawn, not just present: the rings of the Big Road have a real size on screen.
    ring = page.locator('#board use[data-road="big-road"]').first.bounding_box()
    assert ring and 20 < ring["width"] < 60  # a ring at the lesson cell of 48 px


def test_pointing_at_a_mark_shows_its_proof_and_lights_the_columns(page, lesson: Path, tmp_path: Path) -> None:
    page.goto(lesson.as_uri())
    page.locator('#board use[data-road="big-eye-boy"][data-mark="5"]').hover()
    viewer = page.locator("#viewer")
    assert "Big Eye Boy mark 5" in viewer.inner_text()
    assert page.locator("#viewer svg.comparison").count() == 1
    assert page.locator("li.proof.current").get_attribute("id") == "proof-big-eye-boy-5"
    tints = page.locator("#board .roads-tint").count()
    assert tints == len(page.locator("#proof-big-eye-boy-5").get_attribute("data-compared").split())
    assert page.locator("#board .roads-ring").count() >= 2  # the new bead and the mark itself
    shot = tmp_path / "hover.png"
    page.screenshot(path=str(shot))
    image = decode_png(shot.read_bytes())
    low, high = image.convert("L").getextrema()
    assert image.size == (1280, 900) and high - low > 100


def test_keyboard_focus_and_arrows_move_between_marks(page, lesson: Path) -> None:
    page.goto(lesson.as_uri())
    page.keyboard.press("Tab")  # the first link or the board: tab until a mark has focus
    for _ in range(10):
        if page.evaluate("document.activeElement.getAttribute('data-mark')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('data-road')") == "big-eye-boy"
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "proof-big-eye-boy-1"
    assert "Big Eye Boy mark 1" in page.locator("#viewer").inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert "Big Eye Boy mark 3" in page.locator("#viewer").inner_text()
    assert page.locator('#board use[tabindex="0"]').count() == 1  # one tab stop for the whole board


def test_without_javascript_every_proof_is_there(browser, lesson: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(lesson.as_uri())
    marks = sum(len(BOARD.road(n)) for n in DERIVED)
    assert tab.locator("li.proof").count() == marks
    assert tab.locator("li.proof").nth(marks - 1).is_visible()
    assert not tab.locator("#viewer .hint").is_visible()  # no promise the page cannot keep
    context.close()


def test_drill_checks_answers(page, tmp_path: Path) -> None:
    path = tmp_path / "drill.html"
    path.write_text(drill_html(drill(3, 5), 5), encoding="utf-8")
    page.goto(path.as_uri())
    first = page.locator("li.situation").first
    assert not first.locator("details.answer").is_visible()  # hidden until answered
    for who in ("player", "banker"):
        ask = first.locator(f'.ask[data-who="{who}"]')
        ask.locator(f'button[data-answer="{ask.get_attribute("data-correct")}"]').click()
        assert ask.locator(".verdict").inner_text() == "Right."
    assert first.locator("details.answer").is_visible()
    assert page.locator("#score").inner_text().startswith("2 of 2 right")


def test_markdown_figures_render(page, tmp_path: Path) -> None:
    body = markdown.markdown(
        '```roads road="big-road" title="Two"\nBBBPPB\n```\n\n```roads theme="dark"\nBPPPBB\n```\n',
        extensions=["roads.lesson.markdown_ext"],
    )
    path = tmp_path / "md.html"
    path.write_text(f"<!DOCTYPE html><meta charset=utf-8><title>md</title>{body}", encoding="utf-8")
    page.goto(path.as_uri())
    assert page.locator("figure.roads svg").count() == 2
    for i in range(2):
        box = page.locator("figure.roads svg").nth(i).bounding_box()
        assert box and box["width"] > 100
    assert page.locator("figure.roads figcaption").inner_text() == "Two"
