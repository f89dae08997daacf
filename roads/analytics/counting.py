"""Counting a big archive in blocks: whole lines of a JSON Lines archive in, one Tally per group out.

A :class:`Block` is the work unit, for a local worker process or for Dask:
some whole lines of one archive, with the number of the first. Each block is
counted on its own (:func:`count_block`) into a :class:`Part`; the parts,
merged in the order of their blocks, give exactly the tallies one process
reading the archive from start to end gives, so the output is the same bytes
for any number of workers.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..board import Board
from ..errors import LogError, RoadsError, excerpt, one_line
from ..extras import EXTRAS
from ..logs.archive import MAX_LINE, Shoe, _json_shoes
from ..logs.fields import day_of
from ..logs.source import Chunk, Opened, _open_file, chunks
from .tally import StatsError, Tally

if TYPE_CHECKING:
    from distributed import LocalCluster

BLOCK_BYTES = 1 << 18
"""Bytes of lines a block holds at most (a few hundred shoes of results): small to send, enough to be worth it."""


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of one JSON Lines archive, from line ``line`` on: what one worker counts."""

    file: str
    line: int
    text: bytes
    by: str | None
    """The grouping (``shoe``, ``file``, ``table``, ``date``), or None for the total only."""


@dataclass(slots=True)
class Part:
    """What one block held: a Tally per group in the order first seen, and every shoe read with its error."""

    tallies: dict[str | None, Tally] = field(default_factory=dict)
    """Group key (None: ungrouped) -> its counts."""
    shoes: list[tuple[str | int, int, RoadsError | None]] = field(default_factory=list)
    """(id, line, error or None) of each shoe, in order."""
    stop: StatsError | None = None
    """A grouping the log cannot supply: the command ends here, after the shoes before it."""
    broken: RoadsError | None = None
    """The file cannot be read past this block (bad UTF-8, a line too long): it ends here."""


def group_key(shoe: Shoe, by: str) -> str:
    """Return the group a shoe falls in; StatsError when the log does not say (no table, no date)."""
    if by == "shoe":
        return shoe.label()
    if by == "file":
        return shoe.file
    value = shoe.table if by == "table" else shoe.date
    if value is None:
        where = shoe.label()
        raise StatsError(
            f"{where}: --by {by} needs a {by} for every shoe, and this one has none "
            f'(a JSON Lines "{by}" field, or a {by} column in a spreadsheet)'
        )
    if by == "date":
        value = day_of(value)  # a timestamp's day, as YYYY-MM-DD: shoes group by the day dealt (checked on reading)
    return value


def count_shoe(tallies: dict[str | None, Tally], shoe: Shoe, by: str | None) -> Board:
    """Add one shoe to its group's Tally in ``tallies`` (created on first sight) and return its board.

    RoadsError if the shoe cannot be read. The board is not placed: reading
    where a mark is drawn places it then.
    """
    key = group_key(shoe, by) if by else None
    board = Board()
    for batch in shoe.outcome_batches():
        board.extend(batch)
    # No board.place(): a Tally reads results and mark colours, never where a mark is drawn.
    target = tallies.get(key)
    if target is None:
        target = tallies[key] = Tally("total" if key is None else key, unit=by, date=shoe.date)
    target.add(board.bead_plate.outcomes, board)
    return board


def count_block(block: Block) -> Part:
    """Count every shoe of one block; a bad shoe is kept in the part with its error, never raised."""

    part = Part()
    try:
        for shoe in block_shoes(block):
            error = shoe.error
            if error is None:
                try:
                    count_shoe(part.tallies, shoe, block.by)
                except StatsError as exc:
                    part.stop = exc
                    return part
                except RoadsError as exc:
                    error = exc
            part.shoes.append((shoe.id, shoe.line, error))
    except RoadsError as exc:
        part.broken = exc
    return part


