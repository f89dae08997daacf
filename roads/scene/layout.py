"""Board -> Scene: where every road, mark and number goes, in model units, computed once.

The scoreboard follows the casino arrangement: the Bead Plate on the left with
the statistics and the ask icons under it; the Big Road on the right, and under
it, at half the cell, Big Eye Boy across the whole width, then Small Road and
Cockroach Pig side by side. Every grid line sits on a half unit, so lines are
one pixel wide and sharp at any whole-number pixel scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Unpack

from ..board import Board
from ..board.names import DERIVED, Road
from ..board.window import drawn_width, window
from ..errors import RenderError
from ..outcome import Winner
from . import text as copy
from .highlight import Focus, focus
from .labels import FONT_FAMILY, LABELS
from .options import OptionChanges, RenderOptions, render_options
from .panel import panel
from .primitives import Grid, Group, Item, Rect, Scene, Text, Use
from .symbols import SymbolBook, centred_text, fit, paragraph, text_width
from .themes import THEMES

CELL = 24.0
"""Model units of a Big Road (and Bead Plate) cell; derived roads use half of it."""
HALF = CELL / 2
ROWS = 6
PAD = 8.0
LINE = 1.0
MIN_LEFT = 9
"""Bead Plate columns at least, so the statistics under it have room."""
MIN_RIGHT = 24
"""Big Road columns at least on a whole-shoe scoreboard, so a young shoe still looks like a board."""
MIN_ALONE = 6
CAPTION = 11.0
TITLE = 14.0
TITLE_LEADING = 1.3


@dataclass(slots=True)
class Frame:
    """A road's grid on the picture: where it is, its cell, and which drawn columns it shows."""

    x: float
    y: float
    columns: int
    cell: float
    first: int = 1
    """The drawn column shown in the grid's first column (a window scrolled to the newest)."""
    rows: int = ROWS

    @property
    def width(self) -> float:
        """Return the grid's width in model units."""
        return self.columns * self.cell

    @property
    def height(self) -> float:
        """Return the grid's height in model units."""
        return self.rows * self.cell

    def shows(self, column: int) -> bool:
        """Return True when drawn column ``column`` falls inside the window."""
        return self.first <= column < self.first + self.columns

    def centre(self, column: int, row: int) -> tuple[float, float]:
        """Return the centre of the cell at drawn (column, row)."""
        return (self.x + (column - self.first + 0.5) * self.cell, self.y + (row - 0.5) * self.cell)


MAX_COLUMNS = 10_000
"""Most Big Road cell columns one picture draws, SVG or PNG (a 1,000,000-coup board would be a 726 MB SVG).

Checked before anything is laid out, so a refused picture costs no memory."""


def check_columns(columns: int) -> None:
    """Raise RenderError when a picture ``columns`` cells wide is too large to draw, suggesting ``last``."""
    if columns > MAX_COLUMNS:
        raise RenderError(
            f"a picture {columns} columns wide is too large to draw (at most {MAX_COLUMNS}): "
            "show the newest columns with last (--last 40)"
        )


@dataclass(frozen=True, slots=True)
class Sizes:
    """A picture's grids, in columns: what a layout chose for its board, or what it is told to keep."""

    left: int
    """Bead Plate columns (0 when the picture draws one road alone)."""
    right: int
    """Big Road columns, or the one road's columns when it is drawn alone."""
    small: int = 0
    """Small Road half-cell columns."""
    pig: int = 0
    """Cockroach Pig half-cell columns."""


def lay_out(
    board: Board,
    options: RenderOptions | None = None,
    *,
    sizes: Sizes | None = None,
    **changes: Unpack[OptionChanges],
) -> Scene:
    """Return the scene of ``board`` drawn as ``options`` say (keyword changes are validated too).

    ``sizes`` keeps the grids of another layout (:func:`sizes_of`, say of the whole shoe), so every
    frame of an animation has the last frame's geometry; a grid is never made smaller than its board.
    """
    return _Layout(board, render_options(options, **changes), sizes).scene()


def sizes_of(board: Board, options: RenderOptions | None = None) -> Sizes:
    """Return the grid sizes :func:`lay_out` gives ``board`` drawn as ``options`` say."""
    return _Layout(board, render_options(options)).sizes()


