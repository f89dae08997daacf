"""``--follow LOG``: a table that another program writes (a table system's JSON Lines or results log).

The file is polled on a thread of its own (:func:`.lanes.follow`), reading
only what was appended since the last look: only complete lines count, so a last line still being
written waits for its end. When the file shrinks, is replaced (another
inode), or its old text is no longer how it begins, a new shoe starts. A log
that grows something unreadable keeps the table as it was and says why on
standard error, once per problem; the server stays up. A log written as the
server writes its own (JSON Lines with ``{"new_shoe": N}`` records) is read as
the store reads a table's log: the lines after the last new-shoe record are the
current shoe, numbered N. A table plays the game its log's ``# game:`` header
names (the server's ``--game`` when it names none). Only a regular file
is followed: a path that becomes a FIFO, a device or a folder is no longer
followed (one line), and the server goes on.
"""

from __future__ import annotations

import asyncio
import io
import os
import stat
import sys
from pathlib import Path

from ..errors import RoadsError
from ..files import safe_stem
from ..logs.dragon_tiger import header_game
from ..logs.records import NEW_SHOE_MARK
from ..logs.undo import NewShoeRecord
from . import lanes
from .hub import Hub, event
from .store import NAME, Table, TableStore, coups_of, new_shoe_of

POLL = 0.2
"""Seconds between looks at a followed file."""

MAX_FOLLOWED = 64 << 20
"""Bytes of a followed log read at once: a shoe is a few KB; more is a problem to report, not to buffer."""

TAIL = 4096
"""Bytes before the end of what was read that are read again at each look: a log rewritten in place shows there."""


def irregular_kind(mode: int) -> str | None:
    """Return what a file of ``mode`` is when it is not a regular file ("a FIFO", "a device", ...), else None.

    Only a regular file is followed: a FIFO blocks its reader until a writer comes, a device such as
    /dev/zero never ends, a folder has no lines.
    """
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a socket" if stat.S_ISSOCK(mode) else "not a file"


def not_followable(path: str) -> str | None:
    """Return why ``path`` cannot be followed ("is a FIFO"), or None (a regular file, or nothing yet).

    Looked at without opening it, so a FIFO never blocks the check.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # not there yet: followed once it appears
    kind = irregular_kind(mode)
    return None if kind is None else f"is {kind}, not a regular file"


def follow_name(path: str, taken: set[str]) -> str:
    """Return the table name of a followed log: its file name's safe stem, made unique with -2, -3, ..."""
    stem = safe_stem(Path(path).stem, 60)
    stem = "".join(ch if NAME.fullmatch(ch) else "-" for ch in stem) or "followed"
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}"
    return name


_BREAK = NEW_SHOE_MARK.encode()


def current_shoe(text: bytes, name: str) -> tuple[bytes, NewShoeRecord | None]:
    """Return a followed log's current shoe and the new-shoe record that starts it (None in a log without one).

    The current shoe is the lines after the last ``{"new_shoe": N}`` record, as the store's loader reads a table's
    log (the record read by :func:`roads.logs.undo.new_shoe`); the log's header stays before it, and each line
    between is left blank, so the readers' errors name the file's own line numbers. LogError, naming its line,
    for a malformed new-shoe record.
    """
    end = len(text)
    while end > 0 and (at := text.rfind(_BREAK, 0, end)) >= 0:
        start = text.rfind(b"\n", 0, at) + 1
        stop = text.find(b"\n", at) + 1 or len(text)
        end = start
        record = new_shoe_of(text[start:stop].strip(), name, text.count(b"\n", 0, start) + 1)
        if record is None:
            continue  # not a record (a comment, a bad line): the shoe's reader says what is wrong with it
        head = _header_end(text)
        blanks = text.count(b"\n", head, stop)
        return text[:head] + b"\n" * blanks + text[stop:], record
    return text, None


def _header_end(text: bytes) -> int:
    """Return where a log's header (its comment and blank lines before the first data line) ends."""
    at = 0
    while at < len(text):
        stop = text.find(b"\n", at) + 1 or len(text)
        line = text[at:stop].strip()
        if line and not line.startswith(b"#"):
            break
        at = stop
    return at


def add_followed(store: TableStore, path: str) -> Table:
    """Add a read-only table to ``store`` for the log at ``path`` (read once now, then by :func:`watch`)."""
    name = follow_name(path, set(store.tables))
    table = Table(name, Path(path), store.rules, store.decks, store.game, followed=True)
    store.tables[name] = table
    return table


