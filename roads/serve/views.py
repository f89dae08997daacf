"""What the server answers about a table, made by the functions the commands use: same log, same bytes.

``board.svg``/``.png`` are what ``roads render LOG`` writes, ``/odds`` what
``roads odds --after LOG --decks N --rules R --json`` prints (the table's
decks and rules), a proof what ``roads explain LOG --road R --mark N --json``
prints. Each is made once per change of the table
and kept until the next (200 viewers asking after a coup cost one drawing).
"""

from __future__ import annotations

import json
import threading
import warnings
from typing import Any, cast

from ..board.jsonview import ask_dict, dumps
from ..board.names import DERIVED, Road
from ..cards import Card
from ..coup import Coup
from ..errors import RoadsError, TableError
from ..lesson.questions import questions
from ..lesson.quiz import quiz_document
from ..logs import LogWarning, read_coups
from ..pages.shell import Page
from ..render import render
from ..scene.options import options_from_text
from ..scoreboard import Scoreboard
from .store import Table

QUERY_IGNORED = ("v",)
"""Query keys a board request may give besides the drawing options: ``v`` is the key a page changes to load a
board again. Every drawing option of the table (``roads.scene.options``) is read from the query as ``roads
render`` reads its flag (``?theme=dark&last=20``), with the same bounds and the same one-line errors."""

_CACHE_MOST = 64
"""Answers kept per table (distinct option sets of one table state)."""

_lock = threading.Lock()
_cache: dict[str, tuple[tuple[int, int, int], dict[tuple[Any, ...], Any]]] = {}


def _cached(table: Table, key: tuple[Any, ...], make: Any) -> Any:
    """Return the answer ``make()`` for ``key`` of this state of ``table``, made once per state."""
    version = (table.coups, table.shoe, table.size)
    with _lock:
        kept = _cache.get(table.name)
        if kept is None or kept[0] != version:
            kept = (version, {})
            _cache[table.name] = kept
        if key in kept[1]:
            return kept[1][key]
    value = make()
    with _lock:
        if len(kept[1]) < _CACHE_MOST:
            kept[1][key] = value
    return value


def board(table: Table) -> Scoreboard:
    """Return the table's scoreboard, read from its log as ``roads render`` reads it."""

    def make() -> Scoreboard:
        return Scoreboard.from_log(table.source()) if table.coups else Scoreboard()

    return cast(Scoreboard, _cached(table, ("board",), make))


def picture(table: Table, kind: str, query: dict[str, str]) -> bytes:
    """Return the board as ``roads render LOG -o board.KIND`` with the query's options writes it."""
    options = options_from_text(query, ignore=QUERY_IGNORED)

    def make() -> bytes:
        return render(board(table), kind, options)

    return cast(bytes, _cached(table, ("picture", kind, options), make))


def odds(table: Table) -> str:
    """Return what ``roads odds --after LOG --decks N --rules R --json`` prints: the next coup's odds and the bets."""
    return cast(str, _cached(table, ("odds",), lambda: _odds(table)))


def _odds(table: Table) -> str:

    from ..bets import rule_set
    from ..bets.next_coup import next_coup_json

    coups: list[Coup] = []
    under_way: tuple[Card, ...] = ()
    if table.coups:
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", LogWarning)
                coups = read_coups(table.source())
        except RoadsError as exc:
            # A table of results alone has no cards to count: not a bad request, a state the odds cannot use.
            raise TableError(str(exc), status=409) from None
        for item in caught:
            # A followed card stream cut off mid-coup: its dealt cards are out of the shoe, as the command counts.
            if isinstance(item.message, LogWarning) and item.message.dealt:
                under_way = item.message.dealt
    try:
        text = next_coup_json(coups, table.decks, rule_set(table.rules), under_way=under_way)
    except RoadsError as exc:
        raise TableError(str(exc), status=409) from None
    return text + "\n"


def proof(table: Table, road: str, mark: int) -> str:
    """Return what ``roads explain LOG --road ROAD --mark N --json`` prints; 404 for no such road or mark."""
    try:
        derived = Road.parse(road, derived=True)
    except RoadsError as exc:
        raise TableError(exc.message, status=404) from None

    def make() -> str:
        try:
            found = board(table).proof(derived, mark)
        except RoadsError as exc:
            raise TableError(exc.message, status=404) from None
        return dumps(found.to_dict(mistake=True)) + "\n"

    return cast(str, _cached(table, ("proof", derived, mark), make))


def state(table: Table) -> dict[str, Any]:
    """Return the table as ``GET /api/tables/{table}`` gives it: counts, rules, statistics, asks, last coup."""

    def make() -> dict[str, Any]:
        drawn = board(table)
        return {
            "table": table.name,
            "coups": table.coups,
            "rules": table.rules,
            "decks": table.decks,
            "shoe": table.shoe,
            "writable": table.writable,
            "cards": all(isinstance(item, Coup) for item in table.items),
            "last": table.last(),
            "stats": json.loads(json.dumps(drawn.stats.to_dict())),
            "asks": ask_dict(drawn),
            "roads": {road.name: {"marks": len(road), "red": road.red} for road in drawn.derived_roads()},
        }

    return cast(dict[str, Any], _cached(table, ("state",), make))


def summary(table: Table) -> dict[str, Any]:
    """Return one line of ``GET /api/tables``: the table's name, coups and wins of each side."""
    counts = state(table)["stats"]
    return {"table": table.name, "coups": table.coups, "writable": table.writable, "stats": counts}


ROADS = tuple(road.cli for road in DERIVED)
"""The roads a proof can be asked of."""


QUIZ_SEED = "serve"
"""The seed of the served quiz unless the request gives one: the same tables give the same page."""


def quiz(tables: list[Table], seed: str = QUIZ_SEED) -> Page:
    """Return ``roads quiz`` of the tables' boards and its policy: each table with something to ask, named by its name.

    A table too short to ask about is left out; with none left, a TableError (404) says so.
    """
    asked: list[tuple[str, Scoreboard]] = []
    for table in tables:
        found = board(table)
        try:
            questions([found], seed=seed)
        except RoadsError:
            continue
        asked.append((table.name, found))
    if not asked:
        raise TableError("no table has enough coups for a quiz yet: deal a few more", status=404)
    return quiz_document(
        [b for _, b in asked], seed=seed, names=[n for n, _ in asked], title="Reading the roads: a quiz"
    )
