"""The board in a terminal: every road as a Unicode grid, and a compact one-line form of each.

Without colour every road still reads: Banker ``B``, Player ``P``, Tie ``T``;
derived marks ``=`` (red, the pattern repeats) and ``≠`` (blue, it breaks).
With colour the letters are painted and the derived roads take their casino
symbols: Big Eye Boy ``○``, Small Road ``●``, Cockroach Pig ``╱``.
Output depends only on the board and the options, so it is deterministic.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from itertools import islice
from typing import Literal, TextIO

from .board.board import Board
from .board.derived import DerivedRoad
from .board.grid import ROWS
from .board.marks import RED, Color
from .board.names import DERIVED, ROAD_NAMES, Road
from .board.stats import result_counts
from .board.window import drawn_width, window
from .enums import Game
from .outcome import Winner

ColorMode = Literal["auto", "always", "never"]

_ANSI = {"red": "\x1b[31m", "blue": "\x1b[34m", "green": "\x1b[32m", "dim": "\x1b[2m"}
_RESET = "\x1b[0m"
_WINNER_STYLE = {Winner.BANKER: "red", Winner.PLAYER: "blue", Winner.TIE: "green"}
_SYMBOLS = {"big_eye_boy": "○", "small_road": "●", "cockroach_pig": "╱"}
_EMPTY = "·"
_DRAGON_TIGER = {Winner.BANKER: "D", Winner.PLAYER: "T", Winner.TIE: "/"}
"""Dragon Tiger in one character a coup: D Dragon, T Tiger, and a tie as the slash the Big Road draws for one."""


def text_letter(game: Game, winner: Winner) -> str:
    """Return a result in one character of text: B P T, or D T / in Dragon Tiger (T is Tiger there)."""
    return winner.letter if game is Game.BACCARAT else _DRAGON_TIGER[winner]


SAME, DIFFERENT = "=", "≠"
"""Derived marks in plain text: red (the pattern repeats) is =, blue (it breaks) is ≠."""

Cell = tuple[str, str | None]
"""A grid cell's text and its style name (None: plain)."""


def use_color(mode: ColorMode, stream: TextIO | None = None) -> bool:
    """Return True when output should carry ANSI colour: always, never, or auto (a TTY and NO_COLOR unset)."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    if os.environ.get("NO_COLOR"):
        # https://no-color.org: any non-empty value turns colour off.
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _paint(text: str, style: str | None, color: bool) -> str:
    return f"{_ANSI[style]}{text}{_RESET}" if color and style else text


def mark_symbol(name: str, mark_color: Color, color: bool) -> str:
    """Return the glyph of a derived mark: the road's symbol with colour, ``=``/``≠`` without."""
    if color:
        return _SYMBOLS[name]
    return mark_glyph(mark_color)


def mark_glyph(mark_color: Color) -> str:
    """Return a derived mark in plain text: ``=`` red, ``≠`` blue."""
    return SAME if mark_color is RED else DIFFERENT


def tie_tag(ties: int) -> str:
    """Return the one character after a bead that shows its ties: ``/`` for one, 2-9 for more, ``+`` past 9."""
    if ties <= 0:
        return ""
    if ties == 1:
        return "/"
    return str(ties) if ties < 10 else "+"


def pair_tag(banker_pair: bool, player_pair: bool) -> str:
    """Return the Bead Plate's pair mark: ``'`` Banker pair (a high dot), ``,`` Player pair (a low one), ``:`` both."""
    if banker_pair and player_pair:
        return ":"
    return "'" if banker_pair else "," if player_pair else ""


def _cells_bead_plate(board: Board) -> dict[tuple[int, int], list[Cell]]:
    cells: dict[tuple[int, int], list[Cell]] = {}
    for cell in board.bead_plate:
        outcome = cell.outcome
        cells[cell.column, cell.row] = [
            (text_letter(board.game, outcome.winner), _WINNER_STYLE[outcome.winner]),
            (pair_tag(outcome.banker_pair, outcome.player_pair), None),
        ]
    return cells


def _cells_big_road(board: Board) -> dict[tuple[int, int], list[Cell]]:
    road = board.big_road
    cells: dict[tuple[int, int], list[Cell]] = {}
    for i, bead in enumerate(road.beads):
        # The first bead keeps the leading ties on its cell (rulebook section 6).
        ties = bead.ties + (road.leading_ties if i == 0 else 0)
        letter = text_letter(board.game, bead.winner)
        cells[bead.x, bead.y] = [(letter, _WINNER_STYLE[bead.winner]), (tie_tag(ties), "green")]
    if not road.beads and road.leading_ties:
        cells[1, 1] = [(" ", None), (tie_tag(road.leading_ties), "green")]
    return cells


def _cells_derived(road: DerivedRoad, color: bool) -> dict[tuple[int, int], list[Cell]]:
    return {
        (x, y): [(mark_symbol(road.name, c, color), c.value)]
        for c, x, y in zip(road.colors, road.xs, road.ys, strict=False)
    }


