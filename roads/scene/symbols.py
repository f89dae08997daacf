"""The symbols of the roads, each defined once around (0, 0) for a given cell size.

Sizes are fractions of the cell they sit in, so a Big Road ring and a Big Eye
Boy ring at half the cell keep the same look. Under a theme with ``shapes``
(print), Player and blue marks are squares and Cockroach Pig blue leans the
other way, so red and blue differ by shape as well as colour.
"""

from __future__ import annotations

from .labels import Labels
from .primitives import Circle, Line, Rect, Shape, Symbol, Text
from .themes import Theme

BEAD = 0.40
"""Radius of a Bead Plate disc per cell: 80% of the cell, so neighbouring discs stand apart."""
SLASH = 0.22
"""Half the run of a tie slash per cell: it crosses the ring and ends in it, leaving the cell's corners free."""
CORNER = 0.38
"""How far from a cell's centre (per cell, along each axis) the small marks in its corners sit: a pair dot
there is clear of the ring and of the disc."""

CAP = 0.71
"""Cap height of the drawing font per unit of font size: centres capitals and digits on a point."""


def centred_text(x: float, y: float, text: str, size: float, fill: str, **extra: object) -> Text:
    """Return a Text whose capitals are vertically centred on (x, y)."""
    return Text(x, y + CAP * size / 2, text, size, fill, **extra)  # type: ignore[arg-type]


def text_width(text: str, size: float) -> float:
    """Return a generous estimate of ``text``'s width at font ``size``: ASCII 0.6 em, other letters and symbols
    (drawn from the wider DejaVu Sans) 0.85 em, wide CJK characters 1 em."""
    return sum(0.6 if ord(ch) < 0x80 else 0.85 if ord(ch) < 0x2E80 else 1.0 for ch in text) * size


def wrap(text: str, width: float, size: float) -> list[str]:
    """Return ``text`` broken into lines that fit ``width`` at font ``size`` (a safe per-character estimate)."""
    per_line = max(12, int(width / (size * 0.52)))
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > per_line:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def fit(text: str, width: float, size: float) -> list[str]:
    """Return ``text`` broken at spaces into lines no wider than ``width`` by :func:`text_width`'s
    generous estimate; a word wider than a line on its own is broken between characters."""
    lines: list[str] = []
    current, used = "", 0.0
    space = text_width(" ", size)
    for word in text.split():
        w = text_width(word, size)
        if current and used + space + w <= width:
            current, used = f"{current} {word}", used + space + w
            continue
        if current:
            lines.append(current)
        if w <= width:
            current, used = word, w
            continue
        # One character at a time: linear in the word's length, however long it is.
        current, used = "", 0.0
        for ch in word:
            cw = text_width(ch, size)
            if current and used + cw > width:
                lines.append(current)
                current, used = "", 0.0
            current, used = current + ch, used + cw
    if current:
        lines.append(current)
    return lines


def paragraph(
    text: str, x: float, y: float, width: float, size: float, fill: str, *, leading: float = 1.45, bold: bool = False
) -> tuple[list[Text], float]:
    """Return ``text`` wrapped to ``width`` as left-aligned lines, each baseline ``size * leading`` below the last
    (the first below ``y``), and the last baseline (``y`` when there is no text)."""
    lines = []
    for line in wrap(text, width, size):
        y += size * leading
        lines.append(Text(x, y, line, size, fill, anchor="start", bold=bold))
    return lines, y


ROUND = 0.18
"""Corner radius of a square mark (print theme) per unit of its side."""
ROUNDER = 0.32
"""Corner radius of a square bead (Bead Plate, Big Road) per unit of its side: its corners leave room for the
pair dots in the cell's corners."""


def _ring(color: str, r: float, width: float, square: bool, round: float = ROUND) -> Shape:
    if square:
        side = r * 1.8
        return Rect(-side / 2, -side / 2, side, side, stroke=color, width=width, rx=side * round)
    return Circle(0, 0, r, stroke=color, width=width)


