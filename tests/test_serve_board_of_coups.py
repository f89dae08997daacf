"""A table's board is made from its coups in memory, not by reading its log again at every change: the same board
``roads render`` reads of the log, checked on many random shoes (results, cards, undos, a new shoe)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads import Scoreboard
from roads.board import Board
from roads.board.jsonview import ask_dict, good_road_dicts
from roads.outcome import Outcome, Winner
from roads.render import render
from roads.scene.options import RenderOptions
from roads.serve import views
from roads.serve.store import Store, Table
from roads.shoe import deal_shoe

SHOES = 40
"""Random shoes, each dealt from its own seed."""


def _same_board(table: Table) -> None:
    read = Scoreboard.from_log(table.source()) if table.coups else Scoreboard()  # a log part of no coups is empty
    ours = views.current_board(table)
    assert ours.stats.to_dict() == read.stats.to_dict()
    assert ask_dict(ours) == ask_dict(read) and good_road_dicts(ours) == good_road_dicts(read)
    options = RenderOptions(totals=True, naturals=True, pairs=True)
    assert render(ours, "svg", options) == render(read, "svg", options)


@pytest.mark.parametrize("seed", range(SHOES))
def test_the_board_of_a_tables_coups_is_the_board_of_its_log(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    store = Store(tmp_path / "data")
    table = store.create("main")[0]
    cards = seed % 2 == 1  # results on even seeds, every card on odd ones
    dealt = deal_shoe(seed=seed).coups[: rng.randint(1, 80)]
    for coup in dealt:
        result = None if cards else {"banker": "B", "player": "P", "tie": "T"}[coup.winner.value]
        text = " ".join(f"{card.rank}{card.suit}" for card in coup.dealt) if cards else None
        store.add(table, table.coups + 1, result, text)
        if rng.random() < 0.1:  # a dealer's mistake taken back
            store.undo(table, table.coups)
    _same_board(table)
    if table.coups:
        store.new_shoe(table, table.shoe + 1, None)  # the next shoe's board starts empty, as its log's part does
        _same_board(table)


def test_a_coups_answer_reads_the_board_its_change_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: each coup built its table's board twice on the writes' lane, once for the marks its event
    carries and again for its answer's state; the state now reads the board the change made, and it is the
    board of the log."""
    store = Store(tmp_path / "data")
    table = store.create("main")[0]
    built: list[int] = []
    make = Board.from_outcomes.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Board], /, *args: object, **kwargs: object) -> Board:
        built.append(1)
        return make(cls, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Board, "from_outcomes", classmethod(counted))  # a Scoreboard's too
    for n, coup in enumerate(deal_shoe(seed=3).coups[:30], 1):
        built.clear()
        letter = coup.winner.value[0].upper()
        event, _ = views.change(table, "coup", lambda n=n, letter=letter: store.add(table, n, letter, None))
        state = views.state(table)
        assert len(built) == 1, f"coup {n}: {len(built)} boards built"
        read = Scoreboard.from_log(table.source())
        assert state["stats"] == json.loads(json.dumps(read.stats.to_dict()))
        assert state["asks"] == ask_dict(read) and state["good_roads"] == good_road_dicts(read)
        assert event["coups"] == n


def test_a_replayed_change_leaves_the_tables_kept_answers(tmp_path: Path) -> None:
    """Regression (review): a Redis worker makes a resuming viewer's missed events again on a copy of the table
    under its name (``RedisStore.missed``); the copy's board must not take the place of the table's kept
    answers, which then went as if the table had changed."""
    store = Store(tmp_path / "data")
    table = store.create("main")[0]
    for n, letter in enumerate("BPBBP", 1):
        store.add(table, n, letter, None)
    state = views.state(table)
    copy = Table(table.name, None, table.rules, table.decks, table.game)
    copy.size = 10  # an older position of the log, as a replay's copy has
    event, _ = views.change(copy, "coup", lambda: copy.items.append(Outcome(Winner.BANKER)), keep=False)
    assert event["coups"] == 1
    assert views.state(table) is state  # still the one kept: nothing of the table's was let go
    assert views.board(table).stats.to_dict() == Scoreboard.from_results("BPBBP").stats.to_dict()
