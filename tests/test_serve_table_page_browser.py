"""The table page as a casino screen in Debian's chromium (issue 32, items 1, 3 and 5): a board legible at every
width (its smallest cell in view at least 16 CSS px, 24 from 1280), road names and column numbers, the ask
buttons, the header, undo that says what it undid and offers redo, a new shoe asked for twice.

Regression: the page squeezed the whole board to its width (5 px derived marks at 390 px with 30 coups)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import axe_script, serious_violations

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

pytestmark = pytest.mark.browser

KEYS = "BPPBTBBPPPBPTBBPBPPBBBPPBPBBPP"
SMALLEST = {390: 16, 768: 16, 1280: 24, 1920: 24}
"""The smallest board cell in view, in CSS px, at each width (issue 32)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with table ``thirty`` (30 coups) and ``life`` (30, changed)."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        for name in ("thirty", "life", "asks"):
            results_table(http, name, KEYS)
        yield base


def _open(browser: Any, url: str, width: int, height: int = 900) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"]', state="attached")
    page.errors = errors
    return page


def smallest_cell(page: Any, svg: str) -> float:
    """Return the smallest board cell on screen, in CSS px: a road's grid is six cells high."""
    width = float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))  # type: ignore[union-attr]
    heights = [float(h) for h in re.findall(r'<g class="road [a-z-]+"[^>]*>\s*<rect [^>]*height="([0-9.]+)"', svg)]
    shown = page.locator("#board-img").bounding_box()
    return min(heights) / 6 * shown["width"] / width


@pytest.mark.parametrize("width", sorted(SMALLEST))
def test_the_board_stays_legible_on_its_newest_columns_at_every_width(
    browser: Any,  # noqa: F811
    served: str,
    width: int,
) -> None:
    page = _open(browser, served + "/tables/thirty", width)
    with client(served) as http:  # the board the page shows: the newest columns that fit its view
        svg = http.get(f"/api/tables/thirty/board.svg?fit={page.get_attribute('#board-img', 'data-fit')}").text
    assert page.get_attribute("#board-img", "data-board") in svg
    assert smallest_cell(page, svg) >= SMALLEST[width]
    # The newest columns are in view; older ones scroll; the page itself never scrolls sideways.
    last = page.locator("#board-scroll").bounding_box()
    bead = re.findall(r'<use [^>]*data-coup="30" data-road="big-road" x="([0-9.]+)"', svg)
    shown = page.locator("#board-img").bounding_box()
    x = shown["x"] + float(bead[0]) * shown["width"] / float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))  # type: ignore[union-attr]
    assert last["x"] < x < last["x"] + last["width"], (x, last)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Road names, column numbers along the Big Road, the key; the statistics once (the board's own panel).
    names = page.locator("#board-names .road-name").all_inner_texts()
    assert {"Big Road", "Big Eye Boy", "Small Road", "Cockroach Pig"} <= set(names)
    columns = int(float(re.search(r'class="road big-road"[^>]*>\s*<rect [^>]*width="([0-9.]+)"', svg).group(1)) / 24)  # type: ignore[union-attr]
    # Numbered from the Big Road's first column in view: its newest columns, as its text copy says.
    found = re.search(r"Big Road \(from drawn column ([0-9]+)\)", svg)
    first = int(found.group(1)) if found else 1
    assert page.locator("#board-ruler span").all_inner_texts() == [str(n) for n in range(first, first + columns)]
    assert "Red: the pattern repeats" in page.inner_text(".board-key")
    assert page.locator("#stats").count() == 0 and page.locator("#asks").count() == 0
    assert page.inner_text("#coups") == "shoe 1, coup 30"
    if width in (390, 1280):
        assert serious_violations(page, axe_script()) == []
    assert page.errors == [], sorted(set(page.errors))
    page.close()


def test_the_ask_buttons_show_the_marks_each_road_would_add_until_released(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/asks", 1280)
    board = page.get_attribute("#board-img", "data-board")
    src = page.get_attribute("#board-img", "src")
    with client(served) as http:
        asks = http.get("/api/tables/asks").json()["asks"]
    for side, key in (("banker", "1"), ("player", "2")):
        adds = len([road for road, colour in asks[side].items() if colour])
        assert adds
        button = page.locator(f"#ask-{side}")
        button.hover()
        page.mouse.down()  # held: the board the next coup would make, its new derived marks lit
        page.wait_for_selector(f"#board-img[data-asking={side}]")
        assert page.get_attribute("#board-img", "src") != src
        assert page.locator("#board-lights .lit-ask").count() == adds
        assert button.get_attribute("aria-pressed") == "true"
        page.mouse.up()  # released: the table's board again
        page.wait_for_selector("#board-img:not([data-asking])")
        assert page.locator("#board-lights .lit-ask").count() == 0
        assert page.get_attribute("#board-img", "data-board") == board
        page.keyboard.down(key)  # the same from the key shown on the button
        page.wait_for_selector(f"#board-img[data-asking={side}]")
        page.keyboard.up(key)
        page.wait_for_selector("#board-img:not([data-asking])")
        src = page.get_attribute("#board-img", "src")
    with client(served) as http:
        assert http.get("/api/tables/asks").json()["coups"] == len(KEYS)  # an ask changes nothing
    assert page.errors == [], sorted(set(page.errors))
    page.close()


def test_undo_says_what_it_undid_and_redo_enters_it_again_and_a_new_shoe_is_confirmed(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/life", 1280)
    assert [k.inner_text() for k in page.locator("#controls button kbd").all()][:4] == ["B", "P", "T", "Backspace"]
    page.keyboard.press("Backspace")
    page.wait_for_selector('#board-img[data-coups="29"]', state="attached")
    page.wait_for_selector("#message:has-text('Undid coup 30, Player')")
    assert page.is_visible("#redo")
    page.keyboard.press("r")
    page.wait_for_selector('#board-img[data-coups="30"]', state="attached")
    page.wait_for_selector("#message:has-text('Redid coup 30, Player')")
    assert not page.is_visible("#redo")
    with client(served) as http:
        assert http.get("/api/tables/life").json()["last"] == {"winner": "player"}
    page.click("#new-shoe")  # asked first: Cancel keeps the shoe
    assert page.is_visible("#shoe-confirm")
    assert "Close shoe 1 after 30 coups and start shoe 2?" in page.inner_text("#shoe-confirm")
    page.click("#shoe-no")
    assert not page.is_visible("#shoe-confirm")
    page.keyboard.press("n")
    page.click("#shoe-yes")
    page.wait_for_selector("#coups:has-text('shoe 2, coup 0')")
    page.wait_for_selector("#message:has-text('Shoe 2 started.')")
    assert page.errors == [], sorted(set(page.errors))
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_table_page_looks_as_reviewed(
    browser: Any,  # noqa: F811
    served: str,
    width: int,
    snapshot_png: Any,
) -> None:
    page = _open(browser, served + "/tables/thirty", width, 1000)
    page.wait_for_selector("#odds-panel[data-odds]")
    page.wait_for_load_state("networkidle")
    shot = page.screenshot(full_page=True)
    page.close()
    assert shot == snapshot_png
