"""Reading and counting archives for ``roads stats``, ``roads exposure`` and ``roads report``: where the work runs.

A JSON Lines archive is counted a block of lines at a time on the worker
processes of roads.pool, or on a Dask cluster (roads.analytics.counting);
exposure prices a shoe a job on the same pool; anything else is read in this
process. Answers come back in the order of the logs, so the figures are the
same bytes for any number of workers. Bad shoes go to the command's
:class:`~roads.cli.inputs.Inputs` as they come; what is counted is returned
as numbers, and roads/cli/output/ words it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import os
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Any

import click

from ..analytics import StatsError, Tally
from ..analytics.counting import blocks, count_block, count_shoe, dask_counter, lost_block
from ..analytics.tables import ShoeInfo, shoe_rows
from ..errors import LogError, RoadsError
from ..files import refuse_inputs
from ..logs.archive import Shoe, _numbered, needs_cards, open_archive
from ..logs.fields import day_of
from ..pool import run_tasks, worker_count
from .inputs import Inputs
from .output.stats import stats_data
from .progress import Progress

if TYPE_CHECKING:
    from ..analytics.counting import Block, Part
    from ..analytics.drift import Drift
    from ..analytics.exposure import Exposure, ShoeCards, ShoeExposure
    from ..analytics.hold import Hold
    from ..analytics.integrity import Integrity
    from ..analytics.tablefiles import TableFiles
    from ..board import Board
    from ..coup import Coup

__all__ = ["GROUPINGS", "collect_stats", "scanned", "tally_logs"]

GROUPINGS = ("shoe", "file", "table", "date")
"""What ``--by`` groups the shoes by."""

Spread = Callable[[Iterator["Block"]], Generator[tuple["Block", "Part"]]]
"""Counts blocks somewhere (worker processes, Dask), yielding (block, its part) in the order of the blocks."""

Job = tuple[Shoe, "ShoeCards"]
"""A shoe to scan: the shoe as messages name it (its coups left out), and its cards."""


def table_files(inputs: Inputs, parquet: str | None, csv_tables: str | None) -> TableFiles | None:
    """Return the table files --parquet and --csv-tables ask for (None without them), checked before any read."""
    if parquet is None and csv_tables is None:
        return None
    from ..analytics.tablefiles import TableFiles

    tables = TableFiles(parquet, csv_tables)
    try:
        refuse_inputs(tables.paths(), inputs.logs)
    except RoadsError:
        tables.discard()
        raise
    return tables


def collect_stats(
    inputs: Inputs,
    decks: int,
    by: str | None,
    jobs: int | None = None,
    dask: str | None = None,
    tables: TableFiles | None = None,
    emit: Callable[[Tally], None] | None = None,
) -> dict[str, Any]:
    """Read every shoe of the inputs and return the statistics document (``roads stats --json``).

    With ``emit`` and ``by`` ``shoe``, each group goes to ``emit`` as soon as
    it is finished, in order, and the document's groups are empty: only the
    total is kept (see :func:`tally_logs`).

    ``jobs`` and ``dask`` say where a JSON Lines archive is counted
    (:func:`tally_logs`). With ``tables``, every shoe's coup and mark rows go
    to them too, in shoe order from this process, and they are committed once
    every shoe is read (never when no shoe could be).
    """
    each = None
    if tables is not None:

        def each(shoe: Shoe, board: Board) -> None:
            board.place()  # the mark rows say where each mark is drawn
            tables.add(shoe_rows(ShoeInfo.of(shoe), board))

    tallies, total = tally_logs(inputs, by, jobs, dask, each, emit)
    if total.counts.coups == 0:
        if inputs.failed == 1:
            raise click.exceptions.Exit(1)  # its one error line already says why
        logs = ", ".join(inputs.logs)
        reason = f"{inputs.failed} failed: see above" if inputs.failed else "it holds no coups"
        raise StatsError(f"{logs}: no shoe could be read ({reason})")
    data = stats_data(tallies, total, decks, by)
    if tables is not None:
        tables.commit()
    return data


def archive_drift_of(
    inputs: Inputs, decks: int, jobs: int | None, dask: str | None, tables: TableFiles | None
) -> Drift:
    """Return the drift of every shoe of the inputs (``roads stats --drift``), counted as ``roads stats`` counts."""
    from ..analytics.drift import Shoes, archive_drift

    shoes = Shoes()

    def keep(tally: Tally) -> None:
        shoes.add(tally.key, tally.date, tally.counts.banker, tally.counts.player)

    collect_stats(inputs, decks, "shoe", jobs, dask, tables, emit=keep)
    return archive_drift(shoes, decks)


def tally_logs(
    inputs: Inputs,
    by: str | None,
    jobs: int | None = None,
    dask: str | None = None,
    each: Callable[[Shoe, Board], None] | None = None,
    emit: Callable[[Tally], None] | None = None,
) -> tuple[dict[str, Tally], Tally]:
    """Count every shoe of ``inputs``: (a Tally per group in the order first seen, the total).

    A JSON Lines archive file is counted in blocks on ``jobs`` processes (all
    cores when None) or on the Dask scheduler at ``dask`` (``local``: a local
    cluster); any other log in this process. Bad shoes are reported through
    ``inputs`` as they come, in order; the tallies are the same for any
    number of workers. With ``each``, every log is read in this process and
    ``each(shoe, board)`` sees every counted shoe in order (a RoadsError it
    raises ends the count: it is not one bad shoe). With ``emit`` and ``by``
    ``shoe``, a shoe's group goes to ``emit`` once a shoe of another group is
    counted (a shoe's group is its file and id), added to the total and
    dropped: the memory is one group's, not the archive's, and the tallies
    returned are empty.
    """
    workers = worker_count(jobs)[0]  # the cap holds from Python too
    total = Tally("total")
    counted: dict[str | None, Tally]
    bar = Progress("counted")
    if emit is not None and by == "shoe":

        def finished(tally: Tally) -> None:
            total.merge(tally)
            with bar.aside():  # a group printed on the terminal starts on a clean line
                emit(tally)

        counted = _Streamed(finished)
    else:
        counted = {}
    with contextlib.ExitStack() as stack:
        stack.enter_context(bar)
        bar.update(0)  # on a terminal from the start, before the first shoe is counted
        spread: Spread
        if dask is not None:
            spread = stack.enter_context(dask_counter(dask, workers))
        else:
            spread = functools.partial(_on_workers, workers=workers)
        for log in inputs.logs:
            try:
                if each is None and archive_file(log, inputs):
                    _count_blocks(log, inputs, by, spread, counted, bar)
                else:
                    _count_here(log, inputs, by, counted, bar, each)
            except _Stop as stop:
                raise stop.error from None
            except RoadsError as exc:
                if isinstance(exc, StatsError):
                    raise
                inputs.fail(exc, None)
    if isinstance(counted, _Streamed):
        counted.finish()
    total = counted.pop(None, total)
    tallies = {str(key): tally for key, tally in counted.items()}
    if by:
        for tally in tallies.values():
            total.merge(tally)
    return tallies, total


def archive_file(log: str, inputs: Inputs) -> bool:
    """Return True when ``log`` is a file of JSON Lines shoes, to be read in blocks (every shoe of it wanted).

    A table's log (coups split by new-shoe records) is not: a shoe spans many lines, so it is read here.
    """
    if inputs.shoe is not None or log == "-" or not os.path.isfile(log):
        return False
    try:
        with open_archive(log, inputs.fmt) as shoes:
            first = next(shoes, None)
    except RoadsError:
        return False  # reported when the log is read here
    return first is not None and first.archive and first.format == "jsonl" and not first.split


def _count_here(
    log: str,
    inputs: Inputs,
    by: str | None,
    counted: dict[str | None, Tally],
    bar: Progress,
    each: Callable[[Shoe, Board], None] | None = None,
) -> None:
    """Count the shoes of one log in this process, one at a time (``each`` sees each counted shoe and its board)."""

    with open_archive(log, inputs.fmt) as shoes:
        for shoe in inputs.pick(shoes, log):
            bar.update(1)
            if shoe.error is not None:
                inputs.fail(shoe.error, shoe)
                continue
            try:
                board = count_shoe(counted, shoe, by)
            except StatsError:
                raise  # a grouping the log cannot give ends the command, not one shoe
            except RoadsError as exc:
                inputs.fail(exc, shoe)
                continue
            if each is not None:
                try:
                    each(shoe, board)
                except RoadsError as exc:
                    raise _Stop(exc) from None
            inputs.done += 1


class _Streamed(dict[str | None, Tally]):
    """Tallies of one group at a time: a new group's first shoe sends the group before it to ``emit``."""

    def __init__(self, emit: Callable[[Tally], None]) -> None:
        super().__init__()
        self.emit = emit

    def __setitem__(self, key: str | None, value: Tally) -> None:
        self.finish()
        super().__setitem__(key, value)

    def finish(self) -> None:
        """Send the group being counted, if any, to ``emit``."""
        for key in list(self):
            self.emit(self.pop(key))


class _Stop(Exception):
    """Carries an error of ``each`` out of the reading, which would otherwise count it as one bad shoe or file."""

    def __init__(self, error: RoadsError) -> None:
        super().__init__(error.message)
        self.error = error


def _on_workers(found: Iterator[Block], workers: int) -> Generator[tuple[Block, Part]]:
    """Count blocks on the pool's worker processes, yielding them in order; one block is counted here."""
    first = list(itertools.islice(found, 2))
    if len(first) < 2:
        workers = 1  # a log of one block is done before a worker would have started
    return run_tasks(itertools.chain(first, found), workers, count_block, lost_block)


def _count_blocks(
    log: str, inputs: Inputs, by: str | None, spread: Spread, counted: dict[str | None, Tally], bar: Progress
) -> None:
    """Count one archive file a block at a time on the workers, merging the parts in the order of the blocks."""

    answers = spread(blocks(log, by))

    def shoes() -> Iterator[Shoe]:
        for _, part in answers:
            for key, tally in part.tallies.items():
                mine = counted.get(key)
                if mine is None:
                    mine = counted[key] = Tally(tally.key, unit=tally.unit)
                mine.merge(tally)
            for shoe_id, line, error in part.shoes:
                yield Shoe(log, shoe_id, 0, line, "jsonl", (), error=error)
            if part.stop is not None:
                raise part.stop
            if part.broken is not None:
                raise part.broken

    with contextlib.closing(answers):
        for shoe in _numbered(shoes(), log):
            bar.update(1)
            inputs.settle(shoe.error, shoe)


def scanned(inputs: Inputs, scan: Exposure, workers: int, progress: Progress | None = None) -> Iterator[ShoeExposure]:
    """Yield every good shoe of the logs scanned, in order, on ``workers`` processes; bad shoes go to ``inputs``.

    The shoes scanned so far show on a terminal (``progress``, else a line of its own).
    """
    jobs = shoe_jobs(inputs, scan.decks)
    first = list(itertools.islice(jobs, 2))
    if len(first) < 2:
        workers = 1  # one shoe is done before a worker would have started
    task = functools.partial(_scan, scan)
    with progress or Progress("scanned") as shown:
        shown.update(0)  # on a terminal from the start
        for (shoe, _), found in run_tasks(itertools.chain(first, jobs), workers, task, _lost):
            shown.update()
            if inputs.settle(found.error, shoe):
                yield found


def _scan(scan: Exposure, job: Job) -> ShoeExposure:
    """Scan one shoe (on a worker): never raises, a bad shoe carries its error."""
    return scan.shoe(job[1])


def _lost(job: Job) -> ShoeExposure:
    from ..analytics.exposure import ShoeExposure  # deferred, as below: stats needs none of the bets

    error = LogError("the process scanning this shoe stopped (killed from outside, or out of memory)")
    return ShoeExposure(job[1].shoe, job[1].label, (), (), error=error)


def held(inputs: Inputs, hold: Hold, by: str | None, progress: Progress) -> None:
    """Settle every shoe of the logs into ``hold``, grouped ``by`` a grouping or any key the log carries
    (None: the total only); a shoe without cards, or without the key, is one error line in ``inputs``."""

    def settled(shoe: Shoe) -> tuple[str | None, list[Coup]]:
        key = None if by is None else group_of(shoe, by)
        return key, shoe.coups(needs_cards("roads stats --hold settles every bet from"))

    for _, (key, coups) in inputs.read(settled):
        hold.add(key, coups)
        inputs.done += 1
        progress.update()


def checked(inputs: Inputs, check: Integrity, progress: Progress) -> None:
    """Read every shoe of the logs, in archive order, into the shuffle-integrity ``check``; a shoe without cards
    is one error line in ``inputs``."""
    from ..analytics.integrity import shoe_sequence  # deferred: --integrity only

    def cards(shoe: Shoe) -> tuple[str, ...]:
        return shoe_sequence(shoe.burned_cards(), shoe.coups(needs_cards("roads stats --integrity reads")))

    for shoe, sequence in inputs.read(cards):
        check.add(shoe.label(), sequence)
        inputs.done += 1
        progress.update()


def group_of(shoe: Shoe, by: str) -> str:
    """Return the group ``shoe`` falls in ``by`` shoe, file, date (its day) or any key the log carries for it;
    LogError naming the key when the log gives this shoe none."""
    if by == "shoe":
        return shoe.label()
    if by == "file":
        return shoe.file
    value = shoe.key(by)
    if value is None:
        raise LogError(
            f'--by {by} needs a {by} for every shoe, and this one has none (a JSON Lines "{by}" key, or a {by} '
            "column in a spreadsheet)",
            file=shoe.file,
        )
    return day_of(value) if by == "date" else value


def shoe_jobs(inputs: Inputs, decks: int) -> Iterator[Job]:
    """Yield each shoe of the logs with its coups read; a shoe that cannot be read is one error line in ``inputs``."""
    from ..analytics.exposure import shoe_cards  # deferred: the bets' modules load for exposure only

    for shoe, cards in inputs.read(lambda shoe: shoe_cards(shoe, decks)):
        yield dataclasses.replace(shoe, records=(), source=None, results=None), cards
