"""The Banker drawing chart (rulebook section 3) as a Scene: one layout, drawn by the SVG and PNG back-ends.

Rows are Banker's two-card totals 0-7; the first column is "Player stood",
then one column per value of Player's third card, 0-9. Draw and stand cells
differ three ways (fill, colour and the letter D or S), so the chart reads in
grey print and under any colour-vision deficiency.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import RANKS, rank_value
from ..errors import LessonError
from ..rules import BANKER_DRAWS_ON, banker_draws, tableau_reason
from ..scene.clean import clean
from ..scene.labels import FONT_FAMILY
from ..scene.primitives import Group, Item, Line, Rect, Scene, Text
from ..scene.symbols import centred_text, paragraph
from ..scene.themes import Theme
from ..scene.themes import theme as find_theme

CELL = 34.0
STOOD = 62.0
"""Width of the "Player stood" column: it carries a two-line heading."""
GAP = 12.0
"""Space between the stood column and the third-card columns: two different questions."""
ROW_HEAD = 76.0
PAD = 16.0
TITLE = 17.0
TEXT = 12.0
SMALL = 11.0
BANKER_TOTALS = tuple(range(8))
THIRD_VALUES = tuple(range(10))


@dataclass(frozen=True, slots=True)
class Paint:
    """The two kinds of cell in one theme: fill, letter colour and border."""

    draw: str
    draw_text: str
    stand: str
    stand_text: str
    stand_border: str


PAINTS: dict[str, Paint] = {
    "classic": Paint(
        draw="#1d6b5f", draw_text="#ffffff", stand="#f1f3f5", stand_text="#52606d", stand_border="#c5ccd4"
    ),
    "dark": Paint(draw="#3fb6a8", draw_text="#0e1217", stand="#1f2730", stand_text="#a3adb8", stand_border="#46525f"),
    "print": Paint(draw="#333333", draw_text="#ffffff", stand="#ffffff", stand_text="#333333", stand_border="#4d4d4d"),
}


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the chart: Banker's total and Player's third-card value (None: Player stood)."""

    banker: int
    third: int | None

    @property
    def draws(self) -> bool:
        """Return True when Banker draws in this cell."""
        return banker_draws(self.banker, self.third)

    @property
    def key(self) -> str:
        """Return the cell as ``--highlight`` spells it: ``3:8`` or ``5:stood``."""
        return f"{self.banker}:{'stood' if self.third is None else self.third}"

    def sentence(self) -> str:
        """Return the cell's rule in words, e.g. 'Banker 3, Player's third card 8: Banker stands (...).'."""
        verb = "draws" if self.draws else "stands"
        if self.third is None:
            return (
                f"Banker {self.banker}, Player stood: Banker {verb} (with no third card on the table, "
                "Banker draws on 0-5 and stands on 6-7)."
            )
        return (
            f"Banker {self.banker}, Player's third card {self.third}: Banker {verb} "
            f"({tableau_reason(self.banker, self.third)})."
        )


def parse_cell(text: str) -> Cell:
    """Return the cell ``BANKER:THIRD`` names (``3:8``, ``5:stood``, ``4:K``); LessonError saying what is wrong."""
    raw = clean(text).strip()
    banker_text, sep, third_text = raw.partition(":")
    if not sep:
        raise LessonError(
            f"highlight '{raw}' should be BANKER:THIRD, e.g. 3:8 (Banker 3, third card 8) "
            "or 5:stood (Banker 5, Player stood)"
        )
    banker_text, third_text = banker_text.strip(), third_text.strip()
    if not (banker_text.isascii() and banker_text.isdigit()) or len(banker_text) > 2:
        banker_text = "x"  # not a total: a Unicode digit or 5,000 digits must not reach int()
    if not banker_text.isdigit() or int(banker_text) not in BANKER_DRAWS_ON:
        extra = (
            " (8 and 9 are naturals: nobody draws, so they are not on the chart)" if banker_text in ("8", "9") else ""
        )
        raise LessonError(f"highlight '{raw}': Banker's total must be 0 to 7{extra}")
    if third_text.lower() in ("stood", "stand", "s", "-"):
        return Cell(int(banker_text), None)
    if third_text.isascii() and third_text.isdigit() and len(third_text) <= 2 and int(third_text) in THIRD_VALUES:
        return Cell(int(banker_text), int(third_text))
    rank = third_text.upper()
    if rank in RANKS or rank == "10":
        return Cell(int(banker_text), rank_value("T" if rank == "10" else rank))
    raise LessonError(
        f"highlight '{raw}': Player's third card must be a value 0 to 9, a rank A 2-9 T J Q K, or 'stood'"
    )


