"""``roads serve`` took more than 2 s to stop on SIGTERM while it drew PNGs, with ``CancelledError`` tracebacks.

Three exits of four with large ``board.png`` renders in flight were over the
2 s SIGTERM promises: an answer cut off at the deadline still waited for its
drawing, and the interpreter's exit waited for the drawing thread; each cut
answer printed a ``CancelledError`` traceback. Now a cancelled read leaves
its drawing to a daemon thread, the cut answer is a JSON ``503``, and the
process ends within 2 s of the signal with its one line.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest
from helpers import ROOT, load_script

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

BENCH = load_script("bench_serve", ROOT / "benchmarks" / "bench_serve.py")

RENDERS = 8
"""Large PNGs asked for at once: about a second of drawing each, one at a time."""


async def _ask(port: int, path: str) -> None:
    """Send a GET and read what comes back until the server closes (nothing, when it stops first)."""
    reader, writer = await asyncio.open_connection(BENCH.HOST, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {BENCH.HOST}\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    await reader.read()
    writer.close()


async def _draw_and_stop(port: int, stop: object) -> float:
    """Ask for RENDERS distinct large PNGs, send SIGTERM while they are drawn; return the signal's time."""
    assert (await BENCH.request(port, "PUT", "/api/tables/main"))[0] == 201
    for n in range(1, 61):
        assert (await BENCH.request(port, "POST", "/api/tables/main/coups", {"result": "BPBT"[n % 4], "expect": n}))[
            0
        ] == 201
    asking = [asyncio.create_task(_ask(port, f"/api/tables/main/board.png?scale=8&title=t{i}")) for i in range(RENDERS)]
    await asyncio.sleep(1.0)  # the first drawing under way, the others waiting for the drawing thread
    started = time.monotonic()
    stop()  # type: ignore[operator]
    await asyncio.wait(asking, timeout=10)
    return started


@pytest.mark.slow
def test_sigterm_with_renders_in_flight_stops_within_2_s_with_one_line(tmp_path: Path) -> None:
    process, port = BENCH.start_server(tmp_path / "data")
    try:
        started = asyncio.run(_draw_and_stop(port, lambda: process.send_signal(signal.SIGTERM)))
        status = process.wait(10)
        took = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    said = process.stderr.read()
    assert "Traceback" not in said and "CancelledError" not in said, said
    assert said.strip().splitlines() == ["roads: stopped by SIGTERM"]
    assert status == 128 + signal.SIGTERM
    assert took < 2.0, f"stopped {took:.2f} s after SIGTERM"
