"""The push fan-out: one in-process hub, a bounded queue per viewer, fed once per change of a table.

A change is made into its event text once and handed to every viewer's queue
(``put_nowait``: no viewer waits on another). A viewer that falls
``BACKLOG`` events behind is dropped: its page reconnects and reloads the
table, instead of the server holding an unbounded queue for it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .store import Table

BACKLOG = 256
"""Events one viewer may have waiting before it is dropped."""

HEARTBEAT = 15.0
"""Seconds between comment lines on a quiet stream, so proxies keep it open."""

_CLOSE = ""


def event(table: Table, change: str) -> dict[str, Any]:
    """Return the event of one change of ``table`` ("coup", "undo", "shoe"; "state" opens a stream)."""
    return {"table": table.name, "coups": table.coups, "shoe": table.shoe, "change": change, "last": table.last()}


class Hub:
    """Every open event stream, by table; ``publish`` hands one change to each."""

    def __init__(self) -> None:
        self.viewers: dict[str, set[asyncio.Queue[str]]] = {}
        self.closed = False

    def publish(self, table: str, event: dict[str, Any]) -> None:
        """Send ``event`` (with ``sent``, the time it left) to every viewer of ``table``."""
        text = f"data: {json.dumps({**event, 'sent': time.time()}, ensure_ascii=False)}\n\n"
        for queue in list(self.viewers.get(table, ())):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:
                self._drop(table, queue)

    def _forget(self, table: str, queue: asyncio.Queue[str]) -> None:
        """Take ``queue`` off ``table``'s viewers, and the table off the map once it has none."""
        queues = self.viewers.get(table)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.viewers[table]

    def _drop(self, table: str, queue: asyncio.Queue[str]) -> None:
        self._forget(table, queue)
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait(_CLOSE)

    def close(self) -> None:
        """End every stream (the server is stopping): each viewer's generator returns."""
        self.closed = True
        for table, queues in list(self.viewers.items()):
            for queue in list(queues):
                self._drop(table, queue)

    def count(self) -> int:
        """Return the number of open streams."""
        return sum(len(q) for q in self.viewers.values())

    async def stream(self, table: str, first: dict[str, Any], heartbeat: float = HEARTBEAT) -> AsyncIterator[str]:
        """Yield the event stream of one viewer of ``table``: ``first`` (the state now), then every change."""
        queue: asyncio.Queue[str] = asyncio.Queue(BACKLOG)
        self.viewers.setdefault(table, set()).add(queue)
        try:
            yield f"retry: 1000\ndata: {json.dumps({**first, 'sent': time.time()}, ensure_ascii=False)}\n\n"
            while not self.closed:
                try:
                    text = await asyncio.wait_for(queue.get(), heartbeat)
                except TimeoutError:
                    yield ": heartbeat\n\n"
                    continue
                if text == _CLOSE:
                    return
                yield text
        finally:
            self._forget(table, queue)