class _Layout:
    """One board laid out once; methods add the parts and return their items."""

    def __init__(self, board: Board, options: RenderOptions, fixed: Sizes | None = None) -> None:
        self.board = board
        self.o = options
        self.fixed = fixed
        self.t = THEMES[options.theme]
        self.labels = LABELS[options.labels]
        self.book = SymbolBook(self.t, self.labels)
        self.focus: Focus | None = focus(board, *options.highlight) if options.highlight else None
        self.firsts: dict[str, int] = {}

    # -- the whole picture -------------------------------------------------

    def scene(self) -> Scene:
        """Return the finished scene."""
        o = self.o
        items: list[Item] = []
        lines = [o.title] if o.title else []
        width, height, top = self.body(items, len(lines))
        if o.title and text_width(o.title, TITLE) > width:
            # A title wider than the board is wrapped, never clipped: lay the board out again lower down.
            lines = fit(o.title, width, TITLE)
            if len(lines) > 1:
                items = []
                width, height, top = self.body(items, len(lines))
        if lines:
            texts = [
                Text(PAD + 0.5, PAD + TITLE + i * TITLE * TITLE_LEADING, line, TITLE, self.t.text, anchor="start")
                for i, line in enumerate(lines)
            ]
            items.insert(0, Group(tuple(texts), id="title", classes="title"))
        height = top + height
        self.check_focus_visible()
        if self.focus is not None:
            height = self.caption(items, height + 8, width)
        return Scene(
            width=round(PAD * 2 + width + LINE),
            height=round(height + PAD + LINE / 2),
            background=self.t.background,
            symbols=self.book.sorted(),
            items=tuple(items),
            title=o.title or self.title(),
            desc=self.desc(),
            font_family=FONT_FAMILY[o.labels],
            lang="zh-Hans" if o.labels == "zh" else "en",
            base_cell=CELL,
        )

    def body(self, items: list[Item], title_lines: int) -> tuple[float, float, float]:
        """Add the board under ``title_lines`` lines of title; return its (width, height) and its top edge."""
        top = PAD + 0.5
        if title_lines:
            top += TITLE + 8 + (title_lines - 1) * TITLE * TITLE_LEADING
        if self.o.road == "scoreboard":
            width, height = self.scoreboard(items, top)
        else:
            width, height = self.alone(items, top, self.o.road)
        return width, height, top

    def title(self) -> str:
        """Return the picture's title: which road, how many coups."""
        what = "Scoreboard" if self.o.road == "scoreboard" else self.o.road.replace("-", " ").title()
        coups = self.board.coups
        return f"{what}, {coups} coup{'s' if coups != 1 else ''}"

    def desc(self) -> str:
        """Return the text copy of what the picture shows."""
        b, road, firsts = self.board, self.o.road, self.firsts
        lines = [f"{self.title()}.", copy.summary(b)]
        if "bead-plate" in firsts:
            lines.append(copy.bead_plate_line(b, firsts["bead-plate"]))
        if "big-road" in firsts:
            lines.append(copy.big_road_line(b, firsts["big-road"]))
        derived = [name for name in DERIVED if name.cli in firsts]
        if derived:
            lines.append(copy.legend())
            lines.extend(copy.derived_line(b, name, firsts[name.cli]) for name in derived)
        if road == "scoreboard":
            lines.append(copy.asks_line(b))
        if self.focus is not None:
            f = self.focus
            lines.append(f"Highlighted: {_title(f.road)} mark {f.mark.mark} ({f.mark.color.value}). {f.text}")
        return "\n".join(lines)

    def sizes(self) -> Sizes:
        """Return the grids this layout draws: its board's own, or the fixed ones where they are larger."""
        b, last = self.board, self.o.last
        if self.o.road != "scoreboard":
            alone = drawn_width(b, Road.parse(self.o.road))
            columns = max(alone if last is None else min(alone, last), MIN_ALONE)
            if self.fixed is not None:
                columns = max(columns, self.fixed.right)
            return Sizes(0, columns)
        content: dict[str, int] = {name: drawn_width(b, name) for name in DERIVED}
        plate_w, road_w = drawn_width(b, Road.BEAD_PLATE), drawn_width(b, Road.BIG_ROAD)
        if last is None:
            left = max(plate_w, MIN_LEFT)
            right = max(
                road_w,
                -(-content["big_eye_boy"] // 2),
                -(-(content["small_road"] + content["cockroach_pig"]) // 2),
                MIN_RIGHT,
            )
        else:
            left = max(min(plate_w, last), MIN_LEFT)
            right = last
        fixed = self.fixed
        if fixed is not None:
            left, right = max(left, fixed.left), max(right, fixed.right)
            if right == fixed.right and content["small_road"] <= fixed.small and content["cockroach_pig"] <= fixed.pig:
                return Sizes(left, right, fixed.small, fixed.pig)
        small, pig = self.split(right, content["small_road"], content["cockroach_pig"], last)
        return Sizes(left, right, small, pig)

    def scoreboard(self, items: list[Item], top: float) -> tuple[float, float]:
        """Add the full scoreboard at ``top``; return its (width, height)."""
        b, last = self.board, self.o.last
        content: dict[str, int] = {name: drawn_width(b, name) for name in DERIVED}
        plate_w, road_w = drawn_width(b, Road.BEAD_PLATE), drawn_width(b, Road.BIG_ROAD)
        grids = self.sizes()
        left, right, small, pig = grids.left, grids.right, grids.small, grids.pig
        check_columns(left + right)
        x0, x1 = PAD + 0.5, PAD + 0.5 + left * CELL
        six = ROWS * CELL
        first = self.first_column
        items.append(self.bead_plate(Frame(x0, top, left, CELL, first("bead-plate", plate_w, left, last))))
        items.append(self.big_road(Frame(x1, top, right, CELL, first("big-road", road_w, right, last))))
        y = top + six
        items.append(
            self.derived(
                "big_eye_boy", Frame(x1, y, right * 2, HALF, first("big-eye-boy", content["big_eye_boy"], right * 2))
            )
        )
        y += six / 2
        items.append(
            self.derived("small_road", Frame(x1, y, small, HALF, first("small-road", content["small_road"], small)))
        )
        items.append(
            self.derived(
                "cockroach_pig",
                Frame(x1 + small * HALF, y, pig, HALF, first("cockroach-pig", content["cockroach_pig"], pig)),
            )
        )
        items.append(panel(self.board, self.t, self.labels, self.book, x0, top + six, left * CELL, six))
        return (left + right) * CELL, 2 * six

    @staticmethod
    def split(right: int, small: int, pig: int, last: int | None) -> tuple[int, int]:
        """Return the half-cell columns of Small Road and Cockroach Pig sharing ``2 * right``."""
        total = 2 * right
        if last is not None or (small <= right and pig <= right):
            return right, right
        if small > right:
            return small, total - small
        return total - pig, pig

    def alone(self, items: list[Item], top: float, road: str) -> tuple[float, float]:
        """Add one road by itself at full cell size; return its (width, height)."""
        b, last = self.board, self.o.last
        name = Road.parse(road)
        content = drawn_width(b, name)
        columns = self.sizes().right
        check_columns(columns)
        frame = Frame(PAD + 0.5, top, columns, CELL, self.first_column(road, content, columns, last))
        if road == "bead-plate":
            items.append(self.bead_plate(frame))
        elif road == "big-road":
            items.append(self.big_road(frame))
        else:
            items.append(self.derived(name, frame))
        return frame.width, frame.height

    def first_column(self, road: str, content: int, grid: int, last: int | None = None) -> int:
        """Return the first drawn column a road shows: the newest, scrolled back to keep a highlight in view."""
        first = window(content, grid, last)
        f = self.focus
        if f is None:
            return first
        if road == "big-road":
            xs = [x for x, _ in f.compared_cells] + [f.source.x]
        elif road == f.road:
            xs = [f.mark.x]
        else:
            return first
        shown = grid if last is None else min(grid, last)
        lo, hi = min(xs), max(xs)
        if hi >= first + shown:
            first = hi - shown + 1
        if lo < first:
            # Keep the bead that made the mark in view when both ends cannot fit.
            first = lo if hi - lo < shown else hi - shown + 1
        return max(1, first)

    # -- the roads ------------------------------------------------------------

    def region(
        self,
        road: str,
        frame: Frame,
        marks: list[Item],
        *,
        tints: tuple[tuple[int, int], ...] = (),
        outlines: list[Item] | None = None,
    ) -> Group:
        """Return a road's group: its panel, tinted cells, grid lines, marks, then highlight outlines."""
        self.firsts[road] = frame.first
        t = self.t
        items: list[Item] = [Rect(frame.x, frame.y, frame.width, frame.height, fill=t.panel)]
        c = frame.cell
        for x, y in tints:
            if frame.shows(x):
                cx, cy = frame.centre(x, y)
                items.append(Rect(cx - c / 2, cy - c / 2, c, c, fill=t.highlight_tint))
        items.append(Grid(frame.x, frame.y, frame.columns, frame.rows, c, t.grid, LINE))
        items.append(Rect(frame.x, frame.y, frame.width, frame.height, stroke=t.border, width=LINE))
        items.extend(marks)
        if outlines:
            items.extend(outlines)
        return Group(tuple(items), id=road, classes=f"road {road}")

    def outline(self, frame: Frame, x: int, y: int, *, strong: bool) -> list[Item]:
        """Return a highlight box around drawn cell (x, y), or nothing when it is scrolled out of view."""
        if not frame.shows(x):
            return []
        cx, cy = frame.centre(x, y)
        c = frame.cell
        width = max(2.0, c * 0.1) if strong else max(1.2, c * 0.06)
        inset = width / 2 + (0.5 if strong else 1.5)
        side = c - 2 * inset
        return [Rect(cx - side / 2, cy - side / 2, side, side, stroke=self.t.highlight, width=width, rx=c * 0.15)]

    def bead_plate(self, frame: Frame) -> Group:
        """Return the Bead Plate: a solid disc per coup with its letter (or total) and pair dots."""
        book, cell, totals = self.book, frame.cell, self.o.totals
        pair_b, pair_p = book.pair("banker", cell), book.pair("player", cell)
        d = cell * 0.31
        marks: list[Item] = []
        for i, outcome in enumerate(self.board.bead_plate.outcomes):
            column, row = divmod(i, ROWS)
            if not frame.shows(column + 1):
                continue
            side = outcome.winner.value
            total = None
            if totals:
                total = outcome.banker_total if outcome.winner is Winner.BANKER else outcome.player_total
            label = None if total is None else str(total)
            cx, cy = frame.centre(column + 1, row + 1)
            coup = str(i + 1)
            marks.append(
                Use(
                    book.bead(side, cell, label),
                    cx,
                    cy,
                    f"bead bead-plate {side}",
                    (("road", "bead-plate"), ("coup", coup)),
                )
            )
            if outcome.banker_pair:
                marks.append(Use(pair_b, cx - d, cy - d, "pair banker-pair", (("coup", coup),)))
            if outcome.player_pair:
                marks.append(Use(pair_p, cx + d, cy + d, "pair player-pair", (("coup", coup),)))
        return self.region("bead-plate", frame, marks)

    def big_road(self, frame: Frame) -> Group:
        """Return the Big Road: rings, tie slashes and counts, leading ties, pair dots and naturals."""
        o, t, book, cell = self.o, self.t, self.book, frame.cell
        road = self.board.big_road
        rings = {side: book.ring(side, cell) for side in ("banker", "player")}
        d = cell * 0.31
        marks: list[Item] = []
        lead = road.leading_ties
        if lead and not road.beads and frame.shows(1):
            cx, cy = frame.centre(1, 1)
            marks.extend(self.ties(cx, cy, cell, lead, "tie leading", first=1))
        for bead in road.beads:
            if not frame.shows(bead.x):
                continue
            cx, cy = frame.centre(bead.x, bead.y)
            side = bead.winner.value
            coup = str(bead.coup)
            marks.append(Use(rings[side], cx, cy, f"bead big-road {side}", (("road", "big-road"), ("coup", coup))))
            if bead.ties:
                # A bead's ties are the coups right after it: a result that is not a tie makes a new bead.
                # Leading ties share the first bead's slash, which is then there from coup 1.
                shared = 1 if lead and bead is road.beads[0] else None
                marks.extend(self.ties(cx, cy, cell, bead.ties, "tie", first=bead.coup + 1, slash_from=shared))
            if lead and bead is road.beads[0]:
                if not bead.ties:
                    marks.extend(self.ties(cx, cy, cell, lead, "tie leading", first=1, number=False))
                # Leading ties are counted apart from the first bead's own: their count sits bottom-left.
                marks.append(
                    Group(
                        (
                            Text(
                                cx - cell * 0.3,
                                cy + cell * 0.42,
                                str(lead),
                                cell * 0.34,
                                t.tie,
                                halo=t.panel,
                                halo_width=cell * 0.08,
                            ),
                        ),
                        classes="tie-count leading",
                        data=(("first", "1"), ("ties", str(lead))),
                    )
                )
            if o.pairs and bead.banker_pair:
                marks.append(Use(book.pair("banker", cell), cx - d, cy - d, "pair banker-pair", (("coup", coup),)))
            if o.pairs and bead.player_pair:
                marks.append(Use(book.pair("player", cell), cx + d, cy + d, "pair player-pair", (("coup", coup),)))
            if o.naturals and bead.natural:
                marks.append(Use(book.natural(cell), cx + d, cy - d, "natural", (("coup", coup),)))
        tints: tuple[tuple[int, int], ...] = ()
        outlines: list[Item] = []
        f = self.focus
        if f is not None:
            tints = f.compared_cells
            if f.looked_at is not None:
                outlines.extend(self.outline(frame, *f.looked_at, strong=False))
            outlines.extend(self.outline(frame, f.source.x, f.source.y, strong=True))
        return self.region("big-road", frame, marks, tints=tints, outlines=outlines)

    def ties(
        self,
        cx: float,
        cy: float,
        cell: float,
        count: int,
        classes: str,
        *,
        first: int,
        slash_from: int | None = None,
        number: bool = True,
    ) -> list[Item]:
        """Return the tie slash on a cell and, for two or more ties, their count over it.

        Both carry the coup of the first tie (``data-coup``, ``data-first``; the slash ``slash_from`` when it
        is shared), so a page stepping through the shoe shows the slash from that coup on and counts the ties
        so far.
        """
        t = self.t
        data = (("coup", str(first if slash_from is None else slash_from)), ("ties", str(count)))
        items: list[Item] = [Use(self.book.tie_slash(cell), cx, cy, classes, data)]
        if number and count >= 2:
            text = centred_text(cx, cy, str(count), cell * 0.46, t.tie, bold=True, halo=t.panel, halo_width=cell * 0.1)
            items.append(Group((text,), classes="tie-count", data=(("first", str(first)), ("ties", str(count)))))
        return items

    def derived(self, name: str, frame: Frame) -> Group:
        """Return a derived road: one ring, dot or slash per mark, placed on its own 6-row grid."""
        road = self.board.road(name)
        key = Road.parse(name).cli
        symbols = {color: self.book.mark(key, color, frame.cell) for color in ("red", "blue")}
        classes = {color: f"mark {key} {color}" for color in ("red", "blue")}
        marks: list[Item] = []
        centre = frame.centre
        for i, (color, x, y) in enumerate(zip(road.colors, road.xs, road.ys, strict=True), 1):
            if not frame.shows(x):
                continue
            value = color.value
            cx, cy = centre(x, y)
            marks.append(
                Use(symbols[value], cx, cy, classes[value], (("road", key), ("mark", str(i)), ("color", value)))
            )
        outlines: list[Item] = []
        f = self.focus
        if f is not None and f.road == key:
            outlines = self.outline(frame, f.mark.x, f.mark.y, strong=True)
        return self.region(key, frame, marks, outlines=outlines)

    # -- highlight ----------------------------------------------------------

    def check_focus_visible(self) -> None:
        """Raise RenderError when the highlighted mark's road is not part of the picture."""
        f = self.focus
        if f is not None and f.road not in self.firsts:
            raise RenderError(f"{f.road}:{f.mark.mark} is not on the {self.o.road}: draw the scoreboard or {f.road}")

    def caption(self, items: list[Item], y: float, width: float) -> float:
        """Add the highlighted mark's proof under the board; return the new bottom edge."""
        f = self.focus
        assert f is not None
        t = self.t
        text = f"{_title(f.road)} mark {f.mark.mark} ({f.mark.color.value}): {f.text}"
        texts, y = paragraph(text, PAD + 0.5, y, width, CAPTION, t.text)
        items.append(Group(tuple(texts), id="highlight-caption", classes="caption highlight"))
        return y + CAPTION * 0.4


def _title(road: str) -> str:
    return road.replace("-", " ").title()
