"""The calculator (issue 32, item 7): a scratch table for a learner, never stored.

``/calculator`` is the table page of a scratch table: the learner types results
or cards, watches every road grow and taps any mark for its proof. Its coups
live in the page alone; each request carries them in ``?coups=`` (results such
as ``B`` or ``P[p]``, or a coup's cards such as ``3 6 K K 6 2``, separated by
``|``), read as a table's coups are read, and nothing is written anywhere.
"""

from __future__ import annotations

from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..coup import Coup
from ..outcome import Outcome
from ..pages import served
from ..scene.options import RenderOptions
from ..scoreboard import Scoreboard
from . import lanes, lessons
from .drawer import Job, drawer, svg_answer
from .games import baccarat_item, outcomes

MOST_COUPS = 200
"""The most coups a scratch table holds: more than a shoe (at most about 80)."""


def scratch_board(text: str) -> Scoreboard:
    """Return the board of the coups ``text`` names (``|`` between them); a one-line RoadsError naming the coup."""
    return Scoreboard.from_outcomes(scratch_items(text))


def scratch_items(text: str) -> list[Coup | Outcome]:
    """Return the coups ``text`` names (``|`` between them); a one-line RoadsError naming the coup."""
    parts = [part.strip() for part in text.split("|")] if text.strip() else []
    if len(parts) > MOST_COUPS:
        raise HTTPException(400, f"a scratch table holds at most {MOST_COUPS} coups, not {len(parts)}")
    items: list[Coup | Outcome] = []
    for number, part in enumerate(parts, 1):
        cards = len(part.split()) > 1
        items.append(baccarat_item(None if cards else part, part if cards else None, number))
    return items


def _coups(request: Request) -> str:
    text = request.query_params.get("coups", "")
    if len(text) > MOST_COUPS * 24:
        raise HTTPException(400, f"a scratch table holds at most {MOST_COUPS} coups")
    return text


async def calculator(request: Request) -> Response:
    """GET /calculator: a scratch table's page (never stored): type results or cards, tap marks for proofs."""
    return HTMLResponse(served.table("scratch", True, False, False, scratch=True))


async def board(request: Request) -> Response:
    """GET /api/scratch/board.svg?coups=...: the board of the scratch table's coups, as ``roads render`` draws it
    (``&fit=W``: the newest columns that fit the page's view, as a table's ``board.svg``)."""
    text, fit = _coups(request), request.query_params.get("fit")

    def draw() -> bytes:
        return drawer.draw(Job("svg", RenderOptions(), fit, outcomes=tuple(outcomes(scratch_items(text)))))

    body, headers = svg_answer(await lanes.draw(draw), request.headers.get("accept-encoding", ""))
    return Response(body, media_type="image/svg+xml", headers=headers)


async def proof(request: Request) -> Response:
    """GET /scratch/proof/{road}/{mark}?coups=...: the lesson's proof of a scratch table's mark (HTML fragment)."""
    text, road, mark = _coups(request), request.path_params["road"], lessons._mark(request)
    src = f"/scratch/proof/{road}/{mark}.svg?coups={quote(text)}"
    page = await lanes.read(lambda: lessons.fragment(scratch_board(text), road, mark, src))
    return HTMLResponse(page)


async def proof_picture(request: Request) -> Response:
    """GET /scratch/proof/{road}/{mark}.svg?coups=...: the lesson's picture of that proof."""
    text, road, mark = _coups(request), request.path_params["road"], lessons._mark(request)
    data = await lanes.read(lambda: lessons.picture(scratch_board(text), road, mark))
    return Response(data, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


def routes() -> list[BaseRoute]:
    """Return the calculator's routes (the picture's first: its path would also match the fragment's)."""
    return [
        Route("/calculator", calculator, methods=["GET"]),
        Route("/api/scratch/board.svg", board, methods=["GET"]),
        Route("/scratch/proof/{road}/{mark}.svg", proof_picture, methods=["GET"]),
        Route("/scratch/proof/{road}/{mark}", proof, methods=["GET"]),
    ]