class Follower:
    """One followed log: where it was, what of it was read, what went wrong last."""

    def __init__(self, table: Table, fmt: str | None = None) -> None:
        self.table = table
        self.fmt = fmt
        """The followed log's format (None: detected, as every command detects it)."""
        self.game = table.game
        """The game of a log whose header names none (the server's ``--game``)."""
        self.text = b""
        """The complete lines of the log read so far (the table holds its header and current shoe)."""
        self.seen: tuple[int, int, int, int] | None = None
        self.inode: tuple[int, int] | None = None
        self.problem: str | None = None
        self.stopped = False
        """Whether the path stopped being a regular file: it is looked at no more."""

    def look(self) -> str | None:
        """Read what was appended since the last look; return what changed ("coup", "undo", "shoe"), or None.

        Only the bytes past the last complete line read are read again (and the few before it, to tell a
        log rewritten in place). A path that is no longer a regular file (a FIFO, a device, a folder put
        in its place) is no longer followed: one line says so and the table keeps what it had.
        """
        path = self.table.path
        assert path is not None
        if self.stopped:
            return None
        try:
            # Non-blocking: a FIFO put in the log's place opens at once (and is then refused), never hangs.
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return None  # not there yet, or being replaced: look again later
        try:
            return self._look(fd, os.fstat(fd))
        finally:
            os.close(fd)

    def _look(self, fd: int, st: os.stat_result) -> str | None:
        """Return what changed on the table from the open log ``fd`` (its status ``st``)."""
        path, table = self.table.path, self.table
        kind = irregular_kind(st.st_mode)
        if kind is not None:
            self.stopped = True
            print(
                f"roads: error: {path} is now {kind}, not a regular file: no longer followed "
                f"(table '{table.name}' kept as it was)",
                file=sys.stderr,
                flush=True,
            )
            return None
        seen = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if seen == self.seen:
            return None
        self.seen = seen
        if st.st_size > MAX_FOLLOWED:
            self._report(f"{path}: {st.st_size} bytes, more than a followed shoe log holds ({MAX_FOLLOWED})")
            return None
        inode = (st.st_dev, st.st_ino)
        read = len(self.text)
        same = self.inode == inode and st.st_size >= read and self._unchanged(fd, read)
        try:
            data = self.text + os.pread(fd, st.st_size - read, read) if same else os.pread(fd, st.st_size, 0)
        except OSError as exc:
            self._report(f"{path}: cannot read it: {exc.strerror or exc}")
            return None
        complete = data[: data.rfind(b"\n") + 1]
        replaced = (self.inode is not None and inode != self.inode) or not complete.startswith(self.text)
        self.inode = inode
        if complete == self.text and not replaced:
            return None
        try:
            game = header_game(io.BytesIO(complete), str(path)) or self.game
            shoe, record = current_shoe(complete, str(path))
            items = coups_of(shoe, str(path), self.fmt, game)
        except RoadsError as exc:
            self._report(str(exc))
            return None
        self.problem = None
        restarted = replaced and bool(self.text)
        number = record.new_shoe if record is not None else table.shoe + 1 if restarted else table.shoe
        change = "shoe" if restarted or number != table.shoe else "coup" if len(items) >= table.coups else "undo"
        self.text = complete
        table.text, table.whole, table.size, table.game = shoe, complete, len(complete), game
        table.shoe, table.burned = number, tuple(record.burned or ()) if record is not None else ()
        table.items = items
        table.changes += 1  # one change a look, as the hub numbers its events: the state's id names the same place
        return change

    def _unchanged(self, fd: int, read: int) -> bool:
        """Return whether the last bytes read are still where they were (the log grew, not rewritten)."""
        tail = min(read, TAIL)
        try:
            return os.pread(fd, tail, read - tail) == self.text[read - tail :]
        except OSError:
            return False

    def _report(self, problem: str) -> None:
        if problem != self.problem:
            print(f"roads: error: {problem} (table '{self.table.name}' kept as it was)", file=sys.stderr, flush=True)
        self.problem = problem


async def watch(followers: list[Follower], hub: Hub, interval: float = POLL) -> None:
    """Look at every followed log every ``interval`` seconds and push what changed, until cancelled."""
    while True:
        for follower in followers:
            change = await lanes.follow(follower.look)
            if change is not None:
                table = follower.table
                hub.publish(table.name, event(table, change))
        await asyncio.sleep(interval)
