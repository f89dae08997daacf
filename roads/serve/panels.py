"""What the table page shows besides its board: the full shoe's odds of a table of results (issue 32, item 4)
and the board an ask would make (item 3).

A table whose coups were entered as results has no cards to count, so the next
coup's odds cannot be known (``/odds`` answers 409). The panel then says so and
shows the odds of the first coup of a full shoe of the table's decks and rules,
labelled as such: ``roads odds --bets --decks N --rules R --json``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast
from urllib.parse import urlencode

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..outcome import Outcome, Winner
from ..scene.options import options_from_text
from . import lanes, views
from .drawer import drawer, svg_answer
from .games import full_shoe_text
from .store import Table


def full_shoe(table: Table) -> str:
    """Return what ``roads odds --bets --decks N --rules R --json`` prints for the table's decks and rules
    (``roads odds --game dragon-tiger --decks N --json`` for a Dragon Tiger table)."""

    def make() -> str:
        from ..bets import rule_set
        from ..bets.next_coup import next_coup_json

        priced = full_shoe_text(table.game, table.decks)
        return priced if priced is not None else next_coup_json([], table.decks, rule_set(table.rules)) + "\n"

    return cast(str, views._cached(table, ("full-shoe",), make))


async def full_shoe_odds(request: Request) -> Response:
    """GET /api/tables/{table}/odds/full-shoe: the first coup of a full shoe of the table's decks and rules."""
    table = cast(Table, request.app.state.served.store.get(request.path_params["table"]))
    text = await lanes.read(full_shoe, table)
    return Response(text, media_type="application/json")


OVERLAY_KEYS = ("overlay", "display")
"""Query keys of the table page itself: every other key of an overlay's query is a drawing option of its board."""


def overlay_query(query: dict[str, str]) -> str:
    """Return the overlay's board query: its drawing options (``theme``, ``last``, ``road``, ...: the option table
    of ``roads render``, checked here, a bad one a one-line 400), transparent unless it says ``background``."""
    given = {key: value for key, value in query.items() if key not in OVERLAY_KEYS}
    given.setdefault("background", "0")
    options_from_text(given, ignore=views.QUERY_IGNORED)
    return urlencode(sorted(given.items()))


ASKS = {"banker": Winner.BANKER, "player": Winner.PLAYER}
"""The asks a casino screen has: what the board would be if Banker (or Player) won the next coup; at a Dragon
Tiger table Dragon (Banker's place) and Tiger (Player's), as the board's own asks are named."""


def ask_board(table: Table, side: str, query: dict[str, str] | None = None) -> bytes:
    """Return the board as ``board.svg`` draws it (with the query's options: the page asks with the ``last`` of the
    board it shows) with one more coup won by ``side``, as the server keeps it (gzipped): the marks each derived
    road would add are the ones past the marks it has now (``data-mark`` of each road), drawn by the one render
    path, in the drawing process."""
    options = options_from_text(query or {}, ignore=views.QUERY_IGNORED)

    def make() -> bytes:
        return drawer.draw(replace(views.job(table, "svg", None, options), then=(Outcome(ASKS[side]),)))

    return cast(bytes, views._cached(table, ("ask", side, options), make))


async def ask_picture(request: Request) -> Response:
    """GET /api/tables/{table}/ask/{side}.svg: the board if ``side`` (banker or player) won the next coup, drawn
    with the query's options as ``board.svg`` reads them (``?last=12``)."""
    side = request.path_params["side"]
    if side not in ASKS:
        raise HTTPException(404, f"no ask '{side[:16]}': ask banker or player")
    table = cast(Table, request.app.state.served.store.get(request.path_params["table"]))
    data = await lanes.draw(ask_board, table, side, dict(request.query_params))
    body, headers = svg_answer(data, request.headers.get("accept-encoding", ""))
    return Response(body, media_type="image/svg+xml", headers=headers)


def routes() -> list[BaseRoute]:
    """Return the panel's routes."""
    return [
        Route("/api/tables/{table}/odds/full-shoe", full_shoe_odds, methods=["GET"]),
        Route("/api/tables/{table}/ask/{side}.svg", ask_picture, methods=["GET"]),
    ]
