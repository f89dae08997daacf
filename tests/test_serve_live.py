"""``roads serve`` as a real process: event streams, SIGTERM, the refusals at start, following a log.

The server runs as ``python -m roads serve --port 0`` on loopback; the client
is the load benchmark's own plain-asyncio one (benchmarks/bench_serve.py).
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import ROOT, load_script

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve.follow import Follower, add_followed
from roads.serve.hub import BACKLOG, Hub
from roads.serve.store import Store

BENCH = load_script("bench_serve", ROOT / "benchmarks" / "bench_serve.py")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    process, port = BENCH.start_server(tmp_path / "data")
    yield process, port
    if process.poll() is None:
        process.kill()
        process.wait(10)


@pytest.mark.slow
def test_every_viewer_sees_every_update_in_order(server: tuple[subprocess.Popen[str], int]) -> None:
    """20 viewers on 2 tables, 10 coups each: 200 events, each once, in order (the load benchmark, bounded)."""
    process, port = server
    result = asyncio.run(BENCH.load(port, process.pid, 20, 2, 10, 0.05))
    assert result.problems == []
    assert len(result.latencies) == 200 and result.posted == 20


@pytest.mark.slow
def test_sigterm_finishes_the_answer_in_flight_and_exits_within_2_s(
    server: tuple[subprocess.Popen[str], int], tmp_path: Path
) -> None:
    process, port = server
    assert asyncio.run(BENCH.request(port, "PUT", "/api/tables/main"))[0] == 201
    stream = socket.create_connection(("127.0.0.1", port))
    stream.sendall(b"GET /api/tables/main/events HTTP/1.1\r\nHost: x\r\n\r\n")
    assert b"200 OK" in stream.recv(4096)
    body = json.dumps({"result": "B", "expect": 1}).encode()
    posting = socket.create_connection(("127.0.0.1", port))
    head = f"POST /api/tables/main/coups HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    posting.sendall(head + body[:5])  # the answer is in flight: its body is still coming
    time.sleep(0.3)
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    time.sleep(0.2)
    posting.sendall(body[5:])
    answer = posting.recv(65536)
    status = process.wait(5)
    assert time.monotonic() - started < 2.0
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
    assert status == 128 + signal.SIGTERM
    assert process.stderr is not None and process.stderr.read().strip().endswith("roads: stopped by SIGTERM")
    assert (tmp_path / "data" / "main.jsonl").read_text().endswith('{"winner": "banker"}\n')
    stream.settimeout(1)
    rest = b""
    while chunk := stream.recv(65536):  # the event stream was ended, not left hanging
        rest += chunk
    assert rest.endswith(b"\r\n0\r\n\r\n")  # the last chunk of the stream: closed by the server


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-I", "-m", "roads", "serve", *args], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.slow
def test_another_host_without_a_token_is_refused_at_start(tmp_path: Path) -> None:
    done = _serve("--host", "0.0.0.0", "--data", str(tmp_path / "d"))
    assert done.returncode == 2
    assert "--host 0.0.0.0 lets other machines in: give --token T too" in done.stderr
    assert not (tmp_path / "d").exists()


def _follower(tmp_path: Path, name: str = "table7.jsonl") -> tuple[Follower, Path]:
    log = tmp_path / name
    log.write_text("")
    store = Store(tmp_path / "data")
    return Follower(add_followed(store, str(log))), log


def test_follow_waits_for_the_end_of_a_partial_last_line(tmp_path: Path) -> None:
    follower, log = _follower(tmp_path)
    assert follower.table.name == "table7" and not follower.table.writable
    log.write_text('{"winner": "banker"}\n{"winner": "pla')
    assert follower.look() == "coup"
    assert follower.table.coups == 1
    with log.open("a") as f:
        f.write('yer"}\n')
    assert follower.look() == "coup"
    assert [item.winner.value for item in follower.table.items] == ["banker", "player"]  # type: ignore[union-attr]


def test_follow_starts_a_new_shoe_when_the_log_is_truncated_or_replaced(tmp_path: Path) -> None:
    follower, log = _follower(tmp_path, "results.txt")
    log.write_text("B P P B\n")
    assert follower.look() == "coup" and follower.table.coups == 4
    log.write_text("T\n")  # truncated: a new shoe
    assert follower.look() == "shoe"
    assert follower.table.coups == 1 and follower.table.shoe == 2
    other = tmp_path / "next.txt"
    other.write_text("T B\n")
    other.replace(log)  # replaced (another file): a new shoe, though it begins the same
    assert follower.look() == "shoe" and follower.table.shoe == 3 and follower.table.coups == 2


def test_follow_keeps_the_table_when_the_log_grows_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    follower, log = _follower(tmp_path)
    log.write_text('{"winner": "banker"}\n')
    follower.look()
    with log.open("a") as f:
        f.write("garbage\n")
    assert follower.look() is None
    assert follower.table.coups == 1
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("roads: error: ") and "line 2" in said[0]
    assert said[0].endswith("(table 'table7' kept as it was)")
    follower.seen = None
    assert follower.look() is None and capsys.readouterr().err == ""  # the same problem is said once


def test_the_hub_drops_a_viewer_that_falls_behind() -> None:
    """A viewer BACKLOG events behind is let go (its page reconnects), so memory stays bounded."""

    async def run() -> tuple[int, int, int]:
        hub = Hub()
        stream = hub.stream("t", {"coups": 0})
        await anext(stream)
        open_before = hub.count()
        for n in range(BACKLOG + 10):  # nobody reads
            hub.publish("t", {"coups": n + 1})
        rest = [text async for text in stream]
        return open_before, hub.count(), len(rest)

    assert asyncio.run(run()) == (1, 0, 0)
