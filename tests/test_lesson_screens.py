"""Lesson pages on every screen: 390, 768 and 1280 px, every theme, checked in headless Chromium with axe-core.

The page never scrolls sideways (the board scrolls in its own frame and opens
on the newest columns), every mark is a 24 x 24 CSS px target, text meets WCAG
AA in every theme, and axe-core (shipped inside the pinned axe-playwright-python
wheel) finds no serious or critical violation. The screenshots in docs/images
are taken here.
"""

from __future__ import annotations

import os
import re
import subprocess
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from helpers import axe_script, serious_violations
from test_browser import CHROMIUM, browser  # noqa: F401  # the shared headless-chromium fixture

from roads import Scoreboard
from roads.lesson.page import lesson_page
from roads.render import svg
from roads.scene.themes import THEMES
from roads.shoe import deal_shoe

WIDTHS = (390, 768, 1280)
DOCS_IMAGES = Path(__file__).parent.parent / "docs" / "images"
NOTES = (
    "Lesson 4: a Banker dragon, then the chop.",
    "decks: 8",
    "seed: 3",
    "cut: 16",
    "burned: 2H QC 5S",
    "redeal: roads deal --decks 8 --seed 3 --cut 16 --format cards",
)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A dealt 82-coup shoe as a lesson page in each theme, with the header lines roads deal writes."""
    folder = tmp_path_factory.mktemp("screens")
    coups = deal_shoe(8, seed=3).coups
    out = {}
    for theme in THEMES:
        path = folder / f"{theme}.html"
        path.write_text(lesson_page(coups, theme=theme, notes=NOTES, source="dealt.txt"))
        out[theme] = path
    return out


def _open(browser: Any, path: Path, width: int) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(path.as_uri())
    return page


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("theme", list(THEMES))
def test_no_sideways_scroll_and_the_board_opens_on_its_newest_columns(
    browser: Any,  # noqa: F811
    pages: dict[str, Path],
    theme: str,
    width: int,
) -> None:
    page = _open(browser, pages[theme], width)
    try:
        found = page.evaluate(
            """() => {
                const board = document.getElementById('board');
                const frame = board.getBoundingClientRect();
                const big = Array.from(board.querySelectorAll('use[data-road="big-road"]'));
                const newest = big.reduce((a, b) => (+b.getAttribute('x') > +a.getAttribute('x') ? b : a));
                const mark = newest.getBoundingClientRect();
                return {
                    page: document.scrollingElement.scrollWidth, view: window.innerWidth,
                    frame: board.clientWidth, board: board.scrollWidth,
                    markLeft: mark.left, markRight: mark.right, frameLeft: frame.left, frameRight: frame.right,
                    widest: Math.max(...Array.from(document.body.querySelectorAll('*'),
                        el => el.closest('#board, .table-wrap, .picture') ? 0 : el.getBoundingClientRect().right)),
                };
            }"""
        )
    finally:
        page.close()
    assert found["page"] <= found["view"], f"the page scrolls sideways at {width} px"
    assert found["widest"] <= width + 0.5
    if found["board"] > found["frame"]:
        # Too wide for the screen: the frame scrolls, and opens on the newest Big Road column.
        assert found["frameLeft"] <= found["markLeft"] and found["markRight"] <= found["frameRight"]


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
def test_every_mark_is_a_24_px_target(browser: Any, pages: dict[str, Path], width: int) -> None:  # noqa: F811
    page = _open(browser, pages["classic"], width)
    try:
        sizes = page.evaluate(
            """() => Array.from(document.querySelectorAll('#board rect.roads-hit'), r => {
                const b = r.getBoundingClientRect(); return [b.width, b.height];
            })"""
        )
        marks = page.locator("#board use.has-proof").count()
        # A tap in the corner of a mark's cell, well off its ink, shows that mark's proof.
        target = page.locator("#board rect.roads-hit").nth(5)
        target.scroll_into_view_if_needed()
        target.click(position={"x": 2, "y": 2})
        showing = page.get_attribute("#viewer", "data-showing")
    finally:
        page.close()
    assert len(sizes) == marks > 100
    assert min(min(w, h) for w, h in sizes) >= 24
    assert showing and showing.count(":") == 1


@pytest.mark.browser
@pytest.mark.parametrize("theme", list(THEMES))
def test_axe_core_finds_no_serious_or_critical_violation(
    browser: Any,  # noqa: F811
    pages: dict[str, Path],
    theme: str,
) -> None:
    script = axe_script()
    for width in WIDTHS:
        page = _open(browser, pages[theme], width)
        try:
            bad = serious_violations(page, script)
        finally:
            page.close()
        assert not bad, f"{theme} at {width} px:\n" + "\n".join(bad)


def test_the_shoe_details_are_details_not_the_lesson(pages: dict[str, Path]) -> None:
    html = pages["classic"].read_text()
    notes = html[html.index('<div class="notes">') : html.index("</div>", html.index('<div class="notes">'))]
    assert "Lesson 4" in notes and "seed" not in notes and "redeal" not in notes
    details = html[html.index('<details class="shoe-details">') : html.index("</details>")]
    assert "<dt>Seed</dt><dd>3</dd>" in details and "<code>roads deal --decks 8" in details


@pytest.mark.browser
def test_print_shows_the_whole_board_and_every_proof_on_a4(browser: Any, pages: dict[str, Path]) -> None:  # noqa: F811
    page = _open(browser, pages["classic"], 1280)
    try:
        page.emulate_media(media="print")
        # The print media query tells the page at its next rendering update, not at once: wait for the board to
        # unstack (a board that never does fails here, as the assertion below would).
        page.wait_for_function("() => !document.getElementById('board').classList.contains('stacked')", timeout=5000)
        found = page.evaluate(
            """() => ({
                board: document.querySelector('#board svg').getBoundingClientRect().width,
                stacked: document.getElementById('board').classList.contains('stacked'),
                marks: document.querySelectorAll('#board > svg g.road use[data-road]').length,
                body: document.body.clientWidth,
                viewer: getComputedStyle(document.getElementById('viewer')).display,
                proofs: Array.from(document.querySelectorAll('li.proof')).filter(li => li.offsetParent).length,
                all: document.querySelectorAll('li.proof').length,
            })"""
        )
        pdf = page.pdf(format="A4")
    finally:
        page.close()
    # The 82-coup shoe opens stacked at 1280 px; paper shows the whole board, shrunk to the page's width.
    assert not found["stacked"] and found["marks"] > 100 and found["body"] / 2 < found["board"] <= found["body"] + 0.5
    assert found["viewer"] == "none"
    assert found["proofs"] == found["all"] > 100
    assert pdf.startswith(b"%PDF-")


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
def test_screenshots_for_the_docs(browser: Any, pages: dict[str, Path], width: int, tmp_path: Path) -> None:  # noqa: F811
    """docs/images/lesson-{390,768,1280}.png: the page as a phone, a tablet and a laptop show it."""
    page = _open(browser, pages["classic"], width)
    try:
        shot = page.screenshot()
    finally:
        page.close()
    target = DOCS_IMAGES / f"lesson-{width}.png"
    if os.environ.get("ROADS_UPDATE_SCREENSHOTS"):
        target.write_bytes(shot)
    assert target.exists(), f"make it with ROADS_UPDATE_SCREENSHOTS=1 pytest {__file__}"
    assert CHROMIUM.exists()


def test_lesson_takes_last_and_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from roads.cli import main

    log = tmp_path / "shoe.txt"
    log.write_text("# decks: 8\n# seed: 9\nB P P B B B B B B B P B P B P P P B T B B P P P B P B B\n")
    assert main(["lesson", str(log), "-o", str(tmp_path / "a.html"), "--last", "6", "--cell", "60"]) == 0
    page = (tmp_path / "a.html").read_text()
    root = re.search(r'<svg [^>]*viewBox="0 0 (\d+) \d+"[^>]*width="(\d+)"', page[page.index('id="board"') :])
    assert root and int(root.group(2)) == round(int(root.group(1)) * 60 / 24)
    assert "<dt>Seed</dt><dd>9</dd>" in page and '<div class="notes">' not in page
    capsys.readouterr()
    assert main(["lesson", str(log), "-o", str(tmp_path / "b.html"), "--cell", "20"]) == 2
    err = capsys.readouterr().err
    assert "cell 20 is too small for a lesson board: the smallest is 48 px" in err and "Traceback" not in err
    assert not (tmp_path / "b.html").exists()


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """Return the WCAG contrast ratio of two #rrggbb colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_theme_meets_wcag_aa_for_text(theme: str) -> None:
    t = THEMES[theme]
    pairs = {
        "text on background": (t.text, t.background),
        "muted on background": (t.muted, t.background),
        "muted on panel": (t.muted, t.panel),
        "letters on Banker": (t.on_disc, t.banker),
        "letters on Player": (t.on_disc, t.player),
        "letters on Tie": (t.on_disc, t.tie),
        "Banker streak on panel": (t.banker, t.panel),
        "Player streak on panel": (t.player, t.panel),
    }
    low = {name: round(contrast(*pair), 2) for name, pair in pairs.items() if contrast(*pair) < 4.5}
    assert not low, f"{theme}: below 4.5:1 {low}"


