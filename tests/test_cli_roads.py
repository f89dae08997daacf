"""``roads build``, ``roads explain`` and ``roads show``: success paths and every bad input."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from helpers import demo_board, run

from roads import Scoreboard
from roads.board.json_contract import Board, ProofModel
from roads.board.jsonview import board_dict
from roads.logs import write_log
from roads.shoe import deal_shoe
from roads.terminal import show, summary

RESULTS = "B P P B B B P T P\nP P B\n"


@pytest.fixture
def results_log(tmp_path: Path) -> Path:
    path = tmp_path / "shoe.txt"
    path.write_text(RESULTS)
    return path


@pytest.fixture
def cards_log(tmp_path: Path) -> Path:
    path = tmp_path / "demo.cards"
    path.write_text(write_log(deal_shoe(8, seed=2026).coups, "cards"))
    return path


# --- build ---------------------------------------------------------------------------------


def test_build_summary(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, err = run(capsys, "build", str(results_log))
    assert (code, err) == (0, "")
    assert out == summary(Scoreboard.from_results(RESULTS))
    assert "Big Road      B PP BBB PPPP B" in out


def test_build_json_of_a_card_log_goes_through_the_engine(capsys: pytest.CaptureFixture[str], cards_log: Path) -> None:
    code, out, err = run(capsys, "build", str(cards_log), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    Board.model_validate(data)
    assert data == board_dict(demo_board())
    assert "banker_total" in data["bead_plate"][0]


def test_build_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"BPPTB\n")))
    code, out, _ = run(capsys, "build", "-", "--json")
    assert code == 0 and json.loads(out)["coups"] == 5


def test_build_format_is_passed_through(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, _ = run(capsys, "build", str(results_log), "--from", "results", "--json")
    assert code == 0 and json.loads(out)["coups"] == 12
    code, _, err = run(capsys, "build", str(results_log), "--from", "cards")
    assert code == 1 and err.startswith("roads: error: ") and err.count("\n") == 1


def test_build_colour_on_request_only(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    _, plain, _ = run(capsys, "build", str(results_log))
    assert "\x1b[" not in plain
    _, coloured, _ = run(capsys, "build", str(results_log), "--color", "always")
    assert "\x1b[31m" in coloured


# --- explain -------------------------------------------------------------------------------


def test_explain_everything(capsys: pytest.CaptureFixture[str], cards_log: Path) -> None:
    code, out, err = run(capsys, "explain", str(cards_log))
    assert (code, err) == (0, "")
    board = demo_board()
    for title, road in (
        ("Big Eye Boy", board.big_eye_boy),
        ("Small Road", board.small_road),
        ("Cockroach Pig", board.cockroach_pig),
    ):
        assert f"{title} (k = {road.k}): {len(road)} marks" in out
    assert out.count("so Rule ") == sum(len(r) for r in board.derived_roads())
    assert "Common mistake" not in out


def test_explain_one_road_with_mistakes(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, _ = run(capsys, "explain", str(results_log), "--road", "small-road", "--mistakes")
    assert code == 0
    assert out.startswith("Small Road (k = 2): 7 marks\n")
    assert "Big Eye Boy" not in out
    assert out.count("Common mistake") == 7


def test_explain_one_mark(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, _ = run(capsys, "explain", str(results_log), "--road", "small_road", "--mark", "2")
    p = Scoreboard.from_results(RESULTS).proof("small_road", 2)
    assert code == 0
    assert out.splitlines() == [
        "Small Road mark 2: red, Rule 2, from the Big Road bead at column 3, row 3",
        f"  {p.reason}",
        f"  {p.comparison}",
        f"  {p.mistake}",
    ]


def test_explain_one_mark_json(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, _ = run(capsys, "explain", str(results_log), "--road", "big-eye-boy", "--mark", "3", "--json")
    assert code == 0
    data = json.loads(out)
    ProofModel.model_validate(data)
    assert list(data) == ["road", "mark", "color", "rule", "column", "row", "compared", "text", "mistake"]
    assert data == Scoreboard.from_results(RESULTS).proof("big_eye_boy", 3).to_dict(mistake=True)


def test_explain_list_json(capsys: pytest.CaptureFixture[str], results_log: Path) -> None:
    code, out, _ = run(capsys, "explain", str(results_log), "--json")
    data = json.loads(out)
    assert code == 0 and isinstance(data, list)
    assert len(data) == sum(len(r) for r in Scoreboard.from_results(RESULTS).derived_roads())
    for item in data:
        ProofModel.model_validate(item)


# --- show ----------------------------------------------------------------------------------


def test_show_all_roads(capsys: pytest.CaptureFixture[str], cards_log: Path) -> None:
    code, out, err = run(capsys, "show", str(cards_log))
    assert (code, err) == (0, "")
    assert out == show(demo_board())


def test_show_some_roads_last_columns_and_colour(capsys: pytest.CaptureFixture[str], cards_log: Path) -> None:
    code, out, _ = run(
        capsys, "show", str(cards_log), "--road", "big-road", "--road", "Small Road", "--last", "5", "--color", "always"
    )
    assert code == 0
    headers = [
        line
        for line in re.sub(r"\x1b\[[0-9;]*m", "", out).splitlines()
        if re.match(r"[A-Z][a-z]+( [A-Z][a-z]+)* · ", line)
    ]
    assert [h.split(" · ")[0] for h in headers] == ["Big Road", "Small Road"]
    assert "drawn columns" in headers[0] and "drawn columns" in headers[1]
    assert "\x1b[" in out


def test_show_auto_colour_respects_no_color(
    capsys: pytest.CaptureFixture[str], results_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "show", str(results_log))
    assert "\x1b[" not in out


# --- bad input: one clear line, exit 1 (2 for usage) ---------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "{log}"], "'X' is not a result"),
        (["explain", "{empty}"], "no coups: the log is empty"),
        (["show", "{empty}"], "no coups: the log is empty"),
        (
            ["explain", "{good}", "--road", "small-road", "--mark", "999"],
            "Small Road has 7 marks: there is no mark 999 (choose 1 to 7)",
        ),
        (["explain", "{good}", "--road", "cockroach-pig", "--mark", "5"], "Cockroach Pig has 4 marks"),
        (["build", "{missing}"], "no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    paths = {
        "log": tmp_path / "bad.txt",
        "empty": tmp_path / "empty.txt",
        "good": tmp_path / "good.txt",
        "missing": tmp_path / "missing.txt",
    }
    paths["log"].write_text("B P X\n")
    paths["empty"].write_text("")
    paths["good"].write_text(RESULTS)
    code, out, err = run(capsys, *(a.format(**{k: str(v) for k, v in paths.items()}) for a in args))
    assert code == 1
    assert out == ""
    assert err.startswith("roads: error: ") and err.count("\n") == 1
    assert message in err


@pytest.mark.parametrize(
    "args",
    [
        ["explain", "{good}", "--mark", "2"],
        ["explain", "{good}", "--road", "small-road", "--mark", "two"],
        ["show", "{good}", "--color", "sometimes"],
        ["show", "{good}", "--last", "0"],
        ["build", "{good}", "--format", "xml"],
        ["build"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], results_log: Path, args: list[str]) -> None:
    code, out, err = run(capsys, *(a.format(good=str(results_log)) for a in args))
    assert code == 2 and out == ""
    assert "Usage: roads" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["explain", "{good}", "--road", "pig"],
            "Invalid value for '--road': unknown road 'pig': choose one of big-eye-boy, small-road, cockroach-pig",
        ),
        (["explain", "{good}", "--road", "big-road"], "big-road has no marks to explain"),
        (["explain", "{good}", "--road", "cockroach-pig", "--mark", "0"], "Invalid value for '--mark'"),
        (
            ["show", "{good}", "--road", "bigroad"],
            "unknown road 'bigroad': choose one of bead-plate, big-road, big-eye-boy, small-road, cockroach-pig",
        ),
    ],
)
def test_bad_option_values_exit_2_naming_the_option(
    capsys: pytest.CaptureFixture[str], results_log: Path, args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *(a.format(good=str(results_log)) for a in args))
    assert code == 2 and out == ""
    assert "Usage: roads" in err and message in err


@pytest.mark.parametrize("command", ["build", "explain", "show"])
def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert "Examples:" in out and f"roads {command} shoe." in out
