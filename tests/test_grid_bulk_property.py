"""TailGrid.place_many (the bulk path) draws every item where TailGrid.place (one by one) draws it.

``place`` is the rulebook's Big Road placement item by item (a streak goes
down, turns right at the bottom row or above a taken cell); the bulk path
walks only the streaks that turn a tail and places the rest in runs. Random
streak patterns (independent, streak-heavy, dragon-heavy: tails under tails
down to the top row), cut into batches of random sizes so batch edges fall
mid-streak and mid-tail, and every shoe in fixtures/examples must give the
same cells and the same grid state both ways.
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


@settings(max_examples=examples(50))
@given(st.one_of(independent, streak_heavy, dragon_heavy), cuts, st.integers(1, 7))
def test_bulk_path_draws_every_item_where_one_by_one_does(starts: list[bool], at: list[int], rows: int) -> None:
    """Independent, streak-heavy and dragon-heavy patterns, any grid height, cut anywhere."""
    both_ways(starts, at, rows)


def test_bulk_path_matches_on_every_fixture_shoe() -> None:
    """Each shoe of fixtures/examples, whole and cut at every coup."""
    for path in sorted(EXAMPLES.glob("*.json")):
        results = [letter for letter in json.loads(path.read_text())["results"] if letter != "T"]
        starts = [i == 0 or letter != results[i - 1] for i, letter in enumerate(results)]
        both_ways(starts, [])
        for cut in range(1, len(starts)):
            both_ways(starts, [cut])


def test_bulk_path_matches_on_a_long_dragon_heavy_shoe() -> None:
    """Tails stacked to the top row many times over, in one batch of 100,000 items."""
    rng = np.random.default_rng(2026)
    lengths = rng.choice([1, 2, 3, 6, 7, 9, 14, 25], size=12_000).tolist()
    both_ways(starts_of(lengths)[:100_000], [])
