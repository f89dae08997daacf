"""A served table's game: the one place that maps it to its engine (``roads serve --game``, ``PUT`` ``"game"``).

A table plays baccarat or Dragon Tiger (:class:`roads.enums.Game`). Its game
decides how a posted coup is read (:func:`coup_item`), how it is written to the
table's log and read back (:func:`item_object`, :func:`read_items`: the readers
every command uses, ``--game dragon-tiger`` for a Dragon Tiger log) and how the
next coup is priced (:func:`odds_text`). The board is the same five roads either
way; :class:`roads.board.Board` draws a Dragon Tiger board under Dragon's and
Tiger's names (:func:`outcomes`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import RANKS, Card, parse_card
from ..coup import Coup, resolve
from ..dragon_tiger import CARDS_PER_COUP, DragonTigerCoup, coup_of
from ..enums import Game
from ..errors import CardError, CoupError, LogError, RoadsError, TableError
from ..logs import iter_entries
from ..logs.dragon_tiger import coup_json, game_line, iter_dragon_tiger, one_result
from ..logs.results import parse_results
from ..logs.writer import coup_object
from ..odds.dragon_tiger import dragon_tiger_shoe, dragon_tiger_through, odds_json
from ..outcome import Outcome

Item = Coup | DragonTigerCoup | Outcome
"""A coup on a served table: dealt (its cards known) or a result alone."""

GAMES = tuple(game.value for game in Game)
"""The games a table can play, as ``--game`` and ``PUT``'s ``"game"`` name them."""

_BY_NAME = {game.value: game for game in Game}

DRAGON_TIGER_RESULTS = "D (Dragon), T (Tiger) or Tie (or 龙 虎 和)"
"""The results a Dragon Tiger table takes, as a refusal names them."""


def game_of(value: object) -> Game:
    """Return the game ``value`` (a ``PUT`` body's ``"game"``) names; TableError (400) naming the games otherwise."""
    found = _BY_NAME.get(value.lower()) if isinstance(value, str) else None
    if found is None:
        shown = value[:40] if isinstance(value, str) else value
        raise TableError(f'"game" is {" or ".join(map(repr, GAMES))}, not {shown!r}', status=400)
    return found


def header(game: Game) -> str:
    """Return the header line a table's log names its game with (``# game: dragon-tiger``); none for baccarat."""
    return "" if game is Game.BACCARAT else game_line(game) + "\n"


def item_object(item: Item, game: Game) -> dict[str, object]:
    """Return the JSON object the log (and the events) hold for a coup of ``game``, in its game's words."""
    if game is Game.DRAGON_TIGER:
        assert not isinstance(item, Coup)
        return coup_json(item)
    assert not isinstance(item, DragonTigerCoup)
    return coup_object(item)


def dealt(item: Item) -> tuple[Card, ...]:
    """Return the cards a coup dealt (none for a result alone)."""
    return item.dealt if isinstance(item, Coup | DragonTigerCoup) else ()


def ranks_seen(burned: Iterable[Card], items: Iterable[Item] = ()) -> list[int]:
    """Return how many cards of each rank (:data:`roads.cards.RANKS` order) a shoe has shown: its ``burned``
    cards and the cards its coups ``items`` dealt (a result alone deals none). The one count of a served
    table's seen ranks (its odds take them out), whichever store holds it."""
    seen = [0] * len(RANKS)
    for card in itertools.chain(burned, *map(dealt, items)):
        seen[RANKS.index(card.rank)] += 1
    return seen


def outcomes(items: Sequence[Item]) -> list[Outcome]:
    """Return what each coup puts on the roads (a Dragon Tiger coup: its outcome, Dragon in Banker's place).

    All a board needs of a coup: a drawing's job carries these, not the coups with their cards and steps,
    whose pickle is some 15 times bigger and slower (5 ms a 120-coup shoe on the server's thread, against 0.3).
    """
    return [item if isinstance(item, Outcome) else item.outcome() for item in items]


def read_items(game: Game, stream: Any, fmt: str | None) -> list[Item]:
    """Return the coups of a log's lines (``stream``, named for errors) as every command reads them in ``game``."""
    if game is Game.DRAGON_TIGER:
        return [entry.coup if entry.coup is not None else entry.outcome for entry in iter_dragon_tiger(stream, fmt)]
    return [entry.coup if entry.coup is not None else entry.outcome for entry in iter_entries(stream, fmt)]


