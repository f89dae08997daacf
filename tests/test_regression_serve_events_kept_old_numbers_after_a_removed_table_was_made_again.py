"""After ``PUT`` made a removed table's log again, its events went on from the old numbers (``main:4``...)
while its state said ``main:1``: the hub never forgot the old log (``Hub.forget_table`` was never called)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import post, served_client

from roads.serve.hub import Hub
from roads.serve.routes import create_app
from roads.serve.store import Store


def _ids(frames: bytes) -> list[str]:
    return [line[4:] for line in frames.decode().splitlines() if line.startswith("id: ")]


def test_a_table_made_again_numbers_its_events_as_its_state_does(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    hub = Hub()
    with served_client(create_app(Store(folder), hub=hub)) as served:
        assert served.put("/api/tables/main").status_code == 201
        for n, result in enumerate("BPB", 1):
            assert post(served, n, result=result).status_code == 201
        viewer, _, _ = hub.open(frozenset({"main"}), ["main"], {"main": 3})  # a page open on the old table
        stream = hub.run(viewer, [], [])
        assert _ids(asyncio.run(anext(stream))) == []
        (folder / "main.jsonl").unlink()  # another program removes the log
        assert served.put("/api/tables/main").status_code == 201
        answer = post(served, 1, result="P")
        assert answer.status_code == 201
        assert answer.json()["event_id"] == "main:1" == f"main:{hub.positions['main']}"
        assert served.get("/api/tables/main").json()["event_id"] == "main:1"
        assert _ids(asyncio.run(anext(stream))) == ["main:1"]  # the open page is given the new coup
        asyncio.run(stream.aclose())
