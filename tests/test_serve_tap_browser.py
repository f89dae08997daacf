"""The table page's board in Debian's chromium (issue 32, item 2): a tap finds the mark under the finger, and the
proof beside the board is the lesson's (picture, numbered steps, watchout) with the mark and its compared beads lit.

Regression: serve.js took a mark's x, y (its cell's centre) as its top-left corner, so tapping the upper-left
of a mark did nothing and tapping the empty cell below and right of it opened it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

pytestmark = pytest.mark.browser

KEYS = "BPPBTBBPPPBPTBBPBPPBBBPPBPBBPP"
"""30 coups: every derived road has marks, Rule 1 and Rule 2 ones among them."""

DERIVED = ("big-eye-boy", "small-road", "cockroach-pig")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with table ``thirty`` of 30 coups."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        results_table(http, "thirty", KEYS)
        yield base


def _marks(svg: str) -> list[tuple[str, int, float, float, float]]:
    """Return every derived mark of a drawn board: (road, mark, centre x, centre y, cell), in model units."""
    cells = {
        road: float(height) / 6
        for road, height in re.findall(r'<g class="road ([a-z-]+)"[^>]*>\s*<rect [^>]*height="([0-9.]+)"', svg)
    }
    found = []
    for tag in re.findall(r"<use [^>]*data-mark=[^>]*>", svg):
        road = re.search(r'data-road="([^"]+)"', tag).group(1)  # type: ignore[union-attr]
        mark = int(re.search(r'data-mark="([0-9]+)"', tag).group(1))  # type: ignore[union-attr]
        x = float(re.search(r'\sx="([0-9.]+)"', tag).group(1))  # type: ignore[union-attr]
        y = float(re.search(r'\sy="([0-9.]+)"', tag).group(1))  # type: ignore[union-attr]
        found.append((road, mark, x, y, cells[road]))
    return found


def _point(page: Any, x: float, y: float, width: float) -> tuple[float, float]:
    """Return where the board's point (x, y) (model units, ``width`` the viewBox's) is on the page, scrolling the
    board (its older columns scroll) until it is in view."""
    for _ in range(3):
        shown = page.locator("#board-img").bounding_box()
        view = page.locator("#board-scroll").bounding_box()
        scale = shown["width"] / width
        px, py = shown["x"] + x * scale, shown["y"] + y * scale
        if view["x"] + 8 <= px <= view["x"] + view["width"] - 8:
            return px, py
        page.eval_on_selector("#board-scroll", "(e, d) => { e.scrollLeft += d; }", px - view["x"] - view["width"] / 2)
    raise AssertionError(f"({x}, {y}) never came into view")


def _open(browser: Any, url: str, width: int) -> Any:  # noqa: F811
    """Open the table page with its whole shoe drawn ("Whole shoe": every mark on the board, older columns
    scrolled to), the board of ``board.svg``."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"][data-fit]', state="attached")
    page.click("#board-whole")
    page.wait_for_selector("#board-whole[aria-pressed=true]")
    with client(url.split("/tables/", maxsplit=1)[0]) as http:
        whole = re.search(r'id="(r[0-9a-f]{10}-)', http.get("/api/tables/thirty/board.svg").text)
    assert whole is not None
    page.wait_for_selector(f'#board-img[data-board="{whole.group(1)}"]:not([data-fit])', state="attached")
    page.errors = errors
    return page


@pytest.mark.parametrize("width", [390, 1280])
def test_a_tap_anywhere_in_a_marks_cell_opens_that_marks_proof(
    browser: Any,  # noqa: F811
    served: str,
    width: int,
) -> None:
    page = _open(browser, served + "/tables/thirty", width)
    with client(served) as http:
        marks = _marks(http.get("/api/tables/thirty/board.svg").text)
        view = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', http.get("/api/tables/thirty/board.svg").text)
    assert view is not None
    assert {road for road, *_ in marks} == set(DERIVED)
    page.locator("#board-scroll").scroll_into_view_if_needed()

    def tap(road: str, mark: int, x: float, y: float) -> None:
        page.mouse.click(*_point(page, x, y, float(view.group(1))))
        page.wait_for_selector(f"#proof article[data-road={road}][data-mark='{mark}']", timeout=5_000)

    # The centre of every mark's cell, then (last to first, so each tap changes the proof) a point near its
    # upper-left corner, which the old hit test missed (it took the centre for the corner).
    for road, mark, x, y, _ in marks:
        tap(road, mark, x, y)
    for road, mark, x, y, cell in reversed(marks):
        tap(road, mark, x - 0.4 * cell, y - 0.4 * cell)
    assert page.errors == [], sorted(set(page.errors))
    page.close()


def test_a_tapped_marks_proof_is_the_lessons_with_the_mark_and_its_compared_beads_lit(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/thirty", 1280)
    with client(served) as http:
        svg = http.get("/api/tables/thirty/board.svg").text
    _, _, x, y, _ = next(m for m in _marks(svg) if m[0] == "small-road" and m[1] == 4)
    view = re.search(r'viewBox="0 0 ([0-9.]+) ', svg)
    assert view is not None
    px, py = _point(page, x, y, float(view.group(1)))
    page.mouse.click(px, py)
    article = page.wait_for_selector("#proof article[data-road=small-road][data-mark='4']")
    # The lesson's picture (its own SVG, drawn), the numbered steps and the watchout.
    picture = page.locator("#proof .proof-picture")
    picture.wait_for()
    assert page.locator("#proof .proof-picture").evaluate("i => i.complete && i.naturalWidth > 0")
    assert page.locator("#proof ol.steps li").count() == 2
    assert "Watch out" in page.inner_text("#proof .mistake")
    # Lit on the board: the mark's own cell and one box for each compared bead.
    compared = article.get_attribute("data-compared").split()
    assert compared
    assert page.locator("#board-lights .lit-compared").count() == len(compared)
    lit = page.locator("#board-lights .lit-mark").bounding_box()
    assert abs(lit["x"] + lit["width"] / 2 - px) < 1.5
    assert abs(lit["y"] + lit["height"] / 2 - py) < 1.5
    # Arrow keys move from mark to mark: right to mark 5, down to Cockroach Pig, up and left back.
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#proof article[data-road=small-road][data-mark='5']")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("#proof article[data-road=cockroach-pig][data-mark='5']")
    page.keyboard.press("ArrowUp")
    page.wait_for_selector("#proof article[data-road=small-road][data-mark='5']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#proof article[data-road=small-road][data-mark='4']")
    assert page.errors == [], sorted(set(page.errors))
    page.close()
