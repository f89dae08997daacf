"""What the server answers about a table, made by the functions the commands use: same log, same bytes.

``board.svg``/``.png`` are what ``roads render LOG`` writes, ``/odds`` what
``roads odds --after LOG --decks N --rules R --json`` prints (the table's
decks and rules), a proof what ``roads explain LOG --road R --mark N --json``
prints. Each is made once per change of the table
and kept until the next (200 viewers asking after a coup cost one drawing),
within one byte budget for the whole server (``CACHE_BYTES``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any, cast

from ..board.jsonview import ask_dict, dumps
from ..board.names import DERIVED, Road
from ..cards import Card
from ..coup import Coup
from ..errors import RoadsError, TableError
from ..lesson.questions import questions
from ..lesson.quiz import quiz_document
from ..pages.shell import Page
from ..render import render
from ..scene import render_options
from ..scoreboard import Scoreboard
from .store import Table

BOARD_OPTIONS = ("road", "last", "theme", "labels", "highlight", "cell", "width", "scale", "title")
"""The render options a board request may give in its query (``?theme=dark&last=20``), as ``roads render`` takes.

``v`` is also allowed and ignored: the key a page changes to load a board again.
"""

CACHE_BYTES = 64 << 20
"""Bytes of made answers (pictures, odds, proofs) the whole server keeps: the least recently used go first."""

OBJECT_BYTES = 64 << 10
"""Bytes an answer that is not text or bytes (a scoreboard, a state) counts for: a shoe's board is far less."""


class _Kept:
    """The made answers of every table's current state, least recently used first, and their bytes.

    A table's answers go as soon as it changes (they are of a state that is gone), and the least recently
    used of all go first past CACHE_BYTES.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: OrderedDict[tuple[str, tuple[Any, ...]], tuple[Any, int]] = OrderedDict()
        """(table, key) -> (the answer, its bytes)."""
        self.states: dict[str, tuple[tuple[int, int, int], set[tuple[Any, ...]]]] = {}
        """table -> (the state its answers are of, their keys)."""
        self.held = 0
        """Bytes of every answer kept."""

    def _keys(self, table: str, version: tuple[int, int, int]) -> set[tuple[Any, ...]]:
        """Return the keys kept of ``table``'s state ``version``, dropping those of an older state first."""
        state = self.states.get(table)
        if state is None or state[0] != version:
            for key in state[1] if state is not None else ():
                self._drop((table, key))
            state = self.states[table] = (version, set())
        return state[1]

    def _drop(self, slot: tuple[str, tuple[Any, ...]]) -> None:
        gone = self.answers.pop(slot, None)
        if gone is not None:
            self.held -= gone[1]

    def get(self, slot: tuple[str, tuple[Any, ...]], version: tuple[int, int, int]) -> tuple[bool, Any]:
        """Return (True, the answer) when ``slot`` holds one made for ``version``, else (False, None)."""
        with self.lock:
            if slot[1] not in self._keys(slot[0], version) or slot not in self.answers:
                return False, None
            self.answers.move_to_end(slot)
            return True, self.answers[slot][0]

    def put(self, slot: tuple[str, tuple[Any, ...]], version: tuple[int, int, int], value: Any) -> None:
        """Keep ``value`` for ``slot``, letting the least recently used answers go past CACHE_BYTES."""
        cost = len(value) if isinstance(value, bytes | str) else OBJECT_BYTES
        with self.lock:
            keys = self._keys(slot[0], version)
            self._drop(slot)
            if cost > CACHE_BYTES:
                return
            self.answers[slot] = (value, cost)
            keys.add(slot[1])
            self.held += cost
            while self.held > CACHE_BYTES:
                (table, key), (_, gone) = self.answers.popitem(last=False)
                self.held -= gone
                self.states[table][1].discard(key)


_kept = _Kept()


def cached_bytes() -> int:
    """Return the bytes of the answers kept now (at most CACHE_BYTES)."""
    return _kept.held


def _cached(table: Table, key: tuple[Any, ...], make: Any) -> Any:
    """Return the answer ``make()`` for ``key`` of this state of ``table``, made once per state while it is kept.

    Every table's answers share one budget of CACHE_BYTES, least recently used out first, so 64 distinct
    large pictures cost at most the budget, not their sum.
    """
    version = (table.coups, table.shoe, table.size)
    slot = (table.name, key)
    found, value = _kept.get(slot, version)
    if not found:
        value = make()
        _kept.put(slot, version, value)
    return value


def board(table: Table) -> Scoreboard:
    """Return the table's scoreboard, read from its log as ``roads render`` reads it."""

    def make() -> Scoreboard:
        return Scoreboard.from_log(table.source()) if table.coups else Scoreboard()

    return cast(Scoreboard, _cached(table, ("board",), make))


def picture(table: Table, kind: str, query: dict[str, str]) -> bytes:
    """Return the board as ``roads render LOG -o board.KIND`` with the query's options writes it."""
    changes: dict[str, Any] = {}
    for key, value in query.items():
        if key == "v":
            continue  # a page's cache key (the coups shown), not an option
        if key not in BOARD_OPTIONS:
            raise TableError(f"unknown option '{key}': a board takes {', '.join(BOARD_OPTIONS)}", status=400)
        changes[key] = _option_value(key, value)
    options = render_options(**changes)

    def make() -> bytes:
        return render(board(table), kind, options)

    return cast(bytes, _cached(table, ("picture", kind, tuple(sorted(changes.items()))), make))


def _option_value(key: str, value: str) -> Any:
    """Return one query value as the render option takes it (numbers, a road:mark highlight)."""
    try:
        if key in ("last", "width"):
            return int(value)
        if key in ("cell", "scale"):
            return float(value)
    except ValueError:
        raise TableError(f"{key} takes a number, not '{value[:40]}'", status=400) from None
    if key == "highlight":
        road, _, mark = value.partition(":")
        if not mark.isdigit():
            raise TableError("highlight takes ROAD:MARK, e.g. big-eye-boy:5", status=400)
        return (road, int(mark))
    return value


def odds(table: Table) -> str:
    """Return what ``roads odds --after LOG --decks N --rules R --json`` prints: the next coup's odds and the bets."""
    return cast(str, _cached(table, ("odds",), lambda: _odds(table)))


def _odds(table: Table) -> str:
    import warnings

    from ..bets import rule_set
    from ..bets.next_coup import next_coup_json
    from ..logs import LogWarning, read_coups

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
