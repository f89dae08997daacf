"""The hub writes directly written streams in turns of the event loop: SLICE streams a turn, each stream's changes
in the order they came, several changes given before a stream's turn in one ``write``, nothing after a stream's end.

A lobby's change goes to 2,000 viewers; written in one go it held the event loop some 40 ms, and every coup
being posted meanwhile (its request, its write's hand-over, its answer) waited behind it (issue 29, item 6).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve.hub import SLICE, WRITE_BUFFER, Hub, Viewer


class Connection:
    """A connection's transport as the hub uses it, keeping what is written (its client takes nothing)."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return sum(map(len, self.writes))

    def write(self, data: bytes) -> None:
        self.writes.append(data)


def _watching(hub: Hub, count: int) -> list[tuple[Viewer, Connection]]:
    """Register ``count`` viewers of table ``main`` written directly, each on a connection of its own."""
    loop = asyncio.get_running_loop()
    found = []
    for _ in range(count):
        viewer, _, _ = hub.open(frozenset({"main"}), ["main"], {"main": 0})
        viewer.transport, viewer.done = Connection(), loop.create_future()
        found.append((viewer, viewer.transport))
    return found


def _coup(hub: Hub, n: int, pad: str = "") -> None:
    hub.publish("main", {"table": "main", "change": "coup", "coups": n, "changes": n, "pad": pad})


async def _turns(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


def _ids(data: bytes) -> list[str]:
    return re.findall(r"^id: (\S+)$", data.decode(), re.M)


def test_changes_given_before_a_viewers_turn_go_in_one_write_in_order() -> None:
    async def run() -> list[bytes]:
        hub = Hub()
        hub.know("main", 0)
        [(_, connection)] = _watching(hub, 1)
        for n in (1, 2, 3):
            _coup(hub, n)
        assert connection.writes == []  # written in the loop's next turn, not within publish
        await _turns(2)
        return connection.writes

    writes = asyncio.run(run())
    assert len(writes) == 1
    assert _ids(writes[0]) == ["main:1", "main:2", "main:3"]
    assert writes[0].count(b"\r\n") == 6  # three HTTP/1.1 chunks, each with its length line


def test_a_change_of_many_viewers_is_written_slice_by_slice_in_turns_of_the_loop() -> None:
    async def run() -> list[int]:
        hub = Hub()
        hub.know("main", 0)
        watching = _watching(hub, SLICE + 50)
        _coup(hub, 1)
        written = []
        for _ in range(3):
            await asyncio.sleep(0)
            written.append(sum(1 for _, connection in watching if connection.writes))
        assert {connection.writes[0] for _, connection in watching} == {watching[0][1].writes[0]}
        return written

    assert asyncio.run(run()) == [SLICE, SLICE + 50, SLICE + 50]


def test_a_later_change_waits_for_the_earlier_ones_turn_on_every_stream() -> None:
    """The second change of a fan-out still being written comes after the first on every stream."""

    async def run() -> list[list[str]]:
        hub = Hub()
        hub.know("main", 0)
        watching = _watching(hub, SLICE * 2)
        _coup(hub, 1)
        await asyncio.sleep(0)  # the first SLICE viewers have coup 1, the others wait for it
        _coup(hub, 2)
        await _turns(4)
        return [_ids(b"".join(connection.writes)) for _, connection in watching]

    assert all(ids == ["main:1", "main:2"] for ids in asyncio.run(run()))


def test_a_stream_that_ended_before_its_turn_is_written_nothing_more() -> None:
    async def run() -> tuple[list[bytes], list[bytes]]:
        hub = Hub()
        hub.know("main", 0)
        (ended, gone), (_, open_one) = _watching(hub, 2)
        _coup(hub, 1)
        assert ended.done is not None
        ended.done.set_result(False)  # its end is written by then: nothing may follow it
        await _turns(2)
        return gone.writes, open_one.writes

    gone, open_one = asyncio.run(run())
    assert gone == [] and len(open_one) == 1


def test_a_viewer_whose_connection_would_hold_past_the_bound_is_let_go() -> None:
    async def run() -> tuple[bool | None, int, Any]:
        hub = Hub()
        hub.know("main", 0)
        [(viewer, connection)] = _watching(hub, 1)
        pad = "x" * 1000
        for n in range(1, WRITE_BUFFER // 1000 + 50):
            _coup(hub, n, pad)  # given all before its turn: more than the bound in one write
        await _turns(2)
        return viewer.done.result() if viewer.done and viewer.done.done() else None, hub.count(), connection.writes

    let_go, count, writes = asyncio.run(run())
    assert let_go is True and count == 0
    assert writes == []  # let go rather than held past WRITE_BUFFER


def test_a_change_given_before_the_server_stops_is_written_before_the_streams_end() -> None:
    """A coup answered just before SIGTERM is in every stream before its end, though its turn never came."""

    async def run() -> tuple[list[bytes], bool | None]:
        hub = Hub()
        hub.know("main", 0)
        [(viewer, connection)] = _watching(hub, 1)
        _coup(hub, 1)
        hub.close()  # the server stops before the loop's next turn
        await _turns(2)
        return connection.writes, viewer.done.result() if viewer.done and viewer.done.done() else None

    writes, let_go = asyncio.run(run())
    assert [_ids(data) for data in writes] == [["main:1"]]  # once, not again in the turn that follows
    assert let_go is False  # ended by the stop, not let go as too slow
