"""The server's two worker threads: every blocking call (a synced write, a read of a log, a drawing) runs on one.

Starlette's ``run_in_threadpool`` hands each call to any of up to 40 pooled
threads. Coups posted to ten tables at once kept ten of them busy, and glibc
keeps, for every thread, its own cache of freed blocks that no other thread
reuses: the server's memory grew by some 0.7 MB a minute while its Python
objects stayed flat (docs/serve.md, "Memory"); on two fixed threads it grows 0.18 MB a minute.

Two lanes, one long-lived thread each, each taking its calls in the order
they come: :func:`write` for the changes (a coup, an undo, a new table, a
followed log), whose events go out as soon as they are on the disk, and
:func:`read` for the answers (a table's state, a board, the odds, a proof,
the quiz), so no drawing or state holds a coup back. Python work holds the
GIL, so more threads would not do more of it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread
from anyio.lowlevel import RunVar

T = TypeVar("T")

_writes: RunVar[anyio.CapacityLimiter] = RunVar("roads_serve_writes")
_reads: RunVar[anyio.CapacityLimiter] = RunVar("roads_serve_reads")


async def _on(lane: RunVar[anyio.CapacityLimiter], func: Callable[..., T], args: tuple[object, ...]) -> T:
    """Return ``func(*args)`` run on ``lane``'s thread (one limiter of one token per event loop)."""
    try:
        limiter = lane.get()
    except LookupError:
        limiter = anyio.CapacityLimiter(1)
        lane.set(limiter)
    # anyio hands a call to the pool's thread that became idle last and lets go of the others idle for 10 s:
    # with one call at a time a lane, the pool holds at most two threads.
    return await anyio.to_thread.run_sync(func, *args, limiter=limiter)


async def write(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (a change of a table) run on the writes' lane; a cancelled caller waits for its end."""
    return await _on(_writes, func, args)


async def read(func: Callable[..., T], *args: object) -> T:
    """Return ``func(*args)`` (an answer about the tables) run on the reads' lane; a cancelled caller waits too."""
    return await _on(_reads, func, args)
