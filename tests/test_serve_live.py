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
    result = asyncio.run(BENCH.load([port], [process.pid], 20, 2, 10, 0.05))
    assert result.problems == []
    assert len(result.latencies) == 200 and result.posted == 20


@pytest.mark.slow
def test_a_lobby_of_20_tables_every_viewer_sees_every_event_in_order(server: tuple[subprocess.Popen[str], int]) -> None:
    """The lobby load, bounded (issue 29, item 6): 20 tables, a coup each every 5 s for 30 s, 200 viewers on the
    lobby's one stream of every table (``/api/events``), 20 pages.

    Every viewer gets every event of every table, once, in order; each table page fetches its board after each coup.
    No timing is asserted (the benchmark reports it: python benchmarks/bench_serve.py --lobby).
    """
    process, port = server
    result = asyncio.run(BENCH.load([port], [process.pid], 200, 20, 6, 5.0, pages=20, route=BENCH.LOBBY_ROUTE))
    assert result.problems == []
    assert len(result.latencies) == 200 * 20 * 6 and result.posted == 20 * 6 and result.boards == 20 * 6


@pytest.mark.slow
def test_the_benchmark_spread_over_client_processes_counts_every_event_once() -> None:
    """``--clients 3``: the viewers read in two processes of their own, which learn each POST's start through a
    pipe; every viewer's every event is counted once, with its latency, as in one process."""
    result = BENCH.run(30, 3, 4, 0.2, route=BENCH.LOBBY_ROUTE, pages=3, clients=3)
    assert result.problems == []
    assert len(result.latencies) == 30 * 3 * 4 and result.posted == 3 * 4 and result.boards == 3 * 4
    assert 0 < len(result.left) <= len(result.latencies)  # every PROBE_EVERY-th viewer's
    assert result.latencies.max < 60 and result.client_cpu > 0
    # Kept by quarter of each table's 4 coups too: one coup a quarter, each event in its quarter once.
    assert [len(part) for part in result.parts] == [30 * 3] * BENCH.PARTS


@pytest.mark.slow
def test_sigterm_finishes_the_answer_in_flight_and_exits_within_2_s(
    server: tuple[subprocess.Popen[str], int], tmp_path: Path
) -> None:
    """A POST the app is already reading when SIGTERM comes is answered; the process is gone 2 s after the signal.

    The POST is held open deterministically: it asks ``Expect: 100-continue``, and the server answers
    ``100 Continue`` only once the app is awaiting the body. So when the signal is sent the request is
    known to be in flight, however slow the machine (a sleep before the signal was a race: a request
    not yet read when the signal came is an idle connection, which a graceful shutdown closes).
    """
    process, port = server
    assert asyncio.run(BENCH.request(port, "PUT", "/api/tables/main"))[0] == 201
    stream = socket.create_connection(("127.0.0.1", port))
    stream.settimeout(10)
    stream.sendall(b"GET /api/tables/main/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    opened = b""
    while b"retry: 1000" not in opened:  # the stream's first event: its viewer is registered with the hub
        chunk = stream.recv(4096)
        assert chunk, f"the stream ended before its first event: {opened[:200]!r}"
        opened += chunk
    assert b"200 OK" in opened
    body = json.dumps({"result": "B", "expect": 1}).encode()
    posting = socket.create_connection(("127.0.0.1", port))
    posting.settimeout(10)
    head = (
        f"POST /api/tables/main/coups HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n"
        "Content-Type: application/json\r\n"
        "Expect: 100-continue\r\n\r\n"
    )
    posting.sendall(head.encode())
    assert posting.recv(4096).startswith(b"HTTP/1.1 100 "), "the app is awaiting the body: the answer is in flight"
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    time.sleep(0.2)  # the body comes after the signal: the server must wait for it
    posting.sendall(body)
    answer = b""
    while chunk := posting.recv(65536):  # read to the close: the server ends the connection once answered
        answer += chunk
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
    assert (opened + rest).endswith(b"\r\n0\r\n\r\n")  # the last chunk of the stream: closed by the server


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


def test_the_hub_forgets_a_table_once_its_last_viewer_leaves() -> None:
    """Viewers come and go for as long as the server runs: the hub keeps nothing of those gone."""

    async def run() -> dict[str, object]:
        hub = Hub()
        for _ in range(3):
            stream = hub.stream("t", {"coups": 0})
            await anext(stream)
            await stream.aclose()
        return dict(hub.viewers)

    assert asyncio.run(run()) == {}


def test_the_memory_verdict_tells_a_flat_run_from_a_growing_one() -> None:
    steady = [(t, 50.0 + (0.3 if t % 20 == 0 else 0.0)) for t in range(0, 301, 2)]
    growing = [(t, 50.0 + t / 60) for t in range(0, 301, 2)]  # 1 MB a minute
    flat, grew = BENCH.flatness(steady), BENCH.flatness(growing)
    assert flat.flat and flat.window == 60 and abs(flat.per_minute) < 0.1
    assert not grew.flat and abs(grew.per_minute - 1.0) < 1e-9 and grew.last - grew.first > 3.5
    assert BENCH.flatness(steady[:3]) is None


def test_a_stream_written_straight_lets_a_reader_go_that_takes_nothing() -> None:
    """On the server's own connections changes are written straight to the connection; a client that reads
    nothing is let go once its connection holds WRITE_BUFFER bytes (its page reconnects), and memory is bounded."""
    from roads.serve.hub import WRITE_BUFFER

    async def run() -> tuple[int, bool, int, list[str]]:
        hub = Hub()
        hub.know("t", 0)
        accepted: asyncio.Future[asyncio.StreamWriter] = asyncio.get_running_loop().create_future()

        async def take(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            accepted.set_result(writer)

        server = await asyncio.start_server(take, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        _, idle = await asyncio.open_connection("127.0.0.1", port)  # a client that never reads
        transport = (await accepted).transport
        sent: list[str] = []
        never = asyncio.get_running_loop().create_future()

        async def send(message: dict[str, object]) -> None:
            sent.append(str(message["type"]))

        async def receive() -> dict[str, object]:
            await never
            return {"type": "http.disconnect"}

        viewer, _, _ = hub.open(frozenset({"t"}), ["t"], {})
        serving = asyncio.create_task(hub.serve(viewer, [("t", 0, "{}")], [], transport, send, receive))
        while viewer.transport is None:
            await asyncio.sleep(0)
        published = 0
        while hub.count() and published < 100_000:
            published += 1
            hub.publish("t", {"table": "t", "pad": "x" * 1000})
            if published % 100 == 0:
                await asyncio.sleep(0)
        held = transport.get_write_buffer_size()
        never.set_result(None)  # the connection closed by the hub: the client is gone
        await asyncio.wait_for(serving, 10)
        idle.close()
        server.close()
        return hub.count(), transport.is_closing(), held, sent

    count, closing, held, sent = asyncio.run(run())
    assert count == 0 and closing
    assert held <= WRITE_BUFFER + 2048  # let go at the bound, not after
    assert sent == ["http.response.body"]  # what it was owed went through the app; nothing after
