"""What the table page's odds panel shows of a table of results (issue 32, item 4): the full shoe's figures.

A table whose coups were entered as results has no cards to count, so the next
coup's odds cannot be known (``/odds`` answers 409). The panel then says so and
shows the odds of the first coup of a full shoe of the table's decks and rules,
labelled as such: ``roads odds --bets --decks N --rules R --json``.
"""

from __future__ import annotations

from typing import cast

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from . import views, worker
from .store import Table


def full_shoe(table: Table) -> str:
    """Return what ``roads odds --bets --decks N --rules R --json`` prints for the table's decks and rules."""

    def make() -> str:
        from ..bets import rule_set
        from ..bets.next_coup import next_coup_json

        return next_coup_json([], table.decks, rule_set(table.rules)) + "\n"

    return cast(str, views._cached(table, ("full-shoe",), make))


async def full_shoe_odds(request: Request) -> Response:
    """GET /api/tables/{table}/odds/full-shoe: the first coup of a full shoe of the table's decks and rules."""
    table = cast(Table, request.app.state.served.store.get(request.path_params["table"]))
    text = await worker.read(full_shoe, table)
    return Response(text, media_type="application/json")


def routes() -> list[BaseRoute]:
    """Return the panel's routes."""
    return [Route("/api/tables/{table}/odds/full-shoe", full_shoe_odds, methods=["GET"])]
