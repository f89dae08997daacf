"""The pages of ``roads serve``: the lobby and the table page, plain markup that the server's script brings alive.

Nothing is inline (the server's policy, :data:`roads.pages.csp.SERVED`, allows
only ``/static/serve.js`` and ``/static/serve.css``), and every name a page
shows is escaped by the templates.
"""

from __future__ import annotations

from typing import Any

from .jinja import render

_SHELL = {"policy": None, "generator": None}
"""A served page carries no policy of its own (the server sends its header) and no generator line."""


def lobby(tables: list[dict[str, Any]]) -> str:
    """Return the lobby: every table (``table``, ``where``, ``coups``, ``changes``, ``stats``) as a live mini Big
    Road, tagged with its active good roads, and a filter by good road (the built-in patterns)."""
    from ..board.good_roads import PATTERNS

    patterns = [(p.id, p.title) for p in PATTERNS]
    return render("lobby.html", title="roads: tables", tables=tables, patterns=patterns, **_SHELL)


def table(
    name: str,
    writable: bool,
    overlay: bool,
    token: bool,
    display: bool = False,
    query: str = "",
    *,
    scratch: bool = False,
) -> str:
    """Return the table page (``overlay``: the board alone on a transparent page, drawn with the drawing options
    of ``query``; ``display``: a floor display, the board and its header without controls; ``scratch``: the
    calculator, a table kept in the page alone)."""
    return render(
        "table.html",
        name=name,
        writable=writable,
        overlay=overlay,
        token=token,
        display=display,
        query=query,
        scratch=scratch,
        **_SHELL,
    )


__all__ = ["lobby", "table"]
