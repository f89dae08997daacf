"""A real Redis for the tests (Debian's ``redis-server`` on a free loopback port, in a temporary folder) and
real ``roads serve --store`` workers on it: started here, stopped by the pid started, never by a name."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import ROOT, load_script

BENCH = load_script("bench_serve", ROOT / "benchmarks" / "bench_serve.py")
"""The load benchmark, whose ``start_redis`` starts every Redis of the tests too."""

REDIS_SERVER: str = BENCH.REDIS_SERVER
"""Debian's redis-server (.ci/run installs it when missing)."""


def free_port() -> int:
    """Return a loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def need_redis() -> None:
    """Skip the test without redis-server (under CI=true a skip fails: CI installs it)."""
    if not os.access(REDIS_SERVER, os.X_OK):
        pytest.skip("redis-server is not installed (Debian's redis-server; .ci/run installs it)")
    pytest.importorskip("redis", reason="roads[redis] (in the test extra) is not installed")


class RedisServer:
    """One redis-server process on a free loopback port, its data in ``folder``: appendonly yes, appendfsync
    ``fsync`` (always by default), no RDB snapshots. It can be stopped, killed and started again on the same port."""

    def __init__(self, folder: Path, fsync: str = "always") -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.fsync = fsync
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Return the store's address as ``roads serve --store`` takes it."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server (on its port, the same each time) and wait until it answers PING."""
        self.process, _ = BENCH.start_redis(self.folder, self.port, self.fsync)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the server this object started (SIGTERM; SIGKILL: a crash) and wait for its end."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(20)
        self.process = None


@contextlib.contextmanager
def redis_server(folder: Path, fsync: str = "always") -> Iterator[RedisServer]:
    """Yield a started RedisServer; stop it after."""
    need_redis()
    server = RedisServer(folder, fsync)
    server.start()
    try:
        yield server
    finally:
        server.stop(signal.SIGKILL)


class Worker:
    """One ``python -m roads serve --store URL --port 0`` process; its standard error goes to a file."""

    def __init__(self, url: str, folder: Path, *extra: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.err = folder / f"worker-{time.monotonic_ns()}.err"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "roads", "serve", "--store", url, "--port", "0", *extra]
        with open(self.err, "wb") as err:
            self.process = subprocess.Popen(command, stderr=err, stdin=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 30
        while True:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", self.said())
            if found is not None:
                self.port = int(found.group(1))
                break
            assert self.process.poll() is None, f"the worker ended: {self.said()}"
            assert time.monotonic() < deadline, f"the worker did not start: {self.said()}"
            time.sleep(0.05)

    @property
    def base(self) -> str:
        """Return the worker's address."""
        return f"http://127.0.0.1:{self.port}"

    def said(self) -> str:
        """Return what the worker wrote on standard error so far."""
        return self.err.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the worker this object started and wait for its end."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(20)
