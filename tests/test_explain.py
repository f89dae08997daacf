"""Proofs of derived marks (rulebook section 8): every proof, re-read, gives its mark's colour."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.board import DERIVED, Road
from roads.board.explain import Proof
from roads.errors import RoadError

RULE_1 = re.compile(
    r"Column (?P<c>\d+) starts, so Rule 1 applies: compare column (?P<a>\d+), which just finished, "
    r"with column (?P<b>\d+)\. Column (?P<a2>\d+) has (?P<da>\d+) beads? and column (?P<b2>\d+) "
    r"has (?P<db>\d+): (?P<same>same|different) depth, so (?P<color>red|blue)\."
)
RULE_2 = re.compile(
    r"Column (?P<c>\d+) continues to row (?P<r>\d+), so Rule 2 applies: look at column (?P<b>\d+), "
    r"(?P<k>\d+) columns? back\. Column (?P<b2>\d+) has (?P<d>\d+) beads?: .*, so (?P<color>red|blue)\."
)


def depths_by_counting(board: Scoreboard) -> Counter[int]:
    """Column depths counted bead by bead, without the builder's depth list."""
    return Counter(bead.column for bead in board.big_road)


def reread(p: Proof, board: Scoreboard) -> str:
    """Apply the rule to what the prose says, check the prose against the board, return the colour."""
    depth = depths_by_counting(board)
    k = Road(p.road).k
    if p.rule == 1:
        m = RULE_1.fullmatch(p.text)
        assert m, p.text
        c, a, b, da, db = (int(m[g]) for g in ("c", "a", "b", "da", "db"))
        assert (c, a, b) == (p.column, c - 1, c - 1 - k) and m["a2"] == m["a"] and m["b2"] == m["b"]
        assert (da, db) == (depth[a], depth[b])
        assert p.compared == ((a, da), (b, db))
        assert ("beads" in p.text.split(" and ")[0]) == (da != 1)
        color = "red" if da == db else "blue"
        assert m["same"] == ("same" if da == db else "different")
    else:
        m = RULE_2.fullmatch(p.text)
        assert m, p.text
        c, r, b, said_k, d = (int(m[g]) for g in ("c", "r", "b", "k", "d"))
        assert (c, r, b, said_k) == (p.column, p.row, c - k, k) and m["b2"] == m["b"]
        assert d == depth[b] and p.compared == ((b, d),)
        color = "red" if d >= r else "blue" if d == r - 1 else "red"
    assert m["color"] == color
    return color


def test_examples_every_proof_rereads_to_its_colour(example: dict) -> None:
    board = Scoreboard.from_results(example["results"])
    for road in DERIVED:
        got = list(board.proofs(road))
        assert len(got) == len(example[road]["colors"])
        letters = "".join("R" if reread(p, board) == "red" else "B" for p in got)
        assert letters == example[road]["colors"]
        assert "".join(str(p.rule) for p in got) == example[road]["rules"]
        assert [[p.column, p.row] for p in got] == example[road]["sources"]


def test_rulebook_small_road_example_reproduced_exactly() -> None:
    # Columns: 1 B, 2 PPP (3 beads), 3 B, 4 PP (2 beads), then B opens column 5.
    board = Scoreboard.from_results("BPPPBPPB")
    last = board.proof("small_road", len(board.small_road))
    assert (last.column, last.row, last.rule) == (5, 1, 1)
    assert last.text == (
        "Column 5 starts, so Rule 1 applies: compare column 4, which just finished, "
        "with column 2. Column 4 has 2 beads and column 2 has 3: different depth, so blue."
    )
    assert last.compared == ((4, 2), (2, 3))
    assert last.title == "Small Road" and last.k == 2


def test_rule_1_same_depth_and_grammar_of_one_bead() -> None:
    board = Scoreboard.from_results("BPB")  # Big Eye Boy: column 3 opens, columns 2 and 1 have 1 bead each
    p = board.proof("big_eye_boy", 1)
    assert p.comparison == "Column 2 has 1 bead and column 1 has 1: same depth, so red."


def test_rule_1_mistake_names_the_wrong_pair_and_what_it_gives() -> None:
    board = Scoreboard.from_results("BPPPBPPB")
    p = board.proof("small_road", len(board.small_road))
    # The slip pairs column 4 with column 3 (1 bead): still different, blue, by chance.
    assert "column 4 (2 beads) with column 3 (1 bead)" in p.mistake
    assert "only by chance" in p.mistake
    board = Scoreboard.from_results("BPPPBBPPB")  # column 3 now has 2 beads, like column 4
    p = board.proof("small_road", len(board.small_road))
    assert "column 4 (2 beads) with column 3 (2 beads): red instead of blue" in p.mistake
    bigeye = board.proof("big_eye_boy", len(board.big_eye_boy))
    assert "with itself, which always says red" in bigeye.mistake


@pytest.mark.parametrize(
    ("results", "comparison", "color"),
    [
        ("BPPPBPPP", "Column 2 has 3 beads: it has a bead at row 3, so red.", "red"),
        ("BPPBPPP", "Column 2 has 2 beads: it stopped exactly one row above row 3, so blue.", "blue"),
        ("BPBPPP", "Column 2 has 1 bead: it stopped 2 rows above row 3 (the straight drop), so red.", "red"),
    ],
)
def test_rule_2_three_cases_in_prose(results: str, comparison: str, color: str) -> None:
    # Small Road, last bead: column 4 row 3, so column 2 is read.
    board = Scoreboard.from_results(results)
    p = board.proof("small-road", len(board.small_road))
    assert (p.rule, p.column, p.row) == (2, 4, 3)
    assert p.reason == "Column 4 continues to row 3, so Rule 2 applies: look at column 2, 2 columns back."
    assert p.comparison == comparison
    assert p.color.value == color
    assert p.mistake.startswith("Common mistake: treating an empty row as blue.")


