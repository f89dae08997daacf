"""``roads serve``: a live scoreboard in the browser, one JSON Lines log per table (the extra ``roads[serve]``)."""

from __future__ import annotations

import socket
from typing import Any

import click

from ..enums import Game
from ..errors import OutputError
from .app import cli
from .flags import FORMAT_NAMES, FROM_HELP, Whole, choice, decks_option, game_option
from .table_rules import RULE_CHOICES

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Hosts that only this machine reaches: the only ones served without --token."""

WILDCARDS = ("0.0.0.0", "::", "")
"""Addresses that mean "every interface": no request names them, so they are no name of the server."""

STOP_WITHIN = 2.0
"""Seconds from SIGTERM (or Ctrl-C) to the process's exit: answers in flight finish within them."""

EXIT_TIME = 0.6
"""Of ``STOP_WITHIN``, the seconds kept for the end of the app (its lifespan) and of the interpreter."""


@cli.command("serve")
@click.option(
    "--data",
    metavar="DIR",
    default="roads-data",
    show_default=True,
    help="The folder of the tables: one JSON Lines log each (made if missing).",
)
@click.option(
    "--follow",
    "followed",
    multiple=True,
    metavar="LOG",
    help="Watch a log another program appends to (JSON Lines or results) as a read-only table (repeatable); "
    "it plays the game its log's # game: header names, --game when none.",
)
@click.option("--from", "log_format", type=choice(FORMAT_NAMES), default="auto", show_default=True, help=FROM_HELP)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=Whole(min=0, max=65535), default=8000, show_default=True, help="The port (0: any free).")
@click.option("--token", metavar="T", help="Writes need Authorization: Bearer T (required off loopback).")
@click.option(
    "--allow-host",
    "allowed",
    multiple=True,
    metavar="NAME",
    help="Also answer requests that name the server NAME (a proxy's or this machine's name; repeatable). "
    "Without it only localhost, 127.0.0.1, ::1 and the --host address are answered (421 otherwise).",
)
@click.option(
    "--rules",
    type=choice(RULE_CHOICES),
    default=None,
    help="Table rules: standard (5% commission), super6 (Banker 6 pays half) or ez (Banker three-card 7 pushes).",
)
@click.option(
    "--keep-shoes",
    "keep_shoes",
    type=Whole(min=1, max=1_000_000),
    default=None,
    metavar="N",
    help="Keep the last N shoes in a table's log; a new shoe moves older ones into a dated file "
    "(main.2026-12-07.1-3.jsonl). Default: keep every shoe.",
)
@click.option(
    "--store",
    metavar="URL",
    default=None,
    help="Keep the tables in Redis (redis://HOST:PORT/DB; the extra roads[redis]) instead of --data: "
    "any number of workers on the same store serve every table.",
)
@click.option(
    "--export",
    "export_to",
    metavar="DIR",
    default=None,
    help=(
        "With --store: write every table's log into DIR (NAME.jsonl) and exit; "
        "never over a log an export did not write."
    ),
)
@click.option(
    "--import",
    "import_from",
    metavar="DIR",
    default=None,
    help="With --store: load the table logs of DIR (NAME.jsonl) into the empty store and exit.",
)
@decks_option("Decks in the shoe of a new table, 1-1000 (a table keeps the decks it was made with).")
@game_option(
    "Game of the tables the server makes: baccarat, or dragon-tiger (D, T and Tie, or two cards a coup; Dragon "
    "red, Tiger blue). PUT's {\"game\": ...} picks one table's; a table keeps the game its log names."
)
def serve_command(
    data: str,
    followed: tuple[str, ...],
    log_format: str,
    host: str,
    port: int,
    token: str | None,
    allowed: tuple[str, ...],
    rules: str | None,
    keep_shoes: int | None,
    store: str | None,
    export_to: str | None,
    import_from: str | None,
    decks: int,
    game: Game,
) -> None:
    """Serve live scoreboards: enter coups in the browser, watch the roads, odds and proofs update.

    Every table is a JSON Lines log under --data that every other command
    reads (roads render roads-data/main.jsonl draws its board); a coup is on
    the disk before the server answers. Open http://127.0.0.1:8000/ for the
    lobby; a table page takes B, P, T (D, T, E at Dragon Tiger) and Backspace from the keyboard. The
    HTTP contract, the event stream and safety are in docs/serve.md.

    \b
    Examples:
      roads serve                                  the lobby on http://127.0.0.1:8000/
      roads serve --data tables/ --port 8080 --decks 6
      roads serve --game dragon-tiger              new tables play Dragon Tiger (keys D, T, Tie)
      roads serve --follow /var/log/table7.jsonl   push each coup a table system writes
      roads serve --host 0.0.0.0 --token s3cret    other machines too; writes need the token
      roads serve --allow-host tables.example      behind a proxy that passes Host: tables.example
      roads serve --store redis://127.0.0.1:6379/0 --port 8001   one of several workers on one Redis
      roads serve --store redis://127.0.0.1:6379/0 --export backup/   every table's log, then exit
    \b
      curl -X PUT -H 'Content-Type: application/json' localhost:8000/api/tables/main
      curl -X PUT -H 'Content-Type: application/json' -d '{"game": "dragon-tiger"}' localhost:8000/api/tables/dt
      curl -H 'Content-Type: application/json' -d '{"result": "B", "expect": 1}' \\
           localhost:8000/api/tables/main/coups

    Only the user writes: a request must name the server by one of its own
    names (421 otherwise; --allow-host adds one), and a write must be JSON
    (415 otherwise) sent from the server's own pages (403 for another site's
    Origin), so no other web page can add a coup. Other machines are served
    only with --token; SIGTERM lets answers in flight finish and stops
    within 2 s.
    """
    from ..extras import require

    if store is not None:
        require("redis")  # first: a plain install is told what --store needs
    require("serve")
    if store is None and (export_to is not None or import_from is not None):
        raise click.UsageError("--export and --import need --store redis://...: the --data folder holds the logs")
    if store is not None and keep_shoes is not None:
        raise click.UsageError("--keep-shoes moves shoes into dated files of --data: a --store keeps every shoe")
    if host not in LOOPBACK and not token:
        raise click.UsageError(
            f"--host {host} lets other machines in: give --token T too, so that only those who know it write"
        )
    from ..serve.follow import Follower, add_followed, not_followable
    from ..serve.hub import Hub
    from ..serve.routes import create_app
    from ..serve.store import Store, TableStore

    for log in followed:
        why = not_followable(log)
        if why is not None:
            raise click.BadParameter(f"{log} {why}: only a regular file is followed", param_hint="'--follow'")
    tables: TableStore
    if store is not None:
        tables = _redis(store, rules, decks, game, export_to, import_from)
        if export_to is not None or import_from is not None:
            return
    else:
        tables = Store(data, rules or "standard", decks, keep_shoes=keep_shoes, game=game)
    fmt = None if log_format == "auto" else log_format
    followers = [Follower(add_followed(tables, log), fmt) for log in followed]
    for follower in followers:
        follower.look()
    hub = Hub()
    names = [name for name in (host, *allowed) if name not in WILDCARDS]
    app = create_app(tables, hub, token, followers=followers, hosts=names)
    listening = _bind(host, port)
    where = listening.getsockname()
    shown = f"[{where[0]}]" if ":" in where[0] else where[0]
    kept = store or data
    click.echo(f"roads: serving http://{shown}:{where[1]}/ (tables in {kept}; Ctrl-C to stop)", err=True)
    _run(app, hub, listening)


