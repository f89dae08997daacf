"""The results fast path: a results log read a block of whole lines at a time.

Only outcomes come out (no Entry a coup). A block with anything to locate (a
typo, a marker group, a row number) is read again line by line the exact way
(:func:`roads.logs.results.result_entries`), so errors are the same as there.
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Iterator
from typing import Any

from ..errors import LogError
from ..outcome import Outcome
from . import source
from .results import block_outcomes, result_entries
from .source import Chunk, Opened, _not_utf8, blank_run, chunks, pieces, safe_cut

BATCH = 4096
"""Outcomes handed on at once when a block is read the exact way."""

BLOCK = 1 << 20
"""Characters (or bytes) of a results log read at once on the fast path; tests shrink it."""

LONG_LINE = 1 << 20
"""Characters of one unfinished line held before the fast path cuts it between results."""


class Tap:
    """A stream that remembers the last line chunks() read ahead, so the fast path can take over after it."""

    __slots__ = ("blank_run", "last", "stream")

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.last: Any = None
        self.blank_run = blank_run(stream)
        """Blank lines read at once pass through: chunks() always reads a line after them, and that one is ``last``."""

    def readline(self, size: int) -> Any:
        """Return the stream's next line (at most ``size``), remembered."""
        self.last = self.stream.readline(size)
        return self.last


class _Replay:
    """A stream that gives back text already read, then goes on with the rest of another stream."""

    __slots__ = ("head", "stream")

    def __init__(self, head: Any, stream: Any) -> None:
        self.head = head
        self.stream = stream

    def readline(self, size: int) -> Any:
        """Return the next line, at most ``size``, from what was given back first."""
        head = self.head
        if not head:
            return self.stream.readline(size)
        end = head.find(b"\n" if isinstance(head, bytes) else "\n", 0, size) + 1 or min(size, len(head))
        line, self.head = head[:end], head[end:]
        if not self.head and end < size and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
            line += self.stream.readline(size - end)
        return line


def results_batches(opened: Opened, tap: Tap, sample: list[Chunk], stream: Iterator[Chunk]) -> Iterator[list[Outcome]]:
    """Yield the outcomes of a results log: the sampled lines the exact way, then whole blocks of lines.

    A block that :func:`block_outcomes` cannot read is read line by line the
    exact way, which raises the error where the mistake is; so does the rest of
    a line too long to hold that cannot be cut between results.
    """
    name = opened.name
    if not sample:
        return  # nothing but blank lines and comments
    last = sample[-1]

    def through_line() -> Iterator[Chunk]:
        # The sample may stop inside a line: finish it the exact way, chunk by chunk, never holding it whole.
        nonlocal last
        yield from sample
        while not last.end:
            chunk = next(stream, None)
            if chunk is None:
                return
            last = chunk
            yield chunk

    entries = result_entries(pieces(through_line(), name), name)
    number = 0
    while sampled := [outcome for _, outcome in itertools.islice(entries, BATCH)]:
        number += len(sampled)
        yield sampled
    # chunks() has read one line past what it gave out: the fast path starts with that line.
    left = tap.last
    if not left:
        return
    binary = opened.binary
    decoder = codecs.getincrementaldecoder("utf-8")("strict") if binary else None
    line, column = last.line + 1, 1  # where ``text`` starts
    text = ""
    while True:
        more = _read(opened, line)
        final = not more
        raw = left + more if left else more
        left = None
        if decoder is None:
            text += raw
        else:
            try:
                text += decoder.decode(raw, final)
            except UnicodeDecodeError as exc:
                good = bytes(exc.object[: exc.start]).decode("utf-8")
                at = _advance(line, column, text)
                text += good
                cut = text.rfind("\n") + 1
                if cut:
                    yield _block(text[:cut], line, column, number, name, binary, False)
                raise _not_utf8(exc, name, *at) from None
        cut = len(text) if final else text.rfind("\n") + 1
        if cut:
            batch = _block(text[:cut], line, column, number, name, binary, final)
            number += len(batch)
            yield batch
            line, column = _advance(line, column, text[:cut])
            text = text[cut:]
        elif len(text) > LONG_LINE:
            # One line longer than we hold: cut it between results where the exact reader would.
            cut = safe_cut(text) if "#" not in text else 0
            found = block_outcomes(text[:cut]) if cut > 0 else None
            if found is None:
                rest = text.encode("utf-8") + decoder.getstate()[0] if decoder is not None else text
                yield from _exact_batches(opened, rest, line, column, number)
                return
            number += len(found)
            yield found
            column += cut
            text = text[cut:]
        if final:
            return


