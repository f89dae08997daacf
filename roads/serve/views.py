"""What the server answers about a table, made by the functions the commands use: same log, same bytes.

``board.svg``/``.png`` are what ``roads render LOG`` writes, ``/odds`` what
``roads odds --after LOG --decks N --rules R --json`` prints (the table's
decks and rules), a proof what ``roads explain LOG --road R --mark N --json``
prints. Each is made once per change of the table
and kept until the next (200 viewers asking after a coup cost one drawing),
within one byte budget for the whole server (``CACHE_BYTES``).
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import gzip
import io
import json
import re
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, cast

from ..board.jsonview import added_marks, ask_dict, dumps, good_road_dicts, road_lengths
from ..board.names import DERIVED, Road
from ..cards import Card
from ..coup import Coup
from ..dragon_tiger import DragonTigerCoup
from ..enums import Game
from ..errors import RoadsError, TableError
from ..lesson.questions import questions
from ..lesson.quiz import quiz_document
from ..logs import LogWarning, read_coups
from ..logs.archive import Shoe, open_archive
from ..logs.dragon_tiger import dragon_tiger_shoes, read_dragon_tiger
from ..pages.shell import Page
from ..scene.options import RenderOptions, options_from_text
from ..scoreboard import Scoreboard
from .drawer import Job, drawer
from .games import item_object, odds_text, outcomes
from .hub import event
from .store import Table

QUERY_IGNORED = ("v", "shoe", "fit")
"""Query keys a board request may give besides the drawing options: ``v`` is the key a page changes to load a
board again, ``shoe`` picks a past shoe, ``fit`` is the width of the page's view (:func:`fitted`). Every drawing
option of the table (``roads.scene.options``) is read from the query as ``roads render`` reads its flag
(``?theme=dark&last=20``), with the same bounds and the same one-line errors."""

_SHOE = re.compile(r"[0-9]{1,9}")
"""A ``?shoe=N`` query: ASCII digits only (``²`` and ``٣`` are not numbers here)."""

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


def shoe_number(table: Table, given: str | None) -> int | None:
    """Return the past shoe a ``?shoe=N`` query names, None for the current one.

    TableError 400 when ``given`` is not ASCII digits, 404 when the table has no such shoe.
    """
    if given is None:
        return None
    if _SHOE.fullmatch(given) is None:
        raise TableError(f"shoe is a shoe's number (ASCII digits), not '{given[:20]}'", status=400)
    number = int(given)
    if not 1 <= number <= table.shoe:
        raise TableError(f"table '{table.name}' has shoes 1 to {table.shoe}, not {number}", status=404)
    return None if number == table.shoe else number


def _past(table: Table, number: int) -> Shoe:
    """Return past shoe ``number`` of the table's log, read once per state of the table (its board and its
    state both need it)."""
    return cast(Shoe, _cached(table, ("past", number), lambda: _read_past(table, number)))


def _read_past(table: Table, number: int) -> Shoe:
    """Return past shoe ``number`` of the table's log, read as ``roads render LOG --shoe N`` reads it."""
    with _shoes(_whole_log(table), table.game) as shoes:
        for shoe in shoes:
            if shoe.id == number:
                if shoe.error is not None:
                    raise TableError(str(shoe.error), status=409)
                return shoe
    raise TableError(f"shoe {number} of table '{table.name}' is no longer in its log (rotated)", status=404)


def _whole_log(table: Table) -> Any:
    """Return what the log readers read for the table's whole log (its file, or a stream of a store's log);
    TableError (404) for a followed log, which keeps its current shoe only."""
    if table.followed or (table.path is None and table.archive is None):
        raise TableError(f"table '{table.name}' follows a log that keeps its current shoe only", status=404)
    if table.archive is None:
        return str(table.path)
    source = io.BytesIO(table.archive())
    source.name = f"{table.name}.jsonl"
    return source


@contextlib.contextmanager
def _shoes(source: Any, game: Game) -> Iterator[Iterator[Shoe]]:
    """Yield the shoes of a table's whole log, read as ``roads render LOG --game G`` reads them."""
    if game is Game.DRAGON_TIGER:
        yield iter(dragon_tiger_shoes(source, "jsonl"))
        return
    with open_archive(source, "jsonl") as shoes:
        yield shoes


def board(table: Table, shoe: int | None = None) -> Scoreboard:
    """Return the board of the table's current shoe (or past shoe ``shoe``), read as ``roads render`` reads it
    (``--game dragon-tiger`` for a Dragon Tiger table: Dragon and Tiger named and coloured)."""

    def make() -> Scoreboard:
        if shoe is not None:
            return Scoreboard.from_outcomes(_past(table, shoe).outcomes(), game=table.game)
        return current_board(table)

    return cast(Scoreboard, _cached(table, ("board", shoe), make))