def cards_of(text: str, what: str = "card", number: int | None = None) -> list[Card]:
    """Return the cards ``text`` names (spaces or commas between); CardError naming the ``what`` N that is not."""
    parsed: list[Card] = []
    for i, token in enumerate(text.replace(",", " ").split(), 1):
        try:
            parsed.append(parse_card(token))
        except CardError as exc:
            raise CardError(f"{what} {i}: {exc.message}", coup=number) from None
    return parsed


def coup_item(game: Game, result: str | None, cards: str | None, number: int) -> Item:
    """Return coup ``number`` as posted: ``cards`` (dealing order) or ``result``, read by ``game``'s engine.

    CardError, CoupError or LogError (a 400) for what the game has no such coup for: baccarat's results, pairs
    and naturals, or a count of cards other than two, on a Dragon Tiger table.
    """
    if game is Game.DRAGON_TIGER:
        return _dragon_tiger(result, cards, number)
    return baccarat_item(result, cards, number)


def baccarat_item(result: str | None, cards: str | None, number: int) -> Coup | Outcome:
    """Return baccarat coup ``number``: the coup ``cards`` deal (as ``roads coup`` reads them), or ``result``."""
    if cards is not None:
        parsed = cards_of(cards, number=number)
        try:
            return resolve(parsed)
        except RoadsError as exc:
            raise exc.located(coup=number) from None
    return _result(result or "", number)


def _dragon_tiger(result: str | None, cards: str | None, number: int) -> Item:
    """Return a Dragon Tiger coup: two cards (Dragon's, then Tiger's) or one result, D, T or Tie."""
    if cards is not None:
        parsed = cards_of(cards, number=number)
        if len(parsed) != CARDS_PER_COUP:
            baccarat = " (4 to 6 cards are a baccarat coup)" if 4 <= len(parsed) <= 6 else ""
            raise CoupError(
                f"{len(parsed)} card{'s' * (len(parsed) != 1)}: this table plays Dragon Tiger, one card to Dragon "
                f"and one to Tiger{baccarat}",
                coup=number,
            )
        return coup_of(parsed[0], parsed[1])
    try:
        winner = one_result(result or "")
    except LogError as exc:
        raise LogError(
            f"{exc.message.split(':', 1)[0]}: this table plays Dragon Tiger, whose result is {DRAGON_TIGER_RESULTS}; "
            "pairs and naturals are baccarat's",
            coup=number,
        ) from None
    return Outcome(winner)


def _result(text: str, number: int) -> Outcome:
    """Return the one baccarat result in ``text`` (a letter with optional markers, as in a results log)."""
    try:
        found = parse_results(text.strip(), file=None, line=None)
    except LogError as exc:
        exc.line = None
        raise exc.located(coup=number) from None
    if len(found) != 1:
        raise LogError(f'"result" holds {len(found)} results: give one, B, P or T (markers allowed)', coup=number)
    return found[0][1]


def odds_text(game: Game, items: Sequence[Item], decks: int) -> str | None:
    """Return what ``roads odds --game dragon-tiger --after LOG --json`` prints for a Dragon Tiger table's coups
    (None for a baccarat table: the bets engine prices it); TableError (409) when the coups are results alone."""
    if game is not Game.DRAGON_TIGER:
        return None
    hands = [dealt(item) for item in items]
    if not all(hands):
        raise TableError(
            "this table's coups were entered as results, and the next coup's odds need the cards "
            "(two a coup, Dragon's then Tiger's)"
        )
    try:
        series = dragon_tiger_through(hands, decks)
    except RoadsError as exc:
        raise TableError(str(exc)) from None
    if len(series) <= len(hands):
        raise TableError(f"the table's {len(hands)} coups leave fewer than 2 cards: no next coup")
    return odds_json(series[-1]) + "\n"


def full_shoe_text(game: Game, decks: int) -> str | None:
    """Return the odds of the first coup of a full Dragon Tiger shoe (``roads odds --game dragon-tiger --decks N
    --json``); None for baccarat (its bets engine prices it)."""
    if game is not Game.DRAGON_TIGER:
        return None
    return odds_json(dragon_tiger_shoe(decks)) + "\n"
