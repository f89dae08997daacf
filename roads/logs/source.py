"""Opening a log and reading it in bounded, decoded, located pieces.

Logs can be hundreds of MB and a raw card stream may sit on one line, so
nothing here reads more than CHUNK bytes at once: long lines arrive as several
chunks, each knowing its line and column.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

from ..errors import LogError

CHUNK = 1 << 16
"""Most bytes (or characters) read at once; tests shrink it to exercise every split."""

SAMPLE_CHARS = 1 << 18
"""Most characters looked at to choose a format or a sheet's columns (a stream may be one enormous line)."""
MAX_WORD = 1 << 20
"""A run of text with no separator longer than this is not a shoe log (and must not eat memory)."""

LogSource = str | os.PathLike[str] | IO[str] | IO[bytes]
"""A path, ``"-"`` for stdin, or an open text or binary stream."""

_SEPARATORS = " \t\r\f\v,|:"
_BLANK = re.compile(rb"[ \t\r\n]*")
_BLANK_TEXT = re.compile(r"[ \t\r\n]*")
"""What chunks() reads past as blank: spaces, tabs and line breaks (blank to every format, JSON included)."""

BlankRun = Callable[[], Any]
"""Reads the stream's next whole blank lines at once and returns them (empty when the next line is not blank)."""
_LETTERS = "BPTbpt"


@dataclass(slots=True)
class Opened:
    """An open log: the name errors use and a stream with ``readline(size)``."""

    name: str
    stream: Any
    binary: bool


@contextmanager
def open_source(source: LogSource) -> Iterator[Opened]:
    """Yield the opened log for a path, ``"-"`` (stdin) or a text or binary stream; close what we opened."""
    if isinstance(source, (str, os.PathLike)):
        if str(source) == "-":
            stdin = sys.stdin
            if stdin is None or getattr(stdin, "closed", False):
                # `roads build - <&-`: Python sets sys.stdin to None when file descriptor 0 is closed.
                raise LogError("standard input is closed: give a file, or pipe a log in", file="<stdin>")
            buffer = getattr(stdin, "buffer", None)
            yield Opened("<stdin>", buffer if buffer is not None else stdin, buffer is not None)
            return
        name = os.fspath(source)
        with _open_file(name) as handle:
            yield Opened(name, handle, True)
        return
    if not hasattr(source, "readline"):
        raise LogError(f"cannot read a log from {type(source).__name__}: give a path, '-' or a stream")
    label = getattr(source, "name", None)
    probe = source.read(0)
    yield Opened(label if isinstance(label, str) else "<stream>", source, isinstance(probe, bytes))


@dataclass(frozen=True, slots=True)
class Chunk:
    """Part or all of one line of a log, decoded, without its line break."""

    line: int
    column: int
    """Column (from 1, in characters) of ``text[0]``."""
    text: str
    end: bool
    """True when this chunk finishes its line."""


def _open_file(name: str) -> IO[bytes]:
    """Return the named log opened for binary reading; a file that cannot be opened is a LogError."""
    try:
        return open(name, "rb")
    except FileNotFoundError:
        raise LogError("no such file", file=name) from None
    except IsADirectoryError:
        raise LogError("is a folder, not a log", file=name) from None
    except OSError as exc:
        raise LogError(f"cannot read: {exc.strerror or exc}", file=name) from None


def chunks(opened: Opened) -> Iterator[Chunk]:
    """Yield the log as chunks of at most CHUNK bytes, decoding UTF-8 and naming the line of bad bytes.

    A blank line (nothing but spaces and tabs before its line break) yields no chunk at
    all: it says nothing, and the next chunk's line number already tells where
    it is. So millions of blank lines cost no memory, and little time: past the first,
    a buffered file gives them a buffer at a time (see :func:`blank_run`).
    """
    decoder = codecs.getincrementaldecoder("utf-8-sig")("strict") if opened.binary else None
    newline = b"\n" if opened.binary else "\n"
    spaces = b" \t\r\n" if opened.binary else " \t\r\n"  # blank to every format, JSON included
    line, column = 1, 1
    stream_readline = opened.stream.readline
    take_blank = blank_run(opened.stream)

    def readline(size: int) -> Any:
        # Opening can succeed where reading fails (/proc/self/mem, a disk error, a closed stream).
        try:
            return stream_readline(size)
        except (OSError, ValueError) as exc:
            raise _unreadable(exc, opened.name, line) from None

    def blank_lines() -> int:
        # Past a blank line, the ones after it are read a buffer at a time, not one call each.
        assert take_blank is not None
        count = 0
        try:
            while run := take_blank():
                count += run.count(newline)
        except (OSError, ValueError) as exc:
            raise _unreadable(exc, opened.name, line + count) from None
        return count

    # One read of lookahead, so the last line is marked as ending even without a final newline.
    raw = readline(CHUNK)
    started = False  # the first line always goes through the decoder, which takes off a byte order mark
    while raw:
        if started and column == 1 and raw[-1:] == newline and not raw.strip(spaces):
            line += 1
            if take_blank is not None:
                line += blank_lines()
            raw = readline(CHUNK)
            continue
        started = True
        following = readline(CHUNK)
        if decoder is not None:
            try:
                text = decoder.decode(raw, final=not following)
            except UnicodeDecodeError as exc:
                raise _not_utf8(exc, opened.name, line, column) from None
        else:
            text = raw
        ended = text.endswith("\n")
        if ended:
            text = text[:-1]
            if text.endswith("\r"):
                text = text[:-1]
        yield Chunk(line, column, text, ended or not following)
        if ended:
            line, column = line + 1, 1
        else:
            column += len(text)
        raw = following


