"""The road builder against the rulebook (domain.md sections 5-10) and the shared examples."""

from __future__ import annotations

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.board import DERIVED, Road
from roads.board.marks import BLUE, RED, judge
from roads.outcome import Outcome, Winner


def colors(board: Scoreboard, road: str) -> str:
    return "".join(m.color.letter for m in board.road(road))


def test_examples_big_road(example: dict) -> None:
    board = Scoreboard.from_results(example["results"])
    assert [[b.column, b.row] for b in board.big_road] == example["big_road_logical"]
    assert [[b.x, b.y] for b in board.big_road] == example["big_road_drawn"]
    assert board.leading_ties == example["leading_ties"]
    assert [b.ties for b in board.big_road] == example["big_road_ties"]


@pytest.mark.parametrize("road", DERIVED)
def test_examples_derived_roads(example: dict, road: str) -> None:
    board = Scoreboard.from_results(example["results"])
    want = example[road]
    marks = list(board.road(road))
    assert "".join(m.color.letter for m in marks) == want["colors"]
    assert "".join(str(m.rule) for m in marks) == want["rules"]
    assert [[m.column, m.row] for m in marks] == want["sources"]
    assert [[m.x, m.y] for m in marks] == want["drawn"]
    assert [m.mark for m in marks] == list(range(1, len(marks) + 1))


def test_examples_ask(example: dict) -> None:
    board = Scoreboard.from_results(example["results"])
    got = {side: {road: (c.value if c else None) for road, c in asks.items()} for side, asks in board.asks().items()}
    assert got == example["ask"]


# --- the checks printed in domain.md section 7 ---------------------------------------


def test_check_bppp_big_eye_boy_blue_red() -> None:
    assert colors(Scoreboard.from_results("BPPP"), "big_eye_boy") == "BR"


def test_check_bpppb_big_eye_boy_blue_red_blue() -> None:
    assert colors(Scoreboard.from_results("BPPPB"), "big_eye_boy") == "BRB"


def test_check_bbppb_big_eye_boy_red_red() -> None:
    assert colors(Scoreboard.from_results("BBPPB"), "big_eye_boy") == "RR"


def test_check_forty_alternating_give_38_big_eye_boy_marks() -> None:
    assert len(Scoreboard.from_results("BP" * 20).big_eye_boy) == 38


# --- rule by rule ----------------------------------------------------------------------


@pytest.mark.parametrize(("road", "k"), [(road, road.k) for road in Road if road.derived])
def test_start_is_column_k_plus_1_row_2(road: str, k: int) -> None:
    """First mark from (k+1, 2); if that column has one bead, from (k+2, 1)."""
    # Columns 1..k of depth 1, then column k+1 of depth 2.
    results = "".join("BP"[i % 2] for i in range(k + 1)) + "BP"[k % 2]
    board = Scoreboard.from_results(results)
    first = board.road(road)[0]
    assert (first.column, first.row) == (k + 1, 2)
    # Single-bead column k+1: first mark comes from (k+2, 1).
    board = Scoreboard.from_results("".join("BP"[i % 2] for i in range(k + 2)))
    first = board.road(road)[0]
    assert (first.column, first.row) == (k + 2, 1)
    assert len(board.road(road)) == 1


def test_rule_1_same_depth_red_different_blue() -> None:
    # Big Eye Boy (k=1), bead opening column 3: compare column 2 with column 1.
    assert judge(1, 3, 1, [2, 2]) == (RED, 1)
    assert judge(1, 3, 1, [3, 2]) == (BLUE, 1)
    # Cockroach Pig (k=3), bead opening column 5: compare column 4 with column 1.
    assert judge(3, 5, 1, [2, 9, 9, 2]) == (RED, 1)
    assert judge(3, 5, 1, [1, 2, 2, 2]) == (BLUE, 1)


def test_rule_2_bead_present_red_stopped_one_above_blue_straight_drop_red() -> None:
    # Small Road (k=2), bead at column 4 row 3: look at column 2.
    assert judge(2, 4, 3, [1, 3, 1]) == (RED, 2)  # column 2 has a bead at row 3
    assert judge(2, 4, 3, [1, 5, 1]) == (RED, 2)  # deeper still: bead present
    assert judge(2, 4, 3, [1, 2, 1]) == (BLUE, 2)  # stopped exactly one row above
    assert judge(2, 4, 3, [1, 1, 1]) == (RED, 2)  # straight drop: two rows above


def test_regression_empty_row_is_not_enough_for_blue() -> None:
    """The common mistake: 'no bead at this row' is blue only when the column stopped one row above."""
    board = Scoreboard.from_results("BPPPP")  # column 2 depth 4 vs column 1 depth 1
    assert colors(board, "big_eye_boy") == "BRR"


def test_ties_never_take_a_cell_and_never_change_derived_roads() -> None:
    plain = Scoreboard.from_results("BPPBBBP")
    tied = Scoreboard.from_results("TBTTPPTBBTBPT")
    assert [(b.column, b.row, b.x, b.y) for b in plain.big_road] == [(b.column, b.row, b.x, b.y) for b in tied.big_road]
    for road in DERIVED:
        assert colors(plain, road) == colors(tied, road)
    assert tied.leading_ties == 1
    assert [b.ties for b in tied.big_road] == [2, 0, 1, 0, 1, 0, 1]


