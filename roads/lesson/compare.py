"""The small picture beside each proof: the Big Road's logical columns a mark compared, and the mark it gave.

Derived roads read logical columns (rulebook section 7), so the picture draws
them without dragon tails: every depth is exactly the column's height. The
new bead's own column is drawn as it stood when the mark was made, down to
the bead's row; later beads of that column had not been dealt yet.
"""

from __future__ import annotations

from ..board import Bead
from ..board.explain import Proof
from ..scene.labels import FONT_FAMILY, LABELS
from ..scene.primitives import Grid, Group, Item, Line, Rect, Scene, Use
from ..scene.symbols import SymbolBook, centred_text
from ..scene.themes import THEMES
from ..scoreboard import Scoreboard

CELL = 24.0
"""A figure cell, in CSS px: the page draws figures at their own size, never shrunk (issue 21)."""
PAD = 6.0
LABEL = 12.0
"""Column numbers under the figure, in CSS px (at least 11 to be read)."""
MARK_GAP = 26.0
"""Room between the last column and the mark it gave, for the arrow."""


def columns_of(board: Scoreboard) -> dict[int, list[Bead]]:
    """Return the Big Road's beads by logical column (each list in row order)."""
    out: dict[int, list[Bead]] = {}
    for bead in board.big_road:
        out.setdefault(bead.column, []).append(bead)
    return out


def comparison_scene(proof: Proof, columns: dict[int, list[Bead]], *, theme: str = "classic") -> Scene:
    """Return the picture of one proof: compared columns tinted, the new bead and any row looked at outlined."""
    t = THEMES[theme]
    book = SymbolBook(t, LABELS["en"])
    first = min(column for column, _ in proof.compared)
    shown = list(range(first, proof.column + 1))
    depth = {c: (proof.row if c == proof.column else len(columns.get(c, ()))) for c in shown}
    rows = max(3, proof.row, *depth.values())
    compared = {column for column, _ in proof.compared}
    x0, y0 = PAD + 0.5, PAD + 0.5
    items: list[Item] = [Rect(x0, y0, len(shown) * CELL, rows * CELL, fill=t.panel)]
    for i, c in enumerate(shown):
        if c in compared and depth[c]:
            items.append(Rect(x0 + i * CELL, y0, CELL, depth[c] * CELL, fill=t.highlight_tint))
    items.append(Grid(x0, y0, len(shown), rows, CELL, t.grid, 1.0))
    items.append(Rect(x0, y0, len(shown) * CELL, rows * CELL, stroke=t.border, width=1.0))
    for i, c in enumerate(shown):
        for bead in columns.get(c, ())[: depth[c]]:
            side = bead.winner.value
            items.append(Use(book.ring(side, CELL), x0 + (i + 0.5) * CELL, y0 + (bead.row - 0.5) * CELL))
        bold = c in compared or c == proof.column
        items.append(
            centred_text(
                x0 + (i + 0.5) * CELL, y0 + rows * CELL + LABEL, str(c), LABEL, t.text if bold else t.muted, bold=bold
            )
        )
    if proof.rule == 2:
        back = shown.index(proof.column - proof.k)
        items.append(_outline(x0 + back * CELL, y0 + (proof.row - 1) * CELL, t.highlight, 1.4, 2.0))
    here = shown.index(proof.column)
    items.append(_outline(x0 + here * CELL, y0 + (proof.row - 1) * CELL, t.highlight, 2.2, 1.0))
    mx = x0 + len(shown) * CELL + MARK_GAP
    my = y0 + (proof.row - 1) * CELL
    key = proof.road.cli
    items.append(Rect(mx, my, CELL, CELL, fill=t.panel, stroke=t.border, width=1.0))
    items.append(Use(book.mark(key, proof.color.value, CELL), mx + CELL / 2, my + CELL / 2))
    items.extend(_arrow(mx - MARK_GAP + 5, mx - 5, my + CELL / 2, t.muted))
    width = mx + CELL + PAD
    height = y0 + rows * CELL + LABEL * 2 + PAD / 2
    title = (
        f"{proof.title} mark {proof.mark}: Big Road columns {first} to {proof.column}, "
        f"compared columns tinted, the new bead outlined"
    )
    return Scene(
        width=round(width),
        height=round(height),
        background=t.background,
        symbols=book.sorted(),
        items=(Group(tuple(items), classes="comparison"),),
        title=title,
        desc="",
        font_family=FONT_FAMILY["en"],
        base_cell=24.0,
    )


def _arrow(x1: float, x2: float, y: float, colour: str) -> tuple[Line, Line, Line]:
    """Return a left-to-right arrow from ``x1`` to ``x2`` at height ``y``: a shaft and its two-stroke head."""
    head = 5.0
    return (
        Line(x1, y, x2, y, colour, 2.0),
        Line(x2 - head, y - head, x2, y, colour, 2.0),
        Line(x2 - head, y + head, x2, y, colour, 2.0),
    )


def _outline(x: float, y: float, colour: str, width: float, inset: float) -> Rect:
    """Return a box drawn just inside the cell at (x, y)."""
    side = CELL - 2 * inset
    return Rect(x + inset, y + inset, side, side, stroke=colour, width=width, rx=3)
