"""Regression: docs/serve.md's table of routes listed ``GET /api/tables/{table}/odds`` twice, the two rows
contradicting each other on a new shoe's burned cards (one said out of the count, the other, true, in it).

Each route is one row of the table; what the odds do with burned cards is tested against the command in
``tests/test_serve_odds_match_the_command.py``.
"""

from __future__ import annotations

import re

from helpers import ROOT

PAGE = (ROOT / "docs" / "serve.md").read_text("utf-8")


def _routes() -> list[str]:
    """Return the first cell of every row of the table that starts ``| route | answer |``."""
    table = PAGE.split("\n| route | answer |\n", 1)[1].split("\n\n", 1)[0]
    return [re.split(r"(?<!\\)\|", row)[1].strip() for row in table.splitlines()[1:]]


def test_every_route_is_one_row_of_the_table() -> None:
    routes = _routes()
    assert "`GET /api/tables/{table}/odds`" in routes and "`GET /api/tables/{table}/log`" in routes
    assert sorted({r for r in routes if routes.count(r) > 1}) == []


def test_the_odds_row_keeps_burned_cards_in_as_the_code_does() -> None:
    row = next(r for r in PAGE.splitlines() if r.startswith("| `GET /api/tables/{table}/odds` |"))
    assert "stay in" in row and "are out of it" not in row
