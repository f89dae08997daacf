"""The lesson's proof of one mark, served to the table page: its picture and its words (issue 32, item 2).

The picture is the lesson's (:func:`roads.lesson.compare.comparison_scene`: only the
Big Road columns the mark compared, tinted, numbered, with an arrow to the mark);
the words are the lesson's proof (:class:`roads.board.explain.Proof`): where the
mark comes from, the numbered steps and the watchout. The page shows the fragment
beside the board and lights the mark and the compared beads from its ``data-``
attributes, so nothing of the drawn board is edited.
"""

from __future__ import annotations

from typing import cast
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..board.explain import Proof
from ..board.names import Road
from ..errors import RoadsError, TableError
from ..lesson.compare import columns_of, comparison_scene
from ..pages.jinja import render_block
from ..render.svg import scene_svg
from ..scoreboard import Scoreboard
from . import lanes, views
from .store import Table


def proof_svg(table: Table, road: str, mark: int) -> bytes:
    """Return the lesson's picture of the proof as an SVG document (sized by its own cells, no inline style)."""

    def make() -> bytes:
        return picture(views.board(table), road, mark)

    return cast(bytes, views._cached(table, ("proof-svg", road, mark), make))


def proof_html(table: Table, road: str, mark: int) -> str:
    """Return the proof as the lesson words it, an HTML fragment: picture, numbered steps, watchout.

    Its ``data-`` attributes say what the page lights on the board: the mark (``data-road``, ``data-mark``),
    the coups of the Big Road beads it compared (``data-compared``) and the bead that made it (``data-source``).
    """

    def make() -> str:
        return fragment(views.board(table), road, mark, f"/tables/{quote(table.name)}/proof/{road}/{mark}.svg")

    return cast(str, views._cached(table, ("proof-html", road, mark), make))


def find(board: Scoreboard, road: str, mark: int) -> Proof:
    """Return the proof of mark ``mark`` of derived road ``road`` of ``board``; TableError 404 when there is none."""
    try:
        return board.proof(Road.parse(road, derived=True), mark)
    except RoadsError as exc:
        raise TableError(exc.message, status=404) from None


def picture(board: Scoreboard, road: str, mark: int) -> bytes:
    """Return the lesson's picture of a proof of ``board`` as an SVG document (no inline style)."""
    scene = comparison_scene(find(board, road, mark), columns_of(board))
    return scene_svg(scene, style=False).encode("utf-8")


def fragment(board: Scoreboard, road: str, mark: int, src: str) -> str:
    """Return the proof of a mark of ``board`` as the served HTML fragment, its picture at ``src``."""
    found = find(board, road, mark)
    columns = columns_of(board)
    rows = {b.row: b.coup for b in columns.get(found.column, ())}
    compared = [b.coup for column, _ in found.compared for b in columns.get(column, ())]
    return render_block(
        "served_proof.html",
        "body",
        p=found,
        key=found.road.cli,
        src=src,
        source=rows.get(found.row, 0),
        compared=" ".join(map(str, compared)),
    )


def _table(request: Request) -> Table:
    """Return the table the path names (404 when there is none), as every route of the server finds it."""
    return cast(Table, request.app.state.served.store.get(request.path_params["table"]))


def _mark(request: Request) -> int:
    text = request.path_params["mark"]
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise HTTPException(404, f"no mark '{text[:16]}': a mark is a whole number (1, 2, ...)")
    return int(text)


async def proof_fragment(request: Request) -> Response:
    """GET /tables/{table}/proof/{road}/{mark}: the lesson's proof of one mark as an HTML fragment."""
    table = _table(request)
    text = await lanes.read(proof_html, table, request.path_params["road"], _mark(request))
    return HTMLResponse(text)


async def proof_picture(request: Request) -> Response:
    """GET /tables/{table}/proof/{road}/{mark}.svg: the lesson's picture of the proof (compared columns tinted)."""
    table = _table(request)
    data = await lanes.read(proof_svg, table, request.path_params["road"], _mark(request))
    return Response(data, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


def routes() -> list[BaseRoute]:
    """Return the proof routes (the picture's first: its path would also match the fragment's)."""
    page = "/tables/{table}/proof/{road}/{mark}"
    return [
        Route(page + ".svg", proof_picture, methods=["GET"]),
        Route(page, proof_fragment, methods=["GET"]),
    ]
