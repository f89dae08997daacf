"""A table's board is made from its coups in memory, not by reading its log again at every change: the same board
``roads render`` reads of the log, checked on many random shoes (results, cards, undos, a new shoe)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads import Scoreboard
from roads.board.jsonview import ask_dict, good_road_dicts
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
