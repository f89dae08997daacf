"""The HTTP contract of ``roads serve`` (docs/serve.md): the routes, their answers, and the safety around them.

Only the user writes: every request must name the server by one of its own
names (``Host``; 421 otherwise, which closes DNS rebinding), and a write
(``PUT``, ``POST``, ``DELETE``) must be JSON (415 otherwise) and, when the
browser says where it comes from (``Origin``), come from the server's own
origin (403 otherwise). A page on another site can neither send such a write
nor read the answer. Every answer, an error included, carries the safety
headers (:class:`Headers`).

Every route, the quiz page (``/quiz``) included, is listed in :func:`routes`;
a caller may add more by passing them to :func:`create_app` (``extra``). Blocking work (a
synced write, a drawing) runs on one of the server's four lanes, a thread
each (:mod:`.lanes`: writes and their answers, drawings, which the drawing
process makes, other answers, looks at followed logs), so the event loop
keeps pushing while it happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import json
import sys
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..bounds import MAX_TEXT, TooLong, whole_number
from ..errors import RoadsError, TableError
from ..pages import served
from ..pages.csp import SERVED as CSP
from . import lanes, lessons, panels, scratch, static, views
from .drawer import svg_answer
from .follow import Follower, watch
from .games import game_of
from .hub import Hub, Kept, Viewer, parse_cursor
from .openapi import openapi
from .store import MAX_TABLES, Table, TableStore

MAX_BODY = 64 * 1024
"""Bytes of a request body: a coup is a few dozen; more is a 413 before it is read whole."""

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a browser on this machine uses for a loopback server: every server answers to them."""

LOG_MEDIA = "application/jsonl; charset=utf-8"
"""The media type of a table's log (``GET /api/tables/{table}/log``): JSON Lines."""

READS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing; every other one is a write."""


@dataclass
class Served:
    """What the routes share: the tables, the push hub, and the token writes need (None: no token)."""

    store: TableStore
    hub: Hub
    token: str | None


def _served(request: Request) -> Served:
    served: Served = request.app.state.served
    return served


def _table(request: Request) -> Table:
    return _served(request).store.get(request.path_params["table"])


def _json(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data, ensure_ascii=False) + "\n", status, media_type="application/json")


def count(text: str) -> int | None:
    """Return ``text`` as a count (ASCII digits only, at most MAX_DIGITS of them), or None when it is not one.

    ``str.isdigit`` takes '²' and '٣', which ``int`` then refuses or reads; a count in a path, a query or a
    header is ``[0-9]+`` and short, so neither a 500 nor a 5,000-digit conversion can come of it.
    """
    try:
        value = whole_number(text)
    except TooLong:
        return None
    return value if value is not None and value >= 0 and text == text.strip() else None


def _check_token(request: Request) -> None:
    """Refuse a write without ``Authorization: Bearer T`` when the server has a token."""
    token = _served(request).token
    if token is None:
        return
    given = request.headers.get("authorization", "")
    if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        raise HTTPException(401, "this server needs Authorization: Bearer TOKEN for writes")


async def _body(request: Request) -> dict[str, Any]:
    """Return the request's JSON object; 413 past MAX_BODY (counted as it arrives), 400 if it is not JSON."""
    length = request.headers.get("content-length")
    if length is not None and (count(length) is None or int(length) > MAX_BODY):
        raise HTTPException(413, f"the body is over {MAX_BODY // 1024} KB: a coup is a few dozen bytes")
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise HTTPException(413, f"the body is over {MAX_BODY // 1024} KB: a coup is a few dozen bytes")
        parts.append(chunk)
    raw = b"".join(parts)
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise HTTPException(400, 'the body is not JSON: send {"result": "B", "expect": N}') from None
    if not isinstance(value, dict):
        raise HTTPException(400, 'the body is a JSON object: {"result": "B", "expect": N}')
    return value


async def list_tables(request: Request) -> Response:
    """GET /api/tables: every table, its coups and counts."""
    store = _served(request).store
    found = await lanes.read(lambda: [views.summary(t) for t in store])
    return _json({"tables": found})


