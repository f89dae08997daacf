"""The table page's odds panel in Debian's chromium (issue 32, item 4): honest about what its figures are.

Regression: a table entered by result keys showed full-shoe odds with "Cards left 416" after 30 coups, an empty
"Next coup" heading after a reload, and never said that the next coup's odds need the cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from serve_live import open_table_page as _open
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_serve import cards

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with ``results`` (30 results) and ``dealt`` (5 coups' cards)."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        results_table(http, "results", "BPPBTBBPPPBPTBBPBPPBBBPPBPBBPP")
        results_table(http, "dealt", "")
        for n in range(1, 6):
            assert http.post("/api/tables/dealt/coups", json={"cards": cards(n - 1), "expect": n}).status_code == 201
        yield base


def test_a_results_tables_odds_panel_says_the_next_coups_odds_need_the_cards(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/results", 30)
    page.wait_for_selector("#odds-panel[data-odds=full-shoe]")
    assert page.inner_text("#odds-heading") == "Odds: full shoe"
    note = page.inner_text("#odds-note")
    assert "The next coup's odds need the cards" in note and "not the next coup's" in note
    assert "Cards left" not in page.inner_text("#odds")
    page.reload()  # after a reload: the same words, never an empty heading
    page.wait_for_selector('#board-img[data-coups="30"]', state="attached")
    page.wait_for_selector("#odds-panel[data-odds=full-shoe]")
    assert page.inner_text("#odds-heading") == "Odds: full shoe"
    page.close()


def test_a_dealt_tables_odds_are_the_next_coups_and_never_stale_once_a_result_comes(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/dealt", 5)
    page.wait_for_selector("#odds-panel[data-odds=next-coup]")
    with client(served) as http:
        left = http.get("/api/tables/dealt/odds").json()["cards_left"]
    assert page.inner_text("#odds-heading") == "Odds: next coup"
    assert f"{left} cards left" in page.inner_text("#odds-note")
    with client(served) as http:  # a result without its cards: the cards left are no longer known
        assert http.post("/api/tables/dealt/coups", json={"result": "B", "expect": 6}).status_code == 201
    page.wait_for_selector('#board-img[data-coups="6"]', state="attached")
    page.wait_for_selector("#odds-panel[data-odds=full-shoe]")
    assert f"{left} cards left" not in page.inner_text("#odds-panel")
    page.close()