@pytest.mark.browser
def test_step_through_reveals_the_shoe_one_coup_at_a_time(browser: Any, pages: dict[str, Path]) -> None:  # noqa: F811
    page = _open(browser, pages["classic"], 1280)
    try:
        visible = "() => document.querySelectorAll('#board use[data-road]:not(.later)').length"
        everything = page.evaluate(visible)
        slider = page.locator(".stepper input[type=range]")
        assert slider.get_attribute("max") == "82" and slider.input_value() == "82"
        slider.fill("10")
        at_ten = page.evaluate(visible)
        said = page.locator(".stepper output").inner_text()
        page.locator(".stepper button", has_text="Next").click()
        at_eleven = page.evaluate(visible)
        slider.focus()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        at_nine = page.evaluate(visible)
        beads = page.evaluate(
            "() => document.querySelectorAll('#board use[data-road=\"bead-plate\"]:not(.later)').length"
        )
        page.locator(".stepper button", has_text="Previous").click()
        showing = page.get_attribute("#viewer", "data-showing")
    finally:
        page.close()
    assert at_nine < at_ten < at_eleven < everything and said == "Coup 10 of 82" and beads == 9
    assert showing is None or showing.count(":") == 1


@pytest.mark.browser
def test_without_javascript_the_page_is_the_whole_shoe(browser: Any, pages: dict[str, Path]) -> None:  # noqa: F811
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(pages["classic"].as_uri())
        assert page.locator(".stepper").count() == 0
        assert page.locator("#board use.later").count() == 0
        width = page.locator("html").evaluate("el => el.scrollWidth")
    finally:
        context.close()
    assert width <= 390


