"""The tables of ``roads serve --store redis://HOST:PORT/DB``: one Redis shared by any number of workers.

Each table is a Redis Stream of its changes, ``roads:log:NAME``, one entry a
line of its log (a coup, an undo, a new shoe, exactly the line the embedded
store appends to its file), plus a hash of its settings, ``roads:table:NAME``
(its rules, decks and game). The stream ``roads:tables`` names every table in the
order they were made.

A change's entry has the id ``0-N``, N its position in the table's log (the
count of its change records up to and including it): the position the event
ids name (``main:42``), the same on every worker. A write is checked against
the worker's copy of the table (``expect``, the cards left in the shoe), then
appended by a Lua script only if the stream still ends at the position the
check saw (:data:`APPEND`): two workers sending the same ``expect`` make one
entry, and the other reads what it missed and answers ``409``. The answer
goes out only after Redis has answered the script.

Each worker keeps a copy of every table (its current shoe, as the embedded
store does) and one blocking ``XREAD`` connection over every table's stream
(:meth:`RedisStore.feed`): each entry, whichever worker wrote it, is applied
to the copy and published to the worker's own hub, in the order of the log;
nothing polls. A worker's own write is applied (and published) by the writer
at once, under the table's lock, so the feed finds it there and skips it.
Redis down: writes answer ``503`` with one line, the feed says so once and
tries again every :data:`RETRY` seconds, and everything goes on once it answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast
from urllib.parse import urlsplit

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from ..enums import Game
from ..errors import LogError, OutputError, RoadsError, TableError
from ..files import atomic_write, make_folder, shown
from ..logs.dragon_tiger import game_named
from ..logs.records import NEW_SHOE
from ..logs.undo import new_shoe
from . import views
from .store import (
    MAX_TABLES,
    NAME,
    Table,
    Tables,
    burned_cards,
    check_room,
    coups_of,
    load_log,
    log_header,
    plan_coup,
    plan_shoe,
    plan_undo,
    ranks_shown,
    refuse_followed,
    say,
    table_name,
)

if TYPE_CHECKING:
    from .hub import Hub

T = TypeVar("T")

Entry = tuple[bytes, dict[bytes, bytes]]
"""One entry of a stream as the client gives it: its id and its fields."""

TABLES = "roads:tables"
"""The stream naming every table of the store, in the order they were made."""

BLOCK = 1000
"""Milliseconds one blocking XREAD waits before it is made again (with the tables made meanwhile)."""

RETRY = 0.5
"""Seconds between tries to reach Redis again once it stopped answering."""

TIMEOUT = 2.0
"""Seconds a command waits for Redis before the write is refused (503)."""

ATTEMPTS = 20
"""Tries of a write that other workers' writes to the same table keep overtaking, before a 503."""

REPLAY = 1000
"""Changes of a table a resuming reader may be behind and still get as events made again from the log (more:
a fresh state, as a reader further behind than the hub's ring gets)."""

PAGE = 1000
"""Entries read at once from a stream (a table's log read whole, or caught up)."""