def block_shoes(block: Block) -> Iterator[Shoe]:
    """Yield the shoes of one block, good or carrying their error, as open_archive names them; a RoadsError
    raised here means the file cannot be read past this block."""
    # A block after the first starts with a blank line, numbered one before its own first line:
    # only a file's first line may lose a byte order mark, as when the file is read whole.
    head = b"" if block.line == 1 else b"\n"
    shift = block.line - (1 if block.line == 1 else 2)
    opened = Opened(block.file, io.BytesIO(head + block.text), True)
    for read in _json_shoes(_shifted(chunks(opened), shift), block.file):
        yield replace(read, archive=True)  # as open_archive numbers it: errors then name the shoe


def _shifted(inner: Iterator[Chunk], by: int) -> Iterator[Chunk]:
    """Yield ``inner``'s chunks (and raise its errors) with line numbers ``by`` further on."""
    while True:
        try:
            chunk = next(inner)
        except StopIteration:
            return
        except LogError as exc:
            if exc.line is not None:
                exc.line += by
            raise
        yield Chunk(chunk.line + by, chunk.column, chunk.text, chunk.end)


def blocks(path: str, by: str | None, size: int | None = None) -> Iterator[Block]:
    """Yield the file at ``path`` as blocks of whole lines, reading a block at a time (never the file whole).

    A line too long for any shoe (more than MAX_LINE characters, known once
    it passes 4 bytes a character) ends the file: it goes, cut, into the last
    block, where counting finds it too long at the line it starts.
    """

    size = BLOCK_BYTES if size is None else size
    most = 4 * MAX_LINE + 8
    with _open_file(path) as stream:
        line = first = 1
        pending: list[bytes] = []
        held = 0
        while True:
            try:
                text = stream.readline(most)
            except OSError as exc:
                raise LogError(f"cannot read: {exc.strerror or exc}", file=path, line=line) from None
            if not text:
                break
            if len(text) >= most and not text.endswith(b"\n"):
                pending.append(text)
                break
            pending.append(text)
            held += len(text)
            line += 1
            if held >= size:
                yield Block(path, first, b"".join(pending), by)
                pending, held, first = [], 0, line
        if pending:
            yield Block(path, first, b"".join(pending), by)


def lost_block(block: Block) -> Part:
    """Return the part of a block whose worker died under it: the file is not counted past it."""
    end = block.line + block.text.count(b"\n")
    return Part(broken=LogError(f"lines {block.line}-{end}: the counting process ended unexpectedly", file=block.file))


