"""TailGrid.place_many (the bulk path) draws every item where TailGrid.place (one by one) draws it.

``place`` is the rulebook's Big Road placement item by item (a streak goes
down, turns right at the bottom row or above a taken cell); the bulk path
walks only the streaks that turn a tail and places the rest in runs. Random
streak patterns (independent, streak-heavy, dragon-heavy: tails under tails
down to the top row; tail-heavy: streaks about as long as the grid is high,
so tails run along the top row and the next streak starts past them; shoes
of letters with many ties, which never break a streak), on grids of every
height, cut into batches of random sizes so batch edges fall mid-streak and
mid-tail, and every shoe in fixtures/examples must give the same cells and
the same grid state both ways.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path

import numpy as np
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.board.grid import TailGrid

EXAMPLES = Path(__file__).resolve().parent.parent / "fixtures" / "examples"


def starts_of(lengths: list[int]) -> list[bool]:
    """Return the items' new-streak flags for streaks of ``lengths``."""
    out: list[bool] = []
    for length in lengths:
        out += [True] + [False] * (length - 1)
    return out


def starts_of_letters(letters: str) -> list[bool]:
    """Return the new-streak flags of a run of B/P/T letters as the Big Road sees it: ties dropped."""
    won = letters.replace("T", "")
    return [i == 0 or letter != won[i - 1] for i, letter in enumerate(won)]


def both_ways(starts: list[bool], cuts: list[int], rows: int = 6) -> None:
    """Place ``starts`` one by one and in bulk batches ending at ``cuts``; require the same cells and state."""
    one, bulk = TailGrid(rows), TailGrid(rows)
    xs, ys = array("i"), array("b")
    one.place(starts, xs, ys)
    bxs, bys = array("i"), array("b")
    begin = 0
    for end in [*sorted(c for c in cuts if 0 < c < len(starts)), len(starts)]:
        if end > begin:
            bulk.place_many(np.array(starts[begin:end], np.bool_), bxs, bys)
        begin = end
    assert list(bxs) == list(xs)
    assert list(bys) == list(ys)
    assert (bulk.x, bulk.y, bulk.first_x, bulk.turned) == (one.x, one.y, one.first_x, one.turned)
    assert bytes(bulk.taken).rstrip(b"\0") == bytes(one.taken).rstrip(b"\0")


independent = st.lists(st.booleans(), min_size=1, max_size=400).map(lambda flags: [True, *flags])
streak_heavy = st.lists(st.integers(1, 12), min_size=1, max_size=120).map(starts_of)
dragon_heavy = st.lists(st.one_of(st.integers(5, 30), st.integers(1, 3)), min_size=1, max_size=60).map(starts_of)
cuts = st.lists(st.integers(0, 2000), max_size=4)


@st.composite
def tail_heavy(draw: st.DrawFn) -> tuple[list[bool], int]:
    """Streaks mostly one to eight longer than the grid's free depth, on a grid of any height."""
    rows = draw(st.integers(1, 7))
    long = st.integers(max(rows - 1, 1), rows + 8)
    lengths = draw(st.lists(st.one_of(long, long, long, st.integers(1, 2)), min_size=1, max_size=80))
    return starts_of(lengths), rows


# Each coup repeats the last winner (streaks of about five), changes it, or is a tie, as the benchmark's shoe.
_STREAKY = st.sampled_from(["same"] * 8 + ["other"] * 2 + ["tie"] * 1 + ["ties"])


def streaky_letters(moves: list[str]) -> str:
    """Return B/P/T letters from moves: same winner again, the other winner, a tie, or three ties."""
    letters, side = [], "B"
    for move in moves:
        if move == "other":
            side = "P" if side == "B" else "B"
        letters.append({"tie": "T", "ties": "TTT"}.get(move, side))
    return "".join(letters)