EXPORT_MARK = ".roads-export"
"""The file a folder ``--export`` wrote holds: its logs were written by an export and may be written again."""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('XLEN', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', KEYS[1], 'rules', ARGV[2], 'decks', ARGV[3], 'game', ARGV[5])
redis.call('XADD', KEYS[2], '*', 'name', ARGV[1])
return 1
"""
"""Make a table (KEYS: its settings, the tables' stream; ARGV: name, rules, decks, the most tables, game): 1 made,
0 there already, -1 the store holds the most tables it makes."""

APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, 0} end
local n = redis.call('XLEN', KEYS[2])
if n ~= tonumber(ARGV[1]) then return {0, n} end
redis.call('XADD', KEYS[2], '0-' .. (n + 1), 'line', ARGV[2])
return {1, n + 1}
"""
"""Append one line to a table's log (KEYS: its settings, its stream; ARGV: the position the writer checked
against, the line) only when the log still ends there: {1, position} appended, {0, length} another write came
first, {-1, 0} no such table."""


def settings_key(name: str) -> str:
    """Return the key of a table's settings (its rules, decks and game)."""
    return f"roads:table:{name}"


def log_key(name: str) -> str:
    """Return the key of a table's stream of changes."""
    return f"roads:log:{name}"


def check_url(url: str) -> str:
    """Return ``url`` when it names a Redis (``redis://HOST:PORT/DB``); ValueError with one line otherwise."""
    found = urlsplit(url)
    if found.scheme not in ("redis", "rediss", "unix") or not (found.hostname or found.path):
        raise ValueError(f"{url[:80]} is not a Redis address: give redis://HOST:PORT/DB (redis://127.0.0.1:6379/0)")
    return url


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def _kind(line: bytes) -> str:
    """Return the change a log line is: "shoe" (a new-shoe record), "undo" or "coup"."""
    try:
        value = json.loads(line)
    except ValueError:
        return "coup"
    if isinstance(value, dict) and NEW_SHOE in value:
        return "shoe"
    return "undo" if isinstance(value, dict) and set(value) == {"undo"} else "coup"


def _position(entry_id: bytes) -> int:
    """Return the position an entry's id ``0-N`` names."""
    return int(entry_id.split(b"-", 1)[1])


class RedisStore(Tables):
    """Every table of one Redis, a copy of each kept by this worker and kept up to date by :meth:`feed`."""

    publishes = True
    """Every change is published by the store (the feed, or the writer under the table's lock), in log order."""

    def __init__(
        self,
        url: str,
        rules: str = "standard",
        decks: int = 8,
        game: Game = Game.BACCARAT,
        *,
        timeout: float = TIMEOUT,
    ) -> None:
        super().__init__(rules, decks, game)
        self.url = check_url(url)
        self.timeout = timeout
        """Seconds a command waits for Redis's answer (TIMEOUT)."""
        self.hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._live = True
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._shoe_at: dict[str, int] = {}
        """The position of each table's last new-shoe record (0: none): where a replay of its current shoe starts."""
        self._said = ""
        """The last problem of the feed said on standard error (said once, not at every try)."""
        self._made = b"0-0"
        """The last entry of the tables' stream the feed has read."""
        self.client = self._connect(timeout)
        self._create_script = self.client.register_script(CREATE)
        self._append_script = self.client.register_script(APPEND)
        for name in self._names():
            self.tables[name] = self._copy(name, catch_up=True)

    def _connect(self, timeout: float) -> redis.Redis:
        """Return a client of the store that never retries a command on its own (a write is answered once)."""
        return redis.Redis.from_url(
            self.url, socket_timeout=timeout, socket_connect_timeout=self.timeout, retry=Retry(NoBackoff(), 0)
        )

    def _call(self, func: Callable[..., T], *args: Any, write: bool = False, **kwargs: Any) -> T:
        """Return ``func(...)`` (a Redis command); TableError 503, one line, when Redis does not answer.

        A ``write`` whose answer did not come in time may have been made all the same (sent, then run by Redis
        after a slow fsync, say): the 503 says so, and to reload the table, never that nothing was changed."""
        try:
            return func(*args, **kwargs)
        except redis.TimeoutError as exc:
            if not write:
                raise TableError(
                    f"the store {self.url} does not answer ({_one_line(exc)}): nothing was changed; try again",
                    status=503,
                ) from None
            raise TableError(
                f"the store {self.url} did not answer in time ({_one_line(exc)}): the change may have been made; "
                "reload the table and look before trying again",
                status=503,
            ) from None
        except redis.RedisError as exc:
            raise TableError(
                f"the store {self.url} does not answer ({_one_line(exc)}): nothing was changed; try again",
                status=503,
            ) from None

    def _range(self, key: str, start: str) -> list[Entry]:
        """Return up to PAGE entries of stream ``key`` from ``start`` on (503 when Redis does not answer)."""
        return cast(list[Entry], self._call(self.client.xrange, key, start, "+", count=PAGE))

    def _entries(self, key: str, start: str = "-") -> Iterator[Entry]:
        """Yield every entry of stream ``key`` from ``start`` on, read PAGE at a time (503 when Redis does not
        answer); the one paging loop of every whole read of a stream."""
        while True:
            entries = self._range(key, start)
            yield from entries
            if len(entries) < PAGE:
                return
            start = "(" + entries[-1][0].decode()

    def _names(self) -> list[str]:
        """Return every table's name in the tables' stream (and note the last entry read, for the feed)."""
        names: list[str] = []
        for entry_id, fields in self._entries(TABLES):
            self._made = entry_id
            name = fields.get(b"name", b"").decode("utf-8", "replace")
            if NAME.fullmatch(name) and name not in names:
                names.append(name)
        return names

    def _copy(self, name: str, *, catch_up: bool) -> Table:
        """Return a copy of table ``name`` (its settings; its log read when ``catch_up``, else left to the feed)."""
        found = cast(dict[bytes, bytes], self._call(self.client.hgetall, settings_key(name)))
        rules = found.get(b"rules", self.rules.encode()).decode()
        decks = int(found.get(b"decks", str(self.decks).encode()))
        game = game_named(found.get(b"game", Game.BACCARAT.value.encode()).decode())
        table = Table(name, None, rules, decks, game, archive=lambda: self.archive(name))
        table.text = log_header(name, rules, decks, game)
        table.size = len(table.text)
        if catch_up:
            with table.lock:
                self._catch_up(table)
        return table

    def live(self) -> bool:
        """Return whether the feed reaches Redis now."""
        return self._live

    def create(
        self, name: str, rules: str | None = None, decks: int | None = None, game: Game | None = None
    ) -> tuple[Table, bool]:
        """Return the table ``name`` and whether it was made (its settings, its game among them, and its entry in
        the tables' stream); a table there already keeps its own game (the caller compares it with ``game``)."""
        table_name(name)
        with self._create:
            found = self.tables.get(name)
            if found is not None:
                return found, False
            args = (name, rules or self.rules, decks or self.decks, MAX_TABLES, (game or self.game).value)
            made = self._call(self._create_script, keys=[settings_key(name), TABLES], args=args, write=True)
            if made == -1:
                raise TableError(f"the store holds {MAX_TABLES} tables, the most it makes")
            table = self._copy(name, catch_up=made == 0)
            self.tables[name] = table
            return table, made == 1

    def add(self, table: Table, expect: int, result: str | None, cards: str | None) -> Table:
        """Append one coup to ``table`` when ``expect`` is its next number (checked against every worker's)."""
        refuse_followed(table, "adds coups")

        def plan() -> bytes:
            line = plan_coup(table, expect, result, cards)[0]
            check_room(table, len(line))
            return line

        return self._write(table, plan)

    def undo(self, table: Table, expect: int | None) -> Table:
        """Take back the last coup of ``table`` with an undo record (``expect``: its number, when given)."""
        refuse_followed(table, "changes it")

        def plan() -> bytes:
            line = plan_undo(table, expect)
            check_room(table, len(line))
            return line

        return self._write(table, plan)

    def new_shoe(self, table: Table, expect_shoe: int, burned: str | None) -> Table:
        """Close the current shoe of ``table`` and start shoe ``expect_shoe`` (``burned``: cards as text)."""
        refuse_followed(table, "starts shoes")
        cards = burned_cards(burned)
        return self._write(table, lambda: plan_shoe(table, expect_shoe, cards))

    def _write(self, table: Table, plan: Callable[[], bytes]) -> Table:
        """Append the line ``plan()`` makes from the table as this worker has it, if no other write came first;
        else read what came, and plan again (a stale ``expect`` is then a 409).

        A plan refused as stale (409) is made again once this worker's copy has read what the store holds: a
        change another worker acknowledged a moment ago may not have reached this worker's feed yet, and the
        page that saw it (``expect`` past this worker's copy) is right."""
        for _ in range(ATTEMPTS):
            with table.lock:
                try:
                    line = plan()
                except TableError as exc:
                    if exc.status != 409 or not self._caught_up(table):
                        raise
                    continue  # the copy was behind: plan again on what the store holds
                position = table.changes
                keys = [settings_key(table.name), log_key(table.name)]
                done, now = self._call(self._append_script, keys=keys, args=[position, line.rstrip(b"\n")], write=True)
                if done == 1:
                    self._advance(table, now, line)
                    return table
                if done == -1:
                    raise TableError(f"table '{table.name}' is no longer in the store {self.url}", status=404)
                if now < position:
                    raise TableError(
                        f"the store {self.url} holds {now} changes of table '{table.name}', fewer than the "
                        f"{position} this worker saw: Redis lost acknowledged changes (see docs/serve.md); "
                        "restart the workers",
                        status=503,
                    )
                self._caught_up(table)
        raise TableError(f"table '{table.name}' changed {ATTEMPTS} times while this write tried: try again", status=503)

    def _caught_up(self, table: Table) -> bool:
        """Read what the store holds of ``table`` past the copy (the table's lock held); return whether there
        was any. A change no reader takes is a 409 naming it."""
        before = table.changes
        try:
            self._catch_up(table)
        except TableError:
            raise
        except RoadsError as exc:
            raise TableError(
                f"table '{table.name}' in the store {self.url} has a change no reader takes ({exc}): "
                "nothing was written",
                status=409,
            ) from None
        return table.changes != before

    def _catch_up(self, table: Table) -> None:
        """Apply every entry of the table's log past the copy's position (the table's lock held)."""
        while True:
            start = f"0-{table.changes + 1}"
            entries = self._range(log_key(table.name), start)
            for entry_id, fields in entries:
                self._advance(table, _position(entry_id), fields.get(b"line", b"") + b"\n")
            if len(entries) < PAGE:
                return

    def _advance(self, table: Table, position: int, line: bytes) -> None:
        """Apply the log line at ``position`` to the copy (the table's lock held) and publish its event; a line
        already applied is skipped."""
        if position != table.changes + 1:
            return
        kind = _kind(line)
        if kind == "shoe":
            self._shoe_at[table.name] = position
        hub, loop = self.hub, self.loop
        if hub is None or loop is None:
            _apply(table, line, kind)
            return
        event, patch = views.change(table, kind, lambda: _apply(table, line, kind), self._drawing(table.name))
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server is stopping
            loop.call_soon_threadsafe(hub.publish, table.name, event, patch)

    def _drawing(self, name: str) -> dict[str, str] | None:
        """Return the query of the board a table page of this worker watching ``name`` shows, None when none
        watches (read from the feed's thread)."""
        hub = self.hub
        if hub is None:
            return None
        with contextlib.suppress(RuntimeError):  # the viewers changed while looked at: no patch this once
            return hub.drawing(name)
        return None

    def missed(self, table: Table, seen: int) -> list[tuple[str, int, str]] | None:
        """Return the events of ``table`` after position ``seen``, made again from its log in Redis as its
        writer made them (a worker started after them has none in its hub's ring): a viewer resuming on any
        worker misses nothing. None when ``seen`` is not behind the table or more than REPLAY changes behind."""
        if table.archive is None or not 0 <= seen < table.changes or table.changes - seen > REPLAY:
            return None
        copy = Table(table.name, None, table.rules, table.decks, table.game, archive=table.archive)
        copy.text = log_header(table.name, table.rules, table.decks, table.game)
        copy.size = len(copy.text)
        found: list[tuple[str, int, str]] = []
        start = "-"
        shoe_at = self._shoe_at.get(table.name, 0)
        if 0 < shoe_at <= seen:  # from the current shoe's new-shoe record: the shoes before it change nothing
            start, copy.changes = f"0-{shoe_at}", shoe_at - 1
        for entry_id, fields in self._entries(log_key(table.name), start):
            line, position = fields.get(b"line", b"") + b"\n", _position(entry_id)
            if position != copy.changes + 1 or position > table.changes:
                return found if position > table.changes else None
            kind = _kind(line)
            if position < seen:
                _apply(copy, line, kind, parse=False)  # the lines before: read once, at ``seen``
                continue
            if position == seen:
                _apply(copy, line, kind)
                continue
            event, _ = views.change(copy, kind, functools.partial(_apply, copy, line, kind), keep=False)
            data = {**event, "changes": position, "sent": time.time()}
            found.append((table.name, position, json.dumps(data, ensure_ascii=False)))
        return found

    def archive(self, name: str) -> bytes:
        """Return table ``name``'s whole log as the embedded store keeps it: its header, then a line a change."""
        table = self.get(name)
        parts = [log_header(name, table.rules, table.decks, table.game)]
        parts.extend(fields.get(b"line", b"") + b"\n" for _, fields in self._entries(log_key(name)))
        return b"".join(parts)

    def log(self, table: Table) -> bytes:
        """Return the table's whole log (``GET .../log``): read from Redis, or a followed log's lines."""
        return table.archive() if table.archive is not None else table.text

    def start(self, hub: Hub) -> None:
        """Publish every change to ``hub`` from now on, and start the feed (the running loop's thread)."""
        self.hub, self.loop = hub, asyncio.get_running_loop()
        self._thread = threading.Thread(target=self.feed, name="roads redis feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the feed (it ends within BLOCK milliseconds; a daemon, it never holds the exit)."""
        self._stopped.set()

    def feed(self) -> None:
        """Read every table's stream over one blocking connection and apply each change, until stopped."""
        client = self._connect(self.timeout + BLOCK / 1000)
        while not self._stopped.is_set():
            try:
                streams: dict[Any, Any] = {TABLES: self._made}
                for table in list(self.tables.values()):
                    if table.archive is not None:
                        streams[log_key(table.name)] = f"0-{table.changes}"
                found = cast(list[tuple[bytes, list[Entry]]] | None, client.xread(streams, count=PAGE, block=BLOCK))
                self._up()
                for key, entries in found or []:
                    self._take(key.decode(), entries)
            except (redis.RedisError, TableError) as exc:
                self._down(exc)
                self._stopped.wait(RETRY)
            except RoadsError as exc:  # a line no reader takes (written by hand into Redis): said once, tried again
                self._problem(f"error: {exc} (in the store {self.url})")
            except Exception as exc:  # a bug: said once, in one line; the feed goes on
                self._problem(f"error: the feed of {self.url} failed: {type(exc).__name__}: {_one_line(exc)}")

    def _problem(self, line: str) -> None:
        """Say ``line`` on standard error unless it was the last problem said; wait before the next read."""
        if line != self._said:
            say(line)
            self._said = line
        self._stopped.wait(RETRY)

    def _take(self, key: str, entries: list[Entry]) -> None:
        """Apply the entries the feed read from stream ``key`` (a table's log, or the tables' stream)."""
        if key == TABLES:
            for entry_id, fields in entries:
                self._made = entry_id
                name = fields.get(b"name", b"").decode("utf-8", "replace")
                with self._create:
                    if NAME.fullmatch(name) and name not in self.tables:
                        self.tables[name] = self._copy(name, catch_up=False)
            return
        table = self.tables.get(key.removeprefix("roads:log:"))
        if table is None:
            return
        with table.lock:
            for entry_id, fields in entries:
                self._advance(table, _position(entry_id), fields.get(b"line", b"") + b"\n")

    def _up(self) -> None:
        if not self._live:
            self._live = True
            say(f"the store {self.url} answers again: writes are taken")
            self._tell(True)

    def _down(self, exc: BaseException) -> None:
        if self._live:
            self._live = False
            say(f"error: the store {self.url} does not answer ({_one_line(exc)}): writes get 503 until it does")
            self._tell(False)

    def _tell(self, live: bool) -> None:
        """Tell every open stream of this worker whether the tables are live (``event: live``)."""
        hub, loop = self.hub, self.loop
        if hub is not None and loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: the server is stopping
                loop.call_soon_threadsafe(hub.notice, "live", {"live": live, "store": self.url})

    def export(self, folder: str | Path) -> list[Path]:
        """Write every table's log into ``folder`` (``NAME.jsonl``, as the embedded store keeps it).

        Every log is read first; a log is never written over a file an export did not write: in a folder without
        the export's mark (:data:`EXPORT_MARK`; an embedded store's ``--data`` folder, say), a table's name already
        taken is an OutputError naming the file, and nothing is written."""
        out = Path(folder)
        logs = {out / f"{table.name}.jsonl": self.archive(table.name) for table in self}
        if not (out / EXPORT_MARK).is_file():
            taken = [path for path in logs if path.exists() or path.is_symlink()]
            if taken:
                raise OutputError(
                    f"{shown(taken[0])} exists and roads serve --export did not write it "
                    f"({len(taken)} of the {len(logs)} logs' names taken): give a new or empty folder"
                )
        make_folder(out)
        atomic_write(out / EXPORT_MARK, "Written by roads serve --export: its logs may be written again here.\n")
        for path, data in logs.items():
            atomic_write(path, data, sync=True)
        return list(logs)

    def load(self, folder: str | Path) -> list[str]:
        """Load every table log of ``folder`` (``NAME.jsonl``) into this store, which must hold no table yet.

        Each log is read first as the embedded store reads it (a bad one is named with its line, and nothing
        is loaded); its change lines become the table's stream, its rules and decks its settings. Comment
        lines after the header are not changes, and are left out.
        """
        if self._call(self.client.xlen, TABLES):
            raise TableError(f"the store {self.url} holds tables already: --import loads into an empty store")
        paths = sorted(p for p in Path(folder).glob("*.jsonl") if NAME.fullmatch(p.stem))
        found: list[tuple[Table, list[bytes]]] = []
        for path in paths:
            try:
                table = load_log(path, self.rules, self.decks)
                data = path.read_bytes()
            except OSError as exc:
                raise LogError(f"cannot read it: {exc.strerror or exc}", file=str(path)) from None
            lines = [raw.strip() for raw in data.splitlines() if raw.strip() and not raw.strip().startswith(b"#")]
            found.append((table, lines))
        for table, lines in found:
            pipe = self.client.pipeline(transaction=True)
            pipe.hset(
                settings_key(table.name),
                mapping={"rules": table.rules, "decks": table.decks, "game": table.game.value},
            )
            pipe.xadd(TABLES, {"name": table.name})
            for n, line in enumerate(lines, 1):
                pipe.xadd(log_key(table.name), {"line": line}, id=f"0-{n}")
            self._call(pipe.execute, write=True)
        return [table.name for table, _ in found]


def _apply(table: Table, line: bytes, kind: str, *, parse: bool = True) -> None:
    """Apply one log line to the copy of a table: its current shoe's lines and coups, its counts (``parse``
    False: its lines only, the coups read later)."""
    if kind == "shoe":
        record = new_shoe(json.loads(line))
        table.shoe = record.new_shoe if record is not None else table.shoe + 1
        table.burned = tuple(record.burned or ()) if record is not None else ()
        table.text = log_header(table.name, table.rules, table.decks, table.game)
        table.items = []
        table.shoe_start = table.size + len(line)
    else:
        text = table.text + line
        if parse:  # first: a bad line leaves the copy as it was
            table.items = coups_of(text, f"{table.name}.jsonl", "jsonl", table.game)
        table.text = text
    table.size += len(line)
    table.changes += 1
    if not parse:
        return
    table.seen = ranks_shown(table)
