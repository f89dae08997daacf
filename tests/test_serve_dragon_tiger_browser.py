"""A Dragon Tiger table's page in Debian's chromium (issue 34, item 5): its keys enter D, T and Tie, its counts
and asks name Dragon and Tiger, its odds panel shows Dragon, Tiger, Tie and Suited tie, and Redo enters a taken
back coup again in Dragon Tiger's words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import axe_script, serious_violations

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import client, results_table, serve_process
from serve_live import open_table_page as _open
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_serve_dragon_tiger import DT, dealt

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the base URL of a real ``roads serve`` with two Dragon Tiger tables: ``keys`` (empty) and ``dealt``
    (4 coups' cards)."""
    with serve_process(tmp_path_factory.mktemp("serve") / "data") as (base, http):
        for name in ("keys", "dealt"):
            results_table(http, name, "", **DT)
        for n in range(1, 5):
            assert http.post("/api/tables/dealt/coups", json={"cards": dealt(n - 1), "expect": n}).status_code == 201
        yield base


def test_keys_d_t_e_enter_dragon_tiger_and_tie_and_redo_enters_a_tie_again(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/keys", 0)
    for n, key in enumerate("dte", 1):
        page.keyboard.press(key)
        page.wait_for_selector(f'#board-img[data-coups="{n}"]', state="attached")
    with client(served) as http:
        state = http.get("/api/tables/keys").json()
    assert (state["stats"]["banker"], state["stats"]["player"], state["stats"]["tie"]) == (1, 1, 1)
    assert page.inner_text("#counts") == "Dragon 1 · Tiger 1 · Tie 1"
    page.keyboard.press("Backspace")
    page.wait_for_selector('#board-img[data-coups="2"]', state="attached")
    page.keyboard.press("r")  # Redo: the tie again, as "Tie" (a "T" would be a Tiger)
    page.wait_for_selector('#board-img[data-coups="3"]', state="attached")
    with client(served) as http:
        assert http.get("/api/tables/keys").json()["last"] == {"winner": "tie"}
    page.wait_for_selector("#odds-panel[data-odds=full-shoe]")
    assert "Suited tie" in page.inner_text("#odds") and "The next coup's odds need the cards" in page.inner_text(
        "#odds-note"
    )
    assert page.inner_text("#ask-banker").startswith("Dragon ask")
    page.close()


def test_a_dealt_dragon_tiger_tables_odds_panel_shows_its_next_coups_figures(
    browser: Any,  # noqa: F811
    served: str,
) -> None:
    page = _open(browser, served + "/tables/dealt", 4)
    page.wait_for_selector("#odds-panel[data-odds=next-coup]")
    with client(served) as http:
        odds = http.get("/api/tables/dealt/odds").json()
    assert page.inner_text("#odds-heading") == "Odds: next coup"
    assert f"{odds['cards_left']} cards left" in page.inner_text("#odds-note")
    shown = page.inner_text("#odds")
    for label, key in (("Dragon", "dragon"), ("Tiger", "tiger"), ("Tie", "tie"), ("Suited tie", "suited_tie")):
        assert f"{label}\n{100 * odds[key]:.2f}%" in shown
    assert "Banker" not in shown
    assert serious_violations(page, axe_script()) == []
    page.close()
