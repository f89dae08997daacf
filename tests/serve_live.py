"""A ``roads serve`` app on a real loopback socket in this process, and a plain reader of its event streams."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn
from helpers import ROOT, load_script

from roads.serve.routes import create_app
from roads.serve.store import Store


@contextlib.contextmanager
def live_server(data: Path) -> Iterator[str]:
    """Serve the tables of ``data`` on a free loopback port; yield the base URL, stop the server after."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(Store(data)), log_level="error", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


class Client:
    """A plain HTTP/1.1 client of the server, as its own page is: writes sent as JSON."""

    def __init__(self, base: str) -> None:
        self.host, port = base.removeprefix("http://").split(":")
        self.port = int(port)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def request(self, method: str, path: str, body: object = None) -> Answer:
        """Send one request; return its status and JSON."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            data = None if body is None and method in ("GET",) else json.dumps(body or {}).encode()
            connection.request(method, path, data, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            return Answer(answer.status, answer.read().decode())
        finally:
            connection.close()

    def get(self, path: str) -> Answer:
        """GET ``path``."""
        return self.request("GET", path)

    def put(self, path: str, json: object = None) -> Answer:
        """PUT ``path`` with a JSON body."""
        return self.request("PUT", path, json)

    def post(self, path: str, json: object = None) -> Answer:
        """POST ``path`` with a JSON body."""
        return self.request("POST", path, json)

    def delete(self, path: str) -> Answer:
        """DELETE ``path`` (with an empty JSON body)."""
        return self.request("DELETE", path, {})


class Answer:
    """A status and a body."""

    def __init__(self, status: int, text: str) -> None:
        self.status_code = status
        self.text = text

    def json(self) -> Any:
        """Return the body as JSON."""
        return json.loads(self.text)


def client(base: str) -> Client:
    """Return a client of the server at ``base``."""
    return Client(base)


@contextlib.contextmanager
def serve_process(data: Path) -> Iterator[tuple[str, Client]]:
    """Run ``roads serve`` as its own process on ``data`` (loopback, a free port), as a browser test's server;
    yield its base URL and a client, stop it after."""
    process, port = load_script("bench_serve", ROOT / "benchmarks" / "bench_serve.py").start_server(data)
    base = f"http://127.0.0.1:{port}"
    try:
        yield base, client(base)
    finally:
        process.terminate()
        process.wait(10)


def results_table(http: Client, name: str, keys: str, **table: object) -> None:
    """Make table ``name`` (``table``: its PUT body) and post ``keys`` to it as results, a coup each."""
    assert http.put(f"/api/tables/{name}", json=table).status_code == 201
    for n, key in enumerate(keys, 1):
        assert http.post(f"/api/tables/{name}/coups", json={"result": key, "expect": n}).status_code == 201


class Events:
    """The events of one open stream on its own connection, read a line at a time: each as (id, data)."""

    def __init__(self, http: Client, url: str, last_event_id: str | None = None) -> None:
        self.sock = socket.create_connection((http.host, http.port), timeout=10)
        extra = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id else ""
        self.sock.sendall(f"GET {url} HTTP/1.1\r\nHost: {http.host}:{http.port}\r\n{extra}\r\n".encode())
        self.sock.settimeout(3)
        self.reader = self.sock.makefile("rb")
        status = self.reader.readline()
        assert b" 200 " in status, status
        while self.reader.readline().strip():
            pass  # the headers

    def _line(self) -> str:
        """Return the next line of the stream's body (chunked: the chunk sizes are skipped)."""
        while True:
            line = self.reader.readline()
            if not line:
                raise EOFError("the stream ended")
            text = line.decode().rstrip("\r\n")
            if text and all(ch in "0123456789abcdefABCDEF" for ch in text) and line.endswith(b"\r\n"):
                continue  # a chunk's size line
            return text

    def next(self) -> tuple[str | None, dict[str, Any]]:
        """Return the next event (comments and ``retry:`` skipped); TimeoutError when none comes in 3 s."""
        event_id: str | None = None
        data: str | None = None
        while True:
            line = self._line()
            if line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and data is not None:
                return event_id, json.loads(data)

    def none_within(self, seconds: float = 0.5) -> bool:
        """Return True when no event comes within ``seconds``."""
        self.sock.settimeout(seconds)
        try:
            self.next()
        except (TimeoutError, OSError, EOFError):
            return True
        finally:
            self.sock.settimeout(3)
        return False

    def close(self) -> None:
        """Close the connection (a viewer that drops)."""
        with contextlib.suppress(OSError):
            self.reader.close()
            self.sock.close()


def open_table_page(browser: Any, url: str, coups: int) -> Any:
    """Open a table page at 1280 x 900 in ``browser`` and wait until its board shows ``coups`` coups."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url)
    page.wait_for_selector(f'#board-img[data-coups="{coups}"]', state="attached")
    return page
