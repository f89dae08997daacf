"""Reading logs: one lazy pipeline (open -> chunks -> format -> records -> entries) for every format.

Outcomes alone (read_outcomes, outcome_batches, Scoreboard.from_log) skip the
Entry a coup; results logs then go a block of whole lines at a time, falling
back to the line-by-line pipeline wherever a line has a mistake to locate.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..coup import Coup
from ..errors import LogError, excerpt, one_line
from ..outcome import Outcome
from .blocks import Tap, results_batches
from .cardlines import card_line_records, stream_records
from .detect import check_format, detect, take_sample
from .oneshoe import OneShoe
from .records import Entry, Record, to_entry
from .results import result_entries
from .source import Chunk, LogSource, Opened, chunks, open_source, pieces

if TYPE_CHECKING:
    from .csvlog import Row

EMPTY = "no coups: the log is empty or holds only comments and blank lines"

BATCH = 4096
"""Coups of a card or JSON log handed on at once."""

_SHARED: dict[Outcome, Outcome] = {}
_SHARED_MOST = 1 << 14
"""Distinct outcomes shared; a card log has a few thousand (winner, pairs, natural, totals, cards)."""


@dataclass(frozen=True, slots=True)
class OpenLog:
    """A log being read: its name, its format, and its text still streaming."""

    name: str
    format: str
    chunks: Iterator[Chunk]
    strict: bool = False
    sample: tuple[Chunk, ...] = ()
    """The chunks the format was told from (still in ``chunks``): what an error about an empty log quotes."""

    def records(self, *, ranks: bool = True) -> Iterator[Record]:
        """Return the log's coups as written, lazily, not yet checked by the rules; no coup at all is a LogError.

        ``ranks`` False leaves out the count of each rank against the decks (an audit that counts them itself).
        """
        records = _records(self.chunks, self.format, self.name, self.strict, ranks=ranks)
        return counted(records, self.sample, self.name, self.format)


@contextmanager
def open_log(source: LogSource, fmt: str | None = None, *, strict: bool = False) -> Iterator[OpenLog]:
    """Yield the opened log with its format detected (or forced by ``fmt``), its text not yet read."""
    with open_source(source) as opened:
        found, sample, stream = _detect(opened, fmt)
        yield OpenLog(opened.name, found, itertools.chain(sample, stream), strict, tuple(sample))


def _detect(opened: Opened, fmt: str | None) -> tuple[str, list[Chunk], Iterator[Chunk]]:
    """Return the log's format (detected, or forced by ``fmt``), the chunks it was told from, and the rest."""
    stream = chunks(opened)
    sample = take_sample(stream)
    found = detect(sample, opened.name)
    if fmt is not None and fmt != "auto":
        found = check_format(fmt)
    elif found is None:
        raise LogError(EMPTY, file=opened.name)
    return found, sample, stream


def _records(stream: Iterator[Chunk], fmt: str, name: str, strict: bool, *, ranks: bool = True) -> Iterator[Record]:
    """Return the coups of a log as written; a card log holding several shoes run together is a LogError."""
    if fmt == "results":
        return _format_records(stream, fmt, name, strict)
    watch = OneShoe(name)
    records = _format_records(watch.chunks(stream), fmt, name, strict)
    return watch.records(records) if ranks else records


def _format_records(stream: Iterator[Chunk], fmt: str, name: str, strict: bool) -> Iterator[Record]:
    if fmt == "results":
        for number, (line, outcome) in enumerate(result_entries(pieces(stream, name), name), 1):
            yield Record(line, number, outcome=outcome)
    elif fmt == "cards":
        yield from card_line_records(pieces(stream, name), name)
    elif fmt == "stream":
        yield from stream_records(pieces(stream, name), name, strict=strict)
    elif fmt == "csv":
        from .csvlog import csv_rows  # only a spreadsheet pays to import its reader

        yield from _one_shoe_rows(csv_rows(stream, name), name)
    else:
        from .jsonlog import (  # pydantic: only JSON logs pay to import it
            coup_record,
            json_lines,
            json_objects,
        )

        if fmt == "json":
            for number, (line, value) in enumerate(json_objects(stream, name), 1):
                yield coup_record(value, line, number, name)
        else:
            from .undo import honour_undo  # {"undo": N} lines: a live table's taken-back coups

            values = json_lines(stream, name)
            yield from honour_undo(values, lambda value, line, n: coup_record(value, line, n, name), name)


def _one_shoe_rows(rows: Iterator[Row], name: str) -> Iterator[Record]:
    """Yield the coups of a spreadsheet log read as one shoe; a second value in its shoe column is an error."""
    shoe: str | None = None
    for row in rows:
        if row.shoe is not None and shoe is not None and row.shoe != shoe:
            raise LogError(
                f"the shoe column changes from '{excerpt(shoe)}' to '{excerpt(row.shoe)}': "
                "this log holds several shoes, to be read shoe by shoe",
                file=name,
                line=row.line,
            )
        shoe = row.shoe if row.shoe is not None else shoe
        if row.error is not None:
            raise row.error
        assert row.record is not None
        yield row.record


