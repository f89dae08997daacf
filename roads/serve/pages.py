"""The HTML of ``roads serve``: the lobby and the table page, plain markup that the package's script brings alive.

Nothing is inline (the policy allows only ``/static/serve.js`` and
``/static/serve.css``), and every name a page shows is escaped.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import resources
from typing import Any

ASSETS = {"serve.js": "text/javascript", "serve.css": "text/css"}
"""The only files the server gives from the package."""

_HEAD = (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
    '<title>{title}</title>\n<link rel="icon" href="data:,">\n'
    '<link rel="stylesheet" href="/static/serve.css">\n<script src="/static/serve.js" defer></script>\n</head>\n'
)


@cache
def asset(name: str) -> tuple[str, str] | None:
    """Return the text and media type of one of the page's files, None for any other name."""
    media = ASSETS.get(name)
    if media is None:
        return None
    text = resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")
    return text, media


def lobby(tables: list[dict[str, Any]]) -> str:
    """Return the lobby: every table as a small live board with its counts, and a form to open a new one."""
    items = []
    for found in tables:
        name = escape(found["table"])
        stats = found["stats"]
        items.append(
            f'<li class="lobby-table" data-table="{name}"><a href="/tables/{name}">'
            f'<img class="lobby-board" alt="board of table {name}" src="/api/tables/{name}/board.svg?last=12">'
            f'<span class="lobby-name">{name}</span></a> '
            f'<span class="lobby-counts" data-counts>{_counts(found["coups"], stats)}</span></li>'
        )
    listing = "\n".join(items) if items else '<li class="lobby-empty">No table yet: open one below.</li>'
    return (
        _HEAD.format(title="roads: tables")
        + '<body class="lobby">\n<main>\n<h1>Tables</h1>\n'
        + f'<ul id="tables">\n{listing}\n</ul>\n'
        + '<form id="new-table"><label for="new-name">New table</label> '
        + '<input id="new-name" name="table" pattern="[A-Za-z0-9_\\-]{1,64}" required autocomplete="off"> '
        + '<button type="submit">Open</button></form>\n<p id="message" role="status"></p>\n</main>\n</body>\n</html>\n'
    )


def _counts(coups: int, stats: dict[str, Any]) -> str:
    return f"{coups} coups: Banker {stats.get('banker', 0)}, Player {stats.get('player', 0)}, Tie {stats.get('tie', 0)}"


def table(name: str, writable: bool, overlay: bool, token: bool) -> str:
    """Return the table page (``overlay``: the board alone on a transparent page)."""
    shown = escape(name)
    data = f'data-table="{shown}" data-writable="{int(writable)}" data-token="{int(token)}"'
    board = (
        f'<figure id="board"><img id="board-img" alt="scoreboard of table {shown}" '
        f'src="/api/tables/{shown}/board.svg"></figure>'
    )
    if overlay:
        return (
            _HEAD.format(title=f"roads: {shown}")
            + f'<body class="overlay" {data}>\n<main>{board}</main>\n</body>\n</html>\n'
        )
    controls = ""
    if writable:
        token_field = (
            '<p><label for="token">Token</label> <input id="token" type="password" autocomplete="off"></p>'
            if token
            else ""
        )
        controls = (
            '<section id="controls" aria-labelledby="enter-heading"><h2 id="enter-heading">Enter a coup</h2>\n'
            '<div class="buttons">'
            '<button type="button" class="result b" data-result="B">Banker <kbd>B</kbd></button>'
            '<button type="button" class="result p" data-result="P">Player <kbd>P</kbd></button>'
            '<button type="button" class="result t" data-result="T">Tie <kbd>T</kbd></button>'
            '<button type="button" id="undo">Undo <kbd>Backspace</kbd></button></div>\n'
            '<form id="cards-form"><label for="cards">Cards in dealing order</label> '
            '<input id="cards" autocomplete="off" placeholder="3 6 K K 6 2"> '
            '<button type="submit">Add cards</button></form>\n'
            f"{token_field}"
            "</section>\n"
        )
    return (
        _HEAD.format(title=f"roads: table {shown}")
        + f'<body class="table-page" {data}>\n<main>\n'
        + f'<h1>Table {shown} <span id="coups" aria-live="polite"></span></h1>\n'
        + '<p id="message" role="status"></p>\n'
        + f'<div class="board-area">{board}\n'
        + '<aside id="proof" aria-live="polite"><h2>Why this mark</h2>'
        + '<p id="proof-text">Tap a mark of Big Eye Boy, Small Road or Cockroach Pig, or pick one here.</p>'
        + '<form id="proof-form"><label for="proof-road">Road</label> <select id="proof-road">'
        + '<option value="big-eye-boy">Big Eye Boy</option><option value="small-road">Small Road</option>'
        + '<option value="cockroach-pig">Cockroach Pig</option></select> '
        + '<label for="proof-mark">Mark</label> <input id="proof-mark" type="number" min="1" value="1"> '
        + '<button type="submit">Explain</button></form></aside>\n</div>\n'
        + controls
        + '<div class="panels">\n'
        + '<section aria-labelledby="stats-heading"><h2 id="stats-heading">Statistics</h2>'
        + '<dl id="stats"></dl></section>\n'
        + '<section aria-labelledby="asks-heading"><h2 id="asks-heading">Asks</h2>'
        + '<p class="note">What each derived road adds if Banker or Player wins next.</p>'
        + '<dl id="asks"></dl></section>\n'
        + '<section aria-labelledby="odds-heading"><h2 id="odds-heading">Next coup</h2><dl id="odds"></dl></section>\n'
        + "</div>\n</main>\n</body>\n</html>\n"
    )
