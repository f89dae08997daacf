"""The array path of big batches (Scoreboard._add_many, TailGrid.place_many) builds the very board the loop builds.

The loop (``add``) is the reference: every rule there is the rulebook's, and
the rest of the suite checks it coup by coup. Here random shoes made to be
awkward (ties, leading ties, streaks past six rows, tails that run into
tails, one colour for ever) are built both ways, with the array path forced
on for batches of any size and cut into chunks of every size, so chunk edges
fall mid-streak and mid-tail; the boards must match in every stored field,
the drawing grids' state included.
"""

from __future__ import annotations

import io
import random

import pytest

import roads.board.big_road as big_road_module
import roads.board.board as board_module
import roads.board.derived as derived_module
from roads import Scoreboard
from roads.errors import RoadsError
from roads.outcome import Outcome, Winner

GO_ON = "BBBBBBBBPTPPPPPPPPPBPBPBTTBBBBBBBBBB"
"""Coups added after a build, one at a time: long streaks that turn tails, so a grid's hidden state shows."""


def stored(board: Scoreboard) -> list[object]:
    """Return everything a board stores, drawn places included."""
    board.place()
    big = board.big_road
    out: list[object] = [
        tuple(board.bead_plate.outcomes),
        big.coups.tobytes(),
        big.columns.tobytes(),
        big.rows.tobytes(),
        tuple(big.depths),
        big.xs.tobytes(),
        big.ys.tobytes(),
        board.stats,
    ]
    for road in board.derived_roads():
        out += [road.first, bytes(road.codes), road.xs.tobytes(), road.ys.tobytes()]
    return out


def fields(board: Scoreboard, *, each: bool = True) -> tuple[object, ...]:
    """Return what ``board`` stores, then what it stores after ``GO_ON``, added a coup at a time.

    The drawing grids' state (where the next mark goes, which cells are taken) shows in where those marks land.
    ``each``: draw the board after every coup of ``GO_ON`` (a live table's way, 36 drawings); otherwise draw it
    once after the last, where every mark of ``GO_ON`` lands from the same state (the 100,000-shoe run: the
    drawings were nine tenths of its time). The board is changed: call this last.
    """
    out = stored(board)
    for letter in GO_ON:
        board.add(_OUTCOMES[letter])
        if not each:
            continue
        board.place()
        for road in (board.big_road, *board.derived_roads()):
            n = len(road.xs)
            out.append((n, int(road.xs[n - 1]), int(road.ys[n - 1])) if n else (0,))
    if not each:
        out += stored(board)
    return tuple(out)


SHIPPED = (board_module.BATCH, big_road_module.CHUNK)
"""The batch and chunk sizes as shipped (read before any test changes them)."""

_OUTCOMES = {letter: Outcome.from_letter(letter) for letter in "BPT"}


def by_loop(results: str) -> Scoreboard:
    """Return the board built by the one-coup-at-a-time loop (given Outcomes: reading letters is tested elsewhere)."""
    board = Scoreboard()
    board.add(*map(_OUTCOMES.__getitem__, results))
    board.place()
    return board


def awkward_shoe(rng: random.Random) -> str:
    """Return a random run of B/P/T letters of one of several awkward kinds."""
    kind = rng.randrange(5)
    length = rng.choice((1, 2, 3, 6, 7, 12, 40, 80, 80, 150, 400))
    if kind == 0:  # the game's own odds
        letters = rng.choices("BPT", weights=(45.9, 44.6, 9.5), k=length)
    elif kind == 1:  # streaks of every length, long ones turning tails into tails
        letters = []
        while len(letters) < length:
            letters += rng.choice("BP") * rng.choice((1, 1, 2, 3, 5, 6, 7, 8, 9, 12, 20))
            letters += "T" * rng.choice((0, 0, 0, 1, 2))
    elif kind == 2:  # lopsided: long runs of one winner, derived roads all one colour
        weights = (rng.random(), rng.random(), rng.random() / 4)
        letters = rng.choices("BPT", weights=weights, k=length)
    elif kind == 3:  # alternating with ties between (chops)
        letters = [("BP"[i % 2] + "T" * rng.choice((0, 0, 1))) for i in range(length)]
    else:  # ties only, or mostly
        letters = rng.choices("BPT", weights=(1, 1, 20), k=length)
    return "T" * rng.choice((0, 0, 0, 1, 3)) + "".join(letters)


@pytest.fixture
def array_path(monkeypatch: pytest.MonkeyPatch) -> random.Random:
    """Force the array path on for batches of any size; return a seeded generator for chunk sizes."""
    monkeypatch.setattr(board_module, "BULK", 1)
    monkeypatch.setattr(big_road_module, "BULK", 1)
    monkeypatch.setattr(derived_module, "BULK", 1)
    return random.Random(2026)


