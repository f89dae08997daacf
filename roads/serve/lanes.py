"""The server's lanes, a thread each: every blocking call (a synced write, a read of a log, a drawing) runs on one.

Starlette's ``run_in_threadpool`` hands each call to any of up to 40 pooled
threads. Coups posted to ten tables at once kept ten of them busy, and glibc
keeps, for every thread, its own cache of freed blocks that no other thread
reuses: the server's memory grew by some 0.7 MB a minute while its Python
objects stayed flat (docs/serve.md, "Memory"); on a few fixed threads it grows 0.18 MB a minute.

Four lanes, one long-lived thread each, each taking its calls in the order
they come: :func:`write` for the changes (a coup, an undo, a new table),
whose events go out as soon as they are on the disk, and the state each
write answers with; :func:`draw` for the boards, each handed to the drawing
process (:mod:`roads.serve.drawer`) and waited for without the interpreter's
lock; :func:`read` for the other answers (a table's state, the odds, a
proof, the quiz, a stream's first states), so no drawing holds a coup, its
answer or a stream back; and :func:`follow` for the looks at followed logs,
so a big or slow followed file never holds a write back. Python work holds
the GIL, so more threads would not do more of it at once.

The threads are daemons: a drawing still running when SIGTERM's time is up
does not hold the process's exit. A cancelled write waits for its end (a
coup is on the disk or not, never half); a cancelled read, drawing or look is
abandoned at once (it changes nothing; its answer is thrown away).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Lane:
    """One long-lived daemon thread that runs the calls handed to it, one at a time, in order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def _serve(self) -> None:
        """Run the calls as they come, for as long as the process lives."""
        while True:
            self.calls.get()()

    def _started(self) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._serve, name=f"roads {self.name}", daemon=True)
                self.thread.start()

    async def run(self, func: Callable[..., T], args: tuple[object, ...], abandon: bool) -> T:
        """Return ``func(*args)`` run on this lane; when cancelled, abandon it or wait for its end."""
        self._started()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def settle(value: Any, error: BaseException | None) -> None:
            if future.done():
                return  # abandoned: nobody waits for it
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(value)

        def call() -> None:
            if future.done():
                return  # abandoned before it started: not worth doing
            try:
                value, error = func(*args), None
            except BaseException as exc:  # handed back to the caller, whatever it is
                value, error = None, exc
            with contextlib.suppress(RuntimeError):  # the loop is closed: the server has stopped
                loop.call_soon_threadsafe(settle, value, error)

        self.calls.put(call)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if abandon:
                future.cancel()
            else:
                while not future.done():
                    with contextlib.suppress(asyncio.CancelledError):
                        await asyncio.shield(future)
                if not future.cancelled():
                    future.exception()  # retrieved: the caller is cancelled and cannot take it
            raise


_writes = Lane("writes")
_reads = Lane("reads")
_drawings = Lane("drawings")
_follows = Lane("follows")


async def write(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (a change of a table) run on the writes' lane; a cancelled caller waits for its end."""
    return await _writes.run(func, args, abandon=False)


async def read(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (an answer about the tables) run on the reads' lane; a cancelled caller leaves it."""
    return await _reads.run(func, args, abandon=True)


async def draw(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (a board, drawn by the drawing process) run on the drawings' lane; a cancelled caller
    leaves it."""
    return await _drawings.run(func, args, abandon=True)


async def follow(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (a look at a followed log) run on the follows' lane; a cancelled caller leaves it."""
    return await _follows.run(func, args, abandon=True)
