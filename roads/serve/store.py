"""The tables of ``roads serve``: one JSON Lines log a table, appended to a line a change, synced before any answer.

A table's log is what every other ``roads`` command reads (``roads render
roads-data/main.jsonl`` draws the table's board). Its first lines are
comments naming the table, its rules and its decks; then one coup object a
line; an undo is the line ``{"undo": N}``, the next shoe the line ``{"new_shoe": N}`` (see
:mod:`roads.logs.undo`), so the log is an archive of the table's shoes (``roads render LOG --shoe 3``).
Only the current shoe is kept in memory, and only it is bounded (``MAX_LOG`` bytes a shoe).

The server rewrites no file it did not wholly write, and loses or alters nothing
the user gave. Each change is one line appended to the file (opened for
appending, synced before the answer; the folder synced too when the file is
new), so a coup costs the same on a table of 10 coups as on one of 10,000, and
a crash can at worst leave the last line unfinished. A log that another
program changed since the server last wrote it (its size, inode or
modification time not what the server left) is read again before the next
write, never overwritten; ``PUT`` of a table whose file exists loads it. Two
things change the folder otherwise: ``--keep-shoes`` moves a log's older shoes
into a dated file and replaces the log by the rest (only a log still exactly as
the server left it; see :func:`_rotate`), and the start removes the temporary
files killed writers left there more than ``STALE_PART`` seconds (10 minutes) ago.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import re
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from ..bounds import MAX_BURN
from ..cards import Card
from ..enums import Game
from ..errors import CardError, LogError, RoadsError, TableError
from ..files import atomic_write, sync_folder
from ..logs.dragon_tiger import GAME_KEY, game_named
from ..logs.reader import EMPTY
from ..logs.records import NEW_SHOE, NEW_SHOE_MARK
from ..logs.undo import NewShoeRecord, new_shoe
from ..shoe import check_decks
from .games import Item, cards_of, coup_item, dealt, header, item_object, ranks_seen, read_items

NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A table's name: the only part of a request that ever reaches the file system."""

MAX_CARDS_TEXT = 200
"""Characters of a "cards" or "result" field: a coup is at most six cards."""

MAX_LOG = 1 << 20
"""Bytes of one shoe of a served table's log. A shoe is at most 416 cards (8 decks), about 80 coups (a few
KB); 1 MB is some 10,000 coups and undos. The current shoe is kept in memory, so a client that adds and
undoes forever cannot grow it without end: past it, a write is 409 until the next shoe starts. Past shoes
stay on the disk (``--keep-shoes`` rotates old ones into dated files)."""

_BREAK = NEW_SHOE_MARK.encode()
"""What a new-shoe line holds: a log's lines are looked into only when they have it."""

MAX_TABLES = 1000
"""Tables a server makes (``PUT``): each is a log on the disk and a table in memory, so requests cannot
add them without end. Tables already in ``--data`` are all loaded, whatever their number."""

_PART = re.compile(r"\.[A-Za-z0-9_-]{1,64}\.jsonl\.[a-z0-9_]{8}\.part")
"""A temporary file an older ``roads serve`` (which wrote each log whole) or a rotation may have left when
killed: the name :func:`roads.files.atomic_write` gives every file it writes (``roads deal -o`` too)."""

STALE_PART = 10 * 60
"""Seconds since a temporary file was last written past which it is a stray one a killed writer left: a
younger one may be a running writer's (``roads deal -o DATA/t.jsonl`` as the server starts), and is kept."""

_DIGITS = re.compile(r"[0-9]{1,4}")

Stamp = tuple[int, int, int, int]
"""What says a file changed: its device, inode, size and modification time (ns)."""


def table_name(name: str) -> str:
    """Return ``name`` when it can be a table's name; TableError (404) otherwise."""
    if NAME.fullmatch(name) is None:
        raise TableError("no such table: a table's name is 1 to 64 letters, digits, '-' or '_'", status=404)
    return name


