"""Regression: two refusals said ``Error: ...`` (click's form) where every other says ``roads: error: ...``.

``roads serve`` on a port already taken, and ``roads explain --good-road ID -o proof.png`` when the pattern is not
active, now give the one form, one line, exit 1, and write nothing.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from helpers import run

from roads.logs.writer import write_log
from roads.simulate import deal_shoe


def test_a_proof_of_a_pattern_not_active_is_one_roads_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(write_log(deal_shoe(8, seed=1).coups[:12], "cards"), encoding="utf-8")  # single-jump only at 30
    picture = tmp_path / "proof.png"
    status, out, err = run(capsys, "explain", str(log), "--good-road", "single-jump", "-o", str(picture))
    assert (status, out) == (1, "")
    assert err.splitlines() == ["roads: error: single-jump is not active after coup 12: there is no proof to draw"]
    assert not picture.exists()


def test_serve_on_a_port_taken_is_one_roads_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="roads[serve] (in the test extra) is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, _out, err = run(capsys, "serve", "--port", str(port), "--data", str(tmp_path / "data"))
    assert status == 1
    last = err.splitlines()[-1]
    assert last.startswith(f"roads: error: cannot listen on 127.0.0.1:{port}: "), err
