"""Regression (issue 32, item 1): the table page of ``roads serve`` kept the Small Road's (and at some widths Big Eye
Boy's, the Bead Plate's and Cockroach Pig's) newest marks off-screen.

The scoreboard lays its derived roads out from the left under the Big Road, and its Bead Plate on the far left; a
page scrolled to the Big Road's newest column at a readable cell (16 CSS px on a 390 px phone, 24 on a desktop)
left the other roads' newest marks hundreds of pixels to the left. The page now asks for the newest columns that
fit its view (``board.svg?fit=W``): at 390, 768, 1280 and 1920 px the newest mark of each of the five roads is
on screen, of a 30-coup table and an 82-coup one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads import Scoreboard
from roads.render import render
from roads.scene.layout import last_to_fit
from roads.scene.options import RenderOptions

THIRTY = "BPPBTBBPPPBPTBBPBPPBBBPPBPBBPP"
EIGHTY_TWO = "".join(random.Random(82).choices("BPT", weights=(46, 45, 9), k=82))
"""82 coups, as long as a shoe: the derived roads run far behind the Big Road on the whole board."""
TABLES = {"thirty": THIRTY, "eighty-two": EIGHTY_TWO}
SMALLEST = {390: 16, 768: 16, 1280: 24, 1920: 24}
"""The smallest board cell in view, in CSS px, at each width (issue 32)."""
ROADS = ("bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig")


def newest_marks(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """Return each road's newest mark as a box (left, top, right, bottom) in model units: the bead of the highest
    coup on the Bead Plate and the Big Road, the highest mark on a derived road; its box is its cell."""
    cells = {
        road: float(height) / 6
        for road, height in re.findall(r'<g class="road ([a-z-]+)"[^>]*>\s*<rect [^>]*height="([0-9.]+)"', svg)
    }
    newest: dict[str, tuple[int, float, float]] = {}
    for tag in re.findall(r"<use [^>]*data-road=[^>]*>", svg):
        road = re.search(r'data-road="([a-z-]+)"', tag).group(1)  # type: ignore[union-attr]
        number = int(re.search(r'data-(?:mark|coup)="([0-9]+)"', tag).group(1))  # type: ignore[union-attr]
        x = float(re.search(r' x="([0-9.]+)"', tag).group(1))  # type: ignore[union-attr]
        y = float(re.search(r' y="([0-9.]+)"', tag).group(1))  # type: ignore[union-attr]
        if number >= newest.get(road, (0, 0.0, 0.0))[0]:
            newest[road] = (number, x, y)
    return {
        road: (x - cells[road] / 2, y - cells[road] / 2, x + cells[road] / 2, y + cells[road] / 2)
        for road, (_, x, y) in newest.items()
    }


def _board(keys: str) -> Scoreboard:
    board = Scoreboard()
    for key in keys:
        board.add(key)
    return board


@pytest.mark.parametrize("keys", TABLES.values(), ids=TABLES.keys())
@pytest.mark.parametrize("view", [274, 558, 466, 520])
def test_the_newest_columns_that_fit_hold_every_roads_newest_mark_at_the_right_end(keys: str, view: int) -> None:
    """``last_to_fit``: the board drawn with it, scrolled to its right end, shows every road's newest mark."""
    board = _board(keys)
    whole = render(board, "svg", RenderOptions()).decode()
    width = float(re.search(r'viewBox="0 0 ([0-9.]+) ', whole).group(1))  # type: ignore[union-attr]
    assert min(box[0] for box in newest_marks(whole).values()) < width - view  # the whole board does not
    last = last_to_fit(board, view)
    assert last is not None
    svg = render(board, "svg", RenderOptions(last=last)).decode()
    drawn = float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))  # type: ignore[union-attr]
    boxes = newest_marks(svg)
    assert set(boxes) == set(ROADS)
    assert all(drawn - view <= left and right <= drawn for left, _, right, _ in boxes.values()), (last, boxes)
    # As many columns as can be: one more would push a newest mark out.
    wider = render(board, "svg", RenderOptions(last=last + 1)).decode()
    more = float(re.search(r'viewBox="0 0 ([0-9.]+) ', wider).group(1))  # type: ignore[union-attr]
    assert min(box[0] for box in newest_marks(wider).values()) < more - view


def test_a_view_wider_than_the_whole_board_draws_it_whole() -> None:
    assert last_to_fit(_board(THIRTY), 2000) is None


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with tables ``thirty`` (30 coups) and ``eighty-two``."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        for name, keys in TABLES.items():
            results_table(http, name, keys)
        yield base


