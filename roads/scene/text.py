"""The plain-text copy of a board that goes into an SVG's <desc>: screen readers and diffs read it.

The roads themselves are written by :mod:`roads.terminal`, the same compact
forms the terminal shows; this module only adds the sentences around them.
"""

from __future__ import annotations

from ..board import Board, Color
from ..board.names import Road
from ..board.stats import result_counts
from ..enums import Game
from ..terminal import DIFFERENT, SAME, compact_bead_plate, compact_big_road, compact_derived, mark_glyph, plural


def summary(board: Board) -> str:
    """Return the statistics panel as one sentence."""
    s = board.stats
    game = board.game
    if game is Game.DRAGON_TIGER:
        return (
            f"{plural(s.coups, 'coup')}: {result_counts(s, game)}; "
            f"longest streak {game.banker} {s.longest_banker}, {game.player} {s.longest_player}."
        )
    return (
        f"{plural(s.coups, 'coup')}: {result_counts(s)}; "
        f"Banker pairs {s.banker_pairs}, Player pairs {s.player_pairs}, naturals {s.naturals}; "
        f"longest streak Banker {s.longest_banker}, Player {s.longest_player}."
    )


def bead_plate_line(board: Board, first: int = 1) -> str:
    """Return the Bead Plate from column ``first`` on, one group of letters per column."""
    return f"Bead Plate{_from(first)}: {compact_bead_plate(board, first=first) or '(empty)'}"


def big_road_line(board: Board, first: int = 1) -> str:
    """Return the Big Road by logical column from the column drawn at ``first``; a T follows each tie."""
    lead = board.leading_ties
    prefix = f"{plural(lead, 'tie')} before the first result; " if lead and first == 1 else ""
    return f"Big Road{_from(first)}: {prefix}{compact_big_road(board, first=first, ties=True) or '(empty)'}"


def derived_line(board: Board, name: str, first: int = 1) -> str:
    """Return a derived road as = (red) and ≠ (blue), one group per drawn column streak."""
    return (
        f"{Road.parse(name).title}{_from(first)}: {compact_derived(board.road(name), first=first) or '(no marks yet)'}"
    )


def asks_line(board: Board) -> str:
    """Return both ask roads in words."""
    parts = []
    names = {"banker": board.game.banker, "player": board.game.player}
    for side, answer in board.asks().items():
        marks = ", ".join(f"{Road.parse(name).title} {_mark(color)}" for name, color in answer.items())
        parts.append(f"{names[side]} ask: {marks}")
    return ". ".join(parts) + "."


def _mark(color: Color | None) -> str:
    return "none" if color is None else f"{mark_glyph(color)} ({color.value})"


def _from(first: int) -> str:
    return f" (from drawn column {first})" if first > 1 else ""


def legend() -> str:
    """Return the line that says how derived marks are written."""
    return f"Derived roads: {SAME} red (the pattern repeats), {DIFFERENT} blue (it breaks)."
