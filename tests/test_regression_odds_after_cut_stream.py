"""Regression: ``roads odds --after`` a stream cut off mid-coup counted that coup's dealt cards as still in the shoe.

fixtures/logs/stream-cut.txt deals two complete coups (6 and 5 cards) and
then stops 3 cards (7 5 K) into coup 3. Those 3 cards have left the shoe:
402 cards are left, not 405, and the report says the odds are coup 4's.
The reader's warning is still printed and the exit status is still 1.
"""

from __future__ import annotations

import json
import warnings

import pytest
from helpers import FIXTURES, run

from roads.cards import parse_card
from roads.logs import LogWarning, read_coups
from roads.odds import Composition, odds_after, odds_for, odds_through

CUT = FIXTURES / "stream-cut.txt"
UNDER_WAY = tuple(parse_card(c) for c in ("7", "5", "K"))


def test_regression_odds_after_cut_stream_takes_out_the_cut_coups_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "odds", "--after", str(CUT))
    assert status == 1
    assert out.splitlines()[0] == (
        "Odds of coup 4, the next to start, after 2 coups of an 8-deck shoe and the first 3 cards of coup 3, "
        "where the log stops (402 cards left), in percent"
    )
    assert err.startswith("roads: warning: ") and "(7 5 K)" in err and err.count("\n") == 1


def test_regression_odds_after_cut_stream_json_is_the_odds_without_those_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "odds", "--after", str(CUT), "--json")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LogWarning)
        coups = read_coups(CUT)
    left = Composition.shoe(8).without(c for coup in coups for c in coup.dealt).without(UNDER_WAY)
    assert status == 1 and json.loads(out) == json.loads(odds_for(left).model_dump_json())
    assert json.loads(out)["cards_left"] == 402


def test_regression_odds_after_cut_stream_each_ends_with_the_cut_coup(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "--after", str(CUT), "--each")
    rows = [line.split()[:2] for line in out.splitlines()[3:7]]
    assert status == 1 and rows == [["0", "416"], ["1", "410"], ["2", "405"], ["2+3", "402"]]
    assert "2+3: 3 cards of coup 3 dealt where the log stops; the odds are those of coup 4" in out
    status, out, _ = run(capsys, "odds", "--after", str(CUT), "--each", "--json")
    points = json.loads(out)
    assert [(p["coups_dealt"], p.get("cards_of_next_coup"), p["cards_left"]) for p in points] == [
        (0, None, 416),
        (1, None, 410),
        (2, None, 405),
        (2, 3, 402),
    ]


def test_regression_odds_after_cut_stream_warning_carries_the_cards() -> None:
    with pytest.warns(LogWarning) as caught:
        coups = read_coups(CUT)
    assert caught[0].message.dealt == UNDER_WAY  # type: ignore[union-attr]
    series = odds_through(coups, 8, under_way=UNDER_WAY)
    assert [o.cards_left for o in series] == [416, 410, 405, 402]
    assert odds_after(coups, 8, under_way=UNDER_WAY) == series[-1]
