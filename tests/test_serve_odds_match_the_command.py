"""``/odds`` answers exactly what ``roads odds --after LOG --shoe N --decks N --rules R --json`` prints (docs/serve.md).

A new shoe's burned cards stay in the shoe on both sides: an unseen card does not change the odds of the next coup
(docs/odds.md). A served table whose odds took them out answered another shoe than the command.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import served_client

from roads.cli import cli
from roads.serve.routes import create_app
from roads.serve.store import Store

FIRST = "3 6 K K 6 2"
SECOND = "9 2 8 4"


def _command(log: Path, shoe: int) -> object:
    argv = ["odds", "--after", str(log), "--shoe", str(shoe), "--decks", "8", "--rules", "standard", "--json"]
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_odds_of_a_new_shoe_with_burned_cards_are_the_commands(tmp_path: Path) -> None:
    with served_client(create_app(Store(tmp_path / "data"))) as client:
        assert client.put("/api/tables/main").status_code == 201
        assert client.post("/api/tables/main/coups", json={"cards": FIRST, "expect": 1}).status_code == 201
        answer = client.post("/api/tables/main/shoes", json={"expect_shoe": 2, "burned": "K 5 9"})
        assert answer.status_code == 201, answer.json()
        assert client.post("/api/tables/main/coups", json={"cards": SECOND, "expect": 1}).status_code == 201
        served = client.get("/api/tables/main/odds").json()
    assert served == _command(tmp_path / "data" / "main.jsonl", 2)
    assert served["cards_left"] == 8 * 52 - 4
