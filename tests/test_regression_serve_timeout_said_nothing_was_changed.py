"""Regression: a write to ``roads serve --store redis://`` whose answer came late said "nothing was changed"
(issue 31, review).

A write is sent, then its answer waited for at most TIMEOUT. With ``appendfsync always`` a slow sync can hold
the answer back after Redis ran the write: the 503 said "nothing was changed; try again", the feed then
published the coup the user was told was not made, and the retry got 409. Now a write's timeout answers that
the change may have been made, and to reload the table.

The store talks to a real Redis through a loopback relay that passes every request at once and, while told
to, holds Redis's answers back: the write is run by Redis, its answer comes after the store's (shortened)
timeout. (``CLIENT PAUSE WRITE`` would hold the write before it runs, and Redis drops it when the store hangs
up: the other case, where nothing was changed.)
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

import pytest
from redis_helpers import redis_server

from roads.errors import TableError


class LateAnswers:
    """A loopback TCP relay to a Redis on ``port``: requests pass at once; Redis's answers wait while
    :attr:`held` is set, until :attr:`released` is (or 20 s)."""

    def __init__(self, port: int) -> None:
        self.port_to = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.held = threading.Event()
        self.released = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(("127.0.0.1", self.port_to))
            threading.Thread(target=self._pass, args=(near, far, False), daemon=True).start()
            threading.Thread(target=self._pass, args=(far, near, True), daemon=True).start()

    def _pass(self, source: socket.socket, target: socket.socket, answers: bool) -> None:
        """Pass what ``source`` sends to ``target`` (Redis's answers held while :attr:`held` is set)."""
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if answers and self.held.is_set():
                    self.released.wait(20)
                target.sendall(data)
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        """Stop taking connections and let every held answer go."""
        self.released.set()
        self.listener.close()


def test_a_write_answered_late_says_it_may_have_been_made_and_it_was(tmp_path: Path) -> None:
    import redis

    from roads.serve.redis_store import RedisStore, log_key

    with redis_server(tmp_path / "redis") as server:
        relay = LateAnswers(server.port)
        try:
            store = RedisStore(f"redis://127.0.0.1:{relay.port}/0", timeout=0.3)
            table, made = store.create("main")
            assert made
            store.add(table, 1, None, "3 6 K K 6 2")
            relay.held.set()
            with pytest.raises(TableError) as refused:
                store.add(table, 2, None, "9 2 J 5")
            relay.released.set()
        finally:
            relay.close()
        said = str(refused.value)
        assert refused.value.status == 503
        assert "nothing was changed" not in said
        assert "may have been made" in said and "reload the table" in said
        assert len(said.splitlines()) == 1
        # Redis ran the write whose answer came late: the old message was untrue, and the table shows it.
        direct = redis.Redis.from_url(server.url)
        deadline = time.monotonic() + 20  # a bound, not a measure: Redis ran it before the store gave up
        while direct.xlen(log_key("main")) < 2:
            assert time.monotonic() < deadline, "the write never ran"
            time.sleep(0.05)
        assert RedisStore(server.url).get("main").coups == 2


def test_a_read_that_times_out_still_says_nothing_was_changed(tmp_path: Path) -> None:
    from roads.serve.redis_store import RedisStore

    with redis_server(tmp_path / "redis") as server:
        relay = LateAnswers(server.port)
        try:
            store = RedisStore(f"redis://127.0.0.1:{relay.port}/0", timeout=0.3)
            store.create("main")
            relay.held.set()
            with pytest.raises(TableError) as refused:
                store.archive("main")
            relay.released.set()
        finally:
            relay.close()
        assert refused.value.status == 503 and "nothing was changed" in str(refused.value)