def test_a_bad_fit_is_one_line_and_a_400(served: str) -> None:
    with client(served) as http:
        for bad in ("0", "x", "-5", "1.5"):
            answer = http.get(f"/api/tables/thirty/board.svg?fit={bad}")
            assert answer.status_code == 400 and "\n" not in answer.json()["error"].strip(), answer.text


def test_an_ask_keeps_the_newest_columns_of_the_board_shown_and_a_fit_stream_names_its_table(served: str) -> None:
    """The page asks with the ``last`` of the board it shows (its geometry kept while the ask is held); a stream's
    ``fit`` is a table page's (``board=1``)."""
    with client(served) as http:
        fitted = http.get("/api/tables/thirty/board.svg?fit=274").text
        asked = http.get("/api/tables/thirty/ask/banker.svg?last=6").text
        assert http.get("/api/events?table=thirty&fit=274").status_code == 400
        assert http.get("/api/events?table=thirty&board=1&fit=0").status_code == 400
    grid = r'class="road big-road"[^>]*>\s*<rect [^>]*width="([0-9.]+)"'
    assert re.search(grid, fitted).group(1) == re.search(grid, asked).group(1) == str(6 * 24)  # type: ignore[union-attr]


def shown_board(page: Any, served: str, name: str) -> str:
    """Return the SVG the page shows: the board of the view width it asked to fit (``data-fit``), else the whole."""
    fit = page.get_attribute("#board-img", "data-fit")
    with client(served) as http:
        return http.get(f"/api/tables/{name}/board.svg" + (f"?fit={fit}" if fit else "")).text


@pytest.mark.browser
@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("width", sorted(SMALLEST))
def test_the_newest_mark_of_every_road_is_on_screen_at_every_width(
    browser: Any,  # noqa: F811
    served: str,
    name: str,
    width: int,
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{served}/tables/{name}")
    page.wait_for_selector(f'#board-img[data-coups="{len(TABLES[name])}"]', state="attached")
    page.wait_for_load_state("networkidle")
    svg = shown_board(page, served, name)
    assert page.get_attribute("#board-img", "data-board") in svg  # the very board shown
    view_box = float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))  # type: ignore[union-attr]
    shown = page.locator("#board-img").bounding_box()
    scale = shown["width"] / view_box
    # The smallest cell is still readable: a derived road's, half the Big Road's.
    heights = [float(h) for h in re.findall(r'<g class="road [a-z-]+"[^>]*>\s*<rect [^>]*height="([0-9.]+)"', svg)]
    assert min(heights) / 6 * scale >= SMALLEST[width] - 0.01
    # What is on screen: the viewport, clipped by the board's scroller.
    view = page.locator("#board-scroll").bounding_box()
    left, right = max(0.0, view["x"]), min(float(width), view["x"] + view["width"])
    top, bottom = max(0.0, view["y"]), min(900.0, view["y"] + view["height"])
    boxes = newest_marks(svg)
    assert set(boxes) == set(ROADS)
    off = {}
    for road, (x0, y0, x1, y1) in boxes.items():
        on_page = (shown["x"] + x0 * scale, shown["y"] + y0 * scale, shown["x"] + x1 * scale, shown["y"] + y1 * scale)
        if not (left - 0.5 <= on_page[0] and on_page[2] <= right + 0.5 and top <= on_page[1] and on_page[3] <= bottom):
            off[road] = tuple(round(v) for v in on_page)
    assert off == {}, f"newest marks off screen (view {left:.0f}..{right:.0f}): {off}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the page never scrolls sideways
    page.close()


@pytest.mark.browser
def test_whole_shoe_draws_every_column_and_pressed_again_the_newest_that_fit(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.goto(f"{served}/tables/thirty")
    page.wait_for_selector(f'#board-img[data-coups="{len(THIRTY)}"][data-fit]', state="attached")
    fitted = page.get_attribute("#board-img", "data-board")
    with client(served) as http:
        whole = re.search(r'id="(r[0-9a-f]{10}-)', http.get("/api/tables/thirty/board.svg").text).group(1)  # type: ignore[union-attr]
    assert fitted != whole
    page.keyboard.press("w")  # every column: the older ones scroll
    page.wait_for_selector(f'#board-img[data-board="{whole}"]:not([data-fit])', state="attached")
    assert page.get_attribute("#board-whole", "aria-pressed") == "true"
    page.click("#board-whole")  # the newest columns that fit again
    page.wait_for_selector(f'#board-img[data-board="{fitted}"][data-fit]', state="attached")
    assert page.get_attribute("#board-whole", "aria-pressed") == "false"
    page.close()