def current_board(table: Table) -> Scoreboard:
    """Return a new board of the table's current shoe, made from its coups in memory (not kept: a caller may add to
    it): the board ``roads render`` reads of its log (``--game dragon-tiger`` for a Dragon Tiger table), without
    reading and parsing the whole log again at every change (``tests/test_serve_board_of_coups.py``)."""
    return Scoreboard.from_outcomes(outcomes(table.items), game=table.game)


def picture(table: Table, kind: str, query: dict[str, str]) -> bytes:
    """Return the board as ``roads render LOG -o board.KIND`` with the query's options writes it."""
    data = kept_picture(table, kind, query)
    return gzip.decompress(data) if kind == "svg" else data


def kept_picture(table: Table, kind: str, query: dict[str, str]) -> bytes:
    """Return :func:`picture` as the server keeps it, an SVG gzipped: drawn by the drawing process once per state
    of the table (:mod:`roads.serve.drawer`), kept within the server's budget."""
    shoe = shoe_number(table, query.get("shoe"))
    options = options_from_text(query, ignore=QUERY_IGNORED)
    fit = query.get("fit")

    def make() -> bytes:
        return drawer.draw(job(table, kind, shoe, options, fit))

    return cast(bytes, _cached(table, ("picture", kind, shoe, options, fit), make))


def job(table: Table, kind: str, shoe: int | None, options: RenderOptions, fit: str | None = None) -> Job:
    """Return the drawing of the table's current shoe (its coups in memory, as :func:`current_board` makes its
    board) or of past shoe ``shoe`` as a job for the drawing process."""
    if shoe is not None:
        return Job(kind, options, fit, outcomes=tuple(_past(table, shoe).outcomes()), game=table.game)
    return Job(kind, options, fit, outcomes=tuple(outcomes(table.items)), game=table.game)


def odds(table: Table) -> str:
    """Return what ``roads odds --after LOG --decks N --rules R --json`` prints: the next coup's odds and the bets."""
    return cast(str, _cached(table, ("odds",), lambda: _odds(table)))


def _odds(table: Table) -> str:
    priced = odds_text(table.game, table.items, table.decks)
    if priced is not None:
        return priced
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
        # As `roads odds --after LOG`: burned cards stay in (an unseen card does not change the odds; docs/odds.md).
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


def state(table: Table, shoe: int | None = None) -> dict[str, Any]:
    """Return the table as ``GET /api/tables/{table}`` gives it: its shoe and coups ("shoe N, coup M"), rules,
    statistics, asks, last coup; ``shoe``: a past shoe's (not writable, ``current`` false)."""

    def make() -> dict[str, Any]:
        drawn = board(table, shoe)
        if shoe is None:
            items: list[Any] = list(table.items)
            burned: list[str] = list(table.burned)
        else:
            past = _past(table, shoe)
            items = _coups_of(table, shoe, past)
            burned = past.burned.split() if past.burned else []
        number = table.shoe if shoe is None else shoe
        return {
            "table": table.name,
            "coups": len(items),  # second: readers of a stream find a state's coups right after its table
            "game": table.game.value,
            "sides": {"banker": table.game.banker, "player": table.game.player},
            "rules": table.rules if table.game is Game.BACCARAT else None,
            "decks": table.decks,
            "shoe": number,
            "current": shoe is None,
            "shoes": table.shoe,
            "burned": burned,
            "where": f"shoe {number}, coup {len(items)}",
            "event_id": f"{table.name}:{table.changes}",
            "writable": table.writable and shoe is None,
            "cards": all(isinstance(item, Coup | DragonTigerCoup) for item in items),
            "last": item_object(items[-1], table.game) if items else None,
            "stats": json.loads(json.dumps(drawn.stats.to_dict())),
            "asks": ask_dict(drawn),
            "roads": {road.name: {"marks": len(road), "red": road.red} for road in drawn.derived_roads()},
            "good_roads": good_road_dicts(drawn),
        }

    return cast(dict[str, Any], _cached(table, ("state", shoe), make))


def _coups_of(table: Table, number: int, shoe: Shoe) -> list[Any]:
    """Return the coups of past shoe ``number``: each with its cards when the log gave them, else its outcome (a
    Dragon Tiger shoe's coups read again by its reader, which keeps their cards)."""
    if table.game is Game.DRAGON_TIGER:
        entries = read_dragon_tiger(_whole_log(table), "jsonl")
        return [entry.coup if entry.coup is not None else entry.outcome for entry in entries if entry.shoe == number]
    return [entry.coup if entry.coup is not None else entry.outcome for entry in shoe.entries()]


_PREFIX = re.compile(r"r[0-9a-f]{10}-")
"""The id prefix of a drawn board (``roads.scene.ids``): a digest of what it shows, so it names the board."""

PATCH_MARK = "\x00"
"""What stands for a board's id prefix in a patch's lines: a character no SVG holds."""


Drawn = tuple[str, list[str], int]
"""A board as a patch sees it: its id prefix, its lines (the prefix written PATCH_MARK), its length in UTF-16
units (as a page counts a string's length)."""