async def get_table(request: Request) -> Response:
    """GET /api/tables/{table}: the table's state."""
    table = _table(request)
    shoe = views.shoe_number(table, request.query_params.get("shoe"))
    found = await lanes.read(views.state, table, shoe)
    return _json({**found, "live": _served(request).store.live()})


async def put_table(request: Request) -> Response:
    """PUT /api/tables/{table}: make the table (an empty log) of the body's ``"game"`` (default: ``--game``); 201
    when made, 200 when it was there (409 when it plays another game than the one asked for)."""
    _check_token(request)
    body = await _body(request)
    extra = sorted(set(body) - {"game"})
    if extra:
        raise HTTPException(400, f"unknown key '{extra[0][:40]}': a table is {{\"game\"}} (or no body)")
    game = game_of(body["game"]) if "game" in body else None
    served = _served(request)
    name = request.path_params["table"]
    before = served.store.tables.get(name)
    table, made = await lanes.write(functools.partial(served.store.create, name, game=game))
    if table is not before and not served.store.publishes:  # a new log: its events count from its own records
        served.hub.forget_table(table.name)
    if game is not None and table.game is not game:
        raise TableError(
            f"table '{table.name}' plays {table.game.title} (its log says so), not {game.title}: "
            "a table keeps its game; give the new one another name"
        )
    return _json(await lanes.read(views.state, table), 201 if made else 200)


async def _change(served: Served, table: Table, kind: str, write: Callable[[], object]) -> dict[str, Any]:
    """Make one change of ``table`` on the writes' lane, publish its event (with its board's patch when a
    table page watches it), and return the table's state after it: the write's answer.

    The state is made on the writes' lane too, in the same turn as the change: on the reads' lane it would
    wait behind every board being drawn for the table pages (a lobby's 100 pages draw 20 boards a second),
    and the writer's next coup behind that answer; in a turn of its own, behind the event loop's every
    other callback once more."""
    if served.store.publishes:  # the store publishes every change in its log's order, this one too
        await lanes.write(write)
        return await lanes.write(views.state, table)
    loop, hub = asyncio.get_running_loop(), served.hub

    def publish(event: dict[str, Any], patch: dict[str, Any] | None) -> None:
        loop.call_soon_threadsafe(hub.publish, table.name, event, patch)

    answer: dict[str, Any] = await lanes.write(_changed, table, kind, write, hub.drawing(table.name), publish)
    return answer


def _changed(
    table: Table,
    kind: str,
    write: Callable[[], object],
    drawn: dict[str, str] | None,
    publish: Callable[[dict[str, Any], dict[str, Any] | None], None],
) -> dict[str, Any]:
    """Make one change (:func:`views.change`), hand its event to the event loop to ``publish`` (the lane makes
    one change at a time, so the events go in the log's order), then make the table's state after it, the
    write's answer: the event never waits for the state, nor is lost if making the state fails."""
    event, patch = views.change(table, kind, write, drawn)
    publish(event, patch)
    return views.state(table)


async def post_coup(request: Request) -> Response:
    """POST /api/tables/{table}/coups: add one coup when ``expect`` is its number; 201 with the new state."""
    _check_token(request)
    table = _table(request)
    body = await _body(request)
    extra = sorted(set(body) - {"result", "cards", "expect"})
    if extra:
        raise HTTPException(400, f'unknown key \'{extra[0][:40]}\': a coup is {{"result" or "cards", "expect"}}')
    expect = body.get("expect")
    if type(expect) is not int:
        raise HTTPException(400, '"expect" is the number the new coup will have (a whole number)')
    result, cards = body.get("result"), body.get("cards")
    if (result is None) == (cards is None) or not isinstance(result if cards is None else cards, str):
        raise HTTPException(
            400,
            'give "result" ("B", "P" or "T", markers allowed; D, T or Tie at Dragon Tiger) or "cards" '
            '("3 6 K K 6 2"; "KS 7H" at Dragon Tiger) as text',
        )
    served = _served(request)
    add = functools.partial(served.store.add, table, expect, result, cards)
    return _json(await _change(served, table, "coup", add), 201)


