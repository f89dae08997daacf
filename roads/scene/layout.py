"""Board -> Scene: where every road, mark and number goes, in model units, computed once.

The scoreboard follows the casino arrangement: the Bead Plate on the left with
the statistics and the ask icons under it; the Big Road on the right, and under
it, at half the cell, Big Eye Boy across the whole width, then Small Road and
Cockroach Pig side by side. Every grid line sits on a half unit, so lines are
one pixel wide and sharp at any whole-number pixel scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Unpack

from ..board import Bead, Board
from ..board.names import DERIVED, Road
from ..board.window import drawn_width, window
from ..errors import RenderError
from ..outcome import Winner
from . import text as copy
from .good_roads import TAG_BAND, TAG_TEXT, tags, tags_line
from .labels import FONT_FAMILY, labels_for
from .options import SMALLEST_TEXT, OptionChanges, RenderOptions, legible, render_options
from .panel import panel
from .primitives import Grid, Group, Item, Rect, Scene, Text, Use
from .symbols import CORNER, SymbolBook, bead_letter, centred_text, fit, paragraph, text_width
from .themes import THEMES

if TYPE_CHECKING:
    from ..board.good_roads import Detection
    from .highlight import Focus

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
LABEL_TEXT = 11.0
"""Font size of a road's name (``road_labels``)."""
LABEL_SMALLEST = 6.0
"""The smallest a road's name is set to fit its strip; a strip narrower than that goes unnamed."""
LABEL_BAND = 16.0
"""Height of the band over a strip that holds its name: the name never sits on a mark."""
LABEL_BASELINE = 12.0
"""The name's baseline below the top of its band."""
DERIVED_KEYS = tuple(name.cli for name in DERIVED)
TITLE = 14.0
TITLE_LEADING = 1.3
NUMBER_TEXT = 9.0
"""Font size of the Big Road's column numbers (``column_numbers``)."""
NUMBER_BAND = 12.0
"""Height of the band under the Big Road that holds its column numbers."""


class Corners:
    """The four corners of one cell (tl, tr, bl, br), handed out so that no two small marks share one."""

    __slots__ = ("used",)
    ORDER = ("tr", "bl", "tl", "br", "mr", "ml")
    """The corners, then the middles of the right and left edges for a fifth and sixth mark."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, wanted: str) -> str:
        """Return ``wanted`` if it is free, else the first free place (``wanted`` again when all are taken)."""
        corner = wanted if wanted not in self.used else next((c for c in self.ORDER if c not in self.used), wanted)
        self.used.add(corner)
        return corner


COUNT_CORNER = 0.37
"""How far from a Big Road cell's centre a tie count sits (per cell, along each axis): clear of the slash's end."""


EDGE = 0.41
"""How far from a cell's centre a mark on the middle of its left or right edge sits, per cell: clear of the
corners' marks and of the slash."""


def corner_at(cx: float, cy: float, cell: float, corner: str, reach: float = CORNER) -> tuple[float, float]:
    """Return the point ``reach`` cells from (cx, cy) along each axis toward ``corner`` (tl, tr, bl or br), or
    the middle of the right or left edge (mr, ml)."""
    if corner[0] == "m":
        return cx + (cell * EDGE if corner[1] == "r" else -cell * EDGE), cy
    d = cell * reach
    return cx + (d if corner[1] == "r" else -d), cy + (d if corner[0] == "b" else -d)


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


def unit_pixels(options: RenderOptions) -> float:
    """Return how many pixels one model unit becomes in a PNG drawn with ``options`` (its cell and scale).

    A picture sized by ``width`` counts as 24 px cells: its size is only known once it is laid out.
    """
    return (options.cell or CELL) / CELL * options.scale


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


def _active(board: Board) -> list[Detection]:
    """Return the good roads active on ``board``, for a picture that tags them."""
    from ..board.good_roads import good_roads  # its patterns load only for a picture that asks for the tags

    return good_roads(board)


def sizes_of(board: Board, options: RenderOptions | None = None) -> Sizes:
    """Return the grid sizes :func:`lay_out` gives ``board`` drawn as ``options`` say."""
    return _Layout(board, render_options(options)).sizes()


