"""Regression: roads stats --by shoe ran the exact odds engine once per shoe (6 ms each: 10x the reading time).

The expected shares depend only on the deck count, so they are worked out
once per deck count and process; every group reads the same figures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from roads.analytics import theory
from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.odds import exact_odds
from roads.shoe import deal_shoe


def test_regression_stats_exact_odds_once_per_deck_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def counting(decks: int, **kwargs: Any) -> Any:
        calls.append(decks)
        return exact_odds(decks, **kwargs)

    monkeypatch.setattr(theory, "exact_odds", counting)
    log = tmp_path / "five.jsonl"
    log.write_text("".join(write_shoe_line(i, deal_shoe(7, seed=i).coups) for i in range(5)), encoding="utf-8")
    assert main(["stats", str(log), "--by", "shoe", "--decks", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # at most once for five groups (none when an earlier test of this process already priced 7 decks)
    assert len(data["groups"]) == 5 and calls in ([], [7])
    # the figures handed out are copies: a caller changing one cannot change the next group's
    shares = theory.expected_shares(7)
    shares["banker"] = 0.0
    assert theory.expected_shares(7)["banker"] == pytest.approx(float(exact_odds(7, exact=True).banker))