STEP_SHOES = {
    "dealt": list(deal_shoe(8, seed=3).coups),
    # Leading ties, a bead with three ties, ties on the first bead of a column, a long streak.
    "ties": list("TTBTTTPPTBBBBTTPBPTTTBPPPPPBTB"),
}


def _board_now(page: Any) -> dict[str, Any]:
    """Return what the page's board shows: tie slashes and their counts, the stats texts, the asks."""
    return page.evaluate(
        """() => {
            const svg = document.getElementById('board');  // the whole board, or its strips
            const ties = {};
            const slashes = svg.querySelectorAll('g.big-road use.tie[data-coup]:not(.later)');
            slashes.forEach(u => { ties[u.getAttribute('data-coup')] = 1; });
            svg.querySelectorAll('g.tie-count[data-first]:not(.later)').forEach(g => {
                const first = g.getAttribute('data-first');
                ties[first] = Math.max(ties[first] || 0, parseInt(g.textContent, 10));
            });
            const stats = svg.querySelector('g.stats');
            const texts = Array.from(stats.children).filter(el => el.localName === 'text').map(t => t.textContent);
            const asks = Array.from(stats.querySelectorAll('g.ask')).map(g => g.getAttribute('data-ask') + ':' +
                Array.from(g.querySelectorAll('use.ask-mark')).map(u => u.getAttribute('class')).join(','));
            return {slashes: slashes.length, ties, texts, asks};
        }"""
    )


