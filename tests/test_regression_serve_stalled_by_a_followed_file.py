"""``roads serve --follow`` let one followed path stall the whole server.

A FIFO given to ``--follow`` (or put in a followed log's place) hung every
POST and SIGTERM: the follower read it on the thread that does every write,
and a FIFO's read waits for a writer. ``--follow /dev/zero`` read until
``MemoryError``; a folder was "followed" for ever. A followed log that grew
was read whole at every poll (a 10 MB log delayed POSTs to other tables by
seconds). Now only a regular file is followed (one line and exit 2 at start,
one line and no more following when a path changes kind while serving), a
look reads only what was appended since the last, and looks run on a thread
of their own, so no followed file ever holds a write back.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT, load_script

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve import lanes
from roads.serve.follow import Follower, add_followed, watch
from roads.serve.hub import Hub
from roads.serve.store import Store

BENCH = load_script("bench_serve", ROOT / "benchmarks" / "bench_serve.py")


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-I", "-m", "roads", "serve", "--port", "0", *args], stderr=subprocess.PIPE, text=True
    )


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_path_that_is_not_a_regular_file_is_refused_at_start(tmp_path: Path, kind: str) -> None:
    path = {"fifo": tmp_path / "pipe", "device": Path("/dev/zero"), "folder": tmp_path / "folder"}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    process = _serve("--data", str(tmp_path / "data"), "--follow", str(path))
    try:
        status = process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"--follow of a {kind} was not refused: the server ran (or hung)")
    assert process.stderr is not None
    said = process.stderr.read()
    assert status == 2
    assert f"Invalid value for '--follow': {path} is a" in said and "only a regular file is followed" in said
    assert "Traceback" not in said


def _lines(process: subprocess.Popen[str]) -> list[str]:
    """Return a list that a thread fills with the process's standard error, line by line."""
    said: list[str] = []

    def read() -> None:
        assert process.stderr is not None
        said.extend(iter(process.stderr.readline, ""))

    threading.Thread(target=read, daemon=True).start()
    return said


@pytest.mark.slow
def test_a_followed_log_replaced_by_a_fifo_is_let_go_and_writes_go_on(tmp_path: Path) -> None:
    log = tmp_path / "table7.jsonl"
    log.write_text('{"winner": "banker"}\n')
    process = _serve("--data", str(tmp_path / "data"), "--follow", str(log))
    try:
        said = _lines(process)
        deadline = time.monotonic() + 10
        while not any("serving http" in line for line in said) and time.monotonic() < deadline:
            time.sleep(0.05)
        port = int(said[0].split(":")[-1].split("/")[0])
        log.unlink()
        os.mkfifo(log)
        while not any("no longer followed" in line for line in said) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(f"{log} is now a FIFO, not a regular file: no longer followed" in line for line in said), said
        answers = asyncio.run(
            asyncio.wait_for(_write_and_read(port), 10)
        )  # on the old server: hangs, the write thread blocked on the FIFO
        assert answers == (201, 201, 200)
        process.terminate()
        assert process.wait(5) == 143
        assert "Traceback" not in "".join(said)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


async def _write_and_read(port: int) -> tuple[int, int, int]:
    made = (await BENCH.request(port, "PUT", "/api/tables/main"))[0]
    posted = (await BENCH.request(port, "POST", "/api/tables/main/coups", {"result": "B", "expect": 1}))[0]
    followed = (await BENCH.request(port, "GET", "/api/tables/table7"))[0]
    return made, posted, followed


def _bytes_read() -> int:
    """Return the bytes this process has read so far (Linux's /proc/self/io ``rchar``)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts the bytes read with Linux's /proc/self/io")
def test_a_look_reads_only_what_was_appended(tmp_path: Path) -> None:
    log = tmp_path / "results.txt"
    log.write_text("B P T B\n" * 25_000)  # 200 KB of results
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    assert follower.look() == "coup"
    with log.open("a") as f:
        f.write("P\n")
    before = _bytes_read()
    assert follower.look() == "coup"
    assert _bytes_read() - before < 50_000  # the old follower read the whole 200 KB again
    assert follower.table.coups == 100_001


def test_a_slow_look_does_not_hold_a_write_back(tmp_path: Path) -> None:
    """A look at a followed log that takes long (a big log, a slow disk) runs beside the writes, not before them."""
    log = tmp_path / "table7.jsonl"
    log.write_text("")
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    looking, done = threading.Event(), threading.Event()

    def slow_look() -> str | None:
        looking.set()
        done.wait(10)
        return None

    follower.look = slow_look  # type: ignore[method-assign]

    async def run() -> str:
        task = asyncio.create_task(watch([follower], Hub(), interval=0.01))
        try:
            while not looking.is_set():
                await asyncio.sleep(0.01)
            return await asyncio.wait_for(lanes.write(lambda: "written"), 5)
        finally:
            done.set()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    assert asyncio.run(run()) == "written"