def _drawn(table: Table, query: dict[str, str] | None = None) -> Drawn | None:
    """Return the table's board now (drawn with ``query``: ``{"fit": "466"}``, the board a page of that width shows)
    as a patch sees it (None: a board without ids, never patched)."""
    text = picture(table, "svg", query or {}).decode("utf-8")
    found = _PREFIX.search(text)
    if found is None:
        return None
    lines = text.replace(found.group(0), PATCH_MARK).split("\n")
    return found.group(0), lines, len(text.encode("utf-16-le")) // 2


def board_patch(table: Table, before: Drawn | None, query: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Return how the table's board (``board.svg``, as ``roads render`` draws it) changed since ``before``
    (:func:`_drawn` of the board then), or None when there is nothing to patch (the page fetches the board).

    The board is drawn once, by the one render path, and kept: a page asking for ``board.svg`` gets those
    bytes. A patch is ``{"from": prefix, "to": prefix, "length": n, "hunks": [[start, end, [lines]], ...]}``:
    the page whose board has the id prefix ``from`` puts each hunk's lines in place of its lines ``start`` to
    ``end`` (its board's lines, the prefix written PATCH_MARK), last hunk first, writes the prefix ``to`` back,
    and has exactly the new ``board.svg``, ``length`` characters long (UTF-16 units, as a page counts them)."""
    after = _drawn(table, query)
    if before is None or after is None:
        return None
    (was, old, _), (now, lines, length) = before, after
    hunks = [
        [i1, i2, lines[j1:j2]]
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, lines, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    return {"from": was, "to": now, "length": length, "hunks": hunks}


def change(
    table: Table, kind: str, write: Callable[[], object], drawn: dict[str, str] | None = None, *, keep: bool = True
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Make one change of ``table`` (``write``, on the writer thread) and return its event, made from the table
    right after it, and (``drawn``: a page of the table is watching, its board drawn with that query) the patch of
    its board (:func:`board_patch`).

    A coup's event has the marks it added to each road, an undo's the coup taken back. The board a coup's marks
    are read from is kept as the table's (its answer's state reads it); ``keep=False`` for a copy of a table
    that replays its past changes, whose board is not the table's now."""
    board_before = _drawn(table, drawn) if drawn is not None else None  # kept from the last change or the fetch
    before = list(table.items)
    write()
    after = list(table.items)
    marks = None
    if kind == "coup" and after:
        found = outcomes(after)
        grown = Scoreboard.from_outcomes(found[:-1], game=table.game)
        lengths = road_lengths(grown)
        grown.add(found[-1])
        marks = added_marks(grown, lengths)
        if keep:  # the answer's state reads this board, not one made again
            _cached(table, ("board", None), lambda: grown)
    undone = item_object(before[-1], table.game) if kind == "undo" and before else None
    patch = board_patch(table, board_before, drawn) if drawn is not None else None
    return event(table, kind, items=after, marks=marks, undone=undone), patch


def state_event(table: Table) -> tuple[str, int, str]:
    """Return the fresh ``state`` event of ``table`` for a stream: its table, position and ``data:`` JSON."""
    found = state(table)
    position = int(found["event_id"].rsplit(":", 1)[1])
    data = {**found, "change": "state", "changes": position, "counts": _state_counts(found)}
    return table.name, position, json.dumps(data, ensure_ascii=False)


def _state_counts(found: dict[str, Any]) -> dict[str, int]:
    return {side: found["stats"].get(side, 0) for side in ("banker", "player", "tie")}


def summary(table: Table) -> dict[str, Any]:
    """Return one line of ``GET /api/tables``: the table's name, coups and wins of each side."""
    found = state(table)
    return {
        "table": table.name,
        "game": table.game.value,
        "shoe": table.shoe,
        "coups": table.coups,
        "where": found["where"],
        "changes": table.changes,
        "writable": table.writable,
        "stats": found["stats"],
    }


ROADS = tuple(road.cli for road in DERIVED)
"""The roads a proof can be asked of."""


QUIZ_SEED = "serve"
"""The seed of the served quiz unless the request gives one: the same tables give the same page."""

COURSE_SEED = 2026
"""The seed of the served course's final exam (``roads course``'s default): every viewer sees the same course."""


@functools.cache
def course() -> dict[str, Page]:
    """Return ``roads course``'s pages by file name, built once for the server's life (they never change)."""
    from ..course.site import course_pages

    return course_pages(seed=COURSE_SEED, calculator="/calculator")[0]


def quiz(tables: list[Table], seed: str = QUIZ_SEED) -> Page:
    """Return ``roads quiz`` of the tables' boards and its policy: each table with something to ask, named by its name.

    A table too short to ask about is left out, and so is a Dragon Tiger table (``roads quiz`` asks in baccarat's
    words: Banker and Player); with none left, a TableError (404) says so.
    """
    asked: list[tuple[str, Scoreboard]] = []
    for table in tables:
        if table.game is not Game.BACCARAT:
            continue
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