def _render(
    cells: dict[tuple[int, int], list[Cell]], width: int, cell_width: int, color: bool, last: int | None
) -> list[str]:
    """Return the grid's 6 rows and a ruler of drawn column numbers under it."""
    if width == 0:
        return []
    first = window(width, width, last or None)
    columns = range(first, width + 1)
    lines = []
    for y in range(1, ROWS + 1):
        out = []
        for x in columns:
            parts = cells.get((x, y))
            if parts is None:
                out.append(_paint(_EMPTY, "dim", color) + " " * (cell_width - 1))
                continue
            used = sum(len(text) for text, _ in parts)
            out.append("".join(_paint(text, style, color) for text, style in parts if text) + " " * (cell_width - used))
        lines.append(" ".join(out).rstrip())
    lines.append(_ruler(columns, cell_width + 1))
    return lines


def _ruler(columns: range, step: int) -> str:
    """Return column numbers at the first shown column and every fifth, under their cells."""
    ruler = ""
    for i, x in enumerate(columns):
        if x == columns.start or x % 5 == 0:
            label = str(x)
            at = i * step
            if at >= len(ruler) + (1 if ruler else 0):
                ruler = ruler.ljust(at) + label
    return ruler


def plural(n: int, noun: str) -> str:
    """Return ``n`` and ``noun``, plural unless n is 1: ``1 coup``, ``3 coups``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def grid(board: Board, road: Road | str, *, color: bool = False, last: int | None = None) -> str:
    """Return one road as a titled 6-row grid; ``last`` shows only that many drawn columns at the right."""
    name = Road.parse(road)
    width = drawn_width(board, name)
    if name is Road.BEAD_PLATE:
        header = f"Bead Plate · {plural(board.coups, 'coup')}"
        lines = _render(_cells_bead_plate(board), width, 2, color, last)
    elif name is Road.BIG_ROAD:
        big = board.big_road
        header = f"Big Road · {plural(len(big.depths), 'column')}"
        if big.leading_ties:
            header += f" · {plural(big.leading_ties, 'leading tie')} on the first cell"
        lines = _render(_cells_big_road(board), width, 2, color, last)
    else:
        derived = board.road(name)
        red = derived.red
        header = f"{derived.title} · {plural(len(derived), 'mark')}"
        if len(derived):
            header += f": {red} red, {len(derived) - red} blue"
        else:
            header += f" (starts at column {derived.k + 1}, row 2)"
        lines = _render(_cells_derived(derived, color), width, 1, color, last)
    if last and width > last:
        header += f" · drawn columns {width - last + 1}-{width} of {width}"
    return "\n".join([header, *lines])


def legend(color: bool, game: Game = Game.BACCARAT) -> str:
    """Return the key to the grids' symbols, a few short lines."""
    derived = (
        "○ Big Eye Boy, ● Small Road, ╱ Cockroach Pig, red when the pattern repeats, blue when it breaks"
        if color
        else f"{SAME} red (the pattern repeats), {DIFFERENT} blue (it breaks)"
    )
    if game is Game.DRAGON_TIGER:
        return "\n".join(
            [
                "Key: D Dragon, T Tiger, / Tie, · empty; the numbers under a grid count its drawn columns",
                "  Big Road: / after a bead is one tie on it, 2-9 that many ties, + ten or more",
                f"  Derived roads: {derived}; the colours are not Dragon and Tiger",
            ]
        )
    return "\n".join(
        [
            "Key: B Banker, P Player, T Tie, · empty; the numbers under a grid count its drawn columns",
            "  Big Road: / after a bead is one tie on it, 2-9 that many ties, + ten or more",
            "  Bead Plate: ' after a letter is a Banker pair, , a Player pair, : both",
            f"  Derived roads: {derived}; the colours are not Banker and Player",
        ]
    )


def show(
    board: Board, *, color: bool = False, last: int | None = None, roads: Iterable[Road | str] = ROAD_NAMES
) -> str:
    """Return the chosen roads as grids, one after another, then the key."""
    blocks = [grid(board, road, color=color, last=last) for road in roads]
    return "\n\n".join([*blocks, legend(color, board.game)]) + "\n"


def compact_bead_plate(board: Board, *, first: int = 1) -> str:
    """Return the Bead Plate from drawn column ``first`` on, one word of letters per column: ``BBPTBP PB``."""
    letter = {winner: text_letter(board.game, winner) for winner in Winner}
    letters = "".join(letter[o.winner] for o in board.bead_plate.outcomes[(first - 1) * ROWS :])
    return " ".join(letters[i : i + ROWS] for i in range(0, len(letters), ROWS))


