"""A served table's seen ranks (what its odds take out) were counted three ways (a log read, an undo's
decrement, the Redis copy's replay) over a copy of the ranks; one count now: every change leaves the same
count a fresh read of the log makes, and the count of the cards themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import COUPS, cards

from roads.cards import RANKS
from roads.serve.games import ranks_seen
from roads.serve.store import Store, Table, load_log


def _by_hand(burned: str, coups: range) -> list[int]:
    shown = burned.split() + [str(card) for i in coups for card in COUPS[i].dealt]
    return [sum(text[0] == rank for text in shown) for rank in RANKS]


def test_every_change_leaves_the_count_a_fresh_read_makes(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    table, _ = store.create("main")

    def check(burned: str, coups: range) -> None:
        again: Table = load_log(tmp_path / "data" / "main.jsonl", "standard", 8)
        assert ranks_seen((), again.items) == _by_hand("", coups)  # the coups' share alone
        assert table.seen == again.seen == _by_hand(burned, coups)

    for n in range(3):
        store.add(table, n + 1, None, cards(n))
    check("", range(3))
    store.undo(table, 3)
    check("", range(2))
    store.add(table, 3, "B", None)  # a result alone deals no card
    check("", range(2))
    store.new_shoe(table, 2, "K 5")
    check("K 5", range(0))
    store.add(table, 1, None, cards(3))
    check("K 5", range(3, 4))
    store.undo(table, 1)
    check("K 5", range(0))
