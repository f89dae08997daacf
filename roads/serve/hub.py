"""The push fan-out: one in-process hub, every table's changes, one bounded queue per viewer.

A viewer watches some tables (``/api/events?table=a&table=b``), every table
(``/api/events``) or one (``/api/tables/{t}/events``): one connection, one
queue, whatever the number of tables, so a lobby of 100 tables needs one of
the six connections a browser opens to a server over HTTP/1.1.

Every change of a table has a position in its log, the count of change
records (coups, undos, new shoes) up to and including it. An event's ``id:``
is the viewer's cursor: ``table:position`` of each table of the stream that
has one, the event's own table first (``main:42`` on a one-table stream,
``b:8,a:42`` on a lobby's). A browser sends it back as ``Last-Event-ID``
when it reconnects, and the stream resumes exactly after it: the hub keeps
the last ``RING`` events of each table, and a table the reader is further
behind on (or that the cursor does not name) gets a fresh ``state`` event.

A change is made into bytes once and handed to every viewer's queue (no
viewer waits on another): the frame of a one-table stream, the frame of a
lobby's stream (whose ``id:`` is the same for every lobby viewer in step with
the hub), and, for a table page's stream, the frame with the patch of the
drawn board. A viewer that falls ``BACKLOG`` events behind is dropped: its
page reconnects and resumes.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .games import item_object

if TYPE_CHECKING:
    from .store import Table

BACKLOG = 256
"""Events one viewer may have waiting before it is dropped."""

RING = 16
"""Recent events kept per table for a viewer that resumes: some 10 KB a table, 1 MB for 100 tables (80 s of a
lobby's table, a coup every 5 s). A reader further behind than this gets the table's state instead, fewer bytes
than the events it missed (a 120-coup shoe's state is 1.8 KB, an event 0.5 KB); 64 kept the first five minutes
of a lobby's events growing (3 MB)."""

WRITE_BUFFER = 1 << 20
"""Bytes a directly written stream's connection may hold that its client has not taken: past it the viewer is
let go (some 1,000 events behind; its page reconnects and resumes)."""

SLICE = 200
"""Writes to directly written streams made in one turn of the event loop (some 4 ms): a change of a lobby's
2,000 viewers is written in ten turns, and a coup being posted in the meantime (its request read, its write
handed to the writes' lane, its answer) waits for one slice, not for the whole fan-out. A viewer given
several changes before its turn comes has them written at once, in one ``write``: the busier the server, the
fewer writes a change costs."""

HEARTBEAT = 15.0
"""Seconds between comment lines on a quiet stream, so proxies keep it open."""

MAX_CURSOR = 64 * 1024
"""Characters of a ``Last-Event-ID``: 1,000 tables of ``name:position``."""

_CURSOR_PART = re.compile(r"([A-Za-z0-9_-]{1,64}):([0-9]{1,12})")

Kept = tuple[str, int, str]
"""An event kept for a viewer that resumes: the table, the change's position, the event's ``data:`` JSON."""


@dataclass(eq=False, slots=True)
class Item:
    """One change handed to every viewer's queue: made into bytes once for all of them.

    ``own`` is the whole event as a one-table stream sends it (``id: main:8``); ``lobby`` as a stream of every
    table sends it to a viewer in step with the hub (its cursor is the hub's positions before this change:
    every such viewer has the same ``id:``), made only when such a viewer is there. A viewer out of step (it
    resumed, or a table became known without a change) has its own ``id:`` made for it.
    """

    table: str
    position: int
    data: str
    step: int
    """The hub's step after this change; a viewer in step before it was at ``step - 1``."""
    own: bytes
    lobby: bytes | None = None
    board: bytes | None = None
    """``own`` with the patch of the table's drawn board, for a table page's stream (``?board=1``)."""


def drawn_query(viewers: Iterable[Viewer]) -> dict[str, str] | None:
    """Return the query of the board whose patch the table pages among ``viewers`` want (None: there is no table
    page): the whole board, or the narrowest view's ``{"fit": W}`` when every page fits its board to a view."""
    fits = [viewer.fit for viewer in viewers if viewer.board]
    if not fits:
        return None
    if None in fits:
        return {}
    return {"fit": str(min(fit for fit in fits if fit is not None))}


_CLOSE = Item("", -1, "", -1, b"")


def event(
    table: Table,
    change: str,
    *,
    items: Sequence[Any] | None = None,
    marks: dict[str, list[dict[str, Any]]] | None = None,
    undone: dict[str, object] | None = None,
) -> dict[str, Any]:
    """Return the event of one change of ``table`` ("coup", "undo", "shoe"; "state" is a whole table).

    ``items``: the current shoe's coups right after the change (default: the table's now); ``marks``: what a
    coup added to each road; ``undone``: the coup an undo took back. ``changes`` is the change's position.
    """
    found = list(table.items if items is None else items)
    data: dict[str, Any] = {
        "table": table.name,
        "change": change,
        "shoe": table.shoe,
        "coups": len(found),
        "where": f"shoe {table.shoe}, coup {len(found)}",
        "changes": table.changes,
        "last": item_object(found[-1], table.game) if found else None,
        "counts": _counts(found),
    }
    if change == "coup":
        data["coup"] = data["last"]
        data["marks"] = marks or {}
    if change == "undo":
        data["undone"] = undone
    if change == "shoe":
        data["burned"] = list(table.burned)
    return data


def _counts(items: Iterable[Any]) -> dict[str, int]:
    """Return the wins of each side in a shoe's coups (what a lobby entry shows)."""
    counts = {"banker": 0, "player": 0, "tie": 0}
    for item in items:
        counts[item.winner.value] += 1  # a Coup and an Outcome both know their winner
    return counts


def _chunk(frame: bytes) -> bytes:
    """Return ``frame`` as one HTTP/1.1 chunk: its length in hex, the bytes, a line end."""
    return b"%x\r\n" % len(frame) + frame + b"\r\n"


def _frame(cursor: str, data: str) -> bytes:
    """Return one event as a stream sends it: its ``id:`` line, its ``data:`` line, a blank line."""
    return f"id: {cursor}\ndata: {data}\n\n".encode()


def _cursor_id(table: str, positions: dict[str, int]) -> str:
    """Return the ``id:`` of an event of ``table`` for a cursor of ``positions``: ``table`` first, then the rest
    by name."""
    rest = ",".join(f"{name}:{n}" for name, n in sorted(positions.items()) if name != table)
    own = f"{table}:{positions[table]}"
    return f"{own},{rest}" if rest else own


async def _disconnected(receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
    """Return once the client of an answer has left (``http.disconnect``)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def parse_cursor(text: str | None) -> dict[str, int]:
    """Return the positions a ``Last-Event-ID`` names (``a:42,b:7``); parts that are not ``name:N`` are left out."""
    if not text:
        return {}
    found: dict[str, int] = {}
    for part in text[:MAX_CURSOR].split(","):
        match = _CURSOR_PART.fullmatch(part.strip())
        if match is not None:
            found[match.group(1)] = int(match.group(2))
    return found


@dataclass(eq=False)
class Viewer:
    """One open stream: the tables it watches (None: every table), its queue, and its cursor."""

    tables: frozenset[str] | None
    board: bool = False
    """A table page's stream (one table, ``?board=1``): its events carry the patch of the drawn board."""
    fit: int | None = None
    """The width its page's board fits (``?board=1&fit=W``, model units): the board whose patch it wants."""
    queue: deque[Item] = field(default_factory=deque)
    """The changes given to this viewer and not yet sent: at most BACKLOG (a plain deque: an ``asyncio.Queue``
    cost some 20 µs a change a viewer, a third of the fan-out)."""
    waiter: asyncio.Future[None] | None = None
    """Set while the viewer's stream waits for a change: the first change given wakes it."""
    cursor: dict[str, int] = field(default_factory=dict)
    """The position of each table this viewer has been given (its ``id:``)."""
    step: int = -1
    """The hub's step this viewer of every table is in step with (its cursor is the hub's positions then), or -1."""
    transport: Any = None
    """The connection's transport once the stream writes to it directly (:meth:`Hub.serve`), else None."""
    out: list[bytes] = field(default_factory=list)
    """Chunks for the transport not yet written: the viewer waits in the hub's ``pending`` while there are."""
    done: asyncio.Future[bool] | None = None
    """Set when a directly written stream ends: True when the hub let it go (too slow), False when it closed."""

    def give(self, item: Item) -> bool:
        """Add ``item`` to the queue and wake the stream; False when the queue is full (the viewer is dropped)."""
        if len(self.queue) >= BACKLOG:
            return False
        self.queue.append(item)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        return True

    async def wait(self, timeout: float) -> bool:
        """Wait until a change is queued; False when ``timeout`` seconds pass first."""
        if self.queue:
            return True
        self.waiter = asyncio.get_running_loop().create_future()
        try:
            async with asyncio.timeout(timeout):
                await self.waiter
        except TimeoutError:
            return False
        finally:
            self.waiter = None
        return True

    def watches(self, table: str) -> bool:
        """Return whether the viewer's stream carries ``table``."""
        return self.tables is None or table in self.tables

    def id_of(self, table: str) -> str:
        """Return the ``id:`` of an event of ``table`` just given: the cursor, ``table`` first."""
        return _cursor_id(table, self.cursor)


class Hub:
    """Every open event stream; ``publish`` hands one change of a table to each viewer that watches it."""

    def __init__(self) -> None:
        self.viewers: dict[str, set[Viewer]] = {}
        """Viewers of one or some tables, by table."""
        self.everyone: set[Viewer] = set()
        """Viewers of every table (a lobby)."""
        self.rings: dict[str, deque[tuple[int, Kept]]] = {}
        """The last RING events of each table, each with its place among every table's events."""
        self.positions: dict[str, int] = {}
        """The position of every table the hub knows: what a viewer of every table in step with it has seen."""
        self.order = 0
        self.step = 0
        """Counts the changes of ``positions``: a viewer whose cursor was ``positions`` at step N is in step."""
        self.closed = False
        self.pending: deque[Viewer] = deque()
        """Directly written streams with chunks to write (``Viewer.out``), in turn, SLICE a turn (:meth:`_pump`)."""
        self.pumping = False
        """Whether a turn of :meth:`_pump` is scheduled."""

    def know(self, table: str, position: int) -> None:
        """Note ``position`` as ``table``'s when the hub has seen no change of it yet (a table loaded at start)."""
        if table not in self.positions:
            self.positions[table] = position
            self.step += 1

    def drawing(self, table: str) -> dict[str, str] | None:
        """Return the query of the board a table page watching ``table`` shows (None: no page watches): its
        changes' events then carry that board's patch. Pages of different widths draw different boards: the
        patch is of the narrowest's (:func:`drawn_query`), the others fetch theirs."""
        return drawn_query(list(self.viewers.get(table, ())))

    def publish(self, table: str, event: dict[str, Any], board: dict[str, Any] | None = None) -> None:
        """Send ``event`` (with ``id`` and ``sent``, the time it left) to every viewer of ``table``.

        Its position is the event's ``changes`` when that is not before the last one (a served table counts its
        log's records; the same as the last when a stream opened, and :meth:`know` took the table's count, between
        the change and this call), else the next one (a followed log's changes are counted here).
        """
        last = self.positions.get(table, 0)
        given = event.get("changes")
        position = given if isinstance(given, int) and given >= last and given > 0 else last + 1
        self.positions[table] = position
        self.step += 1
        data = json.dumps({**event, "changes": position, "sent": time.time()}, ensure_ascii=False)
        ring = self.rings.get(table)
        if ring is None:
            ring = self.rings[table] = deque(maxlen=RING)
        self.order += 1
        ring.append((self.order, (table, position, data)))
        item = Item(table, position, data, self.step, _frame(f"{table}:{position}", data))
        if board is not None:
            drawn = json.dumps({**event, "changes": position, "board": board, "sent": time.time()}, ensure_ascii=False)
            item.board = _frame(f"{table}:{position}", drawn)
        if self.everyone:
            item.lobby = _frame(_cursor_id(table, self.positions), data)
        # A frame's HTTP/1.1 chunk, made once for every viewer given that frame (the frame kept alive beside it,
        # so its id is not another's).
        chunks: dict[int, tuple[bytes, bytes]] = {}
        for viewer in [*self.viewers.get(table, ()), *self.everyone]:
            if viewer.transport is not None:
                frame = self._frame(viewer, item)
                if frame is not None:
                    made = chunks.get(id(frame))
                    if made is None:
                        made = chunks[id(frame)] = (frame, _chunk(frame))
                    self._send(viewer, made[1])
            elif not viewer.give(item):
                self._drop(viewer)

    def notice(self, name: str, data: dict[str, Any]) -> None:
        """Send every open stream the named event ``name`` (``event: live``) with ``data``: no ``id:``, so no
        cursor moves, and a page's ``onmessage`` never sees it (only a listener of that name does)."""
        item = Item("", 0, "", -1, f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
        for viewer in {*self.everyone, *(v for vs in self.viewers.values() for v in vs)}:
            if viewer.transport is not None:
                self._write(viewer, item.own)
            elif not viewer.give(item):
                self._drop(viewer)

    def _write(self, viewer: Viewer, frame: bytes) -> None:
        """Hand ``frame`` to a directly written stream as one HTTP/1.1 chunk, written in its turn (:meth:`_send`)."""
        self._send(viewer, _chunk(frame))

    def _send(self, viewer: Viewer, chunk: bytes) -> None:
        """Write ``chunk`` (:func:`_chunk`) to a directly written stream after the chunks it was given before,
        in its turn: at most SLICE streams are written a turn of the event loop (:meth:`_pump`)."""
        out = viewer.out
        out.append(chunk)
        if len(out) == 1:
            self.pending.append(viewer)
            if not self.pumping:
                self.pumping = True
                asyncio.get_running_loop().call_soon(self._pump)

    def _pump(self) -> None:
        """Write what the next SLICE streams waiting were given, each in one ``write``, and come back next turn
        if more wait; let a viewer go when its connection would hold more than WRITE_BUFFER bytes it has not
        taken (a slow reader: its page reconnects)."""
        pending = self.pending
        try:
            for _ in range(min(SLICE, len(pending))):
                viewer = pending.popleft()
                data = self._taken(viewer)
                transport = viewer.transport
                if transport is None or (viewer.done is not None and viewer.done.done()):
                    continue  # the stream ended (or was let go) since: its end is written, nothing after it
                if transport.is_closing() or transport.get_write_buffer_size() + len(data) > WRITE_BUFFER:
                    self._drop(viewer)
                    continue
                transport.write(data)
        finally:  # even after an error, the streams waiting still get their turns
            if pending:
                asyncio.get_running_loop().call_soon(self._pump)
            else:
                self.pumping = False

    @staticmethod
    def _taken(viewer: Viewer) -> bytes:
        """Return the chunks given to ``viewer`` since its last turn, as one write, and clear them."""
        out, viewer.out = viewer.out, []
        return out[0] if len(out) == 1 else b"".join(out)

    def forget_table(self, table: str) -> None:
        """Forget ``table``'s events (its log is new: a removed one made again, or another program's loaded), so
        its next event is numbered from the new log's records, as its state is; an open stream's cursor of it
        goes too, so that stream is given the new log's events from the first."""
        self.rings.pop(table, None)
        if self.positions.pop(table, None) is not None:
            self.step += 1
        for viewer in {*self.everyone, *self.viewers.get(table, ())}:
            if viewer.cursor.pop(table, None) is not None:
                viewer.step = -1

    def open(
        self,
        tables: frozenset[str] | None,
        names: Iterable[str],
        cursor: dict[str, int],
        board: bool = False,
        fit: int | None = None,
    ) -> tuple[Viewer, list[Kept], list[str]]:
        """Register a viewer of ``tables`` (None: every table; ``names``: those that exist now) resuming after
        ``cursor``; return it, the events it missed (in the order they happened), and the tables it needs a
        fresh state of (not named by the cursor, or further behind than the ring reaches)."""
        viewer = Viewer(tables, board, fit)
        if tables is None:
            self.everyone.add(viewer)
        else:
            for name in tables:
                self.viewers.setdefault(name, set()).add(viewer)
        ordered: list[tuple[int, Kept]] = []
        fresh: list[str] = []
        for name in names:
            now = self.positions.get(name, 0)
            seen = cursor.get(name)
            if seen is None or seen > now:
                fresh.append(name)
                continue
            viewer.cursor[name] = seen
            if seen == now:
                continue
            wanted = [kept for kept in self.rings.get(name, ()) if kept[1][1] > seen]
            if not wanted or wanted[0][1][1] != seen + 1:
                fresh.append(name)  # too far behind: what it missed is no longer kept
                del viewer.cursor[name]
                continue
            ordered.extend(wanted)
        ordered.sort(key=lambda kept: kept[0])
        return viewer, [item for _, item in ordered], fresh

    def leave(self, viewer: Viewer) -> None:
        """Take ``viewer`` off every table, and a table off the map once it has no viewer."""
        self.everyone.discard(viewer)
        for name in list(viewer.tables or ()):
            queues = self.viewers.get(name)
            if queues is not None:
                queues.discard(viewer)
                if not queues:
                    del self.viewers[name]

    def _drop(self, viewer: Viewer, *, slow: bool = True) -> None:
        self.leave(viewer)
        viewer.queue.clear()
        viewer.give(_CLOSE)
        if viewer.done is not None and not viewer.done.done():
            viewer.done.set_result(slow)

    def close(self) -> None:
        """End every stream (the server is stopping): each viewer's generator returns; a directly written
        stream is first written what it was given and has not had its turn for (a coup answered before the
        stop is in every stream before its end)."""
        self.closed = True
        for viewer in {*self.everyone, *(v for vs in self.viewers.values() for v in vs)}:
            transport, data = viewer.transport, self._taken(viewer)
            if data and transport is not None and not transport.is_closing():
                transport.write(data)
            self._drop(viewer, slow=False)

    def count(self) -> int:
        """Return the number of open streams."""
        return len({*self.everyone, *(v for vs in self.viewers.values() for v in vs)})

    async def run(
        self,
        viewer: Viewer,
        states: Sequence[Kept],
        missed: Sequence[Kept],
        heartbeat: float = HEARTBEAT,
    ) -> AsyncGenerator[bytes, None]:
        """Yield one viewer's stream: the fresh ``states`` (table, position, data), the events it missed, then
        every change; a change already in a state given is not given again.

        Each change's bytes are made once for every viewer (:class:`Item`); the events waiting in a viewer's
        queue go out as one piece."""
        try:
            first = ["retry: 1000\n\n"]  # with what the viewer is owed, in one piece: it is registered by then
            owed = [*states, *missed]
            for n, (table, position, data) in enumerate(owed, 1):
                viewer.cursor[table] = position
                if n <= len(states) and n < len(owed):
                    # A fresh state carries no id but the last one owed: a lobby's first 100 states would
                    # otherwise name 1, 2, ... 100 tables each. Dropped before the last, the browser resumes
                    # from the cursor it had, which is still true.
                    first.append(f"data: {data}\n\n")
                else:
                    first.append(f"id: {viewer.id_of(table)}\ndata: {data}\n\n")
            if viewer.tables is None and viewer.cursor == self.positions:
                viewer.step = self.step  # what it was given is the hub's every table now: in step from here
            yield "".join(first).encode()
            queue = viewer.queue
            while not self.closed:
                if not await viewer.wait(heartbeat):
                    yield b": heartbeat\n\n"
                    continue
                waiting = list(queue)
                queue.clear()
                parts: list[bytes] = []
                for item in waiting:
                    if item is _CLOSE:
                        if parts:
                            yield b"".join(parts)
                        return
                    frame = self._frame(viewer, item)
                    if frame is not None:
                        parts.append(frame)
                if parts:
                    yield parts[0] if len(parts) == 1 else b"".join(parts)
        finally:
            self.leave(viewer)

    def _frame(self, viewer: Viewer, item: Item) -> bytes | None:
        """Return the bytes of ``item`` for ``viewer`` (None: it had it already, in a state or a missed event)."""
        table, position = item.table, item.position
        if not table:
            return item.own  # a notice (:meth:`notice`): no table, no id, the same bytes for everyone
        if viewer.step == item.step - 1 and item.lobby is not None:
            viewer.cursor[table] = position  # in step: the same cursor as every viewer in step, the same bytes
            viewer.step = item.step
            return item.lobby
        if position <= viewer.cursor.get(table, 0):
            return None  # its cursor is as it was: still in step, if it was
        viewer.step = -1
        viewer.cursor[table] = position
        if len(viewer.cursor) == 1:
            return item.board if viewer.board and item.board is not None else item.own
        if viewer.tables is None and item.step == self.step and viewer.cursor == self.positions:
            viewer.step = item.step  # back in step from the next change on
        return _frame(viewer.id_of(table), item.data)

    async def serve(
        self,
        viewer: Viewer,
        states: Sequence[Kept],
        missed: Sequence[Kept],
        transport: Any,
        send: Callable[[dict[str, Any]], Awaitable[None]],
        receive: Callable[[], Awaitable[dict[str, Any]]],
        heartbeat: float = HEARTBEAT,
    ) -> None:
        """Send one viewer's stream, its answer's head already sent: what it is owed through ``send``, then
        every change :meth:`publish` gives it, written straight to the connection's ``transport`` as HTTP/1.1
        chunks in the stream's turn (:meth:`_pump`), until the client leaves, the hub lets it go, or the server
        stops (its end sent through ``send``).

        Written straight, a change costs a viewer at most one ``write`` of bytes made once, not a task's turn, a
        trip through the middleware and the HTTP library's framing: 2,000 lobby viewers take 40,000 events a
        second.
        """
        loop = asyncio.get_running_loop()
        viewer.done = loop.create_future()
        gone = loop.create_task(_disconnected(receive))
        try:
            stream = self.run(viewer, states, missed, heartbeat)
            await send({"type": "http.response.body", "body": await anext(stream), "more_body": True})
            await stream.aclose()  # the generator leaves the hub: take the viewer back, now written directly
            if not viewer.done.done():
                self._enter(viewer)
                waiting, viewer.queue = list(viewer.queue), deque()
                viewer.transport = transport
                for item in waiting:
                    frame = None if item is _CLOSE else self._frame(viewer, item)
                    if frame is not None:
                        self._write(viewer, frame)
            while not viewer.done.done() and not gone.done():
                either: list[asyncio.Future[Any]] = [viewer.done, gone]
                await asyncio.wait(either, timeout=heartbeat, return_when=asyncio.FIRST_COMPLETED)
                if not viewer.done.done() and not gone.done():
                    self._write(viewer, b": heartbeat\n\n")
            if viewer.done.done() and viewer.done.result():  # let go, too slow: closed, its page reconnects
                transport.close()
                await gone
                return
            if gone.done():
                return
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            viewer.transport = None
            self.leave(viewer)
            gone.cancel()

    def _enter(self, viewer: Viewer) -> None:
        """Register ``viewer`` again (its opening generator took it off)."""
        if viewer.tables is None:
            self.everyone.add(viewer)
        else:
            for name in viewer.tables:
                self.viewers.setdefault(name, set()).add(viewer)

    def stream(self, table: str, first: dict[str, Any], heartbeat: float = HEARTBEAT) -> AsyncIterator[bytes]:
        """Return the event stream of one new viewer of ``table``: ``first`` (the state now), then every change."""
        viewer, _, _ = self.open(frozenset({table}), (), {})
        position = self.positions.get(table, 0)
        data = json.dumps({**first, "changes": position, "sent": time.time()}, ensure_ascii=False)
        return self.run(viewer, [(table, position, data)], (), heartbeat)
