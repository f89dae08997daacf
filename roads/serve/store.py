"""The tables of ``roads serve``: one JSON Lines log a table, written whole and synced before any answer.

A table's log is what every other ``roads`` command reads (``roads render
roads-data/main.jsonl`` draws the table's board). Its first lines are
comments naming the table, its rules and its decks; then one coup object a
line; an undo is the line ``{"undo": N}`` (see :mod:`roads.logs.undo`).
Each change writes the whole log through a temporary file, a sync and a
rename (:func:`roads.files.atomic_write`), so a crash leaves the old log or
the new one, never half a line, and an acknowledged coup is on the disk.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, parse_card
from ..coup import Coup, resolve
from ..errors import CardError, LogError, RoadsError, TableError
from ..files import atomic_write
from ..logs import iter_entries
from ..logs.reader import EMPTY
from ..logs.results import parse_results
from ..logs.writer import coup_object
from ..outcome import Outcome

NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A table's name: the only part of a request that ever reaches the file system."""

MAX_CARDS_TEXT = 200
"""Characters of a "cards" or "result" field: a coup is at most six cards."""

RANKS = "A23456789TJQK"

MAX_LOG = 1 << 20
"""Bytes of a served table's log. A shoe is about 80 coups (a few KB); 1 MB is some 10,000 coups and undos.
Every write copies the whole log and the table is kept in memory, so a client that adds and undoes forever
cannot grow either without end: past it, a write is 409 and the table stays as it was."""

MAX_TABLES = 1000
"""Tables a server makes (``PUT``): each is a log on the disk and a table in memory, so requests cannot
add them without end. Tables already in ``--data`` are all loaded, whatever their number."""


def table_name(name: str) -> str:
    """Return ``name`` when it can be a table's name; UnknownTable otherwise."""
    if NAME.fullmatch(name) is None:
        raise TableError("no such table: a table's name is 1 to 64 letters, digits, '-' or '_'", status=404)
    return name


@dataclass
class Table:
    """One table: its log, its coups in memory, and the lock that orders its writes."""

    name: str
    path: Path | None
    rules: str
    decks: int
    items: list[Coup | Outcome] = field(default_factory=list)
    text: bytes = b""
    shoe: int = 1
    """Shoes seen: a followed log that is truncated or replaced starts the next."""
    followed: bool = False
    """Another program writes the log (``--follow``): the server only reads it."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    seen: list[int] = field(default_factory=lambda: [0] * 13, repr=False)

    @property
    def coups(self) -> int:
        """Return the number of coups on the table."""
        return len(self.items)

    @property
    def writable(self) -> bool:
        """Return whether coups may be posted (not a followed log)."""
        return self.path is not None and not self.followed

    def source(self) -> Any:
        """Return what the log readers read for this table: its file, or the complete lines of a followed log."""
        import io

        if self.path is not None and not self.followed:
            return str(self.path)
        stream = io.BytesIO(self.text)
        stream.name = str(self.path)
        return stream

    def last(self) -> dict[str, object] | None:
        """Return the last coup as its log object, or None on an empty table."""
        return coup_object(self.items[-1]) if self.items else None


def _header(name: str, rules: str, decks: int) -> bytes:
    return f"# format: jsonl\n# roads table: {name}\n# rules: {rules}\n# decks: {decks}\n".encode()


class Store:
    """Every table under one folder, loaded at start and kept in memory; writes go to disk first."""

    def __init__(self, folder: str | Path, rules: str = "standard", decks: int = 8) -> None:
        self.folder = Path(folder)
        self.rules = rules
        self.decks = decks
        self.tables: dict[str, Table] = {}
        self._create = threading.Lock()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LogError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from None
        for path in sorted(self.folder.glob("*.jsonl")):
            if NAME.fullmatch(path.stem):
                self.tables[path.stem] = _load(path, rules, decks)

    def __iter__(self) -> Iterator[Table]:
        return iter(sorted(self.tables.values(), key=lambda t: t.name))

    def get(self, name: str) -> Table:
        """Return the table called ``name``; UnknownTable when there is none."""
        found = self.tables.get(table_name(name))
        if found is None:
            raise TableError(f"no table '{name}': create it with PUT /api/tables/{name}", status=404)
        return found

    def create(self, name: str, rules: str | None = None, decks: int | None = None) -> tuple[Table, bool]:
        """Return the table ``name``, made (an empty log on disk) if missing, and whether it was made."""
        table_name(name)
        with self._create:
            found = self.tables.get(name)
            if found is not None:
                return found, False
            if len(self.tables) >= MAX_TABLES:
                raise TableError(f"the server holds {len(self.tables)} tables, the most it makes ({MAX_TABLES})")
            table = Table(name, self.folder / f"{name}.jsonl", rules or self.rules, decks or self.decks)
            table.text = _header(name, table.rules, table.decks)
            atomic_write(table.path or "", table.text, sync=True)
            self.tables[name] = table
            return table, True

    def add(self, table: Table, expect: int, result: str | None, cards: str | None) -> Table:
        """Append one coup (a result, or the cards of a coup) to ``table`` when ``expect`` is its next number."""
        if not table.writable:
            raise TableError(f"table '{table.name}' follows {table.path}: only that log's writer adds coups")
        with table.lock:
            number = table.coups + 1
            if expect != number:
                raise TableError(f"expect {expect}, but the next coup is {number}: the table changed, reload it")
            item: Coup | Outcome
            seen = list(table.seen)
            if cards is not None:
                item = _coup(cards, number)
                from ..odds.api import take_out

                take_out(seen, item.dealt, number, table.decks)
            else:
                item = _result(result or "", number)
            text = _grown(table, (json.dumps(coup_object(item), ensure_ascii=False) + "\n").encode())
            atomic_write(table.path or "", text, sync=True)
            table.text, table.seen = text, seen
            table.items.append(item)
            return table

    def undo(self, table: Table, expect: int | None) -> Table:
        """Take back the last coup of ``table`` with an undo record (``expect``: its number, when given)."""
        if not table.writable:
            raise TableError(f"table '{table.name}' follows {table.path}: only that log's writer changes it")
        with table.lock:
            if not table.items:
                raise TableError(f"table '{table.name}' has no coup to undo")
            if expect is not None and expect != table.coups:
                raise TableError(f"expect {expect}, but the last coup is {table.coups}: the table changed, reload it")
            text = _grown(table, (json.dumps({"undo": table.coups}) + "\n").encode())
            atomic_write(table.path or "", text, sync=True)
            gone = table.items.pop()
            if isinstance(gone, Coup):
                for card in gone.dealt:
                    table.seen[RANKS.index(card.rank)] -= 1
            table.text = text
            return table


def _grown(table: Table, line: bytes) -> bytes:
    """Return the table's log with ``line`` added; TableError (409) when that would pass MAX_LOG."""
    if len(table.text) + len(line) > MAX_LOG:
        raise TableError(
            f"table '{table.name}' has a full log ({len(table.text)} bytes, at most {MAX_LOG}): start another table"
        )
    return table.text + line


