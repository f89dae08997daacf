"""A write's answer waited behind every board being drawn.

A coup was written and its event sent on the writes' lane, but its answer
(the table's state) was made on the reads' lane, behind every board the
table pages had asked for: with a lobby's 100 pages drawing 20 boards a
second, a POST was answered seconds late (p99 4.5 s in the ten-minute load
run), and its writer's next coup with it. Now the state a write answers
with is made on the writes' lane, right behind the change.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient

from roads.serve import lanes
from roads.serve.routes import create_app
from roads.serve.store import Store


def test_a_coup_is_answered_while_the_reads_lane_is_busy(tmp_path: Path) -> None:
    busy, release = threading.Event(), threading.Event()

    def drawing() -> None:  # a board that takes as long as the test wants
        busy.set()
        release.wait(30)

    headers = {"Content-Type": "application/json"}
    with TestClient(create_app(Store(tmp_path / "data")), base_url="http://127.0.0.1:8000", headers=headers) as c:
        assert c.put("/api/tables/main").status_code == 201
        held = threading.Thread(target=lambda: asyncio.run(lanes.read(drawing)))
        held.start()
        try:
            assert busy.wait(10)
            answers: list[int] = []

            def post() -> None:
                answers.append(c.post("/api/tables/main/coups", json={"result": "B", "expect": 1}).status_code)

            poster = threading.Thread(target=post)
            poster.start()
            poster.join(10)  # on the old server: still waiting for the reads' lane, held until released below
            answered = list(answers)
        finally:
            release.set()
            held.join(10)
        poster.join(10)
        assert answered == [201]
        state = c.get("/api/tables/main").json()
        assert state["coups"] == 1
