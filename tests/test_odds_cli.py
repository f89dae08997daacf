"""``roads odds``: full shoes, exact fractions, JSON, the figures page, and exit statuses."""

from __future__ import annotations

import json

import pytest

from roads.cli import main
from roads.odds import Odds, exact_odds, figures_markdown

PROBABILITIES = ("banker", "player", "tie", "natural", "player_draws", "banker_draws", "cards_4", "cards_5",
                 "cards_6", "banker_six", "banker_pair", "player_pair")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_default_is_eight_decks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["odds"], capsys)
    assert status == 0
    assert "first coup of a full 8-deck shoe (416 cards left)" in out
    assert "Banker wins              45.859742" in out
    assert "Banker (5% commission)    1.057906" in out


def test_reference_row_for_six_decks(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["odds", "--decks", "6"], capsys)
    for printed in "45.865272 44.627857 9.506871 34.311660 50.333247 43.527763 37.892505 30.353979".split():
        assert printed in out


def test_exact_prints_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["odds", "--decks", "6", "--exact"], capsys)
    assert "45.865272   139963802512/305162919061" in out


def test_json_keys_are_the_model_fields(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["odds", "--decks", "4", "--json"], capsys)
    data = json.loads(out)
    assert list(data) == list(Odds.model_fields)
    assert all(0 <= data[k] <= 1 for k in PROBABILITIES)
    assert Odds.model_validate(data) == exact_odds(4)


def test_exact_json_carries_strings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["odds", "--decks", "1", "--exact", "--json"], capsys)
    data = json.loads(out)
    assert data["banker_pair"] == "1/17" and data["cards_left"] == 52


def test_figures_md_is_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["odds", "--figures-md"], capsys)
    assert out == figures_markdown()


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["odds", "--help"], capsys)
    assert status == 0 and "Examples:" in out and "roads odds --after shoe.txt" in out


@pytest.mark.parametrize("args", [
    ["odds", "--decks", "0"], ["odds", "--decks", "x"], ["odds", "--each"], ["odds", "--plot", "a.svg"],
    ["odds", "--figures-md", "--json"], ["odds", "--after", "x.txt", "--plot", "a.gif"], ["odds", "--nope"],
])
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(args, capsys)
    assert status == 2 and "Error" in err
