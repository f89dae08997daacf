"""A board of millions of coups: compact storage, batches that equal one add at a time, a summary that stays short."""

from __future__ import annotations

import gc
import importlib
import random
import tracemalloc

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads import Scoreboard as Exported
from roads.board import DERIVED
from roads.errors import LogError
from roads.outcome import Outcome, Winner
from roads.terminal import (
    COMPACT_COLUMNS,
    compact_big_road,
    compact_derived,
    derived_columns,
    summary,
)


def letters(coups: int, seed: int = 1) -> str:
    return "".join(random.Random(seed).choices("BPT", weights=(45.87, 44.63, 9.5), k=coups))


def test_roads_exports_the_scoreboard() -> None:
    assert Exported is Scoreboard


@pytest.mark.slow
def test_a_board_holds_well_under_100_bytes_a_coup() -> None:
    text = letters(200_000)
    # The array path imports numpy on first use: its modules are not the board's memory, and whether an
    # earlier test (on this worker) imported it first must not change the figure.
    importlib.import_module("numpy")
    gc.collect()
    tracemalloc.start()
    try:
        board = Scoreboard.from_results(text)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert board.coups == 200_000
    assert held / board.coups < 70, f"{held / board.coups:.0f} bytes a coup"


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="BPT", max_size=300), st.lists(st.integers(0, 40), max_size=12), st.booleans())
def test_property_batches_equal_one_add_at_a_time(results: str, cuts: list[int], read_between: bool) -> None:
    one = Scoreboard()
    for letter in results:
        one.add(letter)
    batched = Scoreboard()
    at = 0
    for size in cuts:
        batched.add(*results[at : at + size])
        at += size
        if read_between:
            batched.place()  # drawn places worked out part way must continue exactly
    batched.extend(results[at:])
    assert list(batched.big_road) == list(one.big_road) == list(Scoreboard.from_results(results).big_road)
    for road in DERIVED:
        assert list(batched.road(road)) == list(one.road(road))
        assert batched.road(road).width == one.road(road).width
    assert batched.stats == one.stats
    assert batched.asks() == one.asks()


def test_a_bad_item_keeps_the_coups_before_it() -> None:
    board = Scoreboard()
    with pytest.raises(LogError, match="'X' is not a result"):
        board.add("B", "P", "P", "X", "B")
    assert board.coups == 3 and board.stats.coups == 3 and len(board.big_road) == 3
    assert [(b.column, b.row, b.x, b.y) for b in board.big_road] == [(1, 1, 1, 1), (2, 1, 2, 1), (2, 2, 2, 2)]
    board.add("B")
    assert board.big_eye_boy[0].color.value == "blue"  # the bead at (3, 1): columns 2 and 1 differ in depth


def test_beads_are_made_on_access_but_the_first_is_one_object() -> None:
    board = Scoreboard.from_results("TBPP")
    road = board.big_road
    first = road.beads[0]
    assert first is road[0] is next(iter(road)) and first.ties == 0
    board.add("T", "T")
    assert road[0] is first and road.leading_ties == 1
    assert [b.ties for b in road] == [0, 0, 2] and road[-1].ties == 2
    assert road[1:] == [road[1], road[2]]
    with pytest.raises(IndexError):
        road[3]


def test_outcomes_are_shared_not_copied() -> None:
    board = Scoreboard.from_results("BPBPBT" * 1000)
    assert len({id(o) for o in board.bead_plate.outcomes}) == 3
    natural = Outcome(Winner.BANKER, natural=True)
    board = Scoreboard.from_outcomes([natural] * 50)
    assert all(b.outcome is natural for b in board.big_road) and board.stats.naturals == 50


def test_the_summary_of_a_wide_board_shows_the_newest_columns_and_says_so() -> None:
    board = Scoreboard.from_results(letters(20_000))
    lines = summary(board).splitlines()
    big = next(line for line in lines if line.startswith("Big Road"))
    columns = len(board.big_road.depths)
    assert big.endswith(f"(last {COMPACT_COLUMNS} of {columns:,} columns; --json for every mark)")
    shown = big[14:].removeprefix("… ").split(" (last ")[0].split()
    assert shown == compact_big_road(board).split()[-COMPACT_COLUMNS:]
    for road in board.derived_roads():
        line = next(line for line in lines if line.startswith(road.title))
        shown = line[14:].removeprefix("… ").split(" (last ")[0].split()
        words = compact_derived(road).split()
        assert derived_columns(road) == len(words)
        assert shown == words[-COMPACT_COLUMNS:]
        assert line.endswith(f"(last {COMPACT_COLUMNS} of {len(words):,} columns; --json for every mark)")
    assert max(map(len, lines)) < 400


def test_a_board_of_60_columns_is_printed_whole() -> None:
    board = Scoreboard.from_results("BP" * 30)
    assert len(board.big_road.depths) == COMPACT_COLUMNS
    assert "last" not in summary(board) and compact_big_road(board) == " ".join("BP" * 30)
    wider = Scoreboard.from_results("BP" * 30 + "B")
    assert "(last 60 of 61 columns; --json for every mark)" in summary(wider)


@pytest.mark.slow
def test_a_million_coups_read_and_build_and_summarize() -> None:
    import io

    text = "\n".join(letters(1_000_000, seed=9)) + "\n"
    board = Scoreboard.from_log(io.StringIO(text))
    assert board.coups == 1_000_000
    assert board.stats == Scoreboard.from_results(text).stats
    assert len(summary(board)) < 2_000