def check_shoes(count: int, seed: int, monkeypatch: pytest.MonkeyPatch, *, cut: float = 1.0, each: bool = True) -> None:
    """Build ``count`` awkward shoes both ways and require equal boards (``each``: see :func:`fields`).

    A share ``cut`` of the shoes may be cut into small batches and chunks (one
    in six each of 1, 7 or 50 coups a batch, 1, 5 or 13 items a chunk); the
    rest take one batch and one chunk, as a shoe does with the sizes shipped.
    A cut shoe costs the array path a call per batch and per chunk, so the
    100,000-shoe run cuts a few and the 600-shoe run cuts them all.
    """
    rng = random.Random(seed)
    whole = SHIPPED
    for _ in range(count):
        results = awkward_shoe(rng)
        batch, chunk = whole
        if rng.random() < cut:
            batch = rng.choice((1, 7, 50, *(whole[0],) * 3))
            chunk = rng.choice((1, 5, 13, *(whole[1],) * 3))
        monkeypatch.setattr(board_module, "BATCH", batch)
        monkeypatch.setattr(big_road_module, "CHUNK", chunk)
        monkeypatch.setattr(derived_module, "CHUNK", chunk)
        assert fields(Scoreboard.from_results(results), each=each) == fields(by_loop(results), each=each), results


def test_array_path_matches_the_loop_on_a_few_random_shoes(
    array_path: random.Random, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick loop's variant: a few dozen shoes."""
    check_shoes(30, 3, monkeypatch)


@pytest.mark.slow
def test_array_path_matches_the_loop_on_random_shoes(
    array_path: random.Random, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_shoes(600, 1, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_array_path_matches_the_loop_on_100000_random_shoes(
    array_path: random.Random, monkeypatch: pytest.MonkeyPatch, part: int
) -> None:
    """Issue 14's 100,000 random shoes, in four parts of 25,000 (so parallel workers can share them); the tail
    after each is drawn once (the 600-shoe run draws it coup by coup)."""
    check_shoes(25_000, 2 + 10 * part, monkeypatch, cut=0.01, each=False)


@pytest.mark.slow
def test_batches_mixed_with_single_adds_and_reads(array_path: random.Random, monkeypatch: pytest.MonkeyPatch) -> None:
    """A live board: batches, single adds and reads in any order build what the loop builds."""
    rng = random.Random(7)
    for _ in range(300):
        parts = [awkward_shoe(rng)[: rng.choice((1, 5, 30, 200))] for _ in range(rng.randint(1, 6))]
        monkeypatch.setattr(board_module, "BATCH", rng.choice((1, 3, 64)))
        board = Scoreboard()
        for part in parts:
            how = rng.randrange(3)
            if how == 0:
                board.extend(part)
            elif how == 1:
                board.add(*part)
            else:
                board.extend([Outcome.from_letter(letter) for letter in part])
            if rng.random() < 0.5:
                board.place()
            if rng.random() < 0.2:
                board.asks()  # asks read the grids' state between batches
        assert fields(board) == fields(by_loop("".join(parts))), parts


@pytest.mark.slow
def test_a_real_size_build_takes_the_array_path_and_matches() -> None:
    """100,000 coups through from_results and from_log, with the thresholds as shipped."""
    rng = random.Random(2026)
    results = "".join(rng.choices("BPT", weights=(45.9, 44.6, 9.5), k=100_000))
    want = fields(by_loop(results))
    assert fields(Scoreboard.from_results(results)) == want
    assert fields(Scoreboard.from_log(io.StringIO("\n".join(results) + "\n"))) == want


def test_pairs_and_naturals_are_counted_on_the_array_path(array_path: random.Random) -> None:
    outcomes = [
        Outcome(Winner.BANKER, banker_pair=True),
        Outcome(Winner.PLAYER, natural=True),
        Outcome(Winner.TIE, player_pair=True, banker_pair=True),
        Outcome(Winner.PLAYER, player_pair=True, natural=True),
    ] * 50
    board = Scoreboard.from_outcomes(outcomes)
    loop = Scoreboard()
    loop.add(*outcomes)
    assert board.stats == loop.stats
    assert (board.stats.banker_pairs, board.stats.player_pairs, board.stats.naturals) == (100, 100, 100)


def test_a_bad_item_in_a_big_batch_keeps_the_coups_before_it(array_path: random.Random) -> None:
    board = Scoreboard()
    with pytest.raises(RoadsError):
        board.extend(["B", "P", "P", "X", "B"])
    assert board.coups == 3
    assert fields(board) == fields(by_loop("BPP"))
