"""``--follow LOG``: a table that another program writes (a table system's JSON Lines or results log).

The file is polled: only complete lines count, so a last line still being
written waits for its end. When the file shrinks, is replaced (another
inode), or its old text is no longer how it begins, a new shoe starts. A log
that grows something unreadable keeps the table as it was and says why on
standard error, once per problem; the server stays up.
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
from pathlib import Path

from ..coup import Coup
from ..errors import LogError, RoadsError
from ..files import safe_stem
from ..logs import iter_entries
from ..logs.reader import EMPTY
from ..outcome import Outcome
from . import worker
from .hub import Hub, event
from .store import NAME, Store, Table

POLL = 0.2
"""Seconds between looks at a followed file."""

MAX_FOLLOWED = 64 << 20
"""Bytes of a followed log read at once: a shoe is a few KB; more is a problem to report, not to buffer."""


def follow_name(path: str, taken: set[str]) -> str:
    """Return the table name of a followed log: its file name's safe stem, made unique with -2, -3, ..."""
    stem = safe_stem(Path(path).stem, 60)
    stem = "".join(ch if NAME.fullmatch(ch) else "-" for ch in stem) or "followed"
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}"
    return name


def add_followed(store: Store, path: str) -> Table:
    """Add a read-only table to ``store`` for the log at ``path`` (read once now, then by :func:`watch`)."""
    name = follow_name(path, set(store.tables))
    table = Table(name, Path(path), store.rules, store.decks, followed=True)
    store.tables[name] = table
    return table


class Follower:
    """One followed log: where it was, what of it was read, what went wrong last."""

    def __init__(self, table: Table, fmt: str | None = None) -> None:
        self.table = table
        self.fmt = fmt
        """The followed log's format (None: detected, as every command detects it)."""
        self.seen: tuple[int, int, int, int] | None = None
        self.inode: tuple[int, int] | None = None
        self.problem: str | None = None

    def look(self) -> str | None:
        """Read the file if it changed; return what changed on the table ("coup", "undo", "shoe"), or None."""
        path = self.table.path
        assert path is not None
        try:
            st = os.stat(path)
        except OSError:
            return None  # not there yet, or being replaced: look again later
        seen = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if seen == self.seen:
            return None
        self.seen = seen
        if st.st_size > MAX_FOLLOWED:
            self._report(f"{path}: {st.st_size} bytes, more than a followed shoe log holds ({MAX_FOLLOWED})")
            return None
        try:
            data = path.read_bytes()
        except OSError as exc:
            self._report(f"{path}: cannot read it: {exc.strerror or exc}")
            return None
        complete = data[: data.rfind(b"\n") + 1]
        table = self.table
        inode = (st.st_dev, st.st_ino)
        new_shoe = (self.inode is not None and inode != self.inode) or not complete.startswith(table.text)
        self.inode = inode
        if complete == table.text and not new_shoe:
            return None
        try:
            items = _read(complete, str(path), self.fmt)
        except RoadsError as exc:
            self._report(str(exc))
            return None
        self.problem = None
        if new_shoe and table.text:
            table.shoe += 1
        change = "shoe" if new_shoe and table.text else "coup" if len(items) >= table.coups else "undo"
        table.text, table.size = complete, len(complete)
        table.items = items
        return change

    def _report(self, problem: str) -> None:
        if problem != self.problem:
            print(f"roads: error: {problem} (table '{self.table.name}' kept as it was)", file=sys.stderr, flush=True)
        self.problem = problem


def _read(text: bytes, name: str, fmt: str | None) -> list[Coup | Outcome]:
    """Return the coups of a followed log's complete lines, as every roads command reads them."""
    if not text.strip():
        return []
    stream = io.BytesIO(text)
    stream.name = name
    items: list[Coup | Outcome] = []

    try:
        for entry in iter_entries(stream, fmt):
            items.append(entry.coup if entry.coup is not None else entry.outcome)
    except LogError as exc:
        if exc.message != EMPTY:
            raise
    return items


async def watch(followers: list[Follower], hub: Hub, interval: float = POLL) -> None:
    """Look at every followed log every ``interval`` seconds and push what changed, until cancelled."""
    while True:
        for follower in followers:
            change = await worker.write(follower.look)
            if change is not None:
                table = follower.table
                hub.publish(table.name, event(table, change))
        await asyncio.sleep(interval)