@settings(max_examples=examples(50))
@given(st.one_of(independent, streak_heavy, dragon_heavy), cuts, st.integers(1, 7))
def test_bulk_path_draws_every_item_where_one_by_one_does(starts: list[bool], at: list[int], rows: int) -> None:
    """Independent, streak-heavy and dragon-heavy patterns, any grid height, cut anywhere."""
    both_ways(starts, at, rows)


@settings(max_examples=examples(30))
@given(tail_heavy(), cuts)
def test_bulk_path_matches_where_tails_run_along_the_top_row(shoe: tuple[list[bool], int], at: list[int]) -> None:
    """Tails stacked up to the top row and along it, so the next streak starts past them, cut anywhere."""
    starts, rows = shoe
    both_ways(starts, at, rows)


@settings(max_examples=examples(30))
@given(st.lists(_STREAKY, min_size=1, max_size=600), cuts, st.integers(1, 7))
def test_bulk_path_matches_on_streak_heavy_shoes_with_ties(moves: list[str], at: list[int], rows: int) -> None:
    """Letters that mostly repeat the last winner, with ties among them (dropped: they never break a streak)."""
    starts = starts_of_letters(streaky_letters(moves))
    if starts:
        both_ways(starts, at, rows)


@st.composite
def bottom_heavy(draw: st.DrawFn) -> tuple[list[bool], int]:
    """Short streaks with a few about as long as the grid is high: tails along the bottom row, stacked or alone."""
    rows = draw(st.integers(1, 7))
    short = st.integers(1, max(rows - 1, 1))
    long = st.integers(rows, rows + 6)
    lengths = draw(st.lists(st.one_of(short, short, short, long), min_size=1, max_size=100))
    return starts_of(lengths), rows


@settings(max_examples=examples(30))
@given(bottom_heavy(), cuts)
def test_bulk_path_matches_where_bottom_row_tails_are_leaves_or_stack(
    shoe: tuple[list[bool], int], at: list[int]
) -> None:
    """A tail along the bottom row that no streak reaches (skipped by the walk) or one that a streak turns under."""
    starts, rows = shoe
    both_ways(starts, at, rows)


def test_bulk_path_matches_when_a_batch_starts_under_a_tail_along_the_top_row() -> None:
    """Every grid height, cut at every item: a batch may begin inside a tail on any row, the top row included."""
    for rows in range(1, 8):
        lengths = [rows + 3, rows + 2, rows + 1, rows, 1, rows + 4, 2, rows + 1, 1, 1, rows + 2]
        starts = starts_of(lengths)
        for cut in range(1, len(starts)):
            both_ways(starts, [cut], rows)


def test_bulk_path_matches_on_every_fixture_shoe() -> None:
    """Each shoe of fixtures/examples, whole and cut at every coup."""
    for path in sorted(EXAMPLES.glob("*.json")):
        results = [letter for letter in json.loads(path.read_text())["results"] if letter != "T"]
        starts = [i == 0 or letter != results[i - 1] for i, letter in enumerate(results)]
        both_ways(starts, [])
        for cut in range(1, len(starts)):
            both_ways(starts, [cut])


def test_bulk_path_matches_on_a_long_streak_heavy_shoe() -> None:
    """The benchmark's kind of shoe (a winner repeats with probability 0.8, ties at the game's rate), 100,000 coups."""
    rng = np.random.default_rng(24)
    moves = rng.choice(["same", "other", "tie"], size=100_000, p=[0.724, 0.181, 0.095]).tolist()
    both_ways(starts_of_letters(streaky_letters(moves)), [])


def test_bulk_path_matches_on_a_long_dragon_heavy_shoe() -> None:
    """Tails stacked to the top row many times over, in one batch of 100,000 items."""
    rng = np.random.default_rng(2026)
    lengths = rng.choice([1, 2, 3, 6, 7, 9, 14, 25], size=12_000).tolist()
    both_ways(starts_of(lengths)[:100_000], [])