def _read(opened: Opened, line: int) -> Any:
    """Return the next BLOCK of the log ('' or b'' at its end); LogError if it cannot be read."""
    try:
        return opened.stream.read(BLOCK)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogError(f"cannot read: {reason}", file=opened.name, line=line) from None


def _advance(line: int, column: int, text: str) -> tuple[int, int]:
    """Return the (line, column) just after ``text``, which starts at (line, column)."""
    breaks = text.count("\n")
    if breaks:
        return line + breaks, len(text) - text.rfind("\n")
    return line, column + len(text)


def _block(text: str, line: int, column: int, number: int, name: str, binary: bool, final: bool) -> list[Outcome]:
    """Return the outcomes of whole lines of a results log; a line with a mistake raises its LogError."""
    found = block_outcomes(text)
    if found is not None:
        return found
    lines = list(_line_chunks(text, line, column, binary, final))
    return [outcome for _, outcome in result_entries(pieces(iter(lines), name), name, number + 1)]


def _line_chunks(text: str, line: int, column: int, binary: bool, final: bool) -> Iterator[Chunk]:
    """Yield the chunks chunks() makes of ``text``, whole lines read at most source.CHUNK at a time."""
    size = source.CHUNK
    rows = text.split("\n")
    if text.endswith("\n"):
        rows.pop()
    for i, row in enumerate(rows):
        ended = i < len(rows) - 1 or text.endswith("\n")
        raw = row + "\n" if ended else row
        if binary:
            data = raw.encode("utf-8")
            decoder = codecs.getincrementaldecoder("utf-8")("strict")
            parts = [decoder.decode(data[at : at + size], at + size >= len(data)) for at in range(0, len(data), size)]
        else:
            parts = [raw[at : at + size] for at in range(0, len(raw), size)] or [""]
        for j, raw_part in enumerate(parts):
            last = j == len(parts) - 1
            part = raw_part[:-1].removesuffix("\r") if last and ended else raw_part
            yield Chunk(line, column, part, last and (ended or final))
            column += len(part)
        line, column = line + 1, 1


def _exact_batches(opened: Opened, rest: Any, line: int, column: int, number: int) -> Iterator[list[Outcome]]:
    """Yield the outcomes of ``rest`` and the rest of the log, read the exact way; ``rest`` starts at (line, column)."""
    replay = chunks(Opened(opened.name, _Replay(rest, opened.stream), opened.binary))
    found = result_entries(pieces(_moved(replay, line, column), opened.name), opened.name, number + 1)
    while batch := [outcome for _, outcome in itertools.islice(found, BATCH)]:
        yield batch


def _moved(stream: Iterator[Chunk], line: int, column: int) -> Iterator[Chunk]:
    """Yield chunks counted from line 1, column 1 as if they started at (line, column); errors too."""

    def place(at_line: int, at_column: int) -> tuple[int, int]:
        return at_line + line - 1, at_column + (column - 1 if at_line == 1 else 0)

    while True:
        try:
            chunk = next(stream)
        except StopIteration:
            return
        except LogError as exc:  # a read or decoding error, located in the replayed text
            if exc.line is not None:
                moved_line, moved_column = place(exc.line, exc.column or 1)
                exc.line, exc.column = moved_line, moved_column if exc.column is not None else None
            raise
        yield Chunk(*place(chunk.line, chunk.column), chunk.text, chunk.end)