def dask_ready(verbose: bool = False) -> None:
    """Raise StatsError, in one line naming the extra to install, when Dask's distributed is not installed.

    Unless ``verbose``, Dask's own log lines (a worker's heartbeat on the way
    out, "still alive after 4.0 seconds, killing") are kept off the terminal:
    set before distributed is imported, and in the environment its worker
    processes inherit.
    """
    if not verbose:
        import logging
        import os

        os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
        for name in ("distributed", "dask"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise StatsError(EXTRAS["dask"].message) from None
    if not verbose:
        logging.getLogger("distributed").setLevel(logging.CRITICAL)  # distributed sets its level as it loads


DASK_CONNECT = 20.0
"""Seconds to reach a Dask scheduler before giving up with one line."""


@contextmanager
def dask_counter(address: str, workers: int) -> Iterator[Callable[[Iterator[Block]], Generator[tuple[Block, Part]]]]:
    """Yield a function that counts blocks on Dask, yielding (block, its part) in order; one cluster for the run.

    ``address`` is a scheduler's, or ``local`` for a LocalCluster of
    ``workers`` processes (one thread each) started here and closed after.
    At most a few blocks per worker are in flight, so an archive streams
    through the cluster instead of being sent whole. A scheduler that cannot
    be reached is a StatsError; a block whose workers all died is that
    block's failure, as with local workers.
    """
    try:
        from distributed import Client, Future, KilledWorker, LocalCluster
    except ImportError:
        raise StatsError(EXTRAS["dask"].message) from None

    def answer(block: Block, future: Future[Part]) -> tuple[Block, Part]:
        try:
            return block, future.result()
        except KilledWorker:
            return block, lost_block(block)

    cluster = None
    try:
        if address == "local":
            # A signal while the cluster starts waits for it to be whole (a second or two), then stops it at once:
            # interrupted half way, its start-up thread went on spawning workers that died printing tracebacks.
            with _signals_deferred():
                _quiet_resource_tracker()
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address=None,
                    # its HTTP server on a free port: on 8787, a second run at once warned "Port 8787 is already in use"
                    scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                )
        try:
            client = Client(cluster if cluster is not None else address, timeout=DASK_CONNECT)  # type: ignore[no-untyped-call]
        except (OSError, ValueError, TypeError) as exc:
            shown = excerpt(one_line(address))
            raise StatsError(f"--dask {shown}: cannot reach the scheduler ({one_line(str(exc))})") from None
        with client:
            ahead = 4 * max(1, len(client.scheduler_info().get("workers", {})) or workers)

            def count(found: Iterator[Block]) -> Generator[tuple[Block, Part]]:
                flight: deque[tuple[Block, Future[Part]]] = deque()
                try:
                    for block in found:
                        flight.append((block, client.submit(count_block, block, pure=False)))
                        if len(flight) >= ahead:
                            yield answer(*flight.popleft())
                    while flight:
                        yield answer(*flight.popleft())
                except BaseException as exc:
                    if not _interrupted(exc):  # an interrupted run does not wait on the scheduler
                        client.cancel([future for _, future in flight])  # type: ignore[no-untyped-call]
                    raise

            try:
                yield count
            except BaseException as exc:
                if cluster is not None and _interrupted(exc):
                    _kill_local_workers(cluster)
                    cluster = None
                raise
    except BaseException as exc:
        if address == "local" and _interrupted(exc):  # the cluster may be half made: not yet ``cluster``
            _kill_local_workers(cluster)
            cluster = None
        raise
    finally:
        if cluster is not None:
            cluster.close()


DEFERRED = ("SIGINT", "SIGTERM", "SIGHUP")


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold Ctrl-C and the stop signals while inside; one that came is raised again, as it was, on the way out."""
    import signal

    came: list[int] = []
    old: dict[int, signal._HANDLER] = {}
    try:
        for name in DEFERRED:
            sig = getattr(signal, name, None)
            if sig is None or signal.getsignal(sig) is signal.SIG_IGN:
                continue
            try:
                old[sig] = signal.signal(sig, lambda signum, frame: came.append(signum))
            except ValueError:  # not the main thread: nothing to hold
                break
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    if came:
        signal.raise_signal(came[0])


def _interrupted(exc: BaseException) -> bool:
    """Return True for Ctrl-C or a stop signal (the CLI's ``Stopped``): neither an error nor a generator's close."""
    return not isinstance(exc, Exception | GeneratorExit)


def _quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with its standard error on the null device.

    The tracker unlinks the semaphores of worker processes that were killed
    (after Ctrl-C or SIGTERM, see ``_kill_local_workers``), and warns of each on
    standard error as it does: that clean-up is its job, not the user's news.
    Nothing else of the run writes through it. Already running, it is left as is.
    """
    import os
    from multiprocessing import resource_tracker

    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _kill_local_workers(cluster: LocalCluster | None) -> None:
    """Kill a local cluster's worker processes now, and keep distributed's exit hook from closing it again.

    A graceful close waits seconds for the workers and, half-started, prints
    tracebacks; after Ctrl-C or SIGTERM the run is over and nothing of it is kept.
    Each nanny is first marked closing, or it would start a new worker in place
    of the killed one, and that worker would die printing a traceback as the run exits.
    """
    import atexit
    import multiprocessing

    from distributed.core import Status
    from distributed.deploy import spec

    for nanny in (cluster.workers if cluster is not None else {}).values():
        nanny.status = Status.closing
    for child in multiprocessing.active_children():
        child.kill()
    atexit.unregister(spec.close_clusters)