def test_rule_2_mistake_is_concrete_for_the_straight_drop_and_the_stop_above() -> None:
    drop = Scoreboard.from_results("BPBPPP").proof("small_road", 3)  # column 4 row 3
    assert "Column 2 has no bead at row 3, so a hasty reading says blue" in drop.mistake
    assert drop.mistake.endswith("so the mark is red.")
    stop = Scoreboard.from_results("BPPBPPP").proof("small_road", 3)  # column 4 row 3
    assert stop.mistake.endswith(
        "because column 2 stopped exactly at row 2; had it stopped at row 1, "
        "row 3 would be just as empty and the mark red."
    )
    deeper = Scoreboard.from_results("BPPPBPPPP").proof("small_road", 4)  # column 4 row 4, column 2 depth 3
    assert "had it stopped at row 2 or above, row 4 would be just as empty" in deeper.mistake


def test_proof_numbers_from_1_and_takes_either_spelling() -> None:
    board = Scoreboard.from_results("BPPPBPPB")
    assert board.proof("big-eye-boy", 1) == board.proof("big_eye_boy", 1) == board.proof("Big Eye Boy", 1)
    assert board.proof("big_eye_boy", 1).mark == 1
    assert [p.mark for p in board.proofs("big_eye_boy")] == list(range(1, len(board.big_eye_boy) + 1))


@pytest.mark.parametrize("mark", [0, -1, 4, 999])
def test_mark_out_of_range_says_how_many_marks(mark: int) -> None:
    board = Scoreboard.from_results("BPPPBPPB")  # Small Road: beads (4, 1), (4, 2), (5, 1)
    assert len(board.small_road) == 3
    with pytest.raises(RoadError, match=rf"Small Road has 3 marks: there is no mark {mark} \(choose 1 to 3\)"):
        board.proof("small_road", mark)


def test_mark_on_a_road_not_started_yet() -> None:
    with pytest.raises(RoadError, match="Cockroach Pig has no marks yet"):
        Scoreboard.from_results("BPB").proof("cockroach_pig", 1)


def test_one_mark_grammar() -> None:
    with pytest.raises(RoadError, match="Big Eye Boy has 1 mark: there is no mark 2"):
        Scoreboard.from_results("BPB").proof("big_eye_boy", 2)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("big-road", "big-road has no marks to explain: choose one of big-eye-boy, small-road, cockroach-pig"),
        ("bead_plate", "bead-plate has no marks to explain"),
        ("eye", "unknown road 'eye': choose one of big-eye-boy, small-road, cockroach-pig"),
    ],
)
def test_unknown_or_underived_road_lists_the_valid_ones(name: str, message: str) -> None:
    board = Scoreboard.from_results("BPPPBPPB")
    with pytest.raises(RoadError, match=re.escape(message)):
        board.proof(name, 1)
    with pytest.raises(RoadError, match=re.escape(message)):
        list(board.proofs(name))


def test_proofs_cover_all_roads_in_board_order() -> None:
    board = Scoreboard.from_results("BPPPBPPBBPBPPPBB")
    got = list(board.proofs())
    assert [p.road for p in got] == [road for road in DERIVED for _ in board.road(road)]
    for p in got:
        mark = board.road(p.road)[p.mark - 1]
        assert (p.color, p.rule, p.column, p.row) == (mark.color, mark.rule, mark.column, mark.row)


def test_to_dict_keys_and_types() -> None:
    board = Scoreboard.from_results("BPPPBPPB")
    data = board.proof("small_road", 3).to_dict()
    assert data == {
        "road": "small_road",
        "mark": 3,
        "color": "blue",
        "rule": 1,
        "column": 5,
        "row": 1,
        "compared": [{"column": 4, "depth": 2}, {"column": 2, "depth": 3}],
        "text": board.proof("small_road", 3).text,
    }
    assert json.loads(json.dumps(data)) == data
    with_mistake = board.proof("small_road", 3).to_dict(mistake=True)
    assert with_mistake["mistake"].startswith("Common mistake: comparing the wrong pair of columns.")


# --- properties --------------------------------------------------------------------------

results_strategy = st.text(alphabet="BPT", max_size=250)


@settings(max_examples=examples(200), deadline=None)
@given(results_strategy)
def test_property_every_proof_rereads_to_its_mark_colour(results: str) -> None:
    board = Scoreboard.from_results(results)
    for p in board.proofs():
        mark = board.road(p.road)[p.mark - 1]
        assert reread(p, board) == mark.color.value == p.color.value
        assert p.mistake.startswith("Common mistake: ")


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet="BPT", min_size=1, max_size=150))
def test_property_depths_are_those_the_mark_saw(results: str) -> None:
    """The compared columns had finished when the mark was made: the final board gives the same proof."""
    final = Scoreboard.from_results(results)
    board = Scoreboard()
    for letter in results:
        before = {road: len(board.road(road)) for road in DERIVED}
        board.add(letter)
        for road in DERIVED:
            if len(board.road(road)) > before[road]:
                n = len(board.road(road))
                assert board.proof(road, n) == final.proof(road, n)