async def delete_last(request: Request) -> Response:
    """DELETE /api/tables/{table}/coups/last: take back the last coup (an undo record in the log)."""
    _check_token(request)
    table = _table(request)
    given = request.query_params.get("expect")
    expect = None if given is None else count(given)
    if given is not None and expect is None:
        raise HTTPException(400, "expect is the number of the coup to undo (a whole number)")
    served = _served(request)
    undo = functools.partial(served.store.undo, table, expect)
    return _json(await _change(served, table, "undo", undo))


async def post_shoe(request: Request) -> Response:
    """POST /api/tables/{table}/shoes: close the current shoe and start the next (``expect_shoe``: its number,
    ``burned``: optional cards text); 201 with the new state."""
    _check_token(request)
    table = _table(request)
    body = await _body(request)
    extra = sorted(set(body) - {"expect_shoe", "burned"})
    if extra:
        raise HTTPException(400, f'unknown key \'{extra[0][:40]}\': a new shoe is {{"expect_shoe", "burned"}}')
    expect = body.get("expect_shoe")
    if type(expect) is not int:
        raise HTTPException(400, '"expect_shoe" is the number the new shoe will have (a whole number)')
    burned = body.get("burned")
    if burned is not None and (not isinstance(burned, str) or len(burned) > MAX_TEXT):
        raise HTTPException(400, '"burned" is the burned cards as text ("K 5"), a few cards')
    served = _served(request)
    start = functools.partial(served.store.new_shoe, table, expect, burned)
    return _json(await _change(served, table, "shoe", start), 201)


async def table_log(request: Request) -> Response:
    """GET /api/tables/{table}/log: the table's whole log, JSON Lines, as the embedded store keeps it on disk
    (what ``roads render``, ``stats`` and ``report`` read), whichever store holds it."""
    table = _table(request)
    store = _served(request).store
    data = await lanes.read(store.log, table)
    return Response(data, media_type=LOG_MEDIA, headers={"Cache-Control": "no-cache"})


async def board_picture(request: Request) -> Response:
    """GET /api/tables/{table}/board.svg or .png: the bytes ``roads render`` writes for the table's log."""
    table = _table(request)
    kind = request.path_params["kind"]
    if kind not in ("svg", "png"):
        raise HTTPException(404, f"no board.{kind[:16]}: a board is board.svg or board.png")
    data = await lanes.draw(views.kept_picture, table, kind, dict(request.query_params))
    if kind == "png":
        return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})
    body, headers = svg_answer(data, request.headers.get("accept-encoding", ""))
    return Response(body, media_type="image/svg+xml", headers=headers)


async def table_odds(request: Request) -> Response:
    """GET /api/tables/{table}/odds: ``roads odds --after LOG --json``."""
    table = _table(request)
    text = await lanes.read(views.odds, table)
    return Response(text, media_type="application/json")


async def table_proof(request: Request) -> Response:
    """GET /api/tables/{table}/proof/{road}/{mark}: ``roads explain LOG --road R --mark N --json``."""
    table = _table(request)
    mark = count(request.path_params["mark"])
    if mark is None:
        raise HTTPException(404, f"no mark '{request.path_params['mark'][:16]}': a mark is a whole number (1, 2, ...)")
    text = await lanes.read(views.proof, table, request.path_params["road"], mark)
    return Response(text, media_type="application/json")


async def table_events(request: Request) -> Response:
    """GET /api/tables/{table}/events: the one-table view of :func:`events` (the same hub, ids and resume)."""
    table = _table(request)
    return await _stream(request, [table], frozenset({table.name}))


