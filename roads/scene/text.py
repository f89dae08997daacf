"""The plain-text copy of a board that goes into an SVG's <desc>: screen readers and diffs read it."""

from __future__ import annotations

from ..board import RED, Bead, Color, Scoreboard
from ..board.derived import TITLES

SAME, DIFFERENT = "=", "≠"
"""Derived marks in text: red (the pattern repeats) is =, blue (it breaks) is ≠."""


def percent(count: int, total: int) -> str:
    """Return ``count`` as a share of ``total`` with one decimal: ``47.5%``."""
    return f"{100 * count / total:.1f}%" if total else "0.0%"


def summary(board: Scoreboard) -> str:
    """Return the statistics panel as one sentence."""
    s = board.stats
    return (f"{s.coups} coups: Banker {s.banker} ({percent(s.banker, s.coups)}), "
            f"Player {s.player} ({percent(s.player, s.coups)}), Tie {s.tie} ({percent(s.tie, s.coups)}); "
            f"Banker pairs {s.banker_pairs}, Player pairs {s.player_pairs}, naturals {s.naturals}; "
            f"longest streak Banker {s.longest_banker}, Player {s.longest_player}.")


def bead_plate_line(board: Scoreboard, first: int = 1) -> str:
    """Return the Bead Plate from column ``first`` on, one group of letters per column."""
    letters = "".join(o.winner.letter for o in board.bead_plate.outcomes[(first - 1) * 6:])
    groups = " ".join(letters[i:i + 6] for i in range(0, len(letters), 6))
    return f"Bead Plate{_from(first)}: {groups or '(empty)'}"


def big_road_line(board: Scoreboard, first: int = 1) -> str:
    """Return the Big Road by logical column from the column drawn at ``first``; a T follows each tie."""
    columns: list[str] = []
    for bead in board.big_road:
        if bead.row == 1:
            columns.append("")
        columns[-1] += bead.winner.letter + "T" * bead.ties
    shown = [text for text, bead in zip(columns, _column_heads(board), strict=True) if bead.x >= first]
    lead = board.leading_ties
    prefix = f"{lead} tie{'s' if lead != 1 else ''} before the first result; " if lead and first == 1 else ""
    return f"Big Road{_from(first)}: {prefix}{' '.join(shown) or '(empty)'}"


def derived_line(board: Scoreboard, name: str, first: int = 1) -> str:
    """Return a derived road as = (red) and ≠ (blue), one group per drawn column streak."""
    road = board.road(name)
    groups: list[str] = []
    last = None
    for color, x in zip(road.colors, road.xs, strict=True):
        if x < first:
            continue
        symbol = SAME if color.value == "red" else DIFFERENT
        if symbol != last:
            groups.append("")
            last = symbol
        groups[-1] += symbol
    return f"{TITLES[name]}{_from(first)}: {' '.join(groups) or '(no marks yet)'}"


def asks_line(board: Scoreboard) -> str:
    """Return both ask roads in words."""
    parts = []
    for side, answer in board.asks().items():
        marks = ", ".join(f"{TITLES[name]} {_mark(color)}" for name, color in answer.items())
        parts.append(f"{side.title()} ask: {marks}")
    return ". ".join(parts) + "."


def _mark(color: Color | None) -> str:
    if color is None:
        return "none"
    return f"{SAME if color is RED else DIFFERENT} ({color.value})"


def _from(first: int) -> str:
    return f" (from drawn column {first})" if first > 1 else ""


def _column_heads(board: Scoreboard) -> list[Bead]:
    return [bead for bead in board.big_road if bead.row == 1]


def legend() -> str:
    """Return the line that says how derived marks are written."""
    return f"Derived roads: {SAME} red (the pattern repeats), {DIFFERENT} blue (it breaks)."
