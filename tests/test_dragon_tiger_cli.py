"""``--game dragon-tiger`` in coup, deal, odds, build, render, explain and stats; the board drawn and snapshotted."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import decode_png, run

from roads import Scoreboard
from roads.board.json_contract import Board
from roads.enums import Game
from roads.logs.dragon_tiger import read_dragon_tiger
from roads.odds.dragon_tiger import dragon_tiger_through
from roads.render import png, svg
from roads.shoe import deal_dragon_tiger_shoe

DT = ("--game", "dragon-tiger")


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole 8-deck Dragon Tiger shoe dealt from seed 1, as a cards log."""
    path = tmp_path_factory.mktemp("dt") / "dt.txt"
    from roads.logs.dragon_tiger import write_dragon_tiger_log

    path.write_text(write_dragon_tiger_log(deal_dragon_tiger_shoe(8, seed=1).coups, "cards"), encoding="utf-8")
    return path


def _board(text: str) -> Scoreboard:
    import io

    outcomes = [entry.outcome for entry in read_dragon_tiger(io.StringIO(text))]
    return Scoreboard.from_outcomes(outcomes, game=Game.DRAGON_TIGER)


BOARD = "D D T Tie T T D T D D D D T Tie Tie D T T D T D T T T Tie D D T D D"
"""A short Dragon Tiger shoe: streaks, a dragon tail, ties on a bead and two ties in a row."""


# --- coup -------------------------------------------------------------------------------------


def test_coup_explains_a_dragon_tiger_coup(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "coup", *DT, "QH", "4C")
    assert status == 0
    assert (
        out == "Dragon has QH (rank 12 of 13), Tiger has 4C (rank 4 of 13): Dragon's rank is higher, so Dragon wins.\n"
    )


def test_coup_json_says_game_winner_and_suited_tie(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "coup", *DT, "7s", "7s", "--json")
    data = json.loads(out)
    assert (data["game"], data["winner"], data["suited_tie"]) == ("dragon-tiger", "tie", True)


def test_coup_with_a_third_card_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "coup", *DT, "QH", "4C", "5D")
    assert (status, out) == (1, "")
    assert err == "roads: error: 3 cards (a third card): a Dragon Tiger coup is one card to Dragon and one to Tiger\n"


def test_coup_refuses_baccarat_options_under_dragon_tiger(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "coup", *DT, "QH", "4C", "--rules", "ez")
    assert status == 2
    assert "--rules is for baccarat: not with --game dragon-tiger" in err


# --- deal ------------------------------------------------------------------------------------


def test_deal_writes_the_same_shoe_as_the_dealer_and_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", *DT, "--seed", "1")
    shoe = deal_dragon_tiger_shoe(8, seed=1)
    lines = [line for line in out.splitlines() if not line.startswith("#")]
    assert lines == [f"{coup.dragon} {coup.tiger}" for coup in shoe.coups]
    assert "# redeal: roads deal --game dragon-tiger --decks 8 --seed 1 --cut 16 --format cards" in out
    import io

    assert [e.coup for e in read_dragon_tiger(io.StringIO(out))] == list(shoe.coups)


