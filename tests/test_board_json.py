"""The JSON contract of ``roads build --json``: keys, types, agreement with the board, and the schema."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT, demo_board, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.board import DERIVED
from roads.board.json_contract import Board, ProofModel, board_schema_text
from roads.board.jsonview import board_dict, board_json

TOP = [
    "coups",
    "leading_ties",
    "bead_plate",
    "big_road",
    "big_eye_boy",
    "small_road",
    "cockroach_pig",
    "ask",
    "stats",
    "good_roads",
]
BEAD = {
    "coup": int,
    "winner": str,
    "column": int,
    "row": int,
    "x": int,
    "y": int,
    "ties": int,
    "banker_pair": bool,
    "player_pair": bool,
    "natural": bool,
}
MARK = {"mark": int, "color": str, "rule": int, "column": int, "row": int, "x": int, "y": int}
CELL = {
    "coup": int,
    "winner": str,
    "column": int,
    "row": int,
    "banker_pair": bool,
    "player_pair": bool,
    "natural": bool,
}


def assert_types(item: dict, want: dict[str, type]) -> None:
    for key, kind in want.items():
        assert type(item[key]) is kind, (key, item)


def test_top_level_keys_in_contract_order() -> None:
    assert list(board_dict(demo_board())) == TOP


def test_keys_and_types_of_every_item() -> None:
    data = board_dict(demo_board())
    for cell in data["bead_plate"]:
        assert set(cell) == set(CELL) | {"player_total", "banker_total", "cards"}
        assert_types(cell, CELL)
        assert cell["winner"] in ("banker", "player", "tie")
    for bead in data["big_road"]:
        assert set(bead) == set(BEAD)
        assert_types(bead, BEAD)
        assert bead["winner"] in ("banker", "player")
    for road in DERIVED:
        for mark in data[road]:
            assert set(mark) == set(MARK)
            assert_types(mark, MARK)
            assert mark["color"] in ("red", "blue") and mark["rule"] in (1, 2)
    assert set(data["ask"]) == {"banker", "player"}
    for side in data["ask"].values():
        assert list(side) == list(DERIVED)
        assert all(value in ("red", "blue", None) for value in side.values())
    assert data["stats"]["coups"] == data["coups"] == len(data["bead_plate"])


def test_totals_only_when_the_log_knew_them() -> None:
    cell = board_dict(Scoreboard.from_results("BPT"))["bead_plate"][0]
    assert set(cell) == set(CELL)
    cell = board_dict(demo_board())["bead_plate"][0]
    assert {"player_total", "banker_total", "cards"} <= set(cell)


def test_examples_agree_with_the_contract(example: dict) -> None:
    data = json.loads(board_json(Scoreboard.from_results(example["results"])))
    Board.model_validate(data)
    assert data["leading_ties"] == example["leading_ties"]
    assert [[b["column"], b["row"]] for b in data["big_road"]] == example["big_road_logical"]
    assert [[b["x"], b["y"]] for b in data["big_road"]] == example["big_road_drawn"]
    assert [b["ties"] for b in data["big_road"]] == example["big_road_ties"]
    for road in DERIVED:
        marks = data[road]
        assert "".join(m["color"][0].upper() if m["color"] == "red" else "B" for m in marks) == example[road]["colors"]
        assert [[m["column"], m["row"]] for m in marks] == example[road]["sources"]
        assert [[m["x"], m["y"]] for m in marks] == example[road]["drawn"]
    assert data["ask"] == example["ask"]


def test_output_is_deterministic() -> None:
    assert board_json(demo_board()) == board_json(demo_board())


def test_committed_schema_matches_the_models() -> None:
    committed = (ROOT / "docs" / "schema" / "board.schema.json").read_text()
    assert committed == board_schema_text(), (
        "regenerate: python -m roads.board.json_contract > docs/schema/board.schema.json"
    )


def test_schema_rejects_a_drifted_key() -> None:
    data = board_dict(Scoreboard.from_results("BPPB"))
    data["big_road"][0]["colour"] = "red"
    with pytest.raises(ValueError):
        Board.model_validate(data)


def test_proof_json_matches_its_model() -> None:
    for p in demo_board().proofs():
        ProofModel.model_validate(p.to_dict(mistake=True))


@settings(max_examples=examples(50), deadline=None)
@given(st.text(alphabet="BPT", max_size=200))
def test_property_every_board_fits_the_schema(results: str) -> None:
    Board.model_validate(board_dict(Scoreboard.from_results(results)))


def test_one_item_a_line() -> None:
    """Each cell, bead and mark sits on its own line, so a big board diffs and greps well."""
    board = demo_board()
    lines = board_json(board).splitlines()
    items = [json.loads(line.strip().rstrip(",")) for line in lines if line.startswith("    {")]
    assert len(items) == board.coups + len(board.big_road) + sum(len(r) for r in board.derived_roads())
    assert lines[0] == "{" and lines[1] == '  "coups": 82,' and lines[-1] == "}"
