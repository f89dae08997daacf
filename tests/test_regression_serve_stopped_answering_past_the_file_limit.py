"""``roads serve`` stopped answering anyone once clients held its connections open.

1,100 clients that send half a request's headers, under a 1,024 open-file
limit, stopped every answer: uvicorn waited for the headers for ever and
accepted connections until the process had no file left ("Too many open
files" tracebacks on every accept; a new client waited in the backlog
unanswered). Now headers must come within ``HEADER_TIMEOUT`` seconds, and past
the connection limit (the open-file limit less what the server keeps) a new
connection is answered ``503`` and closed at once.
"""

from __future__ import annotations

import contextlib
import resource
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve.connections import HEADER_TIMEOUT, LINGER

FILES = 1024
"""The server's open-file limit, soft and hard, as a default Linux account has it."""

HALF_SENT = 1100
"""Connections that send half a request's headers and wait: more than the server has files."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


def _start(data: Path) -> tuple[subprocess.Popen[str], int, list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-I", "-m", "roads", "serve", "--data", str(data), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limited,  # noqa: PLW1509 (the limit must be the child's from its start; no thread runs yet)
    )
    assert process.stderr is not None
    first = process.stderr.readline()
    said = [first]
    threading.Thread(target=lambda: said.extend(iter(process.stderr.readline, "")), daemon=True).start()  # type: ignore[union-attr]
    return process, int(first.split(":")[-1].split("/")[0]), said


def _get(port: int, timeout: float) -> bytes:
    """Return the status line of ``GET /api/tables`` (b"" when the server closed without answering)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        try:
            sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            return b""  # closed at once, in the flood: an answer too (the old server never answered)
    return answer.split(b"\r\n", 1)[0]


@pytest.mark.slow
def test_half_sent_headers_past_the_file_limit_leave_the_server_answering(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < HALF_SENT + 200:
        pytest.skip(f"this test opens {HALF_SENT} connections: the hard open-file limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, HALF_SENT + 200), hard))
    process, port, said = _start(tmp_path / "data")
    held: list[socket.socket] = []
    try:
        for _ in range(HALF_SENT):
            sock = socket.socket()
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))
            held.append(sock)
        for sock in held:
            sock.setblocking(True)
            sock.settimeout(5)
            with contextlib.suppress(OSError):  # already answered 503 and closed: the server keeps its files
                sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
        # Every connection the files allow is taken: in the flood a new one is closed at once (the old server
        # left it waiting, unanswered, for ever), a moment later it is answered 503.
        assert _get(port, 10) in (b"", b"HTTP/1.1 503 Service Unavailable", b"HTTP/1.1 200 OK")
        time.sleep(LINGER + 0.5)
        assert _get(port, 10) in (b"HTTP/1.1 503 Service Unavailable", b"HTTP/1.1 200 OK")
        answered = _get(port, HEADER_TIMEOUT + 10)
        for sock in held:  # once the headers' time is up the half-sent ones are closed: the files are free
            sock.close()
        held.clear()
        assert _get(port, 10) == b"HTTP/1.1 200 OK"
        assert answered.startswith(b"HTTP/1.1 ")
    finally:
        for sock in held:
            sock.close()
        process.terminate()
        process.wait(10)
    assert "Too many open files" not in "".join(said)
    assert "Traceback" not in "".join(said)


@pytest.mark.slow
def test_headers_that_never_end_are_cut_off(tmp_path: Path) -> None:
    process, port, _ = _start(tmp_path / "data")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=HEADER_TIMEOUT + 10) as sock:
            sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            answer = b""
            while chunk := sock.recv(65536):  # the old server never answered nor closed: a timeout here
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout")
        assert b"content-security-policy: " in answer and answer.endswith(b'"status": 408}\n')
    finally:
        process.terminate()
        process.wait(10)
