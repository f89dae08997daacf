"""Regression: the event streams' events had no ``id:`` (issue 29, item 5).

A browser that reconnected could not say where it was, so it could only reload
everything. Each event now names its table and the change's position in the
table's log: the count of change records (coups, undos, new shoes) up to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Events, client, live_server


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    with live_server(tmp_path / "data") as url:
        yield url, tmp_path / "data"


def _records(log: Path) -> int:
    """Return the change records of a table's log: its lines that are JSON objects."""
    return sum(1 for line in log.read_text().splitlines() if line.startswith("{") and json.loads(line))


def test_every_event_has_an_id_naming_its_table_and_position(served: tuple[str, Path]) -> None:
    base, data = served
    with client(base) as http:
        assert http.put("/api/tables/main", json={}).status_code == 201
        one = Events(http, "/api/tables/main/events")
        every = Events(http, "/api/events")
        for stream in (one, every):
            event_id, state = stream.next()
            assert event_id == "main:0" and state["change"] == "state"
        writes = [
            ("POST", "/api/tables/main/coups", {"result": "B", "expect": 1}),
            ("POST", "/api/tables/main/coups", {"result": "P", "expect": 2}),
            ("DELETE", "/api/tables/main/coups/last", {}),
            ("POST", "/api/tables/main/shoes", {"expect_shoe": 2}),
            ("POST", "/api/tables/main/coups", {"result": "T", "expect": 1}),
        ]
        for n, (method, path, body) in enumerate(writes, 1):
            assert http.request(method, path, body).status_code in (200, 201)
            for stream in (one, every):
                event_id, event = stream.next()
                assert event_id == f"main:{n}" and event["changes"] == n
            assert _records(data / "main.jsonl") == n
        one.close()
        every.close()