def blank_run(stream: Any) -> BlankRun | None:
    """Return how to read a stream's next blank lines a buffer at a time, or None when it cannot say without reading.

    A buffered binary file peeks at its buffer; the wrappers of this package
    (which keep or replay what they read) say it with a ``blank_run`` attribute.
    """
    if hasattr(stream, "blank_run"):
        return stream.blank_run  # type: ignore[no-any-return]
    if not isinstance(stream, io.BufferedReader):
        return None
    peek, read = stream.peek, stream.read

    def take() -> bytes:
        cut = blank_prefix(peek(CHUNK))
        return read(cut) if cut else b""

    return take


def blank_prefix(text: Any, start: int = 0) -> int:
    """Return where the whole blank lines at ``text[start:]`` end (``start`` when its first line is not blank)."""
    binary = isinstance(text, (bytes, bytearray))
    found = (_BLANK if binary else _BLANK_TEXT).match(text, start)
    end = found.end() if found else start
    return text.rfind(b"\n" if binary else "\n", start, end) + 1 or start


def too_long(limit: int, why: str, name: str, chunk: Chunk) -> LogError:
    """Return the error for a line past ``limit`` characters, buffered whole before it is read: ``why`` says why."""
    return LogError(f"a line longer than {limit} characters: {why}", file=name, line=chunk.line)


def _unreadable(exc: OSError | ValueError, name: str, line: int) -> LogError:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return LogError(f"cannot read: {reason}", file=name, line=line)


def _not_utf8(exc: UnicodeDecodeError, name: str, line: int, column: int) -> LogError:
    bad = exc.object[exc.start : exc.end]
    before = bytes(exc.object[: exc.start]).decode("utf-8", "replace")
    if "\n" in before:
        line += before.count("\n")
        column = 1
        before = before.rsplit("\n", 1)[1]
    return LogError(
        f"bytes that are not UTF-8 ({bytes(bad).hex(' ')}): save the log as UTF-8 text",
        file=name,
        line=line,
        column=column + len(before),
    )


@dataclass(frozen=True, slots=True)
class Piece:
    """Data text of a line (comments removed), split only where no token is cut."""

    line: int
    column: int
    text: str
    end: bool


def pieces(source_chunks: Iterator[Chunk], name: str) -> Iterator[Piece]:
    """Yield the data of each line without ``#`` comments, never cutting a token or a result in two."""
    carry = ""
    carry_column = 1
    in_comment = False
    for chunk in source_chunks:
        if in_comment:
            if chunk.end:
                in_comment = False
                yield Piece(chunk.line, chunk.column, "", True)
            continue
        text = chunk.text
        hash_at = text.find("#")
        if hash_at >= 0:
            text = text[:hash_at]
            in_comment = not chunk.end
        start = carry_column if carry else chunk.column
        data = carry + text if carry else text
        carry = ""
        if chunk.end or in_comment:
            yield Piece(chunk.line, start, data, chunk.end)
            continue
        cut = safe_cut(data)
        if cut > 0:
            yield Piece(chunk.line, start, data[:cut], False)
        carry, carry_column = data[cut:], start + cut
        if len(carry) > MAX_WORD:
            raise LogError(
                f"more than {MAX_WORD} characters with no space or comma: this is not a shoe log",
                file=name,
                line=chunk.line,
                column=carry_column,
            )


def safe_cut(data: str) -> int:
    """Return where a line's partial text can be cut without splitting a card token or a result."""
    # Never inside a marker group, even at a space in it (B[b n] is wrong, but its error must
    # be reported the same whatever the chunk size): cut before the group's result letter.
    opening, closing = data.rfind("["), data.rfind("]")
    if opening > closing:
        return max(opening - 1, 0)
    end = len(data)
    while True:
        cut = max(data.rfind(sep, 0, end) for sep in _SEPARATORS)
        if cut < 0:
            break
        if data.rfind("[", 0, cut) > data.rfind("]", 0, cut):
            end = data.rfind("[", 0, cut)  # that separator sits in a group: look before the group
            continue
        return cut + 1
    # A plain run of results (BPPTB...) has no separator outside a group: cut before a result letter.
    letter = max(data.rfind(ch) for ch in _LETTERS)
    return letter if letter > closing else closing + 1


class LineBuffer(io.TextIOBase):
    """A text stream over an iterator of lines (for tests and callers holding text, not files)."""

    def __init__(self, lines: Iterator[str], name: str = "<lines>") -> None:
        self._lines = lines
        self._pending = ""
        self._name = name

    @property
    def name(self) -> str:
        """Return the name errors will use."""
        return self._name

    def readable(self) -> bool:
        """Return True: this stream can be read."""
        return True

    def read(self, size: int | None = -1) -> str:
        """Return up to ``size`` characters (all when negative)."""
        if size == 0:
            return ""
        out: list[str] = []
        while size is None or size < 0 or sum(map(len, out)) < size:
            piece = self.readline(-1 if size is None or size < 0 else size - sum(map(len, out)))
            if not piece:
                break
            out.append(piece)
        return "".join(out)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        """Return the next line, or at most ``size`` characters of it."""
        if not self._pending:
            self._pending = next(self._lines, "")
        limit = len(self._pending) if size is None or size < 0 else size
        newline = self._pending.find("\n", 0, limit)
        cut = newline + 1 if newline >= 0 else min(limit, len(self._pending))
        out, self._pending = self._pending[:cut], self._pending[cut:]
        return out