async def events(request: Request) -> Response:
    """GET /api/events?table=a&table=b: Server-Sent Events of every change of those tables (none named: of every
    table, those made later too) over one connection; ``Last-Event-ID`` (or ``?last_event_id=``) resumes;
    ``?board=1`` with one table: its events carry the patch of its drawn board (a table page's stream);
    ``&fit=W``: of the board drawn to fit a view W model units wide (``board.svg?fit=W``)."""
    store = _served(request).store
    names = list(dict.fromkeys(request.query_params.getlist("table")))
    if len(names) > MAX_TABLES:
        raise HTTPException(400, f"a stream carries at most {MAX_TABLES} tables; name fewer, or none for every table")
    board = request.query_params.get("board")
    if board not in (None, "0", "1"):
        raise HTTPException(400, "board is 1 (the events carry the patch of the table's drawn board) or 0")
    if board == "1" and len(names) != 1:
        raise HTTPException(400, "board=1 is a table page's stream: name one table (?table=main&board=1)")
    fit_text = request.query_params.get("fit")
    fit = None if fit_text is None else count(fit_text)
    if fit_text is not None and (board != "1" or not fit):
        raise HTTPException(400, "fit is the width of a table page's board (?table=main&board=1&fit=466), from 1")
    if not names:
        return await _stream(request, list(store), None)
    found = [store.get(name) for name in names]
    return await _stream(request, found, frozenset(names), board == "1", fit)


async def _stream(
    request: Request, tables: list[Table], watched: frozenset[str] | None, board: bool = False, fit: int | None = None
) -> Response:
    """Open one viewer of ``tables`` (``watched`` None: every table) and answer with its event stream."""
    served = _served(request)
    hub = served.hub
    for table in tables:
        hub.know(table.name, table.changes)
    given = request.headers.get("last-event-id") or request.query_params.get("last_event_id")
    cursor = parse_cursor(given)
    viewer, missed, fresh = hub.open(watched, [t.name for t in tables], cursor, board, fit)
    by_name = {t.name: t for t in tables}
    store = served.store

    def owed() -> tuple[list[Kept], list[Kept]]:
        """Return the states still owed, and the events the store gives back of the tables the hub's ring no
        longer reaches (a worker started after them: the store's log has them)."""
        found: list[Kept] = []
        states = []
        for name in fresh:
            again = store.missed(by_name[name], cursor[name]) if name in cursor else None
            if again is None:
                states.append(views.state_event(by_name[name]))
            else:
                found.extend(again)
        return states, found

    try:
        states, again = await lanes.read(owed)
    except BaseException:
        hub.leave(viewer)
        raise
    missed = [*missed, *again]
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    if request.scope.get("roads.transport") is not None:
        return EventStream(hub, viewer, states, missed, headers)
    return StreamingResponse(hub.run(viewer, states, missed), media_type="text/event-stream", headers=headers)


class EventStream(Response):
    """An event stream written straight to its connection by the hub (:meth:`.hub.Hub.serve`), on the
    server's own connections (``roads serve``); an app under another server streams through Starlette."""

    media_type = "text/event-stream"

    def __init__(
        self, hub: Hub, viewer: Viewer, states: list[Kept], missed: list[Kept], headers: dict[str, str]
    ) -> None:
        # Not Response.__init__: it would make an empty body and say "content-length: 0"; a stream is chunked.
        self.status_code = 200
        self.background = None
        self.init_headers(headers)
        self.hub, self.viewer, self.states, self.missed = hub, viewer, states, missed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Send the answer's head, then let the hub write the stream."""
        await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
        await self.hub.serve(
            self.viewer,
            self.states,
            self.missed,
            scope["roads.transport"],
            send,
            receive,  # type: ignore[arg-type]
        )


async def lobby(request: Request) -> Response:
    """GET /: every table as a small live board with its counts."""
    store = _served(request).store
    found = await lanes.read(lambda: [views.summary(t) for t in store])
    return HTMLResponse(served.lobby(found))


async def table_page(request: Request) -> Response:
    """GET /tables/{table}: the table page (``?overlay=1``: the board alone, transparent, for a stream)."""
    table = _table(request)
    overlay = request.query_params.get("overlay") in ("1", "true", "yes")
    display = request.query_params.get("display") in ("1", "true", "yes")
    query = panels.overlay_query(dict(request.query_params)) if overlay else ""
    token = _served(request).token is not None
    page = served.table(table.name, table.writable, overlay, token, display, query, game=table.game)
    return HTMLResponse(page)


