"""Pages that draw a change from its event (issue 29, item 5): a table page patches its board, a lobby of 100
tables updates live, both over plain HTTP/1.1 (uvicorn, no proxy) in Debian's chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

pytestmark = pytest.mark.browser

LOBBY = [f"t{n:03d}" for n in range(1, 101)]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` (HTTP/1.1 on loopback) with the lobby's 100 tables made."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        for name in LOBBY:
            results_table(http, name, "")
        yield base


def _open(browser: Any, url: str) -> tuple[Any, list[str], list[str]]:  # noqa: F811
    """Open ``url``; return the page, the URLs it asks for from now on, and its errors."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    asked: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    return page, asked, errors


def _prefix(svg: str) -> str:
    found = re.search(r'id="(r[0-9a-f]{10}-)', svg)
    assert found is not None
    return found.group(1)


def test_a_table_page_draws_coups_undos_and_a_new_shoe_without_fetching_its_board(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    base = served
    with client(base) as http:
        assert http.put("/api/tables/patched", json={}).status_code == 201
    page, asked, errors = _open(browser, base + "/tables/patched")
    page.wait_for_selector('#board-img[data-coups="0"]', state="attached")
    asked.clear()
    keys = "BPPBTBBPPPBPTBBPBPPB"
    with client(base) as http:
        for n, key in enumerate(keys, 1):
            assert http.post("/api/tables/patched/coups", json={"result": key, "expect": n}).status_code == 201
            page.wait_for_selector(f'#board-img[data-coups="{n}"]', state="attached")
        assert http.delete("/api/tables/patched/coups/last").status_code == 200
        page.wait_for_selector(f'#board-img[data-coups="{len(keys) - 1}"]', state="attached")
        assert http.post("/api/tables/patched/shoes", json={"expect_shoe": 2}).status_code == 201
        page.wait_for_selector("#coups:has-text('shoe 2, coup 0')")
        page.wait_for_selector('#board-img[data-coups="0"]', state="attached")
        assert http.post("/api/tables/patched/coups", json={"result": "T", "expect": 1}).status_code == 201
        page.wait_for_selector('#board-img[data-coups="1"]', state="attached")
        fit = page.get_attribute("#board-img", "data-fit")  # the page's board fits its view (issue 32)
        served_board = http.get(f"/api/tables/patched/board.svg?fit={fit}").text
    boards = [url for url in asked if "board.svg" in url]
    assert boards == [], boards  # every change drawn from its event's patch
    assert [url for url in asked if "/api/tables/patched" in url]  # the statistics and odds are still asked for
    # What the page shows is the board roads render draws now (the newest columns that fit the page's view): the
    # same id prefix (a digest of what it shows).
    assert page.get_attribute("#board-img", "data-board") == _prefix(served_board)
    assert errors == []
    page.close()


def test_a_lobby_of_100_tables_updates_live_over_one_http_1_1_stream(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    base = served
    page, asked, errors = _open(browser, base + "/")
    page.wait_for_selector(f'li[data-table="{LOBBY[-1]}"]')
    with client(base) as http:
        state = http.get("/api/tables").json()
        assert len([t for t in state["tables"] if t["table"] in LOBBY]) == 100
    page.wait_for_load_state("networkidle")
    asked_before = len(asked)
    with client(base) as http:
        for name in LOBBY:  # every table of the lobby, the last ones too
            assert http.post(f"/api/tables/{name}/coups", json={"result": "P", "expect": 1}).status_code == 201
    for name in LOBBY:
        page.wait_for_selector(f'li[data-table="{name}"][data-coups="1"]', state="attached")
    counts = page.inner_text(f'li[data-table="{LOBBY[-1]}"] [data-counts]')
    assert counts == "shoe 1, coup 1: Banker 0, Player 1, Tie 0"
    assert [url for url in asked if "events" in url] == [base + "/api/events"]  # one stream for 100 tables
    page.wait_for_load_state("networkidle")
    boards = [url for url in asked[asked_before:] if "board.svg" in url]
    assert boards and len(boards) < len(LOBBY) // 2, len(boards)  # the boards on screen, not all 100
    assert not any(f"/{LOBBY[-1]}/" in url for url in boards)
    wanted = f"/{LOBBY[-1]}/board.svg?road=big-road&last=12&cell=20&v=1-1"
    with page.expect_request(lambda r: wanted in r.url):  # fetched once it shows
        page.locator(f'li[data-table="{LOBBY[-1]}"]').scroll_into_view_if_needed()
    assert errors == []
    page.close()
