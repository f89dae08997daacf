"""Regression: a lobby of more than six tables stalled (issue 29, item 5).

Each table's board opened its own ``EventSource``; a browser keeps at most six
connections to a server over HTTP/1.1, so the seventh table's updates waited for
a free one. The lobby now opens one stream (``/api/events``) for every table.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, live_server
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

pytestmark = pytest.mark.browser

TABLES = [f"t{n:02d}" for n in range(1, 13)]  # twelve: twice what a browser opens to one server


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path / "data") as url:
        with client(url) as http:
            for name in TABLES:
                assert http.put(f"/api/tables/{name}", json={}).status_code == 201
        yield url


def test_a_coup_on_the_tenth_table_shows_in_the_lobby(browser: Any, base: str) -> None:  # noqa: F811
    """A stalled table never updates while the six streams before it stay open; a live one updates at once. The
    wait is a generous bound on "at once" (how soon is the load benchmark's to say), not a speed test."""
    page = browser.new_page()
    streams: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: streams.append(r.url) if "events" in r.url else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    page.wait_for_selector('li[data-table="t12"]')
    time.sleep(0.5)  # the stream is open: its state events have come
    tenth = TABLES[9]
    with client(base) as http:
        assert http.post(f"/api/tables/{tenth}/coups", json={"result": "B", "expect": 1}).status_code == 201
        page.wait_for_selector(f'li[data-table="{tenth}"][data-coups="1"]', state="attached", timeout=10_000)
    counts = page.inner_text(f'li[data-table="{tenth}"] [data-counts]')
    assert counts == "shoe 1, coup 1: Banker 1, Player 0, Tie 0"
    assert streams == [base + "/api/events"], streams  # one stream for the whole lobby
    # Every table is live, the last one too, over the same one connection.
    with client(base) as http:
        assert http.post(f"/api/tables/{TABLES[-1]}/coups", json={"result": "P", "expect": 1}).status_code == 201
    page.wait_for_selector(f'li[data-table="{TABLES[-1]}"][data-coups="1"]', state="attached", timeout=10_000)
    assert errors == []
    page.close()