async def asset(request: Request) -> Response:
    """GET /static/{name}: the page's script and style, from the package (a fixed list; no other path)."""
    name = request.path_params["name"]
    found = static.asset(name)
    if found is None:
        raise HTTPException(404, f"no such file: {name[:64]}")
    text, media = found
    return Response(text, media_type=media, headers={"Cache-Control": "no-cache"})


async def quiz_page(request: Request) -> Response:
    """GET /quiz: ``roads quiz`` of every table with enough coups (``?seed=S``: another set of questions).

    The quiz is one self-contained page whose script and style are inline, allowed by their hashes: it is
    answered with that page's own policy, as strict as the server's, instead of the server's ``'self'``.
    """
    store = _served(request).store
    seed = request.query_params.get("seed", views.QUIZ_SEED)[:MAX_TEXT]
    page = await lanes.read(views.quiz, list(store), seed)
    return HTMLResponse(page.html, headers={"Content-Security-Policy": page.policy.header})


async def course_page(request: Request) -> Response:
    """GET /course/ and /course/{name}: ``roads course``'s static site, each page with its own policy as the quiz's.

    ``/course`` moves to ``/course/``, so the pages' relative links stay inside the course.
    """
    if request.url.path == "/course":
        return RedirectResponse("/course/", status_code=308)
    name = request.path_params.get("name") or "index.html"
    pages = await lanes.read(views.course)
    page = pages.get(name)
    if page is None:
        raise HTTPException(404, f"no such course page: {name[:64]}")
    return HTMLResponse(page.html, headers={"Content-Security-Policy": page.policy.header})


async def openapi_page(request: Request) -> Response:
    """GET /openapi.json: the contract as an OpenAPI 3.1 document."""
    return JSONResponse(openapi())


def routes() -> list[BaseRoute]:
    """Return every route of the server: the contract of docs/serve.md (add a page's route to this list)."""
    api = "/api/tables/{table}"
    return [
        Route("/", lobby, methods=["GET"]),
        Route("/tables/{table}", table_page, methods=["GET"]),
        Route("/static/{name}", asset, methods=["GET"]),
        Route("/openapi.json", openapi_page, methods=["GET"]),
        Route("/quiz", quiz_page, methods=["GET"]),
        Route("/course", course_page, methods=["GET"]),
        Route("/course/", course_page, methods=["GET"]),
        Route("/course/{name}", course_page, methods=["GET"]),
        *lessons.routes(),
        *panels.routes(),
        *scratch.routes(),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route(api, get_table, methods=["GET"]),
        Route(api, put_table, methods=["PUT"]),
        Route(f"{api}/coups", post_coup, methods=["POST"]),
        Route(f"{api}/coups/last", delete_last, methods=["DELETE"]),
        Route(f"{api}/shoes", post_shoe, methods=["POST"]),
        Route(api + "/board.{kind:str}", board_picture, methods=["GET"]),
        Route(f"{api}/odds", table_odds, methods=["GET"]),
        Route(f"{api}/log", table_log, methods=["GET"]),
        Route(api + "/proof/{road}/{mark}", table_proof, methods=["GET"]),
        Route(f"{api}/events", table_events, methods=["GET"]),
        Route("/api/events", events, methods=["GET"]),
    ]