def _stamp(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


@dataclass
class Table:
    """One table: its log, its coups in memory, and the lock that orders its writes."""

    name: str
    path: Path | None
    rules: str
    decks: int
    game: Game = Game.BACCARAT
    """The game the table plays (``# game:`` in its log's header): every coup is read by its engine."""
    items: list[Item] = field(default_factory=list)
    text: bytes = b""
    """A followed log's header and current shoe (earlier shoes' lines blanked, so a line keeps its number in the
    file); a served table's own log stays on the disk only."""
    whole: bytes = b""
    """A followed log's complete lines as read, every shoe: what ``GET .../log`` answers for it."""
    size: int = 0
    """Bytes of the log as the server last wrote or read it."""
    stamp: Stamp | None = None
    """The log file as the server left it (None: not known, read it again before writing)."""
    open_end: bool = False
    """The log's last line has no newline yet: the next line appended starts with one."""
    shoe: int = 1
    """The current shoe's number: a new-shoe record starts the next (a followed log truncated or replaced too)."""
    shoe_start: int = 0
    """Where the current shoe's lines start in the log (bytes; 0 when the log is one shoe)."""
    burned: tuple[str, ...] = ()
    """The cards burned at the start of the current shoe, as its new-shoe record names them."""
    first_shoe: int = 1
    """The number of the log's first shoe (older ones were rotated into dated files)."""
    changes: int = 0
    """Change records in the log (coups, undos, new shoes): the position an event id names (``main:42``)."""
    followed: bool = False
    """Another program writes the log (``--follow``): the server only reads it."""
    archive: Callable[[], bytes] | None = field(default=None, repr=False, compare=False)
    """The whole log, read on demand, of a table held by a store that is not a folder (Redis): its ``text`` is
    then the log's header and its current shoe's lines."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    seen: list[int] = field(default_factory=lambda: [0] * 13, repr=False)

    @property
    def coups(self) -> int:
        """Return the number of coups on the table."""
        return len(self.items)

    @property
    def writable(self) -> bool:
        """Return whether coups may be posted (not a followed log)."""
        return (self.path is not None or self.archive is not None) and not self.followed

    def source(self) -> Any:
        """Return what the log readers read for this table's current shoe: its file, the current shoe's lines
        of it, the complete lines of a followed log, or the header and current shoe a store holds."""
        if self.archive is not None:
            stream = io.BytesIO(self.text)
            stream.name = f"{self.name}.jsonl"
            return stream
        if self.path is not None and not self.followed:
            if not self.shoe_start:
                return str(self.path)
            stream = io.BytesIO(_tail(self.path, self.shoe_start, self.size))
            stream.name = str(self.path)
            return stream
        stream = io.BytesIO(self.text)
        stream.name = str(self.path)
        return stream


def _tail(path: Path, start: int, end: int) -> bytes:
    """Return bytes ``start`` to ``end`` of the log at ``path`` (the current shoe's lines); TableError if unread."""
    try:
        with open(path, "rb") as handle:
            handle.seek(start)
            return handle.read(max(0, end - start))
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}", status=503) from None


def log_header(name: str, rules: str, decks: int, game: Game = Game.BACCARAT) -> bytes:
    """Return the comment lines a served table's log begins with: its format, name, game (Dragon Tiger's only:
    ``# game: dragon-tiger``, as ``roads deal --game dragon-tiger`` writes it), rules (baccarat's) and decks."""
    if game is not Game.BACCARAT:
        return f"# format: jsonl\n# roads table: {name}\n{header(game)}# decks: {decks}\n".encode()
    return f"# format: jsonl\n# roads table: {name}\n# rules: {rules}\n# decks: {decks}\n".encode()


def say(line: str) -> None:
    """Print one line about the tables on standard error (what the server did on its own)."""
    print(f"roads: {line}", file=sys.stderr, flush=True)


class Tables:
    """What every store keeps alike: its tables by name, the settings of a table made without its own, and the
    lock that makes one table at a time; the base of :class:`Store` and the Redis store."""

    def __init__(self, rules: str, decks: int, game: Game) -> None:
        self.rules = rules
        self.decks = decks
        self.game = game
        """The game of a table made without one (``--game``); a table's own (a log's ``# game:`` header, a Redis
        table's settings hash) wins."""
        self.tables: dict[str, Table] = {}
        self._create = threading.Lock()

    def __iter__(self) -> Iterator[Table]:
        found = list(self.tables.values())  # a copy first: a feed's thread may add a table meanwhile
        return iter(sorted(found, key=lambda t: t.name))

    def get(self, name: str) -> Table:
        """Return the table called ``name``; TableError (404) when there is none."""
        found = self.tables.get(table_name(name))
        if found is None:
            raise TableError(f"no table '{name}': create it with PUT /api/tables/{name}", status=404)
        return found


class Store(Tables):
    """Every table under one folder, loaded at start and kept in memory; writes go to disk first."""

    publishes = False
    """The routes publish each change this store makes (one process: the writer's order is the log's)."""

    def __init__(
        self,
        folder: str | Path,
        rules: str = "standard",
        decks: int = 8,
        keep_shoes: int | None = None,
        game: Game = Game.BACCARAT,
    ) -> None:
        super().__init__(rules, decks, game)
        self.folder = Path(folder)
        self.keep_shoes = keep_shoes
        """Shoes a table's log keeps (``--keep-shoes``); older ones move to a dated file. None: all."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            names = sorted(os.listdir(self.folder))
        except OSError as exc:
            raise LogError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from None
        self._remove_parts(names)
        for path in (self.folder / name for name in names if name.endswith(".jsonl")):
            if NAME.fullmatch(path.stem):
                try:
                    self.tables[path.stem] = load_log(path, rules, decks)
                except RoadsError as exc:
                    say(f"error: {exc} (table '{path.stem}' is not served; the other tables are)")

    def _remove_parts(self, names: list[str]) -> None:
        """Remove the temporary files killed writers left in the folder (untouched for STALE_PART seconds: a
        younger one may be a running writer's), saying so in one line."""
        removed = []
        now = time.time()
        for name in names:
            if _PART.fullmatch(name):
                path = self.folder / name
                try:
                    if now - path.lstat().st_mtime < STALE_PART:
                        continue
                    path.unlink()
                except OSError:
                    continue
                removed.append(name)
        if removed:
            say(
                f"removed {len(removed)} unfinished write{'s' * (len(removed) > 1)} older than "
                f"{STALE_PART // 60} minutes a stopped writer left in {self.folder}: "
                f"{', '.join(removed[:5])}{', ...' if len(removed) > 5 else ''}"
            )

    def live(self) -> bool:
        """Return whether writes can be taken now: a folder always can (a failed write says why itself)."""
        return True

    def missed(self, table: Table, seen: int) -> list[tuple[str, int, str]] | None:
        """Return None: the events a resuming reader missed are the hub's ring's (one process saw them all)."""
        return None

    def start(self, hub: Any) -> None:
        """Nothing to start: the routes publish this store's changes."""

    def stop(self) -> None:
        """Nothing to stop."""

    def create(
        self, name: str, rules: str | None = None, decks: int | None = None, game: Game | None = None
    ) -> tuple[Table, bool]:
        """Return the table ``name`` and whether it was made: an existing log is loaded, never truncated (its game
        is the log's: the caller compares it with ``game``)."""
        table_name(name)
        with self._create:
            path = self.folder / f"{name}.jsonl"
            found = self.tables.get(name)
            if found is not None and (found.followed or os.path.lexists(path)):
                if found.writable:
                    with found.lock:
                        _fresh(found)
                return found, False
            if os.path.lexists(path):
                try:
                    table = load_log(path, self.rules, self.decks)
                except RoadsError as exc:
                    raise TableError(f"{exc}: the log is kept as it is, and not served", status=409) from None
                self.tables[name] = table
                return table, False
            if found is None and len(self.tables) >= MAX_TABLES:
                raise TableError(f"the server holds {len(self.tables)} tables, the most it makes ({MAX_TABLES})")
            table = Table(name, path, rules or self.rules, decks or self.decks, game or self.game)
            header = log_header(name, table.rules, table.decks, table.game)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:  # made by another program this very moment: it is theirs, load it
                self.tables[name] = load_log(path, self.rules, self.decks)
                return self.tables[name], False
            except OSError as exc:
                raise TableError(f"cannot make {path}: {exc.strerror or exc}", status=503) from None
            try:
                _write_all(fd, header)
                os.fsync(fd)
                table.stamp, table.size = _stamp(os.fstat(fd)), len(header)
            finally:
                os.close(fd)
            sync_folder(self.folder)
            self.tables[name] = table
            return table, True

    def add(self, table: Table, expect: int, result: str | None, cards: str | None) -> Table:
        """Append one coup (a result, or the cards of a coup) to ``table`` when ``expect`` is its next number."""
        refuse_followed(table, "adds coups")
        with table.lock:
            _fresh(table)
            line, item, seen = plan_coup(table, expect, result, cards)
            _append(table, line)
            table.seen = seen
            table.items.append(item)
            table.changes += 1
            return table

    def undo(self, table: Table, expect: int | None) -> Table:
        """Take back the last coup of ``table`` with an undo record (``expect``: its number, when given)."""
        refuse_followed(table, "changes it")
        with table.lock:
            _fresh(table)
            _append(table, plan_undo(table, expect))
            table.items.pop()
            table.seen = ranks_shown(table)
            table.changes += 1
            return table

    def new_shoe(self, table: Table, expect_shoe: int, burned: str | None) -> Table:
        """Close the current shoe of ``table`` and start the next with a new-shoe record.

        ``expect_shoe`` is the number the new shoe will have (409 when stale, as ``expect`` for coups);
        ``burned``: the cards burned at its start, as text. A shoe with no coup is not closed (409).
        """
        refuse_followed(table, "starts shoes")
        cards = burned_cards(burned)
        with table.lock:
            _fresh(table)
            line = plan_shoe(table, expect_shoe, cards)
            _append(table, line, bounded=False)
            table.shoe, table.shoe_start, table.items, table.changes = expect_shoe, table.size, [], table.changes + 1
            table.burned = tuple(str(card) for card in cards)
            table.seen = ranks_shown(table)
            if self.keep_shoes is not None and table.shoe - table.first_shoe + 1 > self.keep_shoes:
                try:
                    _rotate(table, self.keep_shoes)
                except TableError as exc:  # the new shoe is on the disk and answered: only the moving waits
                    say(f"error: {exc} (the shoes stay in the log; the next new shoe tries again)")
            return table

    def log(self, table: Table) -> bytes:
        """Return the table's whole log, JSON Lines as every command reads it (``GET .../log``)."""
        if table.archive is not None:
            return table.archive()
        assert table.path is not None
        if table.followed:
            return table.whole
        return _tail(table.path, 0, os.path.getsize(table.path) if table.path.exists() else 0)


class TableStore(Protocol):
    """What the routes use of a store of tables: the embedded folder (:class:`Store`, the default) or Redis
    (:class:`roads.serve.redis_store.RedisStore`)."""

    tables: dict[str, Table]
    rules: str
    decks: int
    game: Game
    """The game of a table made without one (``--game``)."""
    publishes: bool
    """Whether the store publishes every change to the hub itself (in the order of its log), the writer not."""

    def __iter__(self) -> Iterator[Table]: ...
    def get(self, name: str) -> Table: ...
    def create(
        self, name: str, rules: str | None = None, decks: int | None = None, game: Game | None = None
    ) -> tuple[Table, bool]: ...
    def add(self, table: Table, expect: int, result: str | None, cards: str | None) -> Table: ...
    def undo(self, table: Table, expect: int | None) -> Table: ...
    def new_shoe(self, table: Table, expect_shoe: int, burned: str | None) -> Table: ...
    def log(self, table: Table) -> bytes: ...
    def missed(self, table: Table, seen: int) -> list[tuple[str, int, str]] | None:
        """Return the events of ``table`` after position ``seen`` as a stream sends them (table, position,
        ``data:`` JSON), made again from the store's log; None when the store cannot (a fresh state then)."""

    def live(self) -> bool: ...
    def start(self, hub: Any) -> None:
        """Publish to ``hub`` (a :class:`roads.serve.hub.Hub`) from now on, when the store publishes itself."""

    def stop(self) -> None: ...


def refuse_followed(table: Table, what: str) -> None:
    """Refuse (409) a write to a followed table: only its log's writer ``what``."""
    if not table.writable:
        raise TableError(f"table '{table.name}' follows {table.path}: only that log's writer {what}")


def plan_coup(table: Table, expect: int, result: str | None, cards: str | None) -> tuple[bytes, Item, list[int]]:
    """Return the log line of the next coup of ``table`` (checked: ``expect`` its number, its cards in the shoe),
    the coup, and the ranks seen after it; TableError (409) when stale, CardError/LogError when bad."""
    number = table.coups + 1
    if expect != number:
        raise TableError(f"expect {expect}, but the next coup is {number}: the table changed, reload it")
    seen = list(table.seen)
    item = coup_item(table.game, result, cards, number)
    if cards is not None:
        from ..odds.api import take_out

        take_out(seen, dealt(item), number, table.decks)
    return (json.dumps(item_object(item, table.game), ensure_ascii=False) + "\n").encode(), item, seen


def plan_undo(table: Table, expect: int | None) -> bytes:
    """Return the undo line of the last coup of ``table``; TableError (409) when there is none or it is stale."""
    if not table.items:
        raise TableError(f"table '{table.name}' has no coup to undo")
    if expect is not None and expect != table.coups:
        raise TableError(f"expect {expect}, but the last coup is {table.coups}: the table changed, reload it")
    return (json.dumps({"undo": table.coups}) + "\n").encode()


def plan_shoe(table: Table, expect_shoe: int, cards: tuple[Card, ...]) -> bytes:
    """Return the new-shoe line that starts shoe ``expect_shoe`` of ``table`` (409 when stale, or when the
    current shoe has no coup)."""
    number = table.shoe + 1
    if expect_shoe != number:
        raise TableError(f"expect_shoe {expect_shoe}, but the next shoe is {number}: the table changed, reload it")
    if not table.items:
        raise TableError(f"shoe {table.shoe} of table '{table.name}' has no coup yet: deal one first")
    named = [str(card) for card in cards]
    record: dict[str, object] = {NEW_SHOE: number, **({"burned": named} if named else {})}
    return (json.dumps(record) + "\n").encode()


def _fresh(table: Table) -> None:
    """Read the table's log again when another program changed it since the server last wrote it.

    TableError (409) when the log is gone, is no longer a file, or cannot be read: nothing is written then.
    """
    path = table.path
    assert path is not None
    try:
        st = os.stat(path)
    except OSError:
        raise TableError(
            f"table '{table.name}': its log {path} is gone (moved or removed by another program); "
            f"PUT /api/tables/{table.name} makes a new one"
        ) from None
    if not stat.S_ISREG(st.st_mode):
        raise TableError(f"table '{table.name}': {path} is no longer a regular file; nothing was written to it")
    if _stamp(st) == table.stamp:
        return
    try:
        again = load_log(path, table.rules, table.decks)
    except RoadsError as exc:
        raise TableError(
            f"another program changed {path}, which cannot be read now: {exc}; nothing was written"
        ) from None
    for name in _RELOADED:
        setattr(table, name, getattr(again, name))


_RELOADED = tuple(f.name for f in fields(Table) if f.name not in ("name", "path", "followed", "lock"))
"""What a log read again replaces in its table: every field but who it is and its lock (the table object is
shared by every request, so it is updated in place)."""


def _rotate(table: Table, keep: int) -> None:
    """Move the shoes of ``table``'s log before its last ``keep`` into a dated file beside it.

    Only a log the server wholly wrote is rotated: one another program changed since (its stamp not what
    the server left) is read again first, and one that changes while it is rotated is left as it is (the
    dated file just written is removed; TableError). The moved shoes are written first
    (``NAME.DATE.FIRST-LAST.jsonl``: the log's header, then its lines, so every command reads the shoes by
    their numbers), synced; then the log is replaced at once by its header, the ``{"new_shoe": N}`` record
    and the shoes kept. A crash leaves the shoes in both files, never in neither; a failed write (a full
    disk) leaves the log as it was (TableError). Called under the table's lock, right after its log was
    written.
    """
    import datetime

    assert table.path is not None
    _fresh(table)  # another program's lines are read before the log is rewritten, never dropped
    if table.shoe - table.first_shoe + 1 <= keep:
        return
    keep_from = table.shoe - keep + 1
    data = _tail(table.path, 0, table.size)
    lines = data.splitlines(keepends=True)
    head = b"".join(itertools.takewhile(lambda raw: bytes(raw).startswith(b"#"), lines))
    at, cut = len(head), None
    for raw in lines[head.count(b"\n") :]:
        if _BREAK in raw:
            found = new_shoe_of(raw.strip(), table.path, 0)
            if found is not None and found.new_shoe == keep_from:
                cut = at
                break
        at += len(raw)
    if cut is None:
        return
    first = table.first_shoe
    moved = table.path.with_name(f"{table.name}.{datetime.date.today().isoformat()}.{first}-{keep_from - 1}.jsonl")
    if moved.exists():
        raise TableError(f"cannot rotate {table.path}: {moved.name} is there already", status=503)
    try:
        atomic_write(moved, data[:cut], sync=True)
    except RoadsError as exc:
        raise TableError(f"cannot rotate {table.path}: {exc}", status=503) from None
    try:
        if _stamp(os.stat(table.path)) != table.stamp:
            raise TableError(f"cannot rotate {table.path}: another program changed it meanwhile", status=409)
        atomic_write(table.path, head + data[cut:], sync=True)
        st = os.stat(table.path)
    except (OSError, RoadsError) as exc:
        with contextlib.suppress(OSError):
            moved.unlink()  # the server's own file, just written: the shoes stay in the log alone
        if isinstance(exc, TableError):
            raise
        raise TableError(f"cannot rotate {table.path}: {getattr(exc, 'strerror', None) or exc}", status=503) from None
    table.size = len(head) + len(data) - cut
    table.shoe_start -= cut - len(head)
    table.first_shoe = keep_from
    table.stamp = _stamp(st) if st.st_size == table.size else None
    say(f"table '{table.name}': shoes {first} to {keep_from - 1} moved to {moved.name}")


def burned_cards(text: str | None) -> tuple[Card, ...]:
    """Return the burned cards ``text`` names (at most MAX_BURN); CardError naming the card otherwise."""
    if text is None:
        return ()
    if len(text.replace(",", " ").split()) > MAX_BURN:
        raise CardError(f'"burned" names more than {MAX_BURN} cards: a shoe burns at most {MAX_BURN}')
    return tuple(cards_of(text, "burned card"))


def ranks_shown(table: Table) -> list[int]:
    """Return the ranks the current shoe of ``table`` has shown: its burned cards and its coups' cards."""
    return ranks_seen(burned_cards(" ".join(table.burned)), table.items)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _append(table: Table, line: bytes, *, bounded: bool = True) -> None:
    """Append ``line`` to the table's log and sync it; TableError (409) when the shoe would pass MAX_LOG."""
    data = (b"\n" if table.open_end else b"") + line
    if bounded:
        check_room(table, len(data))
    assert table.path is not None
    try:
        fd = os.open(table.path, os.O_WRONLY | os.O_APPEND)  # never O_CREAT: a log is made only by create()
    except OSError as exc:
        raise TableError(f"cannot write {table.path}: {exc.strerror or exc}", status=503) from None
    try:
        _write_all(fd, data)
        os.fsync(fd)
        st = os.fstat(fd)
    except OSError as exc:
        table.stamp = None  # what is on the disk now is read again before the next write
        raise TableError(f"cannot write {table.path}: {exc.strerror or exc}", status=503) from None
    finally:
        os.close(fd)
    table.size += len(data)
    table.open_end = False
    # Another program appending at the same moment: the sizes disagree, and the log is read before the next write.
    table.stamp = _stamp(st) if st.st_size == table.size else None


def check_room(table: Table, size: int) -> None:
    """Refuse (409) ``size`` more bytes in the current shoe's part of the table's log past MAX_LOG."""
    used = table.size - table.shoe_start
    if used + size > MAX_LOG:
        raise TableError(
            f"shoe {table.shoe} of table '{table.name}' has a full log ({used} bytes, at most {MAX_LOG} a shoe): "
            f"start the next shoe (POST /api/tables/{table.name}/shoes)"
        )


def load_log(path: Path, rules: str, decks: int) -> Table:
    """Return the table stored at ``path``: its header, its current shoe's coups read as every roads command
    reads them, and the count of its change records.

    The file is only read, a line at a time: a last line without its newline is kept (and read), never cut.
    Only the current shoe (the lines after the last new-shoe record) is held, and it is bounded by MAX_LOG.
    """
    meta: dict[str, tuple[str, int]] = {}
    shoe, start, changes, size, burned, last, first = 1, 0, 0, 0, None, b"", 0
    header = True
    current: list[bytes] = []
    """The current shoe's lines (those after the last new-shoe record), kept while they fit in MAX_LOG."""
    held = 0
    try:
        with open(path, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise LogError("not a regular file", file=str(path))
            for number, raw in enumerate(iter(lambda: handle.readline(MAX_LOG + 1), b""), 1):
                size += len(raw)
                last = raw
                if held <= MAX_LOG:  # past it the shoe is refused below, unless a new shoe starts first
                    current.append(raw)
                    held += len(raw)
                line = raw.strip()
                if header and line.startswith(b"#"):
                    key, _, value = line[1:].decode("utf-8", "replace").partition(":")
                    meta.setdefault(key.strip(), (value.strip(), number))
                    continue
                header = header and not line
                if not line or line.startswith(b"#"):
                    continue
                changes += 1
                if _BREAK in line:
                    found = new_shoe_of(line, path, number)
                    if found is not None:
                        shoe, start, burned = found.new_shoe, size, found.burned
                        current, held = [], 0
                        first = first or (shoe if changes == 1 else 1)
                first = first or 1
    except OSError as exc:
        raise LogError(f"cannot read it: {exc.strerror or exc}", file=str(path)) from None
    if held > MAX_LOG:
        raise LogError(f"shoe {shoe} is more than a served table's shoe holds ({MAX_LOG} bytes)", file=str(path))
    game = _game(meta.get(GAME_KEY), path)
    table = Table(path.stem, path, meta.get("rules", (rules, 0))[0], _decks(meta.get("decks"), decks, path), game)
    table.size, table.stamp, table.shoe, table.shoe_start, table.changes = size, _stamp(st), shoe, start, changes
    table.open_end = bool(last) and not last.endswith(b"\n")
    table.burned = tuple(burned or ())
    table.first_shoe = first or 1
    table.items = coups_of(b"".join(current), str(path), "jsonl", game)
    table.seen = ranks_shown(table)
    return table


def coups_of(text: bytes, name: str, fmt: str | None, game: Game = Game.BACCARAT) -> list[Item]:
    """Return the coups of a shoe's log lines (``name``: the file, for errors), read as every command reads
    them in ``game``; a log with no coup (or every coup taken back) has none. A served log's current shoe and a
    followed log are both read here."""
    if not text.strip():
        return []
    stream = io.BytesIO(text)
    stream.name = name
    try:
        return read_items(game, stream, fmt)
    except LogError as exc:
        if exc.message != EMPTY:
            raise
    return []


def new_shoe_of(line: bytes, path: Path | str, number: int) -> NewShoeRecord | None:
    """Return the new-shoe record a log line is (None when it is another line); LogError naming the line.

    The one reading of a new-shoe line in a table's log: the store's, and a followed log's."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return None  # not JSON: the reader of the shoe says what is wrong with it
    try:
        return new_shoe(value)
    except LogError as exc:
        raise exc.located(file=str(path), line=number) from None


def _game(found: tuple[str, int] | None, path: Path) -> Game:
    """Return the game a log's ``# game:`` header names (baccarat without one); LogError naming its line."""
    if found is None:
        return Game.BACCARAT
    try:
        return game_named(found[0])
    except LogError as exc:
        raise exc.located(file=str(path), line=found[1]) from None


def _decks(found: tuple[str, int] | None, default: int, path: Path) -> int:
    """Return the decks a log's ``# decks:`` header names (ASCII digits, 1-1000); LogError naming its line."""
    if found is None:
        return default
    value, line = found
    if _DIGITS.fullmatch(value) is None:
        raise LogError(f"'# decks: {value[:20]}' is not a number of decks (1-1000)", file=str(path), line=line)
    try:
        check_decks(int(value))
    except RoadsError as exc:
        raise LogError(exc.message, file=str(path), line=line) from None
    return int(value)
