"""A notice of the hub (``event: live`` while a ``--store`` is down and again when it is back) goes to every
open stream, queued or written straight, without an id: no viewer's cursor moves."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve.hub import Hub


def test_a_notice_reaches_every_viewer_without_moving_a_cursor() -> None:
    hub = Hub()
    hub.publish("main", {"table": "main", "change": "coup", "changes": 1})
    one, _, _ = hub.open(frozenset({"main"}), ["main"], {"main": 1})
    lobby, _, _ = hub.open(None, ["main"], {"main": 1})
    hub.notice("live", {"live": False})
    for viewer in (one, lobby):
        assert len(viewer.queue) == 1
        frame = hub._frame(viewer, viewer.queue[0])
        assert frame == b'event: live\ndata: {"live": false}\n\n'
        assert viewer.cursor == {"main": 1}
    hub.publish("main", {"table": "main", "change": "coup", "changes": 2})
    assert hub._frame(one, one.queue[1]) is not None and one.cursor == {"main": 2}  # the next change still comes