async def _roads_error(request: Request, exc: Exception) -> Response:
    """A RoadsError is the one line the CLI gives: 404 unknown table or road, 409 stale, 400 a bad coup."""
    status = exc.status if isinstance(exc, TableError) else 400
    return _json({"error": str(exc), "status": status}, status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _json({"error": exc.detail, "status": exc.status_code}, exc.status_code)


def host_name(host: str) -> str:
    """Return the name part of a ``Host`` header (``[::1]:8000`` -> ``::1``), lower-cased."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _netloc(scheme: str, netloc: str) -> str:
    """Return ``netloc`` without the scheme's default port, lower-cased (``a:80`` and ``a`` are one origin)."""
    netloc = netloc.lower()
    default = {"http": ":80", "https": ":443"}.get(scheme, "")
    return netloc[: -len(default)] if default and netloc.endswith(default) else netloc


def same_origin(origin: str, host: str) -> bool:
    """Return whether a browser's ``Origin`` is the origin of the server it reached as ``host``."""
    try:
        found = urlsplit(origin)
    except ValueError:
        return False
    if found.scheme not in ("http", "https") or found.path not in ("", "/") or found.query or found.username:
        return False
    return _netloc(found.scheme, found.netloc) == _netloc(found.scheme, host.strip())


class Guard:
    """Refuse what another site could send: a ``Host`` not among the server's names (421), a write that is
    not ``application/json`` (415) or whose ``Origin`` is another site's (403). Nothing it refuses is read."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] = ()) -> None:
        self.app = app
        self.hosts = frozenset(name.lower() for name in (*LOOPBACK_NAMES, *hosts))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer a refused request at once with its JSON error; pass every other one on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, message = refused
        await _json({"error": message, "status": status}, status)(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Return the status and message that refuse the request ``scope``, or None when it may go on."""
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name.lower(), value)
        host = headers.get(b"host", b"").decode("latin-1")
        if host_name(host) not in self.hosts:
            shown = ", ".join(sorted(self.hosts))
            return 421, (
                f"this server answers to {shown} only, not '{host[:64]}': "
                "start it with --allow-host NAME for a name a proxy or another machine uses"
            )
        if scope["method"] in READS:
            return None
        media = headers.get(b"content-type", b"").decode("latin-1").split(";", 1)[0].strip().lower()
        if media != "application/json":
            return 415, "a write is JSON: send Content-Type: application/json"
        origin = headers.get(b"origin")
        if origin is not None and not same_origin(origin.decode("latin-1"), host):
            return 403, f"a write comes from this server's own pages, not from {origin.decode('latin-1')[:64]}"
        return None


class Headers:
    """Add the safety headers to every answer (the strict CSP, no sniffing, no referrer), and answer a failure.

    A request the app fails to answer gets the JSON error too, with the same headers (Starlette's own ``500``
    is plain text, made outside every middleware): a bug is a ``500`` and one line on standard error; an
    answer cut off by the server's stop (SIGTERM's time is up: uvicorn cancels it) is a ``503``, no traceback.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, adding the headers to its answer; answer the JSON error if it fails first."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"content-security-policy" for name, _ in headers):
                    headers.append((b"content-security-policy", CSP.encode()))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except asyncio.CancelledError:
            if not started:
                with contextlib.suppress(Exception):  # the client may be gone too
                    await _json({"error": "the server is stopping: try again", "status": 503}, 503)(
                        scope, receive, sending
                    )
        except Exception as exc:
            said = f"roads: error: {scope['method']} {scope['path'][:200]}: {type(exc).__name__}: {exc}"
            print(said[:400], file=sys.stderr, flush=True)
            if not started:
                failed = {"error": "the server failed to answer: a bug, said on its standard error", "status": 500}
                await _json(failed, 500)(scope, receive, sending)


def create_app(
    store: TableStore,
    hub: Hub | None = None,
    token: str | None = None,
    extra: Sequence[BaseRoute] = (),
    followers: Sequence[Follower] = (),
    hosts: Collection[str] = (),
) -> Any:
    """Return the ASGI app serving ``store``; ``extra``: more routes (a page's), ``followers``: logs to watch.

    ``hosts``: the names the server answers to besides the loopback ones (the address it listens on,
    ``--allow-host``).
    """
    from starlette.middleware import Middleware

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        served: Served = app.state.served
        served.store.start(served.hub)
        task = asyncio.create_task(watch(list(followers), served.hub)) if followers else None
        try:
            yield
        finally:
            served.store.stop()
            served.hub.close()
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    app = Starlette(
        routes=[*routes(), *extra],
        exception_handlers={RoadsError: _roads_error, HTTPException: _http_error},
        middleware=[Middleware(Headers), Middleware(Guard, hosts=hosts)],
        lifespan=lifespan,
    )
    app.state.served = Served(store, hub or Hub(), token)
    return app
