"""Three views for three screens in Debian's chromium (issue 32, item 6): the stream overlay (transparent, its
``theme``, ``last`` and ``road`` honoured), the floor display at 1920x1080 (cells of 40 px, no controls) and the
lobby as a grid of live mini Big Roads over the one multiplexed stream.

Regression: ``?overlay=1&theme=dark`` ignored the theme and the page rewrote the SVG's text to clear its
background."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import axe_script, serious_violations

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_serve_table_page_browser import KEYS, smallest_cell

pytestmark = pytest.mark.browser

LOBBY = [f"floor{n:02d}" for n in range(1, 21)]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with 20 tables, the first with 30 coups."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        for i, name in enumerate(LOBBY):
            results_table(http, name, KEYS if i == 0 else KEYS[: 5 + i])
        yield base


def _open(browser: Any, url: str, width: int, height: int) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.errors = errors
    return page


def test_the_overlay_is_transparent_and_honours_theme_last_and_road(
    browser: Any,  # noqa: F811
    served: str,
    snapshot_png: Any,
) -> None:
    page = _open(browser, served + f"/tables/{LOBBY[0]}?overlay=1&theme=dark&last=10", 1280, 400)
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"]', state="attached")
    query = page.get_attribute("body", "data-query")
    assert query == "background=0&last=10&theme=dark"
    with client(served) as http:
        drawn = http.get(f"/api/tables/{LOBBY[0]}/board.svg?{query}").text
        assert http.get(f"/tables/{LOBBY[0]}?overlay=1&theme=neon").status_code == 400
        assert http.get(f"/tables/{LOBBY[0]}?overlay=1&road=big-road").status_code == 200
        classic = http.get(f"/api/tables/{LOBBY[0]}/board.svg?background=0&last=10").text
    assert '<rect class="background" fill="none"' in drawn and drawn != classic  # transparent, and dark
    prefix = re.search(r'id="(r[0-9a-f]{10}-)', drawn)
    assert prefix is not None
    assert page.get_attribute("#board-img", "data-board") == prefix.group(1)  # the server's drawing, as drawn
    assert page.locator("button").count() == 0
    # A coup: the overlay draws it (its own options, so its board is fetched again).
    with client(served) as http:
        assert http.post(f"/api/tables/{LOBBY[0]}/coups", json={"result": "B", "expect": 31}).status_code == 201
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS) + 1}"]', state="attached")
    with client(served) as http:
        assert http.delete(f"/api/tables/{LOBBY[0]}/coups/last?expect=31").status_code == 200
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"]', state="attached")
    page.wait_for_load_state("networkidle")
    shot = page.screenshot(omit_background=True)
    assert page.errors == [], sorted(set(page.errors))
    page.close()
    assert shot == snapshot_png


def test_the_floor_display_has_40_px_cells_a_big_header_and_no_controls(
    browser: Any,  # noqa: F811
    served: str,
    snapshot_png: Any,
) -> None:
    page = _open(browser, served + f"/tables/{LOBBY[0]}?display=1", 1920, 1080)
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"]', state="attached")
    with client(served) as http:  # the board shown: the newest columns that fit the screen
        svg = http.get(f"/api/tables/{LOBBY[0]}/board.svg?fit={page.get_attribute('#board-img', 'data-fit')}").text
    assert page.get_attribute("#board-img", "data-board") in svg
    assert smallest_cell(page, svg) >= 40
    assert page.locator("button").count() == 0 and page.locator("input").count() == 0
    assert page.inner_text("#coups") == "shoe 1, coup 30"
    assert float(page.eval_on_selector("#coups", "e => parseFloat(getComputedStyle(e).fontSize)")) >= 30
    assert serious_violations(page, axe_script()) == []
    page.wait_for_load_state("networkidle")
    shot = page.screenshot()
    assert page.errors == [], sorted(set(page.errors))
    page.close()
    assert shot == snapshot_png


def test_a_lobby_of_20_tables_is_a_grid_of_live_mini_big_roads(
    browser: Any,  # noqa: F811
    served: str,
    snapshot_png: Any,
) -> None:
    page = _open(browser, served + "/", 1280, 1000)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.reload()
    page.wait_for_load_state("networkidle")
    page.wait_for_load_state("networkidle")
    assert page.locator("li.lobby-table").count() == len(LOBBY)
    boards = page.eval_on_selector_all("li.lobby-table img", "e => e.map(i => i.getAttribute('src'))")
    assert all("road=big-road" in src for src in boards)
    loaded = "Array.from(document.images).filter(i => i.getBoundingClientRect().top < innerHeight)"
    loaded += ".every(i => i.complete && i.naturalWidth > 0)"
    for _ in range(100):  # every board in view drawn (they load lazily) before the picture is taken
        if page.evaluate(loaded):
            break
        page.wait_for_timeout(100)
    # The header and the first two rows of tables (the rows below load lazily and settle later).
    shot = page.screenshot(clip={"x": 0, "y": 0, "width": 1280, "height": 550})
    # Any table's coup changes its counts and (on screen) its mini Big Road, over the one stream.
    with client(served) as http:
        for name in (LOBBY[3], LOBBY[-1]):
            coups = http.get(f"/api/tables/{name}").json()["coups"]
            if name == LOBBY[3]:  # on screen: its mini Big Road is drawn again
                with page.expect_request(lambda r: f"/{LOBBY[3]}/board.svg?road=big-road" in r.url):
                    assert (
                        http.post(f"/api/tables/{name}/coups", json={"result": "T", "expect": coups + 1}).status_code
                        == 201
                    )
            else:
                assert (
                    http.post(f"/api/tables/{name}/coups", json={"result": "T", "expect": coups + 1}).status_code == 201
                )
            page.wait_for_selector(f'li[data-table="{name}"][data-coups="{coups + 1}"]', state="attached")
            assert page.inner_text(f'li[data-table="{name}"] [data-counts]').startswith(f"shoe 1, coup {coups + 1}:")
    assert {url for url in asked if "events" in url} == {served + "/api/events"}  # one stream for 20 tables
    assert serious_violations(page, axe_script()) == []
    assert page.errors == [], sorted(set(page.errors))
    page.close()
    assert shot == snapshot_png


def test_the_lobby_tags_each_table_with_its_good_roads_and_filters_by_one(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    with client(served) as http:
        for name, keys in (("tag-long", "PBBB"), ("tag-jump", "BPBPB")):
            assert http.put(f"/api/tables/{name}", json={}).status_code == 201
            for n, key in enumerate(keys, 1):
                assert http.post(f"/api/tables/{name}/coups", json={"result": key, "expect": n}).status_code == 201
    page = _open(browser, served + "/", 1280, 1000)
    page.wait_for_selector('li[data-table="tag-jump"] .lobby-tag:has-text("single jump")')
    assert page.get_attribute('li[data-table="tag-long"]', "data-good-roads") == ""  # three Bankers: not yet long
    page.select_option("#pattern", "long-banker")
    page.wait_for_selector("#shown-count:has-text('0 of')")
    with client(served) as http:  # the fourth Banker: a long Banker, tagged live, and shown by the filter
        assert http.post("/api/tables/tag-long/coups", json={"result": "B", "expect": 5}).status_code == 201
    page.wait_for_selector('li[data-table="tag-long"] .lobby-tag:has-text("long Banker")')
    page.wait_for_selector("#shown-count:has-text('1 of')")
    assert page.is_visible('li[data-table="tag-long"]') and not page.is_visible('li[data-table="tag-jump"]')
    page.select_option("#pattern", "")
    assert page.is_visible('li[data-table="tag-jump"]')
    assert page.errors == [], sorted(set(page.errors))
    page.close()
