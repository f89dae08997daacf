"""The server's drawing process (``roads.serve.drawer``): SVGs sent gzipped to whoever takes gzip, a process that
died started again, a drawing it lost answered as a JSON ``503``."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient

from roads import Scoreboard
from roads.coup import resolve
from roads.outcome import Outcome
from roads.render import render
from roads.scene.options import RenderOptions
from roads.serve import views
from roads.serve.drawer import NICENESS, drawer
from roads.serve.routes import create_app
from roads.serve.store import Store

JSON = {"Content-Type": "application/json"}


def test_a_board_svg_goes_gzipped_to_a_client_that_takes_gzip(tmp_path: Path) -> None:
    expected = render(Scoreboard.from_results("BPPB"), "svg", RenderOptions())
    with TestClient(create_app(Store(tmp_path / "data")), base_url="http://127.0.0.1:8000", headers=JSON) as c:
        assert c.put("/api/tables/main").status_code == 201
        for n, result in enumerate("BPPB", 1):
            assert c.post("/api/tables/main/coups", json={"result": result, "expect": n}).status_code == 201
        zipped = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "gzip, deflate"})
        plain = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "identity"})
        again = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "identity"})
        refused = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "br, gzip;q=0"})
        weighed = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "br;q=1.0, GZIP ; q=0.5"})
    assert zipped.headers["content-encoding"] == "gzip" and zipped.headers["vary"] == "Accept-Encoding"
    assert "content-encoding" not in plain.headers and "content-encoding" not in refused.headers
    assert weighed.headers["content-encoding"] == "gzip"
    assert refused.content == weighed.content == expected
    assert zipped.content == plain.content == again.content == expected  # httpx unpacks the gzipped one
    assert int(zipped.headers["content-length"]) < len(expected) // 2  # sent packed, not just labelled so
    assert int(plain.headers["content-length"]) == len(expected)


@pytest.fixture
def drawing(tmp_path: Path) -> Iterator[tuple[TestClient, subprocess.Popen[bytes]]]:
    """Yield a client of a server whose table ``main`` has one coup (P) and its drawing process, running."""
    with TestClient(create_app(Store(tmp_path / "data")), base_url="http://127.0.0.1:8000", headers=JSON) as c:
        assert c.put("/api/tables/main").status_code == 201
        assert c.post("/api/tables/main/coups", json={"result": "P", "expect": 1}).status_code == 201
        assert c.get("/api/tables/main/board.svg").status_code == 200
        assert drawer.process is not None
        yield c, drawer.process


def test_the_drawing_process_runs_below_the_servers_priority(
    drawing: tuple[TestClient, subprocess.Popen[bytes]],
) -> None:
    """When the cores are short, a lobby's events go out before a board's drawing (NICENESS, docs/serve.md)."""
    _, process = drawing

    def niceness(pid: int) -> int:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])

    assert niceness(process.pid) == niceness(os.getpid()) + NICENESS > niceness(os.getpid())


def test_a_drawing_process_that_died_is_started_again(drawing: tuple[TestClient, subprocess.Popen[bytes]]) -> None:
    c, first = drawing
    first.kill()
    first.wait(10)
    assert c.post("/api/tables/main/coups", json={"result": "B", "expect": 2}).status_code == 201
    again = c.get("/api/tables/main/board.png")
    assert again.status_code == 200 and again.content == render(Scoreboard.from_results("PB"), "png", RenderOptions())
    assert drawer.process is not None and drawer.process.pid != first.pid


def test_a_drawing_in_flight_when_its_process_dies_is_a_json_503_and_the_next_is_drawn(
    drawing: tuple[TestClient, subprocess.Popen[bytes]],
) -> None:
    c, stopped = drawing
    answers: list[tuple[int, str, str]] = []
    os.kill(stopped.pid, signal.SIGSTOP)  # the next drawing is in flight until the process is killed
    try:

        def ask() -> None:
            answer = c.get("/api/tables/main/board.svg?theme=dark")
            answers.append((answer.status_code, answer.headers["content-type"], answer.text))

        asking = threading.Thread(target=ask)
        asking.start()
        asking.join(1)  # a hang guard: the answer cannot come while the process is stopped
        assert answers == []
    finally:
        stopped.kill()
    asking.join(30)
    assert answers and answers[0][0] == 503 and answers[0][1] == "application/json", answers
    assert "drawing process ended" in answers[0][2]
    redrawn = c.get("/api/tables/main/board.svg?theme=dark", headers={"Accept-Encoding": "gzip"})
    assert redrawn.status_code == 200
    assert redrawn.content == render(Scoreboard.from_results("P"), "svg", RenderOptions(theme="dark"))


def test_a_drawing_job_carries_outcomes_not_coups(tmp_path: Path) -> None:
    """Regression: a job pickled each coup with its cards and steps for the drawing process (5 ms of the server's
    thread for a 120-coup shoe, 46 KB); a board needs only what each coup puts on the roads."""
    store = Store(tmp_path / "data")
    hands = ["7S 9H AS 4S", "2C 3D 4H 2S 6C", "KS QH 8D 9C"]
    with TestClient(create_app(store), base_url="http://127.0.0.1:8000", headers=JSON) as c:
        assert c.put("/api/tables/main").status_code == 201
        for n, cards in enumerate(hands, 1):
            assert c.post("/api/tables/main/coups", json={"cards": cards, "expect": n}).status_code == 201
        drawn = c.get("/api/tables/main/board.svg", headers={"Accept-Encoding": "identity"})
        table = store.get("main")
        job = views.job(table, "svg", None, RenderOptions())
    coups = [resolve(hand) for hand in hands]
    assert job.outcomes == tuple(coup.outcome() for coup in coups)
    assert all(type(outcome) is Outcome for outcome in job.outcomes)
    assert drawn.content == render(Scoreboard.from_outcomes(coups), "svg", RenderOptions())