def _coup(cards: str, number: int) -> Coup:
    """Return the coup dealt as ``cards`` (dealing order), as ``roads coup`` reads them; CardError/CoupError."""
    tokens = cards.replace(",", " ").split()
    parsed: list[Card] = []
    for i, token in enumerate(tokens, 1):
        try:
            parsed.append(parse_card(token))
        except CardError as exc:
            raise CardError(f"card {i}: {exc.message}", coup=number) from None
    try:
        return resolve(parsed)
    except RoadsError as exc:
        raise exc.located(coup=number) from None


def _result(text: str, number: int) -> Outcome:
    """Return the one result in ``text`` (a letter with optional markers, as in a results log)."""
    try:
        found = parse_results(text.strip(), file=None, line=None)
    except LogError as exc:
        exc.line = None
        raise exc.located(coup=number) from None
    if len(found) != 1:
        raise LogError(f'"result" holds {len(found)} results: give one, B, P or T (markers allowed)', coup=number)
    return found[0][1]


def _load(path: Path, rules: str, decks: int) -> Table:
    """Return the table stored at ``path``: its header, and its coups read as every roads command reads them."""
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end != len(data):
        # A line without its end was never acknowledged (a crash mid-write of an older roads): drop it.
        data = data[:end]
        atomic_write(path, data, sync=True)
    meta: dict[str, str] = {}
    for raw in data.splitlines():
        line = raw.decode("utf-8", "replace")
        if not line.startswith("#"):
            break
        key, _, value = line[1:].partition(":")
        meta[key.strip()] = value.strip()
    kept = meta.get("decks", "")
    table = Table(path.stem, path, meta.get("rules", rules), int(kept) if kept.isdigit() else decks, text=data)
    try:
        for entry in iter_entries(str(path), "jsonl"):
            item: Coup | Outcome = entry.coup if entry.coup is not None else entry.outcome
            if isinstance(item, Coup):
                for card in item.dealt:
                    table.seen[RANKS.index(card.rank)] += 1
            table.items.append(item)
    except LogError as exc:
        if exc.message != EMPTY:  # an empty table (or every coup taken back) is a table with no coups yet
            raise
    return table
