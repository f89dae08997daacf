"""Regression: a followed table's state said ``event_id "name:0"`` whatever it had shown.

The follower never counted its changes, while the hub numbered its events 1, 2, 3: a page that opened on
the state and resumed from its id was sent every change again, on top of a state that held them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve import views
from roads.serve.follow import Follower, add_followed
from roads.serve.hub import Hub, event
from roads.serve.store import Store


def test_a_followed_tables_state_names_the_hubs_last_event(tmp_path: Path) -> None:
    log = tmp_path / "f.jsonl"
    log.write_text("")
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    hub = Hub()
    for winner in ("banker", "player", "tie"):
        with log.open("a") as handle:
            handle.write(f'{{"winner": "{winner}"}}\n')
        change = follower.look()
        assert change == "coup"
        hub.publish("f", event(follower.table, change))
    assert views.state(follower.table)["event_id"] == "f:3"
    assert hub.positions["f"] == 3
