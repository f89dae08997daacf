"""Good roads drawn: the proof picture of one pattern's columns, and the tags a board wears (docs/good-roads.md).

The proof picture draws the Big Road's logical columns, as a mark's comparison
figure does: a pattern reads streak lengths, so a dragon tail is drawn as the
straight column it stands for and every depth is the column's height. The
columns the pattern read are tinted and numbered 1, 2, ... over their tops;
every column carries its Big Road number under it.

The tags are laid out here once, so the SVG, PNG and PDF of a board agree:
one rounded label a pattern, its Chinese and its English name, on one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..board import Bead, Board
from .labels import FONT_FAMILY, LABELS
from .primitives import Grid, Group, Item, Rect, Scene, Text, Use
from .symbols import SymbolBook, centred_text, paragraph, text_width
from .themes import THEMES, Theme

if TYPE_CHECKING:
    from ..board.good_roads import Detection

CELL = 24.0
"""A proof picture's cell, in model units (the Big Road's)."""
PAD = 8.0
HEADING = 14.0
"""The proof picture's heading: the pattern's names."""
NUMBER = 11.0
"""The numbers over the pattern's columns and the Big Road numbers under every column."""
CAPTION = 11.0
CONTEXT = 2
"""Columns drawn before the pattern's first one, so the picture shows where it starts."""
MIN_TEXT_WIDTH = 360.0
"""The narrowest a proof picture is, so its heading and its proof read as lines, not a column of words."""

TAG_TEXT = 11.0
"""The size of a tag's words."""
TAG_HEIGHT = 18.0
"""A tag's height; the band that holds the tags is this plus a small gap."""
TAG_BAND = TAG_HEIGHT + 6.0
TAG_GAP = 6.0
"""Room between two tags."""
TAG_INSET = 6.0
"""Room between a tag's edge and its words."""


def tag_words(found: Detection) -> str:
    """Return a tag's words: the pattern's Chinese name, then its English one (``大路单跳 single jump``)."""
    return f"{found.pattern.name} {found.pattern.title}"


def tags_line(found: Sequence[Detection]) -> str:
    """Return the tags as the picture's text copy says them: ``Good roads: 大路单跳 single jump, ...``."""
    return f"Good roads: {', '.join(tag_words(one) for one in found) or 'none active'}."


def _by_column(board: Board) -> dict[int, list[Bead]]:
    """Return the Big Road's beads by logical column, each list in row order."""
    out: dict[int, list[Bead]] = {}
    for bead in board.big_road:
        out.setdefault(bead.column, []).append(bead)
    return out


