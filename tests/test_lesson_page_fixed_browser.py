"""The lesson page fixed (issue 33, item 5), checked in headless Chromium at 390 and 1280 px.

On the 82-coup dealt shoe the issue measured: a highlight brings the columns it
compares into view (Big Eye Boy mark 40 lit column 29 out of view at 1280 px);
the proof sheet of a phone never covers the strip that was tapped and closes
from its top edge, where it opens; the whole-board view shows every road's
newest marks (it showed empty Big Eye Boy grids); the proofs can be filtered
by road, rule and mistake; and no word is broken inside ("Ban/ker", "1/0").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import axe_script, serious_violations
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads.lesson.page import lesson_page
from roads.shoe import deal_shoe

pytestmark = pytest.mark.browser

WIDTHS = (390, 1280)
DERIVED = ("big-eye-boy", "small-road", "cockroach-pig")


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The issue's 82-coup lesson (8 decks, seed 3) with the shoe's notes, as one page."""
    path = tmp_path_factory.mktemp("fixed") / "lesson.html"
    path.write_text(lesson_page(deal_shoe(8, seed=3).coups, source="dealt.txt"), encoding="utf-8")
    return path


def _open(browser: Any, path: Path, width: int, height: int = 900) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(path.as_uri())
    return page


# Each lit thing (the tinted compared columns, the rings) against the frame it scrolls in and the screen.
LIT = """() => {
    const out = [];
    document.querySelectorAll('#board .roads-overlay rect').forEach(r => {
        const b = r.getBoundingClientRect();
        const frame = (r.closest('.strip-frame') || document.getElementById('board')).getBoundingClientRect();
        out.push({left: b.left, right: b.right, top: b.top, bottom: b.bottom,
                  frame: [frame.left, frame.right], on: r.getAttribute('data-on') || 'tint'});
    });
    return {lit: out, width: innerWidth, height: innerHeight};
}"""


