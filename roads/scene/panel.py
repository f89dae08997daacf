"""The statistics panel under the Bead Plate and the Banker/Player ask icons (rulebook sections 9 and 10)."""

from __future__ import annotations

from ..board import Board
from ..board.names import DERIVED
from ..board.stats import percent
from ..enums import Game
from .labels import Labels
from .options import SMALLEST_TEXT
from .primitives import Group, Item, Rect, Use
from .symbols import SymbolBook, centred_text, text_width
from .themes import Theme

TEXT = 11.0
LINE = 1.0


def panel(board: Board, t: Theme, lab: Labels, book: SymbolBook, x: float, y: float, w: float, h: float) -> Group:
    """Return the statistics panel in the box (x, y, w, h), the Banker and Player asks along its foot."""
    s = board.stats
    items: list[Item] = [Rect(x, y, w, h, fill=t.panel, stroke=t.border, width=LINE)]
    line = 19.0
    top = y + 15
    half = w / 2
    left_rows = (("banker", s.banker), ("player", s.player), ("tie", s.tie))
    for i, (side, count) in enumerate(left_rows):
        cy = top + i * line
        items.append(Use(book.bead(side, 2 * SMALLEST_TEXT, prefix="stat"), x + 14, cy, f"stat {side}"))
        items.append(centred_text(x + 27, cy, str(count), TEXT, t.text, anchor="start"))
        items.append(centred_text(x + half - 8, cy, percent(count, s.coups), TEXT, t.muted, anchor="end"))
    right = x + half + 6
    items.append(centred_text(x + 8, top + 3 * line, lab.coups, TEXT, t.muted, anchor="start"))
    items.append(centred_text(x + half - 8, top + 3 * line, str(s.coups), TEXT, t.text, anchor="end"))
    counts = ((lab.banker_pair, s.banker_pairs), (lab.player_pair, s.player_pairs), (lab.naturals, s.naturals))
    # Dragon Tiger has no pairs and no naturals: its panel leaves those rows out.
    for i, (label, count) in enumerate(counts if board.game is Game.BACCARAT else ()):
        items.append(centred_text(right, top + i * line, label, TEXT, t.muted, anchor="start"))
        items.append(centred_text(x + w - 8, top + i * line, str(count), TEXT, t.text, anchor="end"))
    cy = top + 3 * line
    items.append(centred_text(right, cy, lab.longest, TEXT, t.muted, anchor="start"))
    player = f"{lab.player}{s.longest_player}"
    items.append(centred_text(x + w - 8, cy, player, TEXT, t.player, anchor="end"))
    # Right-aligned after the Player figure, one estimated text width and a gap to its left.
    items.append(
        centred_text(
            x + w - 8 - text_width(player, TEXT) - 5,
            cy,
            f"{lab.banker}{s.longest_banker}",
            TEXT,
            t.banker,
            anchor="end",
        )
    )
    items.append(asks(board, t, lab, book, x, y + h - 52, w))
    return Group(tuple(items), id="stats", classes="stats")


def asks(board: Board, t: Theme, lab: Labels, book: SymbolBook, x: float, y: float, w: float) -> Group:
    """Return the two ask badges: for each side, the mark each derived road would add (none where null)."""
    items: list[Item] = [centred_text(x + 8, y + 6, lab.ask, TEXT * 0.9, t.muted, anchor="start")]
    gap = 8.0
    bw = (w - 3 * gap) / 2
    by, bh = y + 16, 28.0
    for i, (side, answer) in enumerate(board.asks().items()):
        bx = x + gap + i * (bw + gap)
        cy = by + bh / 2
        badge: list[Item] = [
            Rect(bx, by, bw, bh, fill=t.panel, stroke=t.border, width=LINE, rx=5),
            Use(book.bead(side, 22.0, prefix="ask"), bx + 14, cy, f"ask-side {side}"),
        ]
        step = (bw - 30) / 3
        for j, name in enumerate(DERIVED):
            color = answer[name]
            if color is None:
                continue
            key = name.cli
            badge.append(
                Use(
                    book.mark(key, color.value, 14.0, prefix="ask-"),
                    bx + 28 + step * (j + 0.5),
                    cy,
                    f"ask-mark {key} {color.value}",
                )
            )
        items.append(Group(tuple(badge), classes=f"ask {side}", data=(("ask", side),)))
    return Group(tuple(items), id="asks", classes="asks")
