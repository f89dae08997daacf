"""``roads serve`` took more than 2 s to stop on SIGTERM while it drew PNGs, with ``CancelledError`` tracebacks.

Three exits of four with large ``board.png`` renders in flight were over the
2 s SIGTERM promises: an answer cut off at the deadline still waited for its
drawing, and the interpreter's exit waited for the drawing thread; each cut
answer printed a ``CancelledError`` traceback. Now a cancelled read leaves
its drawing to a daemon thread, the cut answer is a JSON ``503``, and the
process ends within 2 s of the signal with its one line.

The tests do not time the stop (on a loaded machine the interpreter's own
exit can take longer than on an idle one, and on a quiet one the drawings can
all be done in the grace time): a real server stopped with drawings in flight
says one line and no traceback, and the mechanism that keeps a drawing from
holding the exit is pinned in process: a cancelled read lets its caller go
while its call still runs, on a daemon thread, which the interpreter's exit
does not wait for.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from pathlib import Path

import pytest
from helpers import ROOT, load_script

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve import lanes

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


async def _draw_and_stop(port: int, stop: object) -> None:
    """Ask for RENDERS distinct large PNGs, send SIGTERM while they are drawn."""
    assert (await BENCH.request(port, "PUT", "/api/tables/main"))[0] == 201
    for n in range(1, 61):
        assert (await BENCH.request(port, "POST", "/api/tables/main/coups", {"result": "BPBT"[n % 4], "expect": n}))[
            0
        ] == 201
    asking = [asyncio.create_task(_ask(port, f"/api/tables/main/board.png?scale=8&title=t{i}")) for i in range(RENDERS)]
    await asyncio.sleep(1.0)  # the first drawing under way, the others waiting for the drawing thread
    stop()  # type: ignore[operator]
    await asyncio.wait(asking, timeout=30)


@pytest.mark.slow
def test_sigterm_with_renders_in_flight_stops_with_one_line(tmp_path: Path) -> None:
    process, port = BENCH.start_server(tmp_path / "data")
    try:
        asyncio.run(_draw_and_stop(port, lambda: process.send_signal(signal.SIGTERM)))
        status = process.wait(30)  # a hang guard, not a clock: the old server's exit waited for its drawings
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    said = process.stderr.read()
    assert "Traceback" not in said and "CancelledError" not in said, said
    assert said.strip().splitlines() == ["roads: stopped by SIGTERM"]
    assert status == 128 + signal.SIGTERM


def test_a_cancelled_drawing_lets_its_caller_go_and_never_holds_the_exit() -> None:
    started, release = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []

    def drawing() -> str:  # a drawing that runs until the test lets it end
        threads.append(threading.current_thread())
        started.set()
        release.wait(30)
        return "drawn"

    async def cancel_it() -> bool:
        asking = asyncio.create_task(lanes.read(drawing))
        await asyncio.to_thread(started.wait, 10)
        asking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(asking, 10)  # on the old server: waited here for the drawing's end
        return release.is_set()

    try:
        assert asyncio.run(cancel_it()) is False  # the caller went while the drawing still ran
        assert threads and threads[0].daemon  # so the interpreter's exit does not wait for it either
    finally:
        release.set()