def _in_view(found: dict[str, Any]) -> list[dict[str, Any]]:
    """Return what is lit but outside its frame or the screen."""
    return [
        r
        for r in found["lit"]
        if not (
            r["frame"][0] - 0.5 <= r["left"]
            and r["right"] <= r["frame"][1] + 0.5
            and r["left"] >= 0
            and r["right"] <= found["width"] + 0.5
        )
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_highlight_brings_its_compared_columns_into_view(browser: Any, lesson: Path, width: int) -> None:  # noqa: F811
    """Big Eye Boy mark 40 compares columns 28 and 29 (or 29 alone): lit, they are in their frame."""
    page = _open(browser, lesson, width)
    try:
        mark = page.locator('#board use.has-proof[data-road="big-eye-boy"][data-mark="40"]')
        mark.scroll_into_view_if_needed()
        mark.focus()
        focused = page.evaluate(LIT)
        compared = page.get_attribute("#proof-big-eye-boy-40", "data-compared")
        # From the keyboard too: the next mark's columns come into view as the arrow moves on.
        page.keyboard.press("Home")
        home = page.evaluate(LIT)
    finally:
        page.close()
    assert compared and len([r for r in focused["lit"] if r["on"] == "tint"]) == len(compared.split())
    assert not _in_view(focused), _in_view(focused)
    assert home["lit"] and not _in_view(home), _in_view(home)


# The strip holding the mark shown, the sheet, and the sheet's Close button, as the screen shows them.
SHEET = """(key) => {
    const v = document.getElementById('viewer'), r = v.getBoundingClientRect();
    const strip = document.querySelector('.strip.' + key + ' .strip-frame') || document.getElementById('board');
    const s = strip.getBoundingClientRect(), close = v.querySelector('.viewer-close');
    const c = close ? close.getBoundingClientRect() : null;
    return {open: v.classList.contains('open'), sheet: [r.left, r.top, r.right, r.bottom],
            strip: [s.left, s.top, s.right, s.bottom], close: c && [c.left, c.top, c.right, c.bottom],
            focused: document.activeElement && document.activeElement.getAttribute('data-mark'),
            height: innerHeight};
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("key", ["cockroach-pig", "small-road"])
def test_the_proof_sheet_never_covers_the_strip_tapped_and_closes_from_its_top(
    browser: Any,  # noqa: F811
    lesson: Path,
    width: int,
    key: str,
) -> None:
    page = _open(browser, lesson, width, 800)
    try:
        target = page.locator(f'#board use.has-proof[data-road="{key}"]:not(.later)').last
        target.scroll_into_view_if_needed()
        # The strip low on the screen, where a sheet rising from the foot would cover it.
        page.evaluate(
            """(key) => { const s = (document.querySelector('.strip.' + key) || document.getElementById('board'));
                window.scrollBy(0, s.getBoundingClientRect().bottom - innerHeight + 4); }""",
            key,
        )
        mark = target.get_attribute("data-mark")
        target.click()
        opened = page.evaluate(SHEET, key)
        if opened["open"]:
            page.locator("#viewer .viewer-close").click()
        closed = page.evaluate(SHEET, key)
    finally:
        page.close()
    assert not _overlap(opened["sheet"], opened["strip"]), opened
    assert opened["strip"][1] >= 0 and opened["strip"][3] <= opened["height"] + 0.5
    if width < 1000:
        # A phone's sheet: Close is at its top edge, on the screen, without scrolling the sheet.
        assert opened["open"] and opened["close"] is not None
        assert opened["sheet"][1] - 0.5 <= opened["close"][1] <= opened["sheet"][1] + 60, opened
        assert opened["close"][3] <= opened["height"]
        # Closed, the strip stays where it was and the tapped mark has the focus back.
        assert not closed["open"] and closed["focused"] == mark
        assert abs(closed["strip"][1] - opened["strip"][1]) < 1


NEWEST = """(keys) => {
    const board = document.getElementById('board'), f = board.getBoundingClientRect();
    const out = {};
    for (const key of keys) {
        const marks = Array.from(board.querySelectorAll('svg use[data-road="' + key + '"]:not(.later)'));
        const inside = marks.filter(u => { const b = u.getBoundingClientRect();
            return b.left >= f.left - 0.5 && b.right <= f.right + 0.5; });
        const newest = marks.reduce((a, u) => (a === null ||
            +u.getAttribute('data-mark') > +a.getAttribute('data-mark') ? u : a), null);
        const b = newest.getBoundingClientRect();
        out[key] = {inside: inside.length, newest: b.left >= f.left - 0.5 && b.right <= f.right + 0.5};
    }
    return {roads: out, stacked: board.classList.contains('stacked')};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_whole_board_shows_every_roads_newest_marks(browser: Any, lesson: Path, width: int) -> None:  # noqa: F811
    page = _open(browser, lesson, width)
    try:
        if page.evaluate("() => document.getElementById('board').classList.contains('stacked')"):
            page.locator("button.layout").click()
        whole = page.evaluate(NEWEST, list(DERIVED))
        # Stepped back to coup 40, the newest marks are coup 40's: they show too.
        page.locator(".stepper input[type=range]").fill("40")
        stepped = page.evaluate(NEWEST, list(DERIVED))
    finally:
        page.close()
    for found in (whole, stepped):
        assert not found["stacked"]
        for key, road in found["roads"].items():
            assert road["inside"] > 0 and road["newest"], (key, road)


FILTER = """() => {
    const shown = Array.from(document.querySelectorAll('li.proof')).filter(li => li.offsetParent !== null);
    return {shown: shown.map(li => [li.getAttribute('data-road'), li.getAttribute('data-rule'),
                                    li.getAttribute('data-mistake')]),
            all: document.querySelectorAll('li.proof').length, height: document.documentElement.scrollHeight,
            said: (document.querySelector('#proof-filter output') || {}).textContent};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_proofs_filter_by_road_rule_and_mistake(browser: Any, lesson: Path, width: int) -> None:  # noqa: F811
    page = _open(browser, lesson, width)
    try:
        everything = page.evaluate(FILTER)
        form = page.locator("#proof-filter")
        form.locator("select[name=road]").select_option("small-road")
        by_road = page.evaluate(FILTER)
        form.locator("select[name=rule]").select_option("2")
        by_rule = page.evaluate(FILTER)
        form.locator("select[name=road]").select_option("")
        form.locator("select[name=rule]").select_option("")
        form.locator("select[name=mistake]").select_option("straight-drop")
        by_mistake = page.evaluate(FILTER)
        mistakes = form.locator("select[name=mistake] option").evaluate_all("os => os.map(o => o.value)")
        # A link from the coups table to a proof the filter hides clears the filter and shows it.
        form.locator("select[name=road]").select_option("small-road")
        link = page.locator('table.coups a[href^="#proof-big-eye-boy-"]').first
        href = link.get_attribute("href")
        link.click()
        page.wait_for_function("(id) => !document.getElementById(id).hidden", arg=href[1:])
        linked = page.evaluate(FILTER)
    finally:
        page.close()
    assert len(everything["shown"]) == everything["all"] > 200
    assert by_road["shown"] and {r for r, _, _ in by_road["shown"]} == {"small-road"}
    assert len(by_road["shown"]) < everything["all"] and by_road["height"] < everything["height"] / 2
    assert by_rule["shown"] and {(r, u) for r, u, _ in by_rule["shown"]} == {("small-road", "2")}
    assert by_mistake["shown"] and {m for _, _, m in by_mistake["shown"]} == {"straight-drop"}
    assert by_mistake["said"] and str(len(by_mistake["shown"])) in by_mistake["said"]
    assert set(mistakes) >= {"", "wrong-columns", "straight-drop", "one-row-above"}
    assert len(linked["shown"]) == everything["all"]


BROKEN = """() => {
    const bad = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        const node = walk.currentNode, el = node.parentElement;
        if (!el || el.closest('svg, script, style') || !el.getClientRects().length) { continue; }
        const words = /[^\\s\\-\\/\\u2013\\u2014]+/g;
        let m;
        while ((m = words.exec(node.data))) {
            if (m[0].length < 2) { continue; }
            const r = document.createRange();
            r.setStart(node, m.index);
            r.setEnd(node, m.index + m[0].length);
            const lines = new Set(Array.from(r.getClientRects()).filter(b => b.width > 0)
                .map(b => Math.round(b.bottom)));
            if (lines.size > 1) { bad.push(m[0] + ' in <' + el.localName + ' class="' + el.className + '">'); }
        }
    }
    return bad;
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_no_word_is_broken_inside(browser: Any, lesson: Path, width: int) -> None:  # noqa: F811
    """Every word of the page (headings, the coups table, the proofs, the open sheet) on one line."""
    page = _open(browser, lesson, width)
    try:
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        broken = page.evaluate(BROKEN)
        target = page.locator('#board use.has-proof[data-road="cockroach-pig"]:not(.later)').last
        target.scroll_into_view_if_needed()
        target.click()
        in_sheet = page.evaluate(BROKEN)
        wide = page.evaluate("() => document.scrollingElement.scrollWidth")
    finally:
        page.close()
    assert not broken, broken[:20]
    assert not in_sheet, in_sheet[:20]
    assert wide <= width, "the page scrolls sideways: a table too wide must scroll in its own frame"


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_core_is_still_clean_with_the_filter_and_an_open_sheet(
    browser: Any,  # noqa: F811
    lesson: Path,
    width: int,
) -> None:
    page = _open(browser, lesson, width)
    try:
        page.locator("#proof-filter select[name=road]").select_option("big-eye-boy")
        target = page.locator('#board use.has-proof[data-road="big-eye-boy"]:not(.later)').last
        target.scroll_into_view_if_needed()
        target.click()
        bad = serious_violations(page, axe_script())
    finally:
        page.close()
    assert not bad, "\n".join(bad)
