"""Two ``roads serve --store redis://...`` workers behind Debian's nginx, run with docs/deploy/nginx-two-workers.conf
itself (its ports replaced by free ones): the deployment docs/serve.md shows is the one tested.

Without nginx or redis-server these tests are skipped; under CI=true a skip fails (.ci/run installs both).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import ROOT
from redis_helpers import RedisServer, Worker, free_port, redis_server

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Events, client

pytestmark = pytest.mark.slow  # a Redis, two workers and nginx, each started for real

CONF = ROOT / "docs" / "deploy" / "nginx-two-workers.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NAME = "tables.example"
"""The name the proxy's users reach it by: the workers are started with --allow-host tables.example."""


class Proxy:
    """nginx run in the foreground with the docs' configuration in ``folder``, listening on ``port``."""

    def __init__(self, folder: Path, port: int, upstreams: tuple[int, int]) -> None:
        (folder / "tmp").mkdir(parents=True)
        text = CONF.read_text()
        for old, new in (("127.0.0.1:8000", port), ("127.0.0.1:8001", upstreams[0]), ("127.0.0.1:8002", upstreams[1])):
            assert old in text
            text = text.replace(old, f"127.0.0.1:{new}")
        (folder / "nginx.conf").write_text(text)
        self.port = port
        command = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", "error.log", "-g", "daemon off;"]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not _listening(port):
            assert self.process.poll() is None, self.process.stderr.read() if self.process.stderr else ""
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the nginx this object started (its master process, by its pid), and wait for it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(20)


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Proxy, Worker, Worker, RedisServer]]:
    """A Redis, two workers on it (--allow-host tables.example) and nginx in front of them."""
    if not os.access(NGINX, os.X_OK):
        pytest.skip("nginx is not installed (Debian's nginx; .ci/run installs it)")
    with redis_server(tmp_path / "redis") as store:
        workers = [Worker(store.url, tmp_path, "--allow-host", NAME) for _ in range(2)]
        proxy = Proxy(tmp_path / "nginx", free_port(), (workers[0].port, workers[1].port))
        try:
            yield proxy, workers[0], workers[1], store
        finally:
            proxy.stop()
            for worker in workers:
                worker.stop(signal.SIGKILL)


def _send(port: int, method: str, path: str, host: str, body: object = None) -> tuple[int, str]:
    """Send one request to the proxy naming the server ``host``; return its status and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        data = None if method == "GET" else json.dumps(body or {}).encode()
        connection.request(method, path, data, {"Host": host, "Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


def test_two_workers_behind_nginx_stream_every_coup_unbuffered_and_survive_a_worker(
    proxied: tuple[Proxy, Worker, Worker, RedisServer],
) -> None:
    proxy, a, b, _ = proxied
    host = f"{NAME}:{proxy.port}"
    assert _send(proxy.port, "PUT", "/api/tables/main", host)[0] == 201
    assert _send(proxy.port, "GET", "/api/tables/main", f"elsewhere.example:{proxy.port}")[0] == 421
    deadline = time.monotonic() + 20
    while client(b.base).get("/api/tables/main").status_code != 200:  # the other worker's feed has the table
        assert time.monotonic() < deadline
        time.sleep(0.05)
    viewer = Events(client(f"http://127.0.0.1:{proxy.port}"), "/api/tables/main/events")
    assert viewer.next()[1]["change"] == "state"
    ids = []
    for n in range(1, 7):  # nginx spreads the posts over both workers
        status, text = _send(proxy.port, "POST", "/api/tables/main/coups", host, {"result": "BP"[n % 2], "expect": n})
        assert status == 201, text
        ids.append(viewer.next()[0])  # each event through the proxy before the next post: nothing buffered
    assert ids == [f"main:{n}" for n in range(1, 7)]
    # One worker dies: the viewer's stream ends (or stays, if it was on the other); through the proxy it
    # resumes from its last id on the one left, missing nothing.
    a.stop(signal.SIGKILL)
    viewer.close()
    for n in range(7, 10):
        status, text = _send(proxy.port, "POST", "/api/tables/main/coups", host, {"result": "T", "expect": n})
        assert status == 201, text
    again = Events(client(f"http://127.0.0.1:{proxy.port}"), "/api/tables/main/events", last_event_id=ids[-1])
    assert [again.next()[0] for _ in range(3)] == ["main:7", "main:8", "main:9"]
    assert again.none_within(0.3)
    again.close()