def compact_big_road(
    board: Board, color: bool = False, *, first: int = 1, ties: bool = False, last: int | None = None
) -> str:
    """Return the Big Road as letters, one word per column: ``BBB PP B``.

    Only columns that start at drawn column ``first`` or later are given, and
    with ``last`` only the newest ``last`` columns; with ``ties`` a ``T``
    follows a bead for each tie after it.
    """
    road = board.big_road
    start = 0
    if last is not None and len(road.depths) > last:
        start = len(road) - sum(road.depths[len(road.depths) - last :])
    words: list[str] = []
    shown = False
    for bead in road.beads if start == 0 else road[start:]:
        if bead.row == 1:
            shown = bead.x >= first
            if shown:
                words.append("")
        if shown:
            words[-1] += _paint(text_letter(board.game, bead.winner), _WINNER_STYLE[bead.winner], color)
            if ties and bead.ties:
                words[-1] += _paint(text_letter(board.game, Winner.TIE) * bead.ties, "green", color)
    return " ".join(words)


def derived_columns(road: DerivedRoad) -> int:
    """Return the number of words ``compact_derived`` writes for a road: its runs of one colour."""
    if not road.codes:
        return 0
    bits = road.color_bits()
    # Neither boundary pattern can overlap itself, so count() finds every change of colour.
    return 1 + bits.count(b"\x00\x01") + bits.count(b"\x01\x00")


def compact_derived(road: DerivedRoad, color: bool = False, *, first: int = 1, last: int | None = None) -> str:
    """Return a derived road from drawn column ``first`` as ``=``/``≠``, one word per run of a colour: ``== ≠ =``.

    With ``last`` only the newest ``last`` runs are given.
    """
    start = 0
    if last is not None:
        bits = road.color_bits()
        end = len(bits)
        for _ in range(last):
            if end <= 0:
                break
            end = max(bits.rfind(b"\x00\x01", 0, end), bits.rfind(b"\x01\x00", 0, end)) + 1
        start = max(end, 0)
    words: list[str] = []
    previous: Color | None = None
    colors = road.colors
    for c, x in zip(colors if start == 0 else colors[start:], islice(road.xs, start, None), strict=True):
        if x < first:
            continue
        glyph = _paint(mark_glyph(c), c.value, color)
        if c is previous:
            words[-1] += glyph
        else:
            words.append(glyph)
        previous = c
    return " ".join(words)


def _ask_word(c: Color | None, color: bool) -> str:
    if c is None:
        return "-"
    return _paint(mark_glyph(c), c.value, color)


COMPACT_COLUMNS = 60
"""Newest columns of each road ``roads build`` prints on one line; ``--json`` has every mark."""


def compact(board: Board, *, color: bool = False, last: int | None = None) -> str:
    """Return each road on one line (Big Road letters, derived ``=``/``≠``) and the two ask roads.

    With ``last``, a road of more columns than that shows only its newest
    ``last`` and says so.
    """
    label = 14
    columns = len(board.big_road.depths)
    words = compact_big_road(board, color, last=last) or "(no results yet)"
    lines = [f"{'Big Road':<{label}}{_cut(words, columns, last)}"]
    for road in board.derived_roads():
        words = compact_derived(road, color, last=last) or "(no marks yet)"
        lines.append(f"{road.title:<{label}}{_cut(words, derived_columns(road) if last else 0, last)}")
    asks = board.asks()
    for side, name in (("banker", board.game.banker), ("player", board.game.player)):
        words = " ".join(_ask_word(asks[side][road], color) for road in DERIVED)
        lines.append(f"{name + ' ask':<{label}}{words}")
    return "\n".join(lines)


def _cut(words: str, columns: int, last: int | None) -> str:
    """Return a road's words, marked as the newest ``last`` of ``columns`` when the road was cut."""
    if last is None or columns <= last:
        return words
    return f"… {words} (last {last} of {columns:,} columns; --json for every mark)"


def stats_text(board: Board) -> str:
    """Return the statistics panel as a few lines of prose-like figures."""
    s = board.stats
    game = board.game
    if game is Game.BACCARAT:
        lines = [
            f"{plural(s.coups, 'coup')}: {result_counts(s)}",
            f"Pairs: Banker {s.banker_pairs}, Player {s.player_pairs}; naturals: {s.naturals}",
            f"Longest streak: Banker {s.longest_banker}, Player {s.longest_player}",
        ]
    else:
        lines = [
            f"{plural(s.coups, 'coup')}: {result_counts(s, game)}",
            f"Longest streak: {game.banker} {s.longest_banker}, {game.player} {s.longest_player}",
        ]
    if board.leading_ties:
        lines.append(f"Leading ties: {board.leading_ties} (before the first {game.banker}/{game.player} result)")
    return "\n".join(lines)


def summary(board: Board, *, color: bool = False) -> str:
    """Return the ``roads build`` text: statistics, every road in compact form (the newest 60 columns), the asks."""
    key = "Ask roads: Big Eye Boy, Small Road, Cockroach Pig; - not yet on the road."
    return f"{stats_text(board)}\n\n{compact(board, color=color, last=COMPACT_COLUMNS)}\n{key}\n"
