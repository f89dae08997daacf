"""Running one task over many items on worker processes, in order, and stopping every worker cleanly.

:func:`run_tasks` hands items to worker processes a couple at a time (so a
stream never sits in memory whole) and gives back each item's answer in the
order the items came. A stop (Ctrl-C, SIGTERM, SIGHUP) or any error in the
parent ends every worker within a second: each is asked to stop (its own
cleanup removes its temporary file), one that does not is killed, and the
temporary files of the items in flight are removed after it. A worker also
ends by itself when the parent is gone. The render batch (roads/cli/batch.py)
and the counting of ``roads stats``, ``exposure`` and ``report``
(roads/cli/gather.py) run on it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")
A = TypeVar("A")

GRACE = 0.5
"""Seconds a worker gets to clean up after it is asked to stop, before it is killed."""

AHEAD = 2
"""Items sent to each worker before its first answer: it never waits, and little is held."""

WORKERS_PER_CORE = 4
"""The most worker processes a core: past it more workers only cost memory (-j 40 took 1.45 GB)."""


def max_workers() -> int:
    """Return the most worker processes a run starts: :data:`WORKERS_PER_CORE` a core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def worker_count(jobs: int | None) -> tuple[int, str | None]:
    """Return the workers to start for ``-j jobs`` (every core when None), at most :func:`max_workers`,
    with the one line that says so when it is fewer than asked for (else None)."""
    if jobs is None:
        return os.cpu_count() or 1, None
    cap = max_workers()
    if jobs <= cap:
        return jobs, None
    cores = os.cpu_count() or 1
    return cap, f"-j {jobs} is more than {WORKERS_PER_CORE} processes a core: running {cap} ({cores} cores x 4)"


def _nothing_left(item: Any) -> Iterable[Path]:
    return ()


def run_tasks(
    items: Iterable[T],
    workers: int,
    task: Callable[[T], A],
    lost: Callable[[T], A],
    leftovers: Callable[[T], Iterable[Path]] = _nothing_left,
) -> Generator[tuple[T, A]]:
    """Yield (item, ``task(item)``) for every item, in order, on ``workers`` processes (in this one for 1).

    ``task`` runs in a worker and must not raise; ``lost(item)`` is the answer
    for an item whose worker died under it (killed from outside, out of memory);
    ``leftovers(item)`` names the temporary files a killed worker may leave for
    that item, removed when the pool closes.
    """
    if workers <= 1:
        for item in items:
            yield item, task(item)
        return
    pool = _Pool(workers, task, lost, leftovers)
    try:
        yield from pool.run(iter(items))
    finally:
        pool.close()