def _disc(
    color: str, r: float, square: bool, outline: str | None = None, width: float = 0.0, round: float = ROUND
) -> Shape:
    if square:
        side = r * 1.8
        return Rect(-side / 2, -side / 2, side, side, fill=color, stroke=outline, width=width, rx=side * round)
    return Circle(0, 0, r, fill=color, stroke=outline, width=width)


def bead_letter(cell: float, letter: str) -> float:
    """Return the size of a bead's letter (or total) on a disc in a cell of ``cell`` units."""
    return cell * (0.5 if len(letter) == 1 else 0.4)


class SymbolBook:
    """Makes each symbol the first time a layout asks for it and remembers its id."""

    __slots__ = ("labels", "symbols", "theme")

    def __init__(self, theme: Theme, labels: Labels) -> None:
        self.theme = theme
        self.labels = labels
        self.symbols: dict[str, Symbol] = {}

    def _add(self, id: str, *shapes: Shape) -> str:
        if id not in self.symbols:
            self.symbols[id] = Symbol(id, shapes)
        return id

    def sorted(self) -> tuple[Symbol, ...]:
        """Return the symbols made so far, sorted by id so the output never depends on call order."""
        return tuple(self.symbols[key] for key in sorted(self.symbols))

    def bead(
        self, side: str, cell: float, text: str | None = None, prefix: str = "bead", *, lettered: bool = True
    ) -> str:
        """Return the id of a solid disc for ``side`` (banker, player, tie) with its letter or a total.

        Without ``lettered`` the disc is plain (its letter would be too small to read).
        """
        id = f"{prefix}-{side}" if text is None else f"{prefix}-{side}-{text}"
        id += "" if lettered else "-plain"
        if id in self.symbols:
            return id
        t = self.theme
        disc = _disc(getattr(t, side), cell * BEAD, t.shapes and side == "player", round=ROUNDER)
        if not lettered:
            return self._add(id, disc)
        letter = text if text is not None else getattr(self.labels, side)
        return self._add(id, disc, centred_text(0, 0, letter, bead_letter(cell, letter), t.on_disc, bold=True))

    def ring(self, side: str, cell: float) -> str:
        """Return the id of a Big Road ring for ``side`` (banker or player)."""
        id = f"big-road-{side}"
        if id in self.symbols:
            return id
        t = self.theme
        return self._add(id, _ring(getattr(t, side), cell * 0.35, cell * 0.11, t.shapes and side == "player", ROUNDER))

    def tie_slash(self, cell: float) -> str:
        """Return the id of the green tie slash across a Big Road cell."""
        d = cell * SLASH
        return self._add("tie", Line(-d, d, d, -d, self.theme.tie, cell * 0.09))

    def pair(self, side: str, cell: float) -> str:
        """Return the id of a pair dot (banker red, player blue), outlined to stand off the ring."""
        id = f"pair-{side}"
        if id in self.symbols:
            return id
        t = self.theme
        return self._add(
            id, _disc(getattr(t, side), cell * 0.1, t.shapes and side == "player", outline=t.panel, width=cell * 0.035)
        )

    def natural(self, cell: float) -> str:
        """Return the id of the natural marker (a small gold dot in a corner of the cell, haloed)."""
        t = self.theme
        return self._add("natural", Circle(0, 0, cell * 0.09, fill=t.natural, stroke=t.panel, width=cell * 0.035))

    def mark(self, road: str, color: str, cell: float, prefix: str = "") -> str:
        """Return the id of a derived mark: ring (big-eye-boy), dot (small-road) or slash (cockroach-pig)."""
        id = f"{prefix}{road}-{color}"
        if id in self.symbols:
            return id
        t = self.theme
        paint = t.red if color == "red" else t.blue
        square = t.shapes and color == "blue"
        shape: Shape
        if road == "big-eye-boy":
            shape = _ring(paint, cell * 0.33, cell * 0.13, square)
        elif road == "small-road":
            shape = _disc(paint, cell * 0.34, square)
        else:
            d = cell * 0.3
            shape = Line(-d, -d, d, d, paint, cell * 0.14) if square else Line(-d, d, d, -d, paint, cell * 0.14)
        return self._add(id, shape)
