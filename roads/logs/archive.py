"""Archives: a log read shoe by shoe, whatever it holds (one shoe, JSON Lines of shoes, a sheet with a shoe column).

Each shoe comes out on its own, good or bad: a shoe that cannot be read is a
Shoe carrying its error, and the next shoe is read all the same, so one bad
line never hides the shoes after it. A file that is one shoe is not read
here at all: its Shoe hands the still-open stream (rewound to its start) to
the ordinary readers, so a one-shoe log of any size streams as before.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..bounds import MAX_BURN, TooLong, number_text
from ..cards import Card, parse_card
from ..coup import Coup
from ..errors import CardError, LogError, RoadsError, excerpt, one_line
from ..outcome import Outcome
from .detect import holds_shoes
from .fields import FIELDS, shoe_fields
from .notes import logger
from .records import NEW_SHOE_MARK, Entry, Record, ShoeLog, to_entry
from .results import parse_results
from .source import Chunk, LogSource, Opened, blank_prefix, blank_run, open_source, too_long

SEEN_MOST = 1_000_000
"""Shoes whose ids are remembered to report a repeated one (about 100 bytes each)."""

MAX_LINE = 1 << 20
"""A JSON Lines line longer than this is one bad shoe, skipped without holding it."""


RESULTS_ONLY = "this shoe holds results only, and this needs cards"
"""What :meth:`Shoe.coups` says of a coup without its cards unless told otherwise."""


@dataclass(frozen=True, slots=True)
class Shoe:
    """One shoe of a log: where it is, its id, and its coups (or why they cannot be read)."""

    file: str
    id: str | int
    number: int
    """Position of the shoe in its file, from 1 (what ``--shoe N`` picks)."""
    line: int
    format: str
    records: tuple[Record, ...] | None = None
    """The coups as written; None when the whole file is this one shoe (read from ``source``)."""
    source: Any = None
    """The open log, rewound, when the file is one shoe."""
    error: RoadsError | None = None
    """Set when the shoe cannot be read at all; ``records`` is then empty."""
    archive: bool = False
    """True when the file holds shoes (errors then name the shoe)."""
    results: tuple[Outcome, ...] | None = None
    """A shoe logged as results: its outcomes as read, with no record a coup (the fast way for big archives)."""
    table: str | None = None
    """The table the log names for the shoe (a JSON Lines ``table`` field, a sheet's table column), if any."""
    date: str | None = None
    """The date the log names for the shoe (a ``date`` field or column), if any."""
    burned: str | None = None
    """The burned cards a JSON Lines shoe line names (its ``burned`` list, space-separated), if any."""
    decks: int | None = None
    """The decks the log names for the shoe (a ``decks`` field, column or header), if any."""
    seed: str | int | None = None
    """The seed the shoe was dealt from (a ``seed`` field, column or header), if any."""
    cut: int | None = None
    """Where the cut card was, in cards from the end (a ``cut`` field, column or header), if any."""
    split: bool = False
    """One shoe of a log of coups split by new-shoe records (a live table's log), not a line of its own."""
    extra: tuple[tuple[str, str], ...] = ()
    """The log's other keys for the shoe (a shoe line's other keys, a sheet's other columns): (name, text) pairs,
    names in lower case, what ``roads stats --hold --by COLUMN`` groups by."""

    def key(self, name: str) -> str | None:
        """Return what the log says for ``name`` (a field such as table or date, or any other key), None if nothing."""
        if name in FIELDS:
            value = getattr(self, name)
            return None if value is None else str(value)
        return dict(self.extra).get(name)

    def fields(self) -> dict[str, object]:
        """Return the fields the log gives this shoe (roads.logs.fields.FIELDS order), burned cards as a list."""
        out: dict[str, object] = {key: getattr(self, key) for key in FIELDS if getattr(self, key) is not None}
        if "burned" in out:
            out["burned"] = str(out["burned"]).split()
        return out

    def label(self) -> str:
        """Return how messages name the shoe: ``shoes.jsonl, shoe 'A7'`` or just the file."""
        return f"{self.file}, shoe {_shown(self.id)}" if self.archive else self.file

    def head(self) -> str:
        """Return the first text of a one-shoe file (its header comments, for ``check --decks``); '' otherwise."""
        head = getattr(self.source, "head", None)
        if isinstance(head, bytes):
            return head.decode("utf-8-sig", errors="replace")
        return head if isinstance(head, str) else ""

    def burned_text(self) -> str | None:
        """Return the burned cards the log names for this shoe as written (a shoe line's ``burned``, a one-shoe
        file's ``# burned:`` header or JSON ``"burned"`` key), None when it names none."""
        return self.burned

    def named_decks(self) -> int | None:
        """Return the decks the log names for this shoe (a shoe line's ``decks``, a one-shoe file's ``# decks:``
        header or JSON ``"decks"`` key), None when it names none."""
        return self.decks

    def burned_cards(self) -> tuple[Card, ...]:
        """Return the burned cards the log names for this shoe (none when it names none); LogError if not cards."""
        text = self.burned_text()
        if text is None:
            return ()
        tokens = re.findall(r"[^\s,\[\]\"']+", text)
        if len(tokens) > MAX_BURN:
            raise LogError(f"the log burns {len(tokens)} cards: a shoe burns at most {MAX_BURN}", file=self.file)
        try:
            return tuple(parse_card(token) for token in tokens)
        except CardError as exc:
            raise LogError(f"the burned cards are not cards: {exc.message}", file=self.file) from None

    def iter_records(self) -> Iterator[Record]:
        """Return the shoe's coups as written, before the rules check them."""
        if self.results is not None:
            return (Record(self.line, n, outcome=o) for n, o in enumerate(self.results, 1))
        if self.records is not None:
            return iter(self.records)
        from .reader import _records

        return _records_of(self, _records)

    def entries(self) -> Iterator[Entry]:
        """Return the shoe's coups checked by the rules; a broken one raises its located error."""
        for record in self.iter_records():
            yield to_entry(record, self.file)

    def outcome_batches(self) -> Iterator[list[Outcome]]:
        """Return the shoe's outcomes a batch at a time (a one-shoe results file takes the fast path)."""
        if self.results is not None:
            return iter([list(self.results)])
        if self.source is not None:
            from .reader import outcome_batches

            return outcome_batches(self.source, self.format)
        return iter([[entry.outcome for entry in self.entries()]])

    def outcomes(self) -> list[Outcome]:
        """Return every outcome of the shoe, in order."""
        return list(itertools.chain.from_iterable(self.outcome_batches()))

    def coups(self, refusal: str = RESULTS_ONLY, entries: Iterable[Entry] | None = None) -> list[Coup]:
        """Return every coup of the shoe with its cards (``entries``: its coups already read, else read here).

        A coup logged as a result only is a LogError saying ``refusal`` (:func:`needs_cards` words it for a
        command) and naming its file, line and coup.
        """
        out = []
        for entry in self.entries() if entries is None else entries:
            if entry.coup is None:
                raise LogError(refusal, file=self.file, line=entry.line, coup=entry.number)
            out.append(entry.coup)
        return out


def needs_cards(needs: str) -> str:
    """Return the refusal of a results log by a reader that ``needs`` every coup's cards
    (``roads exposure needs``, ``roads stats --integrity reads``)."""
    return (
        f"this log holds results only, and {needs} the cards of every coup "
        "(a cards, stream, JSON or JSON Lines log with cards)"
    )


_HEADER = re.compile(r"^[ \t]*#[ \t]*(" + "|".join(FIELDS) + r")[ \t]*[:=][ \t]*(.*?)[ \t\r]*$", re.M | re.I)
_JSON_KEY = re.compile(r'"(' + "|".join(FIELDS) + r')"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?[0-9]{1,20}\b|\[[^\]]*\])')


def header_fields(shoe: Shoe) -> Shoe:
    """Return a one-shoe log's Shoe with the fields its header names (``# date: ...``, a JSON log's top keys).

    The first of each key counts; a bad date makes the shoe one that cannot be read, at the header's line.
    """
    head = shoe.head()
    raw: dict[str, object] = {}
    lines: dict[str, int] = {}
    for found in itertools.chain(_HEADER.finditer(head), _JSON_KEY.finditer(head) if shoe.format == "json" else ()):
        key = found.group(1).lower()
        if key in raw:
            continue
        text = found.group(2)
        if found.re is _JSON_KEY:
            import json  # deferred: only a JSON log's top keys are decoded

            try:
                raw[key] = json.loads(text)
            except ValueError:
                continue
        else:
            raw[key] = text
        lines[key] = head.count("\n", 0, found.start()) + 1
    if not raw:
        return shoe
    try:
        return replace(shoe, **shoe_fields(raw, shoe.file, lines.get("date")))
    except LogError as exc:
        return replace(shoe, error=exc)


def _records_of(shoe: Shoe, records: Any) -> Iterator[Record]:
    from .reader import _detect, counted

    found, sample, stream = _detect(Opened(shoe.file, shoe.source, _binary(shoe.source)), shoe.format)
    # Counted: a file of no coups is the same error everywhere (convert used to write an empty sheet, exit 0).
    yield from counted(records(itertools.chain(sample, stream), found, shoe.file, False), sample, shoe.file, found)


def _binary(stream: Any) -> bool:
    return isinstance(stream.read(0), bytes)


def _shown(shoe_id: str | int) -> str:
    return str(shoe_id) if isinstance(shoe_id, int) else f"'{excerpt(one_line(shoe_id))}'"


class _Tape:
    """A stream that keeps what detection reads, to give it back to the reader that follows.

    Detection reads past every line that says nothing (millions of blank
    lines, say), so a line read again and again is kept once with its count:
    memory holds the different lines, not the bytes. Runs of blank lines are
    read (and kept) a buffer at a time when the stream can tell them.
    """

    __slots__ = ("_blank", "blank_run", "keeping", "stream", "taken")

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.taken: list[list[Any]] = []
        """[line, times read in a row] pairs."""
        self.keeping = True
        self._blank = blank_run(stream)
        self.blank_run = self._kept_blank if self._blank is not None else None

    def readline(self, size: int) -> Any:
        """Return the stream's next line (at most ``size``), kept while detection reads."""
        line = self.stream.readline(size)
        if self.keeping:
            self._keep(line, 1)
        return line

    def _kept_blank(self) -> Any:
        assert self._blank is not None
        run = self._blank()
        if run and self.keeping:
            self._keep_lines(run)
        return run

    def _keep(self, line: Any, times: int) -> None:
        if self.taken and self.taken[-1][0] == line:
            self.taken[-1][1] += times
        else:
            self.taken.append([line, times])

    def _keep_lines(self, run: Any) -> None:
        """Keep whole lines read at once: one entry when they are all the same line (the usual blank run)."""
        newline = b"\n" if isinstance(run, bytes) else "\n"
        first = run[: run.find(newline) + 1]
        times = run.count(first)
        if times * len(first) == len(run):  # disjoint copies covering all of it: the run is ``first`` repeated
            self._keep(first, times)
            return
        for line in run[:-1].split(newline):
            self._keep(line + newline, 1)

    def kept(self) -> Iterator[Any]:
        """Yield what was kept, a block at a time, never all of it at once."""
        for line, times in self.taken:
            left = times
            while left:
                run = min(left, max(1, (1 << 16) // max(1, len(line))))
                yield line * run
                left -= run


class Rewound:
    """A stream from its start again: what detection read (given a block at a time), then the rest of the stream."""

    def __init__(self, head: Any, stream: Any, name: str, more: Iterator[Any] | None = None) -> None:
        self._block = head
        self._at = 0
        """Where the unread part of ``_block`` starts: lines are taken by moving it, never by copying the rest."""
        self._more: Iterator[Any] = more if more is not None else iter(())
        self._newline = b"\n" if isinstance(head, bytes) else "\n"
        self.stream = stream
        self.name = name
        self._blank = blank_run(stream)

    def _ready(self) -> bool:
        """Return True when ``_block`` has unread text, taking the next kept block if needed."""
        while self._at >= len(self._block):
            block = next(self._more, None)
            if block is None:
                return False
            self._block, self._at = block, 0
        return True

    @property
    def head(self) -> Any:
        """Return what is left of what detection read, at least one block of it while any is left."""
        self._ready()
        return self._block[self._at :]

    def read(self, size: int = -1) -> Any:
        """Return up to ``size`` characters or bytes (all when negative)."""
        empty = self._block[:0]
        if size == 0:
            return empty
        if size < 0:
            out = self._block[self._at :] + empty.join(self._more) + self.stream.read()
            self._block, self._at = empty, 0
            return out
        parts = []
        wanted = size
        while wanted and self._ready():
            part = self._block[self._at : self._at + wanted]
            self._at += len(part)
            wanted -= len(part)
            parts.append(part)
        if wanted:
            parts.append(self.stream.read(wanted))
        return empty.join(parts)

    def readline(self, size: int = -1) -> Any:
        """Return the next line, at most ``size``."""
        if not self._ready():
            return self.stream.readline(size)
        block, at = self._block, self._at
        limit = len(block) if size < 0 else min(len(block), at + size)
        end = block.find(self._newline, at, limit) + 1 or limit
        line = block[at:end]
        self._at = end
        if (
            end == len(block)
            and not line.endswith(self._newline)
            and (size < 0 or len(line) < size)
            and not self._ready()
        ):
            line += self.stream.readline(size - len(line) if size >= 0 else -1)  # the line goes on in the stream
        return line

    def blank_run(self) -> Any:
        """Return the next whole blank lines, read at once ('' or b'' when the next line is not blank)."""
        if not self._ready():
            return self._blank() if self._blank is not None else self._block[:0]
        end = blank_prefix(self._block, self._at)
        run = self._block[self._at : end]
        self._at = end
        return run


@contextmanager
def open_archive(source: LogSource, fmt: str | None = None) -> Iterator[Iterator[Shoe]]:
    """Yield the shoes of a log as they are read; errors of one shoe are carried by it, not raised.

    A log that cannot be opened or has no data raises its LogError here.
    """
    with open_source(source) as opened:
        from .reader import _detect

        tape = _Tape(opened.stream)
        found, sample, stream = _detect(Opened(opened.name, tape, opened.binary), fmt)
        tape.keeping = False  # an archive read on must not be kept whole
        name = opened.name
        if found == "jsonl" and holds_shoes(sample):
            yield _numbered(_json_shoes(itertools.chain(sample, stream), name), name)
            return
        breaks = found == "jsonl" and _has_breaks(opened.stream, sample)
        if found == "csv":
            from .csvlog import csv_layout, csv_rows

            layout = csv_layout(sample, name)
            if layout is not None and layout.has_shoes:
                yield _numbered(_sheet_shoes(csv_rows(itertools.chain(sample, stream), name), name), name)
                return
        empty = b"" if opened.binary else ""
        kept = tape.kept()
        first = []  # the log's first text whole (its header, for check), up to a block; the rest comes lazily
        size = 0
        for block in kept:
            first.append(block)
            size += len(block)
            if size >= 1 << 16:
                break
        rewound = Rewound(empty.join(first), opened.stream, name, kept)
        stem = Path(name).stem if name != "<stdin>" else "stdin"
        whole = header_fields(Shoe(name, stem, 1, 1, found, source=rewound))
        if breaks:
            shoes = _break_shoes(itertools.chain(sample, stream), name, whole)
            yield _numbered(shoes, name)
            return
        yield iter([whole])


def _numbered(shoes: Iterator[Shoe], name: str) -> Iterator[Shoe]:
    """Yield the shoes numbered from 1; an id seen before is reported, and both shoes are kept.

    Each id seen costs one small dict entry (its hash, and where it first came),
    not the id itself; past SEEN_MOST shoes repeated ids are no longer looked for.
    """
    seen: dict[int, int] = {}
    for number, shoe in enumerate(shoes, 1):
        key = hash((type(shoe.id).__name__, shoe.id))
        first = seen.get(key)
        if first is not None and shoe.error is None:
            logger().warning(
                "%s, line %d: shoe %s appears twice (first as shoe %d, line %d): both are kept, "
                "as shoes %d and %d (pick one with --shoe %d)",
                name,
                shoe.line,
                _shown(shoe.id),
                first >> 32,
                first & 0xFFFFFFFF,
                first >> 32,
                number,
                number,
            )
        elif first is None and len(seen) < SEEN_MOST:
            seen[key] = (number << 32) | min(shoe.line, 0xFFFFFFFF)
        yield replace(shoe, number=number, source=None, archive=True)


def _lines(stream: Iterator[Chunk], name: str) -> Iterator[tuple[int, list[Chunk]]]:
    """Yield each line's chunks; a line over MAX_LINE stops the file (where the next shoe starts is unknown)."""
    parts: list[Chunk] = []
    size = 0
    for chunk in stream:
        parts.append(chunk)
        size += len(chunk.text)
        if size > MAX_LINE:
            raise too_long(
                MAX_LINE, "one shoe line is never this big, and the shoes after it cannot be found", name, chunk
            )
        if chunk.end:
            yield chunk.line, parts
            parts, size = [], 0


def _json_shoes(stream: Iterator[Chunk], name: str) -> Iterator[Shoe]:
    from .jsonlog import json_lines

    for line, parts in _lines(stream, name):
        try:
            values = list(json_lines(iter(parts), name))
        except RoadsError as exc:
            yield Shoe(name, f"line {line}", 0, line, "jsonl", (), error=exc)
            continue
        for at, value in values:
            yield _json_shoe(value, at, name)


def _json_shoe(value: object, line: int, name: str) -> Shoe:
    """Return one shoe line as a Shoe: its coups as written, or the reason it cannot be read."""
    from .jsonlog import coup_record, shoe_line

    shoe_id: str | int = value.get("shoe", f"line {line}") if isinstance(value, dict) else f"line {line}"
    if not isinstance(shoe_id, (str, int)) or isinstance(shoe_id, bool):
        shoe_id = f"line {line}"
    try:
        envelope, raw_coups = shoe_line(value, line, name)
        shoe_id = envelope.shoe
        assert isinstance(value, dict)  # shoe_line refuses anything else
        fields = shoe_fields(value, name, line)
        if envelope.results is not None:
            try:
                found = parse_results(envelope.results, file=name, line=line, column=1)
            except LogError as exc:
                exc.message = f'"results" character {exc.column}: {exc.message}'
                exc.column = None
                raise exc.located(file=name, line=line) from None
            if not found:
                raise LogError(f"shoe {excerpt(repr(envelope.shoe))} has no coups", file=name, line=line)
            return Shoe(name, shoe_id, 0, line, "jsonl", (), results=tuple(outcome for _, outcome in found), **fields)
        records = tuple(coup_record(raw, line, n, name) for n, raw in enumerate(raw_coups or (), 1))
        if not records:
            raise LogError(f"shoe {excerpt(repr(envelope.shoe))} has no coups", file=name, line=line)
    except RoadsError as exc:
        return Shoe(name, shoe_id, 0, line, "jsonl", (), error=exc)
    return Shoe(name, shoe_id, 0, line, "jsonl", records, **fields)


_BREAK = NEW_SHOE_MARK
"""What a new-shoe record holds, looked for before a JSON Lines log of coups is read as one shoe."""

MAX_SHOE_LINES = 1 << 16
"""Lines of one shoe of a log of coups with new-shoe records: a shoe is held whole, so it is bounded."""


def _has_breaks(stream: Any, sample: list[Chunk]) -> bool:
    """Return whether a JSON Lines log of coups holds a new-shoe record (``{"new_shoe": N}``).

    The sample is looked at first; a file that can seek is scanned a block at a time and put back
    where it was, so a log without one is read as one streamed shoe, exactly as before.
    """
    if any(_BREAK in chunk.text for chunk in sample):
        return True
    try:
        if not stream.seekable():
            return False
        at = stream.tell()
    except (AttributeError, OSError, ValueError):
        return False
    wanted: Any = _BREAK.encode() if isinstance(stream.read(0), bytes) else _BREAK
    try:
        stream.seek(0)
        tail = wanted[:0]
        while True:
            block = stream.read(1 << 20)
            if not block:
                return False
            if wanted in tail + block:
                return True
            tail = block[-len(wanted) :]
    finally:
        stream.seek(at)


def _break_shoes(stream: Iterator[Chunk], name: str, whole: Shoe) -> Iterator[Shoe]:
    """Yield the shoes of a JSON Lines log of coups split by new-shoe records (a live table's log).

    Shoe 1 starts with the log (a ``{"new_shoe": N}`` before any coup numbers the first shoe and names its
    burned cards: a log whose older shoes were rotated away); each later record starts shoe N, the one
    before plus one. Undo records act within their shoe. Every shoe
    has the fields the log's header names (decks, rules...), and the burned cards of its own record.
    """
    from .jsonlog import json_lines
    from .undo import new_shoe

    fields = {key: getattr(whole, key) for key in FIELDS if key != "burned"}
    number, line, burned = 1, 0, whole.burned
    values: list[tuple[int, Any]] = []
    error: RoadsError | None = whole.error
    first = True
    for at, parts in _lines(stream, name):
        try:
            found = list(json_lines(iter(parts), name))
            record = new_shoe(found[0][1]) if found else None
        except RoadsError as exc:
            error = error or exc.located(file=name, line=at)
            continue
        if record is None:
            if not found:
                continue  # a comment or a blank line: the log's header, or nothing
            if len(values) >= MAX_SHOE_LINES:
                error = error or LogError(f"shoe {number} runs past {MAX_SHOE_LINES} lines", file=name, line=at)
            elif error is None:
                values.extend(found)
            line = line or at
            first = False
            continue
        if first:
            number, first, line = record.new_shoe, False, at
            burned = " ".join(record.burned) if record.burned else burned
            continue
        yield _break_shoe(name, number, line, values, error, fields, burned)
        if record.new_shoe != number + 1:
            error = LogError(
                f"new shoe {record.new_shoe} after shoe {number}: the next is {number + 1}", file=name, line=at
            )
        else:
            error = whole.error
        number, line, values = record.new_shoe, at, []
        burned = " ".join(record.burned) if record.burned else None
    yield _break_shoe(name, number, line, values, error, fields, burned)


def _break_shoe(
    name: str,
    number: int,
    line: int,
    values: list[tuple[int, Any]],
    error: RoadsError | None,
    fields: dict[str, Any],
    burned: str | None,
) -> Shoe:
    """Return one shoe of a log split by new-shoe records: its coups with its undos honoured, or its error."""
    from .jsonlog import coup_record
    from .undo import honour_undo

    if error is None:
        try:
            records = tuple(honour_undo(iter(values), lambda v, at, n: coup_record(v, at, n, name), name))
            if not records:
                raise LogError(f"shoe {number} has no coups", file=name, line=line or None)
        except RoadsError as exc:
            error = exc
    if error is not None:
        return Shoe(name, number, 0, line, "jsonl", (), error=error, split=True)
    return Shoe(name, number, 0, line, "jsonl", records, **fields, burned=burned, split=True)


def _sheet_shoes(rows: Iterator[Any], name: str) -> Iterator[Shoe]:
    """Group a spreadsheet's rows into shoes by its shoe column; a bad row fails its shoe only."""
    current: str | None = None
    line = 0
    records: list[Record] = []
    error: RoadsError | None = None
    started = False
    tags: dict[str, str] = {}
    for row in rows:
        if not started or (row.shoe is not None and row.shoe != current):
            if started:
                yield _sheet_shoe(name, current, line, records, error, tags)
            current, line, records, error, started = row.shoe, row.line, [], None, True
            tags = row.fields
        if error is not None:
            continue
        if row.error is not None:
            error = row.error
            continue
        records.append(row.record)
    if started:
        yield _sheet_shoe(name, current, line, records, error, tags)


_SHOE_NUMBER = re.compile("[1-9][0-9]*")
"""A sheet's shoe cell read as a number: ASCII digits, no leading zero (``007`` stays the text it is)."""


def _sheet_shoe(
    name: str,
    shoe: str | None,
    line: int,
    records: list[Record],
    error: RoadsError | None,
    tags: dict[str, str] | None = None,
) -> Shoe:
    shoe_id: str | int = shoe if shoe else f"line {line}"
    if isinstance(shoe_id, str) and _SHOE_NUMBER.fullmatch(shoe_id):
        try:
            shoe_id = int(number_text(shoe_id, "a shoe number"))  # a sheet's "3" is the shoe JSON Lines calls 3
        except TooLong as exc:
            error = LogError(str(exc), file=name, line=line)
            shoe_id = f"line {line}"
    if error is None:
        try:
            fields = shoe_fields(tags or {}, name, line)
        except LogError as exc:
            error = exc
    if error is not None:
        return Shoe(name, shoe_id, 0, line, "csv", (), error=error)
    return Shoe(name, shoe_id, 0, line, "csv", tuple(records), **fields)


def iter_shoes(source: LogSource, fmt: str | None = None) -> Iterator[ShoeLog]:
    """Return a lazy iterator of the shoes of a log: JSON Lines of shoes, or a spreadsheet with a shoe column.

    Any other log reads as a single shoe whose id is the file's stem. ``fmt``
    forces a format; ``jsonl`` still reads shoe lines when the first line is one.
    The first shoe that cannot be read raises its error (``open_archive``
    carries it instead, and goes on).
    """
    from .reader import EMPTY

    with open_archive(source, fmt) as shoes:
        for shoe in shoes:
            if shoe.error is not None:
                raise shoe.error
            if shoe.results is not None:
                yield ShoeLog(shoe.id, shoe.results, None, shoe.line)
                continue
            entries = list(shoe.entries())
            if not entries:
                raise LogError(EMPTY, file=shoe.file)
            with_cards = tuple(e.coup for e in entries if e.coup is not None)
            yield ShoeLog(
                shoe.id,
                tuple(e.outcome for e in entries),
                with_cards if len(with_cards) == len(entries) else None,
                shoe.line if shoe.archive else entries[0].line,
            )