class _Pool:
    """Worker processes, each fed through its own pipe; closing it leaves nothing running and no temporary file."""

    def __init__(
        self,
        workers: int,
        task: Callable[[Any], Any],
        lost: Callable[[Any], Any],
        leftovers: Callable[[Any], Iterable[Path]] = _nothing_left,
    ) -> None:
        import multiprocessing  # only a batch pays for it: one picture never starts a worker

        # fork starts a worker in milliseconds, with the renderer already imported.
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        self._context: Any = multiprocessing.get_context(method)  # typeshed's BaseContext lacks Process
        self._task = task
        self._lost = lost
        self._leftovers = leftovers
        self._workers: dict[Connection, Any] = {}
        self._flight: dict[Connection, deque[tuple[int, Any]]] = {}
        for _ in range(workers):
            self._start()

    def _start(self) -> None:
        ours: Connection
        theirs: Connection
        ours, theirs = self._context.Pipe()
        others = list(self._workers)  # pipes to the other workers: the new one must not keep them open
        process = self._context.Process(
            target=_serve, args=(theirs, [ours, *others], os.getpid(), self._task), daemon=True
        )
        process.start()
        theirs.close()
        self._workers[ours] = process
        self._flight[ours] = deque()

    def run(self, jobs: Iterator[Any]) -> Iterator[tuple[Any, Any]]:
        """Yield each job's answer in the order the jobs came, keeping every worker busy."""
        from multiprocessing.connection import wait

        done: dict[int, tuple[Any, Any]] = {}
        sent = 0
        given = 0
        exhausted = False
        limit = 4 * len(self._workers)
        while True:
            # Fill each worker up to AHEAD jobs, but never run far ahead of the oldest unanswered job.
            for conn in list(self._flight):
                while not exhausted and len(self._flight[conn]) < AHEAD and sent - given < limit:
                    job = next(jobs, None)
                    if job is None:
                        exhausted = True
                        break
                    self._flight[conn].append((sent, job))
                    sent += 1
                    try:
                        conn.send(job)
                    except OSError:
                        break  # the worker died: its jobs are answered below
            while given in done:
                yield done.pop(given)
                given += 1
            if exhausted and given == sent:
                return
            busy = [conn for conn, flight in self._flight.items() if flight]
            if not busy:
                # Every answer was handed on while the cap ahead of the oldest job held the sending back:
                # no worker has a job, so send more before waiting (waiting on none would wait for ever).
                continue
            for ready in wait(busy):
                conn = cast("Connection[Any, Any]", ready)
                try:
                    answer = conn.recv()
                except (EOFError, OSError):
                    # A worker that died (killed from outside, out of memory) fails its jobs, and is replaced.
                    for index, job in self._flight.pop(conn):
                        done[index] = (job, self._lost(job))
                    self._workers.pop(conn).join(GRACE)
                    conn.close()
                    self._start()
                    continue
                index, job = self._flight[conn].popleft()
                done[index] = (job, answer)

    def close(self) -> None:
        """End every worker now: ask, wait a moment, kill; then remove the temporary files of unfinished jobs."""
        processes = list(self._workers.values())
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                if process.is_alive():
                    process.terminate()  # SIGTERM: the worker unwinds, removing its temporary file
        deadline = time.monotonic() + GRACE
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in processes:
            if process.is_alive():
                process.kill()
                process.join(GRACE)
        for conn, flight in self._flight.items():
            conn.close()
            for _, job in flight:
                for leftover in self._leftovers(job):  # a killed worker could not clean up after itself
                    with contextlib.suppress(OSError):
                        leftover.unlink()
        self._workers.clear()
        self._flight.clear()


_END = object()
"""What the receiving thread of a worker queues once the parent's pipe has closed."""


def _serve(conn: Connection, inherited: list[Connection], parent: int, task: Callable[[Any], Any]) -> None:
    """A worker: run ``task`` on each job sent until the pipe closes; SIGTERM unwinds it, Ctrl-C is the parent's.

    Jobs are received on a thread of their own, so the worker reads the jobs
    the parent sends while it sends back a large answer: with both sends
    blocked on full pipes neither side would read again. The parent sends at
    most AHEAD jobs before an answer, so the queue stays that short.
    """
    import queue
    import threading

    for other in inherited:
        other.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent sees Ctrl-C too and stops us itself
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_signal)
    _end_with_parent(parent)
    jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def receive() -> None:
        while True:
            try:
                jobs.put(conn.recv())
            except (EOFError, OSError):
                jobs.put(_END)  # the parent is gone or done
                return

    threading.Thread(target=receive, name="roads-receive", daemon=True).start()
    while True:
        job = jobs.get()
        if job is _END:
            return
        try:
            conn.send(task(job))
        except (OSError, ValueError):
            return


def _exit_on_signal(signum: int, frame: object) -> None:
    # SystemExit unwinds through every ``finally`` (the temporary file goes) and ends the process quietly.
    raise SystemExit(128 + signum)


def _end_with_parent(parent: int) -> None:
    """Ask Linux to send this worker SIGTERM when its parent dies (elsewhere the closed pipe ends it)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGTERM))
        if os.getppid() != parent:  # the parent died before the request took effect
            raise SystemExit(0)