def test_deal_results_are_d_t_and_tie(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", *DT, "--seed", "1", "--format", "results")
    shoe = deal_dragon_tiger_shoe(8, seed=1)
    letters = " ".join(line for line in out.splitlines() if not line.startswith("#")).split()
    assert letters == [{"banker": "D", "player": "T", "tie": "Tie"}[coup.winner.value] for coup in shoe.coups]


def test_deal_refuses_an_archive_of_dragon_tiger(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", *DT, "--shoes", "2")
    assert status == 2 and "--shoes is for baccarat" in err


# --- odds ------------------------------------------------------------------------------------


def test_odds_of_a_full_8_deck_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", *DT, "--exact", "--json")
    data = json.loads(out)
    assert Fraction(data["tie"]) == Fraction(13 * 32 * 31, 416 * 415)
    assert Fraction(data["suited_tie"]) == Fraction(52 * 8 * 7, 416 * 415)
    assert Fraction(data["edge_dragon"]) == Fraction(13 * 32 * 31, 416 * 415) / 2
    _, text, _ = run(capsys, "odds", *DT)
    assert "  Tie                                    7.469880" in text
    assert "  Suited tie (50 to 1)                  13.975904" in text


def test_odds_after_a_log_are_those_of_the_cards_left(capsys: pytest.CaptureFixture[str], dealt: Path) -> None:
    _, out, _ = run(capsys, "odds", *DT, "--after", str(dealt), "--exact", "--json")
    coups = [e.coup for e in read_dragon_tiger(dealt)]
    expected = dragon_tiger_through([c.dealt for c in coups if c is not None], 8)[-1]
    assert json.loads(out)["tie"] == f"{expected.tie.numerator}/{expected.tie.denominator}"
    _, each, _ = run(capsys, "odds", *DT, "--after", str(dealt), "--each", "--json")
    assert len(json.loads(each)) == len(coups) + 1


def test_odds_of_a_results_log_need_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "r.txt"
    log.write_text("D T\nTie\n", encoding="utf-8")
    status, _, err = run(capsys, "odds", *DT, "--after", str(log))
    assert status == 1
    assert err.startswith(f"roads: error: {log}, line 1, coup 1: this log holds results only")


# --- build, explain, stats ----------------------------------------------------------------------


def test_build_names_dragon_and_tiger(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text("D D T Tie T\n", encoding="utf-8")
    _, out, _ = run(capsys, "build", str(log), *DT, "--color", "never")
    assert out.splitlines()[:2] == [
        "5 coups: Dragon 2 (40.0%), Tiger 2 (40.0%), Tie 1 (20.0%)",
        "Longest streak: Dragon 2, Tiger 2",
    ]
    assert "Big Road      DD TT" in out
    assert "Dragon ask" in out and "Tiger ask" in out


def test_build_json_names_the_game_and_its_sides(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text("龙 龙 虎 和\n", encoding="utf-8")
    _, out, _ = run(capsys, "build", str(log), *DT, "--json")
    data = json.loads(out)
    assert (data["game"], data["sides"]) == ("dragon-tiger", {"banker": "Dragon", "player": "Tiger"})
    assert [b["winner"] for b in data["bead_plate"]] == ["banker", "banker", "player", "tie"]
    Board.model_validate(data)  # the published contract holds the two keys


def test_a_baccarat_board_json_has_no_game_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "bac.txt"
    log.write_text("B B P T\n", encoding="utf-8")
    _, out, _ = run(capsys, "build", str(log), "--json")
    assert list(json.loads(out))[:2] == ["coups", "leading_ties"]


def test_a_baccarat_log_read_as_dragon_tiger_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "bac.txt"
    log.write_text("B P P\nT B\n", encoding="utf-8")
    for command in ("build", "render", "explain", "stats"):
        args = [command, str(log), *DT] + (["-o", str(tmp_path / "x.svg")] if command == "render" else [])
        status, out, err = run(capsys, *args)
        assert (status, out) == (1, ""), command
        assert err.splitlines() == [
            f"roads: error: {log}, line 1, column 1, coup 1: 'B' is a baccarat result, not a Dragon Tiger one: "
            "this reads as a baccarat log: read it without --game dragon-tiger"
        ], command
    assert not (tmp_path / "x.svg").exists()


def test_a_third_card_in_a_log_is_one_line_naming_file_line_and_coup(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "dt.txt"
    log.write_text("KS 7H\n2C 5D 9H\n", encoding="utf-8")
    status, _, err = run(capsys, "build", str(log), *DT)
    assert status == 1
    assert err == (
        f"roads: error: {log}, line 2, column 7, coup 2: 3 cards (a third card): "
        "a Dragon Tiger coup is one card to Dragon and one to Tiger\n"
    )


def test_explain_reads_a_dragon_tiger_log_on_the_same_roads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text(BOARD, encoding="utf-8")
    _, out, _ = run(capsys, "explain", str(log), *DT, "--road", "small-road", "--json")
    baccarat = tmp_path / "bac.txt"
    baccarat.write_text(
        BOARD.replace("Tie", "x").replace("T", "P").replace("D", "B").replace("x", "T"), encoding="utf-8"
    )
    _, same, _ = run(capsys, "explain", str(baccarat), "--road", "small-road", "--json")
    assert out == same  # Dragon in Banker's place, Tiger in Player's: every mark and its proof alike


def test_stats_counts_and_tests_against_the_exact_odds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text(BOARD, encoding="utf-8")
    _, out, _ = run(capsys, "stats", str(log), str(log), *DT, "--json")
    data = json.loads(out)
    board = _board(BOARD)
    assert (data["dragon"], data["tiger"], data["tie"]) == tuple(
        2 * n for n in (board.stats.banker, board.stats.player, board.stats.tie)
    )
    assert data["shoes"] == 2
    assert data["tests"][2]["expected"] == round(float(Fraction(31, 415)), 6)
    assert data["chi_square"]["dof"] == 2


# --- the board, drawn -------------------------------------------------------------------------


def test_the_board_draws_dragon_red_and_tiger_blue_with_their_letters() -> None:
    board = _board(BOARD)
    root = ET.fromstring(svg(board))
    desc = root.find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and desc.text is not None
    assert "30 coups: Dragon 14 (46.7%), Tiger 12 (40.0%), Tie 4 (13.3%)" in desc.text
    assert "Dragon ask:" in desc.text and "Tiger ask:" in desc.text
    texts = {el.text for el in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"D", "T", "Tie"} <= texts
    assert "B pair" not in texts  # no pairs or naturals in Dragon Tiger
    baccarat = Scoreboard.from_outcomes(board.bead_plate.outcomes)
    # The same roads: only the words differ, never a bead's place or colour.
    assert [(b.x, b.y, b.winner) for b in board.big_road.beads] == [
        (b.x, b.y, b.winner) for b in baccarat.big_road.beads
    ]
    assert list(board.big_eye_boy.colors) == list(baccarat.big_eye_boy.colors)


def test_snapshot_dragon_tiger_board_svg(snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    assert svg(_board(BOARD)) == snapshot_svg


@pytest.mark.parametrize("labels", ["en", "zh"])
def test_snapshot_dragon_tiger_board_png(labels: str, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    picture = png(_board(BOARD), labels=labels)
    assert decode_png(picture).size[0] > 0
    assert picture == snapshot_png


def test_render_draws_a_dragon_tiger_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text(BOARD, encoding="utf-8")
    out = tmp_path / "board.svg"
    status, _, _ = run(capsys, "render", str(log), *DT, "-o", str(out))
    assert status == 0
    assert out.read_text(encoding="utf-8") == svg(_board(BOARD))
    status, _, err = run(capsys, "render", str(log), *DT, "-o", str(tmp_path / "dt.gif"), "--animate")
    assert status == 2 and "--game dragon-tiger draws still boards" in err


def test_a_baccarat_board_keeps_its_game_and_words() -> None:
    board = Scoreboard.from_outcomes(["B", "P"])
    assert board.game is Game.BACCARAT
    assert "Banker ask:" in svg(board)


def test_show_draws_the_grids_with_dragon_tiger_letters(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    log.write_text("D T Tie D\n", encoding="utf-8")
    _, out, _ = run(capsys, "show", str(log), *DT, "--road", "bead-plate", "--color", "never")
    assert out.splitlines()[1:5] == ["D", "T", "/", "D"]
    assert "Key: D Dragon, T Tiger, / Tie" in out


def test_render_draws_every_dragon_tiger_log_into_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good, bad = tmp_path / "dt.txt", tmp_path / "bac.txt"
    good.write_text(BOARD, encoding="utf-8")
    bad.write_text("B P\n", encoding="utf-8")
    status, _, err = run(capsys, "render", str(good), str(bad), *DT, "-d", str(tmp_path / "out"), "-j", "1")
    assert status == 1
    assert (tmp_path / "out" / "dt.svg").read_text(encoding="utf-8") == svg(_board(BOARD))
    assert "'B' is a baccarat result" in err and "1 of 2 shoes written" in err


def test_regression_a_dragon_tiger_board_repr_named_no_game() -> None:
    # Its repr was Scoreboard.from_results('BPT'), which pasted back gives a baccarat board.
    board = Scoreboard.from_outcomes(["B", "P", "T"], game=Game.DRAGON_TIGER)
    assert repr(board) == "Scoreboard.from_results('BPT', game=Game.DRAGON_TIGER)"
    again = eval(repr(board), {"Scoreboard": Scoreboard, "Game": Game})
    assert again.game is Game.DRAGON_TIGER and svg(again) == svg(board)