def _board_of(outcomes: list[Any]) -> dict[str, Any]:
    """Return the same three things for a board built from ``outcomes`` alone."""
    board = Scoreboard.from_outcomes(outcomes)
    ties = {str(b.coup + 1): b.ties for b in board.big_road.beads if b.ties}
    if board.leading_ties:
        ties["1"] = board.leading_ties
    root = ET.fromstring(svg(board, fonts=False))
    ns = "{http://www.w3.org/2000/svg}"
    big_road = next(g for g in root.iter(f"{ns}g") if "big-road" in (g.get("class") or "").split())
    slashes = sum("tie" in (u.get("class") or "").split() for u in big_road.iter(f"{ns}use"))
    stats = next(g for g in root.iter(f"{ns}g") if "stats" in (g.get("class") or "").split())
    texts = [el.text or "" for el in stats if el.tag == f"{ns}text"]
    asks = [
        f"{g.get('data-ask')}:"
        + ",".join(u.get("class") or "" for u in g.iter(f"{ns}use") if "ask-mark" in (u.get("class") or ""))
        for g in stats.iter(f"{ns}g")
        if g.get("data-ask")
    ]
    return {"slashes": slashes, "ties": ties, "texts": texts, "asks": asks}


@pytest.mark.browser
@pytest.mark.parametrize("shoe", list(STEP_SHOES))
def test_step_k_shows_the_ties_and_stats_of_the_first_k_coups(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    shoe: str,
) -> None:
    outcomes = STEP_SHOES[shoe]
    path = tmp_path / "steps.html"
    path.write_text(lesson_page(outcomes), encoding="utf-8")
    page = _open(browser, path, 1280)
    try:
        slider = page.locator(".stepper input[type=range]")
        n = len(outcomes)
        seen = []
        for k in sorted({0, 1, 2, 3, 5, 6, 9, 14, n // 2, n - 1, n}):
            slider.fill(str(k))
            now, expected = _board_now(page), _board_of(outcomes[:k])
            assert now == expected, f"at coup {k} of {n}"
            seen.append(now["texts"])
        page.locator(".stepper button", has_text="Previous").click()
        assert _board_now(page) == _board_of(outcomes[: n - 1])  # the buttons step the panel too
    finally:
        page.close()
    assert len({tuple(t) for t in seen}) > 5  # the panel really changed as the shoe unfolded


A4_POINTS = (595.92, 842.88)  # 210 x 297 mm as Chromium writes them


@pytest.mark.browser
def test_printed_to_a4_pdf_every_proof_is_there_in_words(
    browser: Any,  # noqa: F811
    pages: dict[str, Path],
    tmp_path: Path,
) -> None:
    """Chromium prints the lesson to PDF; pdftotext finds every proof's heading and steps, on A4 pages."""
    from test_pdf import _poppler

    page = _open(browser, pages["classic"], 1280)
    try:
        pdf = page.pdf(format="A4")
    finally:
        page.close()
    path = tmp_path / "lesson.pdf"
    path.write_bytes(pdf)
    info = subprocess.run([_poppler("pdfinfo"), str(path)], capture_output=True, text=True, check=True).stdout
    sizes = subprocess.run(
        [_poppler("pdfinfo"), "-f", "1", "-l", "999", str(path)], capture_output=True, text=True, check=True
    ).stdout
    pages_count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    found = [tuple(map(float, m)) for m in re.findall(r"size:\s+([\d.]+) x ([\d.]+) pts", sizes)]
    assert len(found) == pages_count and set(found) == {A4_POINTS}
    text = subprocess.run([_poppler("pdftotext"), str(path), "-"], capture_output=True, text=True, check=True).stdout
    # The proof's small picture sits beside its words, and its column numbers (and the ">" between a column
    # and the mark it makes) come out between the lines of the words: leave them out.
    flat = " ".join(" ".join(line for line in text.splitlines() if not re.fullmatch(r"[\d >]*", line)).split())
    html = pages["classic"].read_text(encoding="utf-8")
    headings = re.findall(r"<h4>(.*?)</h4>", html)
    assert len(headings) == len(re.findall(r'<li class="proof ', html)) > 100
    for heading in headings:
        words = " ".join(unescape(re.sub(r"<[^>]+>", "", heading)).split())
        assert words in flat, f"{words!r} is not in the printed lesson"
    for step in re.findall(r'<ol class="steps"><li>(.*?)</li><li>(.*?)</li></ol>', html):
        for line in step:
            words = " ".join(unescape(line).split())
            assert words in flat, f"{words!r} is not in the printed lesson"
    assert pages_count > 1
