"""``roads odds``: full shoes, exact fractions, JSON, the figures page, and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import PROBABILITIES, run
from PIL import Image

from roads.coup import Coup
from roads.odds import ExactOdds, Odds, exact_odds, figures_markdown, odds_after, odds_through
from roads.shoe import deal_shoe


def test_default_is_eight_decks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds")
    assert status == 0
    assert "first coup of a full 8-deck shoe (416 cards left)" in out
    assert "Banker wins              45.859742" in out
    assert "Banker (5% commission)    1.057906" in out


def test_reference_row_for_six_decks(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--decks", "6")
    for printed in [
        "45.865272",
        "44.627857",
        "9.506871",
        "34.311660",
        "50.333247",
        "43.527763",
        "37.892505",
        "30.353979",
    ]:
        assert printed in out


def test_exact_prints_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--decks", "6", "--exact")
    assert "45.865272   139963802512/305162919061" in out


def test_json_keys_are_the_model_fields(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--decks", "4", "--json")
    data = json.loads(out)
    assert list(data) == list(Odds.model_fields)
    assert all(0 <= data[k] <= 1 for k in PROBABILITIES)
    assert Odds.model_validate(data) == exact_odds(4)


def test_exact_json_carries_strings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--decks", "1", "--exact", "--json")
    data = json.loads(out)
    assert data["banker_pair"] == "1/17" and data["cards_left"] == 52


def test_figures_md_is_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--figures-md")
    assert out == figures_markdown()


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "--help")
    assert status == 0 and "Examples:" in out and "roads odds --after shoe.txt" in out


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--decks", "0"],
        ["odds", "--decks", "x"],
        ["odds", "--each"],
        ["odds", "--plot", "a.svg"],
        ["odds", "--figures-md", "--json"],
        ["odds", "--after", "x.txt", "--plot", "a.gif"],
        ["odds", "--nope"],
    ],
)
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, *args)
    assert status == 2 and "Error" in err


def write_cards_log(path: Path, coups: tuple[Coup, ...] | list[Coup]) -> Path:
    """Write a cards log by hand (one coup a line, cards in dealing order), independent of the log writer."""
    path.write_text("".join(" ".join(str(c) for c in coup.dealt) + "\n" for coup in coups), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def shoe_coups() -> tuple[Coup, ...]:
    return deal_shoe(6, seed=21).coups


def test_after_a_log_gives_the_next_coup(
    shoe_coups: tuple[Coup, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_cards_log(tmp_path / "shoe.txt", shoe_coups[:30])
    status, out, _ = run(capsys, "odds", "--after", str(log), "--decks", "6", "--json")
    assert status == 0
    assert Odds.model_validate(json.loads(out)) == odds_after(shoe_coups[:30], 6)
    status, out, _ = run(capsys, "odds", "--after", str(log), "--decks", "6")
    assert "next coup after 30 coups of a 6-deck shoe" in out


@pytest.mark.slow
def test_each_lists_every_point_of_the_shoe(
    shoe_coups: tuple[Coup, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_cards_log(tmp_path / "shoe.txt", shoe_coups)
    status, out, _ = run(capsys, "odds", "--after", str(log), "--decks", "6", "--each", "--exact", "--json")
    rows = json.loads(out)
    assert status == 0 and [r.pop("coups_dealt") for r in rows] == list(range(len(shoe_coups) + 1))
    assert [ExactOdds.model_validate(r) for r in rows] == odds_through(shoe_coups, 6, exact=True)
    _, out, _ = run(capsys, "odds", "--after", str(log), "--decks", "6", "--each")
    lines = out.splitlines()
    assert lines[2].split() == ["dealt", "left", "Banker", "Player", "Tie", "pair", "edge", "B", "edge", "P"]
    assert lines[3].split()[:4] == ["0", "312", "45.8653", "44.6279"]
    assert len(lines) == 3 + len(shoe_coups) + 1


@pytest.mark.slow
def test_plot_writes_svg_and_png(
    shoe_coups: tuple[Coup, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_cards_log(tmp_path / "shoe.txt", shoe_coups)
    for name in ("a.svg", "b.svg", "c.png"):
        assert run(capsys, "odds", "--after", str(log), "--decks", "6", "--plot", str(tmp_path / name))[0] == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert b"<polyline" in (tmp_path / "a.svg").read_bytes()
    assert Image.open(tmp_path / "c.png").format == "PNG"


def test_a_log_with_too_many_cards_of_a_rank_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "nines.txt"
    log.write_text("9 K K 9\n9 K K 9\n9 K K 9\n", encoding="utf-8")
    status, _, err = run(capsys, "odds", "--after", str(log), "--decks", "1")
    assert status == 1
    assert err.strip() == (
        f"roads: error: {log}, coup 3: the log shows 5 cards of rank 9 by this coup, "
        "but a 1-deck shoe holds only 4: wrong --decks, or a misread card"
    )
    assert run(capsys, "odds", "--after", str(log), "--decks", "2")[0] == 0


@pytest.mark.parametrize("text", ["B\nP\nT\n", ""])
def test_a_log_without_cards_exits_1(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "results.txt"
    log.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "odds", "--after", str(log))
    assert status == 1 and err.startswith("roads: error:")


def test_a_missing_log_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "odds", "--after", str(tmp_path / "nope.txt"))
    assert status == 1 and "nope.txt" in err