def last_to_fit(board: Board, view: float, options: RenderOptions | None = None) -> int | None:
    """Return the ``last`` (newest Big Road columns) that puts the newest mark of every road drawn in one view
    ``view`` model units wide, scrolled to the picture's right end; None when the whole picture fits the view.

    A scoreboard's derived roads are laid out from the left under the Big Road, and its Bead Plate is on the far
    left: on a narrow view (a phone) their newest marks are columns apart. With ``last`` every road shows its
    newest columns, the derived roads' ending under the Big Road's newest, so the one window left to span runs
    from the Bead Plate's newest column to the right end. At least 1.
    """
    o = render_options(options)
    sizes = sizes_of(board, o)
    if (sizes.left + sizes.right) * CELL + 2 * PAD + LINE <= view:
        return None
    if o.road != "scoreboard":
        return max(1, int((view - 2 * PAD - LINE) // CELL))
    plate = drawn_width(board, Road.BEAD_PLATE)
    for last in range(sizes.right, 0, -1):
        left = max(min(plate, last), MIN_LEFT)
        newest = plate - window(plate, left, last)  # the Bead Plate's newest column, counted from 0 in its grid
        if (left - newest + last) * CELL + PAD + LINE <= view:
            return last
    return 1


class _Layout:
    """One board laid out once; methods add the parts and return their items."""

    def __init__(self, board: Board, options: RenderOptions, fixed: Sizes | None = None) -> None:
        self.board = board
        self.o = options
        self.fixed = fixed
        self.t = THEMES[options.theme]
        self.labels = labels_for(options.labels, board.game)
        self.book = SymbolBook(self.t, self.labels)
        self.focus: Focus | None = None
        if options.highlight:
            from .highlight import focus  # only a picture with --highlight loads it

            self.focus = focus(board, *options.highlight)
        if options.bead is not None and fixed is None and options.bead > board.stats.coups:
            # An animation's early frames come before the coup (``fixed``: nothing to outline yet); a board never does.
            raise RenderError(f"cannot outline coup {options.bead}: the board has {board.stats.coups} coups")
        self.firsts: dict[str, int] = {}
        self.major_from: float | None = None
        """The Big Road's left edge on a scoreboard, where the derived roads' strong lines are counted from."""
        named = options.highlight is not None if options.road_labels is None else options.road_labels
        self.band = LABEL_BAND if named else 0.0
        """Height of the band over each strip that holds its name; none without ``road_labels``."""
        self.numbers = NUMBER_BAND if options.column_numbers and legible(NUMBER_TEXT, options.cell) else 0.0
        """Height of the band under the Big Road that holds its column numbers; none without ``column_numbers``."""

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
        if lines and not legible(TITLE, o.cell):
            lines = []  # a title under 9 px is a smudge: the picture's <title> still says it
        if lines:
            texts = [
                Text(PAD + 0.5, PAD + TITLE + i * TITLE * TITLE_LEADING, line, TITLE, self.t.text, anchor="start")
                for i, line in enumerate(lines)
            ]
            items.insert(0, Group(tuple(texts), id="title", classes="title"))
        height = top + height
        self.check_focus_visible()
        if self.focus is not None and legible(CAPTION, o.cell):
            height = self.caption(items, height + 8, width)
        return Scene(
            width=round(PAD * 2 + width + LINE),
            height=round(height + PAD + LINE / 2),
            background=self.t.background if o.background else "none",
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
        tags_at = None
        if self.o.good_roads and legible(TAG_TEXT, self.o.cell):
            tags_at, top = top, top + TAG_BAND  # a band over the board, the same height whatever is active
        if self.o.road == "scoreboard":
            width, height = self.scoreboard(items, top)
        else:
            width, height = self.alone(items, top, self.o.road)
        if tags_at is not None:
            x = self.major_from if self.major_from is not None else PAD + 0.5
            items.append(tags(_active(self.board), x, tags_at, PAD + 0.5 + width - x, self.t))
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
        if self.o.good_roads:
            lines.append(tags_line(_active(b)))
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
        six, band = ROWS * CELL, self.band
        first = self.first_column
        self.major_from = x1
        y = top + band
        frames = {
            "bead-plate": Frame(x0, y, left, CELL, first("bead-plate", plate_w, left, last)),
            "big-road": Frame(x1, y, right, CELL, first("big-road", road_w, right, last)),
        }
        y += six + self.numbers + band
        frames["big-eye-boy"] = Frame(x1, y, right * 2, HALF, first("big-eye-boy", content["big_eye_boy"], right * 2))
        y += six / 2 + band
        frames["small-road"] = Frame(x1, y, small, HALF, first("small-road", content["small_road"], small))
        frames["cockroach-pig"] = Frame(
            x1 + small * HALF, y, pig, HALF, first("cockroach-pig", content["cockroach_pig"], pig)
        )
        items.append(self.bead_plate(frames["bead-plate"]))
        items.append(self.big_road(frames["big-road"]))
        for key in DERIVED_KEYS:
            items.append(self.derived(key.replace("-", "_"), frames[key]))
        if legible(SMALLEST_TEXT, self.o.cell):
            # Below the text cell the panel's figures would be under 9 px: the board goes without them.
            items.append(
                panel(
                    self.board,
                    self.t,
                    self.labels,
                    self.book,
                    x0,
                    top + band + six,
                    left * CELL,
                    six + 2 * band + self.numbers,
                )
            )
        self.name_roads(items, frames)
        return (left + right) * CELL, 2 * six + 3 * band + self.numbers

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
        frame = Frame(PAD + 0.5, top + self.band, columns, CELL, self.first_column(road, content, columns, last))
        if road == "bead-plate":
            items.append(self.bead_plate(frame))
        elif road == "big-road":
            items.append(self.big_road(frame))
        else:
            items.append(self.derived(name, frame))
        self.name_roads(items, {road: frame})
        return frame.width, frame.height + self.band + (self.numbers if road == "big-road" else 0.0)

    def name_roads(self, items: list[Item], frames: dict[str, Frame]) -> None:
        """Add each road's name in the band over its strip (``road_labels``), never wider than the strip: set
        smaller to fit a narrow one, and left out where it would be smaller than :data:`LABEL_SMALLEST`."""
        if not self.band:
            return
        texts: list[Item] = []
        for key, frame in frames.items():
            name = self.labels.road(key)
            size = min(LABEL_TEXT, (frame.width - 4) / text_width(name, 1.0))
            if size < LABEL_SMALLEST or not legible(size, self.o.cell):
                continue  # a strip a few half cells wide (--last 2), or a small cell, has no room for a readable name
            texts.append(
                Text(
                    frame.x + 2,
                    frame.y - LABEL_BAND + LABEL_BASELINE,
                    name,
                    round(size, 2),
                    self.t.muted,
                    anchor="start",
                    bold=True,
                    classes=f"road-label {key}",
                )
            )
        items.append(Group(tuple(texts), id="road-labels", classes="road-labels"))

    def first_column(self, road: str, content: int, grid: int, last: int | None = None) -> int:
        """Return the first drawn column a road shows: the newest, scrolled back to keep a highlight in view."""
        first = window(content, grid, last)
        f = self.focus
        if road == "big-road" and f is None and self.o.bead is not None:
            outlined = self.outlined()
            if outlined is not None and not first <= outlined.x < first + (grid if last is None else min(grid, last)):
                first = max(1, outlined.x - (grid if last is None else min(grid, last)) + 1)
            return first
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
        major_from: float | None = None,
    ) -> Group:
        """Return a road's group: its panel, tinted cells, grid lines, marks, then highlight outlines.

        With ``major_from`` (a derived road) the cells' lines are light and every second one, counted from that
        x (the Big Road's left edge), is ruled as strongly as the Big Road's: one strong cell is one Big Road cell.
        """
        self.firsts[road] = frame.first
        t = self.t
        items: list[Item] = [Rect(frame.x, frame.y, frame.width, frame.height, fill=t.panel)]
        c = frame.cell
        for x, y in tints:
            if frame.shows(x):
                cx, cy = frame.centre(x, y)
                items.append(Rect(cx - c / 2, cy - c / 2, c, c, fill=t.highlight_tint))
        if major_from is None:
            items.append(Grid(frame.x, frame.y, frame.columns, frame.rows, c, t.grid, LINE))
        else:
            items.append(Grid(frame.x, frame.y, frame.columns, frame.rows, c, t.grid_minor, LINE))
            # A grid draws its inner lines: one starting half a strong cell to the left (Cockroach Pig after an
            # odd Small Road) draws its first line where the Big Road's is, and its rows run on over the
            # neighbour's own strong rows.
            offset = (major_from - frame.x) % (2 * c)
            start = frame.x + offset - 2 * c if offset else frame.x
            majors = int((frame.x + frame.width - start) // (2 * c))
            if majors:
                items.append(Grid(start, frame.y, majors, frame.rows // 2, 2 * c, t.grid, LINE, "major"))
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
        d = cell * CORNER
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
            lettered = legible(bead_letter(cell, label or "B"), self.o.cell)
            cx, cy = frame.centre(column + 1, row + 1)
            coup = str(i + 1)
            marks.append(
                Use(
                    book.bead(side, cell, label, lettered=lettered),
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
        o, book, cell = self.o, self.book, frame.cell
        road = self.board.big_road
        rings = {side: book.ring(side, cell) for side in ("banker", "player")}
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
            # The small marks share the cell's four corners, clear of the slash (which ends inside the ring).
            free = Corners()
            pairs = [
                (s, free.take("tl" if s == "banker" else "br"))
                for s in ("banker", "player")
                if o.pairs and getattr(bead, f"{s}_pair")
            ]
            first_bead = bool(lead) and bead is road.beads[0]
            lead_corner = free.take("bl") if first_bead else "bl"
            if bead.ties:
                # A bead's ties are the coups right after it: a result that is not a tie makes a new bead.
                # Leading ties share the first bead's slash, which is then there from coup 1.
                shared = 1 if first_bead else None
                count = free.take("bl") if bead.ties >= 2 else "bl"
                marks.extend(
                    self.ties(cx, cy, cell, bead.ties, "tie", first=bead.coup + 1, slash_from=shared, corner=count)
                )
            if first_bead:
                if not bead.ties:
                    marks.extend(self.ties(cx, cy, cell, lead, "tie leading", first=1, corner=None))
                # Leading ties are counted apart from the first bead's own, in a corner of their own.
                if legible(SMALLEST_TEXT, self.o.cell):
                    marks.append(
                        self.tie_count(cx, cy, cell, lead, lead_corner, "tie-count leading", first=1, bold=False)
                    )
            for pair_side, corner in pairs:
                px, py = corner_at(cx, cy, cell, corner)
                marks.append(Use(book.pair(pair_side, cell), px, py, f"pair {pair_side}-pair", (("coup", coup),)))
            if o.naturals and bead.natural:
                nx, ny = corner_at(cx, cy, cell, free.take("tr"))
                marks.append(Use(book.natural(cell), nx, ny, "natural", (("coup", coup),)))
        tints: tuple[tuple[int, int], ...] = ()
        outlines: list[Item] = []
        f = self.focus
        if f is not None:
            tints = f.compared_cells
            if f.looked_at is not None:
                outlines.extend(self.outline(frame, *f.looked_at, strong=False))
            outlines.extend(self.outline(frame, f.source.x, f.source.y, strong=True))
        outlined = self.outlined()
        if outlined is not None:
            outlines.extend(self.outline(frame, outlined.x, outlined.y, strong=True))
        group = self.region("big-road", frame, marks, tints=tints, outlines=outlines)
        if not self.numbers:
            return group
        return Group((*group.items, self.column_numbers(frame)), id=group.id, classes=group.classes)

    def outlined(self) -> Bead | None:
        """Return the Big Road bead ``bead`` names (a tie's coup: the bead it sits on); None when there is none yet."""
        coup = self.o.bead
        if coup is None:
            return None
        found = None
        for bead in self.board.big_road.beads:
            if bead.coup > coup:
                break
            found = bead
        return found

    def column_numbers(self, frame: Frame) -> Group:
        """Return the column numbers under the Big Road: each streak's number under its first bead, as drawn."""
        y = frame.y + frame.height + NUMBER_BAND - 3
        texts = tuple(
            Text(frame.centre(bead.x, 1)[0], y, str(bead.column), NUMBER_TEXT, self.t.muted, classes="column-number")
            for bead in self.board.big_road.beads
            if bead.row == 1 and frame.shows(bead.x)
        )
        return Group(texts, classes="column-numbers")

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
        corner: str | None = "bl",
    ) -> list[Item]:
        """Return the tie slash on a cell and, for two or more ties, their count beside it in ``corner`` (None: no
        count).

        Both carry the coup of the first tie (``data-coup``, ``data-first``; the slash ``slash_from`` when it
        is shared), so a page stepping through the shoe shows the slash from that coup on and counts the ties
        so far.
        """
        data = (("coup", str(first if slash_from is None else slash_from)), ("ties", str(count)))
        items: list[Item] = [Use(self.book.tie_slash(cell), cx, cy, classes, data)]
        if corner is not None and count >= 2 and legible(SMALLEST_TEXT, self.o.cell):
            items.append(self.tie_count(cx, cy, cell, count, corner, "tie-count", first=first))
        return items

    def tie_count(
        self, cx: float, cy: float, cell: float, count: int, corner: str, classes: str, *, first: int, bold: bool = True
    ) -> Group:
        """Return a count of ties in a corner of the cell centred on (cx, cy), haloed to stand off the ring."""
        t = self.t
        x, y = corner_at(cx, cy, cell, corner, COUNT_CORNER)
        size = cell / CELL * SMALLEST_TEXT
        text = centred_text(x, y, str(count), size, t.tie, bold=bold, halo=t.panel, halo_width=cell * 0.06)
        return Group((text,), classes=classes, data=(("first", str(first)), ("ties", str(count))))

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
        return self.region(key, frame, marks, outlines=outlines, major_from=self.major_from or frame.x)

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
