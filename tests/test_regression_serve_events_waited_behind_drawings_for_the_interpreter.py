"""A lobby's events waited behind the boards its table pages had asked for, for the interpreter's lock.

The server drew each board on a thread of its own process: 18 ms of Python
for a 120-coup SVG, all of it holding the interpreter's lock. The event loop,
which writes each change to every viewer (2,000 writes a coup in a lobby),
gave the lock up at each write and waited for it behind the drawing, so
with 100 table pages drawing 20 boards a second the events of the ten-minute
load run were late by whole drawings (POST to event p99 359 ms). Now every
board is drawn by the server's drawing process (``roads.serve.drawer``): the
server's thread hands it the job and waits for the bytes without the lock.

The test pins that: with the drawing process stopped (SIGSTOP), a board asked
for waits, and meanwhile a coup is written, answered and its event sent; the
board comes when the process goes on, the bytes ``roads render`` writes. On
the old server the board was drawn in the server's process, which a stopped
drawing process does not stop.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Answer, Events, client, live_server, results_table

from roads import Scoreboard
from roads.render import render
from roads.scene.options import RenderOptions
from roads.serve.drawer import drawer


def test_a_board_waits_for_the_drawing_process_while_coups_and_events_go_on(tmp_path: Path) -> None:
    with live_server(tmp_path / "data") as base, client(base) as http:
        results_table(http, "main", "BPPBT")
        assert http.get("/api/tables/main/board.svg").status_code == 200  # the drawing process is running
        assert drawer.process is not None
        pid = drawer.process.pid
        assert pid != os.getpid()
        boards: list[Answer] = []
        os.kill(pid, signal.SIGSTOP)
        try:
            asking = threading.Thread(target=lambda: boards.append(http.get("/api/tables/main/board.svg?theme=dark")))
            asking.start()
            for _ in range(1000):  # a hang guard: until the board's drawing is in flight, its job made of 5 coups
                if drawer.lock.locked():
                    break
                time.sleep(0.01)
            viewer = Events(http, "/api/events?table=main")  # its first state is read while the board waits
            _, state = viewer.next()
            assert state["change"] == "state" and state["coups"] == 5
            posted = http.post("/api/tables/main/coups", json={"result": "B", "expect": 6})
            assert posted.status_code == 201 and posted.json()["coups"] == 6
            _, event = viewer.next()
            assert event["change"] == "coup" and event["coups"] == 6
            viewer.close()
            assert asking.is_alive() and boards == []  # the board waits for the stopped drawing process
        finally:
            os.kill(pid, signal.SIGCONT)
        asking.join(30)
    expected = render(Scoreboard.from_results("BPPBT"), "svg", RenderOptions(theme="dark"))
    assert [(board.status_code, board.text) for board in boards] == [(200, expected.decode())]