def iter_entries(source: LogSource, fmt: str | None = None, *, strict: bool = False) -> Iterator[Entry]:
    """Return a lazy iterator of Entries, one per coup; LogError/CardError/CoupError say where a log is wrong.

    ``fmt`` forces a format (one of FORMATS); None detects it. A raw stream that
    ends mid-coup keeps its complete coups and issues a LogWarning (a LogError
    when ``strict``).
    """
    with open_log(source, fmt, strict=strict) as log:
        count = 0
        if log.format == "results":
            # Results need no rules checked: skip the Record step (the hot path of big logs).
            for count, (line, outcome) in enumerate(result_entries(pieces(log.chunks, log.name), log.name), 1):
                yield Entry(outcome, None, line, count)
        else:
            for record in log.records():
                count += 1
                yield to_entry(record, log.name)
        if count == 0:
            raise no_coups(log.sample, log.name, log.format)


def read_outcomes(source: LogSource, fmt: str | None = None, *, strict: bool = False) -> list[Outcome]:
    """Return the outcome of every coup in a log, in order (equal outcomes are one shared object)."""
    return list(itertools.chain.from_iterable(outcome_batches(source, fmt, strict=strict)))


def outcome_batches(source: LogSource, fmt: str | None = None, *, strict: bool = False) -> Iterator[list[Outcome]]:
    """Return a lazy iterator of lists of outcomes, every coup of a log in order: the fast way to read a big log.

    The same outcomes and errors as :func:`iter_entries`, without an Entry per
    coup. A results log is read a block of lines at a time (see
    :func:`roads.logs.results.block_outcomes`); other formats go coup by coup.
    Equal outcomes are one shared object, so a long log costs a pointer a coup.
    """
    with open_source(source) as opened:
        tap = Tap(opened.stream)
        found, sample, stream = _detect(Opened(opened.name, tap, opened.binary), fmt)
        if found == "results":
            batches = results_batches(opened, tap, sample, stream)
        else:
            batches = _record_batches(
                _records(itertools.chain(sample, stream), found, opened.name, strict), opened.name
            )
        count = 0
        for batch in batches:
            count += len(batch)
            yield batch
        if count == 0:
            raise no_coups(sample, opened.name, found)


def counted(records: Iterator[Record], sample: Iterable[Chunk], name: str, fmt: str) -> Iterator[Record]:
    """Yield ``records``; when there were none, raise :func:`no_coups` (every reader of a log says the same)."""
    count = 0
    for record in records:
        count += 1
        yield record
    if count == 0:
        raise no_coups(sample, name, fmt)


def no_coups(sample: Iterable[Chunk], name: str, fmt: str) -> LogError:
    """Return the error for a log that gave no coup: EMPTY, or the line that was there and was not one.

    A log whose only line is a title or a header ("Bankers Players") is not empty: the line read
    past is quoted, so the message says what was there and why it gave nothing.
    """
    if fmt not in ("results", "cards", "stream"):
        return LogError(EMPTY, file=name)
    for chunk in sample:
        text = chunk.text.strip()
        if chunk.column == 1 and text and not text.startswith("#"):
            return LogError(
                f"no coups: '{excerpt(one_line(text))}' was read as a title line (like 'Shoe 1'), "
                "and no result or card follows it",
                file=name,
                line=chunk.line,
            )
    return LogError(EMPTY, file=name)


def _shared(outcome: Outcome) -> Outcome:
    """Return the one shared Outcome equal to ``outcome``."""
    found = _SHARED.get(outcome)
    if found is not None:
        return found
    if len(_SHARED) < _SHARED_MOST:
        _SHARED[outcome] = outcome
    return outcome


def _record_batches(records: Iterator[Record], name: str) -> Iterator[list[Outcome]]:
    """Yield the outcomes of checked records, BATCH at a time."""
    batch: list[Outcome] = []
    for record in records:
        batch.append(_shared(to_entry(record, name).outcome))
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def read_coups(source: LogSource, fmt: str | None = None, *, strict: bool = False) -> list[Coup]:
    """Return every coup of a log with cards; LogError when the log holds results only."""
    coups: list[Coup] = []
    for entry in iter_entries(source, fmt, strict=strict):
        if entry.coup is None:
            raise LogError(
                "this log holds results only, and this needs cards "
                "(a cards, stream, JSON or JSON Lines log with cards)",
                file=_name(source),
                line=entry.line,
                coup=entry.number,
            )
        coups.append(entry.coup)
    return coups


def detect_format(source: LogSource) -> str:
    """Return the format name a log is written in (LogError when it holds no data)."""
    with open_log(source) as log:
        return log.format


def _name(source: LogSource) -> str | None:
    if isinstance(source, (str, os.PathLike)):
        return "<stdin>" if str(source) == "-" else os.fspath(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"