def test_bead_plate_fills_six_rows_then_next_column_ties_included() -> None:
    board = Scoreboard.from_results("BPTBPTB")
    cells = list(board.bead_plate)
    assert [(c.column, c.row) for c in cells] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 1)]
    assert cells[2].outcome.winner is Winner.TIE
    assert board.bead_plate[-1].coup == 7


def test_dragon_tail_turns_at_bottom_and_under_an_earlier_tail() -> None:
    board = Scoreboard.from_results("B" * 8 + "P" * 7)
    assert [(b.x, b.y) for b in board.big_road][:8] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6)]
    # Player streak in column 2 stops above the Banker tail at (2, 6) and turns right on row 5.
    assert [(b.x, b.y) for b in board.big_road][8:] == [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 5)]
    assert [(b.column, b.row) for b in board.big_road][-1] == (2, 7)


def test_stats_panel() -> None:
    outcomes = [
        Outcome(Winner.BANKER, banker_pair=True, natural=True),
        Outcome(Winner.BANKER),
        Outcome(Winner.TIE, player_pair=True),
        Outcome(Winner.PLAYER),
        Outcome(Winner.BANKER),
    ]
    stats = Scoreboard.from_outcomes(outcomes).stats
    assert (stats.coups, stats.banker, stats.player, stats.tie) == (5, 3, 1, 1)
    assert (stats.banker_pairs, stats.player_pairs, stats.naturals) == (1, 1, 1)
    assert (stats.longest_banker, stats.longest_player) == (2, 1)
    assert stats.to_dict()["banker_share"] == 0.6


def test_ask_on_empty_board_gives_no_marks() -> None:
    assert Scoreboard().asks() == {"banker": dict.fromkeys(DERIVED), "player": dict.fromkeys(DERIVED)}


def test_bad_letter_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="'X' is not a result"):
        Scoreboard.from_results("BPX")


# --- properties --------------------------------------------------------------------------

results_strategy = st.text(alphabet="BPT", max_size=300)


@settings(max_examples=examples(200), deadline=None)
@given(results_strategy)
def test_property_incremental_equals_batch(results: str) -> None:
    batch = Scoreboard.from_results(results)
    inc = Scoreboard()
    for i, letter in enumerate(results):
        inc.add(letter)
        # After every single add, the board equals a fresh build of the prefix.
        if i % 37 == 0:
            prefix = Scoreboard.from_results(results[: i + 1])
            assert list(inc.big_road) == list(prefix.big_road)
    for road in DERIVED:
        assert list(inc.road(road)) == list(batch.road(road))
    assert inc.stats == batch.stats


@settings(max_examples=examples(200), deadline=None)
@given(results_strategy)
def test_property_asks_have_opposite_colours(results: str) -> None:
    asks = Scoreboard.from_results(results).asks()
    for road in DERIVED:
        b, p = asks["banker"][road], asks["player"][road]
        if b is not None and p is not None:
            assert b is not p


@settings(max_examples=examples(200), deadline=None)
@given(results_strategy)
def test_property_ask_predicts_the_mark_actually_added(results: str) -> None:
    board = Scoreboard.from_results(results)
    for letter, side in (("B", "banker"), ("P", "player")):
        after = Scoreboard.from_results(results + letter)
        for road in DERIVED:
            predicted = board.asks()[side][road]
            grew = len(after.road(road)) - len(board.road(road))
            if predicted is None:
                assert grew == 0
            else:
                assert grew == 1 and after.road(road)[-1].color is predicted


@settings(max_examples=examples(200), deadline=None)
@given(results_strategy)
def test_property_mark_count_is_beads_from_the_start_on(results: str) -> None:
    board = Scoreboard.from_results(results)
    for road, k in [(road, road.k) for road in Road if road.derived]:
        expected = sum(1 for b in board.big_road if b.column > k + 1 or (b.column == k + 1 and b.row >= 2))
        assert len(board.road(road)) == expected


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="BP", max_size=200), st.data())
def test_property_ties_never_change_derived_roads(results: str, data: st.DataObject) -> None:
    with_ties = "".join(letter + "T" * data.draw(st.integers(0, 2)) for letter in results)
    plain, tied = Scoreboard.from_results(results), Scoreboard.from_results(with_ties)
    for road in DERIVED:
        assert list(plain.road(road)) == list(tied.road(road))


@settings(max_examples=examples(100), deadline=None)
@given(results_strategy)
def test_property_drawn_cells_are_distinct_and_on_the_grid(results: str) -> None:
    board = Scoreboard.from_results(results)
    for road in (board.big_road, *board.derived_roads()):
        cells = [(item.x, item.y) for item in road]
        assert len(set(cells)) == len(cells)
        assert all(1 <= y <= 6 and x >= 1 for x, y in cells)