def _redis(url: str, rules: str | None, decks: int, game: Game, export_to: str | None, import_from: str | None) -> Any:
    """Return the Redis store at ``url`` (after ``--export``/``--import``, done); one line when it cannot be had."""
    from ..serve.redis_store import RedisStore, check_url

    try:
        check_url(url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--store'") from None
    tables = RedisStore(url, rules or "standard", decks, game)
    if export_to is not None:
        written = tables.export(export_to)
        click.echo(f"roads: {len(written)} table log{'s' * (len(written) != 1)} written to {export_to}", err=True)
    if import_from is not None:
        names = tables.load(import_from)
        click.echo(f"roads: {len(names)} table{'s' * (len(names) != 1)} loaded into {url}", err=True)
    return tables


def _bind(host: str, port: int) -> socket.socket:
    """Return a listening socket on ``host``:``port``; one line when the address cannot be had."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        raise OutputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def _run(app: Any, hub: Any, listening: socket.socket) -> None:
    """Serve until SIGINT or SIGTERM: event streams end at once, answers in flight finish, all within STOP_WITHIN.

    Connections are bounded (:mod:`roads.serve.connections`): headers within 5 s, idle kept-alive
    connections closed after 5 s, a 503 past the open-file limit less what the server keeps.
    uvicorn counts its graceful timeout from the start of its shutdown, which
    comes up to a tick (0.1 s) after the signal and then waits 0.1 s more; here
    the time left to answers in flight is counted from the signal itself.
    """
    import asyncio
    import contextlib
    import logging
    import time

    import uvicorn

    from ..serve.connections import ACCEPT_BURST, KEEP_ALIVE, bounded, connection_limit, open_file_limit

    class Server(uvicorn.Server):
        signalled: float | None = None

        def handle_exit(self, sig: int, frame: Any) -> None:
            if self.signalled is None:
                self.signalled = time.monotonic()
            super().handle_exit(sig, frame)
            # Answers still unfinished when the time is up are cut off (503) by the stop line alone, not
            # uvicorn's "Cancel N running task(s)".
            logging.getLogger("uvicorn.error").setLevel(logging.CRITICAL)
            with contextlib.suppress(RuntimeError):
                # Thread-safe: it wakes the loop at once (a signal handler cannot rely on the loop being awake).
                asyncio.get_running_loop().call_soon_threadsafe(hub.close)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            if self.signalled is not None:
                left = STOP_WITHIN - EXIT_TIME - (time.monotonic() - self.signalled)
                # uvicorn annotates the timeout as int; asyncio.wait_for takes any number of seconds.
                self.config.timeout_graceful_shutdown = max(0.0, left)  # type: ignore[assignment]
            await super().shutdown(sockets)

    grace = int(STOP_WITHIN - EXIT_TIME)  # replaced, from the signal, once one comes
    config = uvicorn.Config(
        app,
        log_level="warning",
        timeout_graceful_shutdown=grace,
        lifespan="on",
        access_log=False,
        http=bounded(connection_limit(open_file_limit())),
        timeout_keep_alive=int(KEEP_ALIVE),
        backlog=ACCEPT_BURST,
    )
    Server(config).run(sockets=[listening])
