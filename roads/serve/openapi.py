"""The OpenAPI 3.1 document of the HTTP contract, served at ``/openapi.json`` and shown in docs/serve.md."""

from __future__ import annotations

from typing import Any

from .games import GAMES

_TABLE = {
    "name": "table",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
_ERROR = {"description": 'one line: {"error": message, "status": code}'}

_SHOE = {
    "name": "shoe",
    "in": "query",
    "required": False,
    "description": "a past shoe's number (ASCII digits, 1 to the current shoe): 400 not a number, 404 no such shoe",
    "schema": {"type": "integer", "minimum": 1},
}
_FIT = {
    "name": "fit",
    "in": "query",
    "required": False,
    "description": (
        "the width of the page's view in model units: the board drawn with the last (newest Big Road columns) that "
        "puts every road's newest mark in it, scrolled to the right end; the whole board when it fits"
    ),
    "schema": {"type": "integer", "minimum": 1},
}
_LAST_EVENT_ID = {
    "name": "last_event_id",
    "in": "query",
    "required": False,
    "description": "where a first connect resumes, as a Last-Event-ID header would: 'main:42' or 'a:42,b:7'",
    "schema": {"type": "string"},
}
_STREAM = (
    "Server-Sent Events. Each event's id: is the stream's cursor, table:position of each table that has one, "
    "the event's own first ('main:42', 'b:8,a:42'); its data: JSON says the table, the change (state, coup, "
    "undo, shoe), shoe, coups, where ('shoe N, coup M'), changes (the position), counts, last; a coup's "
    "marks (road -> [{column, row, colour}]), an undo's undone coup, a shoe's burned cards. Last-Event-ID "
    "resumes exactly after it; a table too far behind (or not named) gets a fresh state event. The fresh "
    "states a stream opens with carry one id, on the last event it opens with."
)

_WRITE_REFUSALS = {
    "403": {"description": "the browser's Origin is another site's"},
    "415": {"description": "not Content-Type: application/json"},
    "421": {"description": "the Host is not one of the server's names (every route)"},
}
"""What every write may be refused with before it is read (docs/serve.md, "Safe by default")."""


def _answer(description: str, media: str = "application/json", **others: dict[str, str]) -> dict[str, Any]:
    return {"200": {"description": description, "content": {media: {}}}, **others}


def _json_body(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """Return a required JSON object body with exactly ``properties``."""
    schema = {"type": "object", "additionalProperties": False, "required": required, "properties": properties}
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_COUPS = {
    "name": "coups",
    "in": "query",
    "required": False,
    "schema": {"type": "string"},
    "examples": ["B|P[p]|3 6 K K 6 2"],
}
"""A scratch table's coups: results or a coup's cards, ``|`` between coups."""


def openapi() -> dict[str, Any]:
    """Return the OpenAPI document of every route."""
    table = [_TABLE]
    proof = [
        _TABLE,
        {"name": "road", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "mark", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}},
    ]
    coup_body = _json_body(
        ["expect"],
        {
            "result": {
                "type": "string",
                "examples": ["B", "P[p]", "T", "D", "Tie"],
                "description": "a baccarat table: B, P or T with markers; a Dragon Tiger table: D, T or Tie",
            },
            "cards": {
                "type": "string",
                "examples": ["3 6 K K 6 2", "KS 7H"],
                "description": "in dealing order; a Dragon Tiger table: Dragon's card, then Tiger's",
            },
            "expect": {"type": "integer", "description": "the number the new coup will have"},
        },
    )
    shoe_body = _json_body(
        ["expect_shoe"],
        {
            "expect_shoe": {"type": "integer", "description": "the new shoe's number"},
            "burned": {"type": "string", "examples": ["K 5"]},
        },
    )
    paths: dict[str, Any] = {
        "/": {
            "get": {
                "summary": "the lobby: every table as a small live board",
                "responses": _answer("HTML", "text/html"),
            }
        },
        "/tables/{table}": {
            "get": {
                "summary": "the table page (?overlay=1: the board alone, transparent)",
                "parameters": table,
                "responses": {**_answer("HTML", "text/html"), "404": _ERROR},
            }
        },
        "/tables/{table}/proof/{road}/{mark}": {
            "get": {
                "summary": "the lesson's proof of one mark as an HTML fragment: picture, numbered steps, watchout",
                "parameters": proof,
                "responses": {**_answer("HTML", "text/html"), "404": _ERROR},
            }
        },
        "/tables/{table}/proof/{road}/{mark}.svg": {
            "get": {
                "summary": "the lesson's picture of one mark's proof: the compared Big Road columns, tinted",
                "parameters": proof,
                "responses": {**_answer("SVG", "image/svg+xml"), "404": _ERROR},
            }
        },
        "/calculator": {
            "get": {
                "summary": "the calculator: a scratch table kept in the page alone, never stored",
                "responses": _answer("HTML", "text/html"),
            }
        },
        "/api/scratch/board.svg": {
            "get": {
                "summary": "the board of ?coups= (results or cards, | between coups), as roads render draws it",
                "parameters": [_COUPS, _FIT],
                "responses": {**_answer("SVG", "image/svg+xml"), "400": _ERROR},
            }
        },
        "/scratch/proof/{road}/{mark}": {
            "get": {
                "summary": "the lesson's proof of a mark of the scratch table ?coups= (HTML fragment)",
                "parameters": [*proof[1:], _COUPS],
                "responses": {**_answer("HTML", "text/html"), "400": _ERROR, "404": _ERROR},
            }
        },
        "/scratch/proof/{road}/{mark}.svg": {
            "get": {
                "summary": "the lesson's picture of that proof",
                "parameters": [*proof[1:], _COUPS],
                "responses": {**_answer("SVG", "image/svg+xml"), "400": _ERROR, "404": _ERROR},
            }
        },
        "/quiz": {
            "get": {
                "summary": "roads quiz of every table with enough coups (?seed=S: other questions)",
                "parameters": [{"name": "seed", "in": "query", "required": False, "schema": {"type": "string"}}],
                "responses": {**_answer("HTML", "text/html"), "404": _ERROR},
            }
        },
        "/course": {"get": {"summary": "moves to /course/ (308)", "responses": {"308": {"description": "/course/"}}}},
        "/course/": {"get": {"summary": "roads course: the course's index", "responses": _answer("HTML", "text/html")}},
        "/course/{name}": {
            "get": {
                "summary": "roads course: one page of the course (a lesson, the exam, the drill)",
                "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {**_answer("HTML", "text/html"), "404": _ERROR},
            }
        },
        "/api/tables": {"get": {"summary": "every table", "responses": _answer('{"tables": [...]}')}},
        "/api/tables/{table}": {
            "get": {
                "summary": "one table's state (?shoe=N: a past shoe's)",
                "parameters": [_TABLE, _SHOE],
                "responses": {**_answer("state"), "400": _ERROR, "404": _ERROR},
            },
            "put": {
                "summary": "make a table (an empty log) of the game the body names (default: the server's --game)",
                "parameters": table,
                "requestBody": {**_json_body([], {"game": {"type": "string", "enum": list(GAMES)}}), "required": False},
                "responses": {
                    "201": {"description": "made"},
                    "200": {"description": "already there (its log loaded, never truncated)"},
                    "400": _ERROR,
                    "401": _ERROR,
                    "409": _ERROR,
                    **_WRITE_REFUSALS,
                },
            },
        },
        "/api/tables/{table}/coups": {
            "post": {
                "summary": "add a coup when expect is its number",
                "parameters": table,
                "requestBody": coup_body,
                "responses": {
                    "201": {"description": "the new state"},
                    "400": _ERROR,
                    "401": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "413": _ERROR,
                    **_WRITE_REFUSALS,
                },
            }
        },
        "/api/tables/{table}/coups/last": {
            "delete": {
                "summary": "undo the last coup (an undo record in the log); ?expect=N its number",
                "parameters": table,
                "responses": {
                    **_answer("the new state"),
                    "401": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    **_WRITE_REFUSALS,
                },
            }
        },
        "/api/tables/{table}/shoes": {
            "post": {
                "summary": "close the current shoe and start the next (a new-shoe record in the log)",
                "parameters": table,
                "requestBody": shoe_body,
                "responses": {
                    "201": {"description": "the new state"},
                    "400": _ERROR,
                    "401": _ERROR,
                    "404": _ERROR,
                    "409": {"description": "expect_shoe stale, or the current shoe has no coup yet"},
                    **_WRITE_REFUSALS,
                },
            }
        },
        "/api/tables/{table}/board.svg": {
            "get": {
                "summary": "roads render LOG -o board.svg (?shoe=N: roads render LOG --shoe N)",
                "parameters": [_TABLE, _SHOE, _FIT],
                "responses": _answer("SVG", "image/svg+xml"),
            }
        },
        "/api/tables/{table}/board.png": {
            "get": {
                "summary": "roads render LOG -o board.png (?shoe=N: roads render LOG --shoe N)",
                "parameters": [_TABLE, _SHOE],
                "responses": _answer("PNG", "image/png"),
            }
        },
        "/api/tables/{table}/odds": {
            "get": {
                "summary": "roads odds --after LOG --decks N --rules R --json",
                "description": "The next coup's exact odds and every bet of the table's rules priced: "
                '{"rules", "title", "cards_left", "odds": {...}, "bets": [{"bet", "pays", "win", "push", "lose", '
                '"edge"}, ...]}; N and R are the table\'s decks and rules. A Dragon Tiger table: roads odds --game '
                'dragon-tiger --after LOG --json ({"game", "dragon", "tiger", "tie", "suited_tie", "edge_...", ...}). '
                "A table of results alone: 409.",
                "parameters": table,
                "responses": {**_answer("the odds and the bets' prices"), "404": _ERROR, "409": _ERROR},
            }
        },
        "/api/tables/{table}/log": {
            "get": {
                "summary": "the table's whole log, JSON Lines (what roads render, stats and report read)",
                "description": "Exactly the log the embedded store keeps on disk (its header, then a line a change), "
                "whichever store holds the table (a --data folder or Redis).",
                "parameters": table,
                "responses": {**_answer("the log", "application/jsonl"), "404": _ERROR, "503": _ERROR},
            }
        },
        "/api/tables/{table}/odds/full-shoe": {
            "get": {
                "summary": "roads odds --bets --decks N --rules R --json: the first coup of a full shoe of the table's "
                "decks and rules (what a table of results can be shown, labelled as the full shoe's); a Dragon Tiger "
                "table: roads odds --game dragon-tiger --decks N --json",
                "parameters": table,
                "responses": {**_answer("the odds and the bets' prices"), "404": _ERROR},
            }
        },
        "/api/tables/{table}/ask/{side}.svg": {
            "get": {
                "summary": "the board (as board.svg draws it) if banker or player won the next coup: the ask buttons",
                "parameters": [
                    _TABLE,
                    {"name": "side", "in": "path", "required": True, "schema": {"enum": ["banker", "player"]}},
                ],
                "responses": {**_answer("SVG", "image/svg+xml"), "404": _ERROR},
            }
        },
        "/api/tables/{table}/proof/{road}/{mark}": {
            "get": {
                "summary": "roads explain LOG --road ROAD --mark MARK --json",
                "parameters": proof,
                "responses": {**_answer("the proof"), "404": _ERROR},
            }
        },
        "/api/tables/{table}/events": {
            "get": {
                "summary": "the events of one table: /api/events?table={table}",
                "description": _STREAM,
                "parameters": [_TABLE, _LAST_EVENT_ID],
                "responses": {**_answer("event stream", "text/event-stream"), "404": _ERROR},
            }
        },
        "/api/events": {
            "get": {
                "summary": "one stream of every change of the tables named (?table=a&table=b; none: every table)",
                "description": _STREAM,
                "parameters": [
                    {
                        "name": "table",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "array", "items": _TABLE["schema"]},
                        "style": "form",
                        "explode": True,
                    },
                    _LAST_EVENT_ID,
                    {
                        "name": "board",
                        "in": "query",
                        "required": False,
                        "description": (
                            "1 with one table: a table page's stream, each change's event also carrying board, the "
                            "patch of the drawn board.svg ({from, to, length, hunks: [[start, end, [lines]]]}, the "
                            "lines with the board's id prefix written \\u0000), absent when there is nothing to patch"
                        ),
                        "schema": {"type": "integer", "enum": [0, 1]},
                    },
                    {**_FIT, "description": "with board=1: the patches are of the board board.svg?fit= draws"},
                ],
                "responses": {**_answer("event stream", "text/event-stream"), "400": _ERROR, "404": _ERROR},
            }
        },
    }
    return {"openapi": "3.1.0", "info": {"title": "roads serve", "version": "1"}, "paths": paths}
