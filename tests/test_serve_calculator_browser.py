"""The calculator in Debian's chromium (issue 32, item 7): a scratch table that is never stored, where a learner
types results or cards, watches every road grow and taps any mark for its proof."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_serve_live import BENCH
from test_serve_tap_browser import _marks, _point

pytestmark = pytest.mark.browser

KEYS = "BPPBTBBPPPBPTBBPBPPB"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """Yield the base URL of a real ``roads serve`` with no table, and its data directory."""
    data = tmp_path_factory.mktemp("serve") / "data"
    process: subprocess.Popen[str]
    process, port = BENCH.start_server(data)
    yield f"http://127.0.0.1:{port}", data
    process.terminate()
    process.wait(10)


def test_the_calculator_grows_every_road_explains_a_tapped_mark_and_stores_nothing(
    browser: Any,  # noqa: F811
    served: tuple[str, Any],
) -> None:
    base, data = served
    page = browser.new_page(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(base + "/")
    page.click("a[href='/calculator']")  # the served pages link to it
    page.wait_for_url(base + "/calculator")
    page.wait_for_selector('#board-img[data-coups="0"]', state="attached")
    for n, key in enumerate(KEYS, 1):
        page.keyboard.press(key.lower())
        page.wait_for_selector(f'#board-img[data-coups="{n}"]', state="attached")
    page.fill("#cards", "3 6 K K 6 2")  # a coup's cards: Banker 6 over Player 3... as roads coup reads them
    page.click("#cards-form button")
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS) + 1}"]', state="attached")
    page.fill("#cards", "3 6 Z")  # a bad card: one line, nothing changes
    page.click("#cards-form button")
    page.wait_for_selector("#message:has-text('Z')")
    assert page.get_attribute("#board-img", "data-coups") == str(len(KEYS) + 1)
    page.keyboard.press("Escape")
    page.focus("#board")
    page.keyboard.press("Backspace")  # undo and redo work on the scratch table too
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS)}"]', state="attached")
    page.keyboard.press("r")
    page.wait_for_selector(f'#board-img[data-coups="{len(KEYS) + 1}"]', state="attached")
    # The board is what roads render draws for those coups (their newest columns that fit the phone, as a table
    # page's); tap a Small Road mark for its proof.
    query = "|".join([*KEYS, "3 6 K K 6 2"])
    fit = page.get_attribute("#board-img", "data-fit")
    assert fit
    with client(base) as http:
        svg = http.get(f"/api/scratch/board.svg?coups={quote(query)}&fit={fit}").text
        assert page.get_attribute("#board-img", "data-board") in svg
        assert http.get("/api/tables").json()["tables"] == []  # nothing stored
    width = float(svg.split('viewBox="0 0 ', 1)[1].split()[0])
    _, mark, x, y, _ = next(m for m in _marks(svg) if m[0] == "small-road")
    page.locator("#board-scroll").scroll_into_view_if_needed()
    page.mouse.click(*_point(page, x, y, width))
    page.wait_for_selector(f"#proof article[data-road=small-road][data-mark='{mark}']")
    page.locator("#proof .proof-picture").wait_for()
    assert page.locator("#proof .proof-picture").evaluate("i => i.complete && i.naturalWidth > 0")
    assert not any(p.name.startswith("scratch") for p in data.rglob("*"))
    page.keyboard.press("1")  # the ask keys are a table's: the scratch table has no asks to ask the server
    page.keyboard.press("c")  # (a key of nothing: lets the page handle the one before)
    assert not [url for url in asked if "/ask/" in url or "/api/tables/scratch" in url]
    assert errors == []
    page.close()
