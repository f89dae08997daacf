"""The pages of ``roads serve``: the lobby and the table page, plain markup that the server's script brings alive.

Nothing is inline (the server's policy, :data:`roads.pages.csp.SERVED`, allows
only ``/static/serve.js`` and ``/static/serve.css``), and every name a page
shows is escaped by the templates.
"""

from __future__ import annotations

from typing import Any

from ..enums import Game
from .jinja import render

_SHELL = {"policy": None, "generator": None}
"""A served page carries no policy of its own (the server sends its header) and no generator line."""


def lobby(tables: list[dict[str, Any]]) -> str:
    """Return the lobby: every table (``table``, ``game``, ``where``, ``coups``, ``changes``, ``stats``) as a live
    mini Big Road with its game and its sides' counts, tagged with its active good roads (a Dragon Tiger table has
    none), and a filter by good road (the built-in patterns)."""
    from ..board.good_roads import PATTERNS

    patterns = [(p.id, p.title) for p in PATTERNS]
    games = {game.value: game for game in Game}
    return render("lobby.html", title="roads: tables", tables=tables, patterns=patterns, games=games, **_SHELL)


def table(
    name: str,
    writable: bool,
    overlay: bool,
    token: bool,
    display: bool = False,
    query: str = "",
    *,
    scratch: bool = False,
    game: Game = Game.BACCARAT,
) -> str:
    """Return the table page (``overlay``: the board alone on a transparent page, drawn with the drawing options
    of ``query``; ``display``: a floor display, the board and its header without controls; ``scratch``: the
    calculator, a table kept in the page alone; ``game``: the table's, which names its sides, buttons and keys)."""
    return render(
        "table.html",
        name=name,
        writable=writable,
        overlay=overlay,
        token=token,
        display=display,
        query=query,
        scratch=scratch,
        game=game,
        dragon_tiger=game is Game.DRAGON_TIGER,
        **_SHELL,
    )


__all__ = ["lobby", "table"]