def tableau_scene(*, highlight: Cell | str | None = None, theme: str = "classic", title: str | None = None) -> Scene:
    """Return the Banker drawing chart as a Scene, optionally with one cell highlighted."""
    cell = parse_cell(highlight) if isinstance(highlight, str) else highlight
    t = find_theme(theme)
    paint = PAINTS[t.name] if t.name in PAINTS else PAINTS["classic"]
    return _Chart(t, paint, cell, clean(title) if title else None).scene()


class _Chart:
    """The chart laid out once; x and y are model units (one unit is one pixel at scale 1)."""

    def __init__(self, t: Theme, paint: Paint, cell: Cell | None, title: str | None) -> None:
        self.t, self.paint, self.cell = t, paint, cell
        self.title = title or "When Banker draws a third card"
        self.width = PAD + ROW_HEAD + STOOD + GAP + CELL * 10 + PAD

    def scene(self) -> Scene:
        """Return the finished scene."""
        t = self.t
        items: list[Item] = []
        y = PAD
        texts, y = paragraph(self.title, PAD, y, self.width - 2 * PAD, TITLE, t.text, leading=1.25, bold=True)
        items.append(Group(tuple(texts), id="title", classes="title"))
        sub = "Only when nobody has a natural (8 or 9). Player draws on 0-5 and stands on 6-7; then:"
        texts, y = paragraph(sub, PAD, y + 8, self.width - 2 * PAD, SMALL, t.muted)
        items.extend(texts)
        y += 14
        grid_top = y + 40
        items.append(self.headings(y, grid_top))
        items.append(self.cells(grid_top))
        y = grid_top + CELL * 8 + 18
        y = self.legend(items, y)
        if self.cell is not None:
            y = self.caption(items, y + 6)
        return Scene(
            width=round(self.width),
            height=round(y + PAD),
            background=t.background,
            symbols=(),
            items=tuple(items),
            title=self.title,
            desc=self.desc(),
            font_family=FONT_FAMILY["en"],
            base_cell=24.0,
        )

    def x_of(self, third: int | None) -> float:
        """Return the left edge of the column for a third-card value (None: the stood column)."""
        if third is None:
            return PAD + ROW_HEAD
        return PAD + ROW_HEAD + STOOD + GAP + third * CELL

    def width_of(self, third: int | None) -> float:
        """Return a column's width."""
        return STOOD if third is None else CELL

    def headings(self, y: float, grid_top: float) -> Group:
        """Return the column headings (stood, third-card values) and the row headings (Banker totals)."""
        t, c = self.t, self.cell
        items: list[Item] = []
        left = self.x_of(0)
        items.append(centred_text(left + CELL * 5, y + 8, "Player drew a third card worth", TEXT, t.text))
        items.append(Line(left + 2, y + 17, left + CELL * 10 - 2, y + 17, t.border, 1.0))
        sx = self.x_of(None) + STOOD / 2
        items.append(centred_text(sx, y + 8, "Player", TEXT, t.text))
        items.append(centred_text(sx, y + 8 + TEXT * 1.25, "stood", TEXT, t.text))
        for v in THIRD_VALUES:
            x = self.x_of(v)
            on = c is not None and c.third == v
            if on:
                items.append(Rect(x + 1, y + 21, CELL - 2, 17, fill=t.highlight_tint, rx=3))
            items.append(centred_text(x + CELL / 2, y + 30, str(v), TEXT, t.text, bold=on))
        if c is not None and c.third is None:
            items.append(Rect(self.x_of(None) + 1, y - 2, STOOD - 2, 38, fill=t.highlight_tint, rx=3))
            items.insert(0, items.pop())  # under the stood heading's words
        items.append(Text(PAD, grid_top - 6, "Banker", TEXT, t.text, anchor="start"))
        for b in BANKER_TOTALS:
            cy = grid_top + (b + 0.5) * CELL
            on = c is not None and c.banker == b
            if on:
                items.append(Rect(PAD, cy - CELL / 2 + 1, ROW_HEAD - 6, CELL - 2, fill=t.highlight_tint, rx=3))
            items.append(centred_text(PAD + 8, cy, f"has {b}", TEXT, t.text, anchor="start", bold=on))
        return Group(tuple(items), id="headings", classes="headings")

    def cells(self, top: float) -> Group:
        """Return the 8 x 11 cells, each a group with its decision in classes and data attributes."""
        t, p = self.t, self.paint
        cells: list[Item] = []
        outline: list[Item] = []
        for b in BANKER_TOTALS:
            for third in (None, *THIRD_VALUES):
                here = Cell(b, third)
                x, w, y = self.x_of(third), self.width_of(third), top + b * CELL
                draws = here.draws
                shapes: list[Item] = [
                    Rect(
                        x + 1.5,
                        y + 1.5,
                        w - 3,
                        CELL - 3,
                        fill=p.draw if draws else p.stand,
                        stroke=None if draws else p.stand_border,
                        width=0.0 if draws else 1.0,
                        rx=4,
                    ),
                    centred_text(
                        x + w / 2,
                        y + CELL / 2,
                        "D" if draws else "S",
                        14.0,
                        p.draw_text if draws else p.stand_text,
                        bold=draws,
                    ),
                ]
                decision = "draw" if draws else "stand"
                cells.append(
                    Group(
                        tuple(shapes),
                        classes=f"cell {decision}",
                        data=(
                            ("banker", str(b)),
                            ("third", "stood" if third is None else str(third)),
                            ("decision", decision),
                        ),
                    )
                )
                if self.cell == here:
                    outline = [Rect(x - 1, y - 1, w + 2, CELL + 2, stroke=t.highlight, width=3.0, rx=6)]
        items: list[Item] = [*cells]
        if outline:
            items.append(Group(tuple(outline), id="highlight", classes="highlight"))
        return Group(tuple(items), id="chart", classes="chart")

    def legend(self, items: list[Item], y: float) -> float:
        """Add the key (a D cell and an S cell in words) and the card-value note; return the new bottom."""
        t, p = self.t, self.paint
        x = PAD
        key: list[Item] = []
        for draws, words in ((True, "Banker draws"), (False, "Banker stands")):
            key.append(
                Rect(
                    x,
                    y,
                    22,
                    22,
                    fill=p.draw if draws else p.stand,
                    stroke=None if draws else p.stand_border,
                    width=0.0 if draws else 1.0,
                    rx=4,
                )
            )
            key.append(
                centred_text(
                    x + 11, y + 11, "D" if draws else "S", 12.0, p.draw_text if draws else p.stand_text, bold=draws
                )
            )
            key.append(centred_text(x + 30, y + 11, words, TEXT, t.text, anchor="start"))
            x += 30 + len(words) * TEXT * 0.55 + 22
        note = "Tens and faces count 0, so a third-card K is 0."
        key.append(centred_text(self.width - PAD, y + 11, note, SMALL, t.muted, anchor="end"))
        items.append(Group(tuple(key), id="legend", classes="legend"))
        return y + 22

    def caption(self, items: list[Item], y: float) -> float:
        """Add the highlighted cell's rule under the chart; return the new bottom."""
        assert self.cell is not None
        texts, y = paragraph(self.cell.sentence(), PAD, y, self.width - 2 * PAD, TEXT, self.t.text)
        items.append(
            Group(tuple(texts), id="highlight-caption", classes="caption highlight", data=(("cell", self.cell.key),))
        )
        return y + 4

    def desc(self) -> str:
        """Return the chart in words, one Banker total a line."""
        lines = [
            (
                "Banker's third card. If Player stood, Banker draws on 0-5 and stands on 6-7. "
                "If Player drew, it depends on the value of Player's third card:"
            )
        ]
        for b in BANKER_TOTALS:
            lines.append(f"{tableau_reason(b, 0)}; when Player stood, Banker {b} {'draws' if b <= 5 else 'stands'}.")
        if self.cell is not None:
            lines.append(f"Highlighted: {self.cell.sentence()}")
        return "\n".join(lines)
