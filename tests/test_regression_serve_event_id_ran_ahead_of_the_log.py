"""A stream opened between a change and its publishing (the hub took the table's count, which already held the
change) numbered that change one past its place in the log: every later id of the table ran one ahead, and a
viewer resuming on another worker (whose ids are the log's positions) was told the wrong place."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve.hub import Hub


def test_a_change_published_after_the_hub_knew_its_count_keeps_its_position() -> None:
    hub = Hub()
    hub.know("main", 3)  # a viewer opened: the table's count already holds change 3, not yet published
    hub.publish("main", {"table": "main", "change": "coup", "changes": 3})
    hub.publish("main", {"table": "main", "change": "coup", "changes": 4})
    assert [kept[1] for _, kept in hub.rings["main"]] == [3, 4]
    assert hub.positions["main"] == 4


def test_a_followed_tables_change_without_a_count_still_takes_the_next_position() -> None:
    hub = Hub()
    hub.know("side", 2)
    hub.publish("side", {"table": "side", "change": "coup"})
    assert hub.positions["side"] == 3
