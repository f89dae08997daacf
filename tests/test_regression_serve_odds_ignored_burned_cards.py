"""Regression: ``/odds`` of a new shoe ignored the cards burned at its start (issue 29).

The new-shoe record names its burned cards (``{"new_shoe": 2, "burned": ["K", "5"]}``); the odds counted a
full shoe, as if nothing had been burned, before and after the shoe's first coup.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import served_client

from roads.bets import rule_set
from roads.bets.next_coup import next_coup_json
from roads.cards import parse_card
from roads.coup import resolve
from roads.serve.routes import create_app
from roads.serve.store import Store

FIRST = "3 6 K K 6 2"
SECOND = "9 2 8 4"


def _coup(cards: str) -> object:
    return resolve([parse_card(c) for c in cards.split()])


def test_odds_of_a_new_shoe_count_its_burned_cards_out(tmp_path: Path) -> None:
    with served_client(create_app(Store(tmp_path / "data"))) as client:
        assert client.put("/api/tables/main").status_code == 201
        assert client.post("/api/tables/main/coups", json={"cards": FIRST, "expect": 1}).status_code == 201
        answer = client.post("/api/tables/main/shoes", json={"expect_shoe": 2, "burned": "K 5 9"})
        assert answer.status_code == 201, answer.json()
        burned = [parse_card(c) for c in ["K", "5", "9"]]
        empty = client.get("/api/tables/main/odds").json()
        assert empty == json.loads(next_coup_json([], 8, rule_set("standard"), under_way=burned))
        assert empty["cards_left"] == 8 * 52 - 3
        assert client.post("/api/tables/main/coups", json={"cards": SECOND, "expect": 1}).status_code == 201
        after = client.get("/api/tables/main/odds").json()
        assert after["cards_left"] == 8 * 52 - 3 - 4
        expected = next_coup_json([_coup(SECOND)], 8, rule_set("standard"), under_way=burned)  # type: ignore[list-item]
        assert after == json.loads(expected)