def proof_scene(board: Board, found: Detection, *, theme: str = "classic") -> Scene:
    """Return the picture of one active good road: the newest Big Road columns, the pattern's tinted and numbered."""
    t = THEMES[theme]
    book = SymbolBook(t, LABELS["en"])
    beads = _by_column(board)
    read = [column for column, _, _ in found.columns]
    newest = max(beads)
    first = max(1, read[0] - CONTEXT)
    shown = list(range(first, newest + 1))
    depth = {c: len(beads.get(c, ())) for c in shown}
    rows = max(3, *depth.values())
    grid_w = len(shown) * CELL
    width = max(grid_w, MIN_TEXT_WIDTH)
    x0 = PAD + 0.5 + (width - grid_w) / 2
    items: list[Item] = []
    p = found.pattern
    heading = f"{p.name} {p.title}: {p.id} is active"
    items.append(Text(PAD + 0.5, PAD + HEADING, heading, HEADING, t.text, anchor="start", bold=True))
    y0 = PAD + HEADING + 8 + NUMBER + 8 + 0.5
    items.append(Rect(x0, y0, grid_w, rows * CELL, fill=t.panel))
    order = {column: i for i, column in enumerate(read, 1)}
    for i, c in enumerate(shown):
        if c in order:
            items.append(Rect(x0 + i * CELL, y0, CELL, depth[c] * CELL, fill=t.highlight_tint))
    items.append(Grid(x0, y0, len(shown), rows, CELL, t.grid, 1.0))
    items.append(Rect(x0, y0, grid_w, rows * CELL, stroke=t.border, width=1.0))
    for i, c in enumerate(shown):
        cx = x0 + (i + 0.5) * CELL
        for bead in beads.get(c, ()):
            items.append(Use(book.ring(bead.winner.value, CELL), cx, y0 + (bead.row - 0.5) * CELL))
        if c in order:
            # The pattern's own count over the column (1 = its oldest), ringed in the highlight colour.
            items.append(Rect(cx - 8, y0 - NUMBER - 13, 16, 16, fill=t.background, stroke=t.highlight, width=1.5, rx=8))
            items.append(centred_text(cx, y0 - NUMBER - 5, str(order[c]), NUMBER, t.text, bold=True))
        bold = c in order
        items.append(
            centred_text(cx, y0 + rows * CELL + NUMBER, str(c), NUMBER, t.text if bold else t.muted, bold=bold)
        )
    y = y0 + rows * CELL + NUMBER * 2
    texts, y = paragraph(found.proof, PAD + 0.5, y, width, CAPTION, t.text)
    more, y = paragraph(found.call, PAD + 0.5, y, width, CAPTION, t.muted)
    items.extend(texts + more)
    title = f"{p.id} ({p.name}, {p.title}): Big Road columns {first} to {newest}, the pattern's columns tinted"
    return Scene(
        width=round(width + 2 * PAD + 1),
        height=round(y + PAD),
        background=t.background,
        symbols=book.sorted(),
        items=(Group(tuple(items), id="good-road-proof", classes=f"good-road-proof {p.id}"),),
        title=title,
        desc=f"{found.proof} {found.call}",
        font_family=FONT_FAMILY["zh"],
        lang="en",
        base_cell=CELL,
    )


def tags(found: Sequence[Detection], x: float, y: float, width: float, t: Theme) -> Group:
    """Return the tags of the active good roads in a band ``width`` wide from (x, y), left to right.

    When the names in both languages do not all fit, the tags carry the Chinese names
    alone; tags that would still run past the band's end are counted in a last ``+N more`` tag,
    so the band is always one line: a board's size never depends on what is active.
    With none active the band says so, muted.
    """
    items: list[Item] = []
    if not found:
        items.append(Text(x, y + TAG_HEIGHT / 2 + 4, "no good road", TAG_TEXT, t.muted, anchor="start"))
        return Group(tuple(items), id="good-roads", classes="good-roads none")
    words = [tag_words(one) for one in found]
    if sum(text_width(w, TAG_TEXT) + 2 * TAG_INSET + TAG_GAP for w in words) - TAG_GAP > width:
        words = [one.pattern.name for one in found]  # a narrow picture: the Chinese names, as a lobby tags them
    at = x
    for n, text in enumerate(words):
        w = text_width(text, TAG_TEXT) + 2 * TAG_INSET
        rest = len(words) - n - 1
        reserve = text_width(f"+{rest} more", TAG_TEXT) + 2 * TAG_INSET + TAG_GAP if rest else 0.0
        if at + w + reserve > x + width:
            items.append(_tag(at, y, f"+{len(words) - n} more", t, "good-road more"))
            break
        items.append(_tag(at, y, text, t, f"good-road {found[n].pattern.id}"))
        at += w + TAG_GAP
    return Group(tuple(items), id="good-roads", classes="good-roads")


def _tag(x: float, y: float, text: str, t: Theme, classes: str) -> Group:
    """Return one tag: a rounded box in the highlight tint and its words."""
    w = text_width(text, TAG_TEXT) + 2 * TAG_INSET
    box = Rect(x, y, w, TAG_HEIGHT, fill=t.highlight_tint, stroke=t.highlight, width=1.0, rx=TAG_HEIGHT / 2)
    words = Text(x + TAG_INSET, y + TAG_HEIGHT / 2 + TAG_TEXT * 0.36, text, TAG_TEXT, t.text, anchor="start")
    return Group((box, words), classes=classes)
