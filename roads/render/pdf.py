"""The PDF back-end: the same scene as the SVG and PNG, as vector paths and text in embedded fonts (fpdf2).

One page exactly the picture's size (a pixel is 0.75 pt, CSS's 96 per inch),
for book authors and LaTeX (``\\includegraphics{board.pdf}``). Text is drawn
run by run in the faces :mod:`roads.render.fonts` picks, so the PDF, the PNG
and the SVG agree on every character; fpdf2 embeds the subset of each face a
page uses. The creation date is fixed and fpdf2 is pinned: the same scene
gives the same bytes.

fpdf2 is an optional dependency (``pip install 'roads[pdf]'``).
"""

from __future__ import annotations

import datetime as dt
import warnings
from typing import Any

from ..errors import RenderError
from ..extras import EXTRAS
from ..scene import Scene
from ..scene.primitives import Circle, Grid, Polygon, Rect, Text, Use, walk
from . import fonts
from .painter import Painter
from .svg import BOLD, pixel_size

POINTS_PER_PIXEL = 0.75
EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
"""The creation date every PDF carries: a real date would make each file differ."""


def _fpdf() -> Any:
    try:
        import fpdf
    except ImportError:
        raise RenderError(EXTRAS["pdf"].message) from None
    return fpdf


def scene_pdf(scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0) -> bytes:
    """Return ``scene`` as the bytes of a one-page vector PDF, sized as the SVG is (``scale`` is ignored)."""
    fpdf = _fpdf()
    unit, _, _ = pixel_size(scene, cell=cell, width=width)
    pdf = fpdf.FPDF(unit=unit * POINTS_PER_PIXEL, format=(scene.width, scene.height))
    pdf.set_creation_date(EPOCH)
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_title(scene.title)
    pdf.set_subject(scene.desc)
    pdf.set_lang(scene.lang)
    pdf.set_producer(f"roads with fpdf2 {fpdf.__version__}")
    pdf.add_page()
    painter = _Painter(pdf, unit * POINTS_PER_PIXEL)
    if scene.background != "none":  # --no-background: nothing under the board
        painter.rect(Rect(0, 0, scene.width, scene.height, fill=scene.background), 0.0, 0.0)
    symbols = {symbol.id: symbol.shapes for symbol in scene.symbols}
    for item in walk(scene.items):
        if isinstance(item, Use):
            for shape in symbols[item.symbol]:
                painter.shape(shape, item.x, item.y)
        else:
            painter.shape(item, 0.0, 0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # fpdf2's notes on fonts without kerning tables
        return bytes(pdf.output())


class _Painter(Painter):
    """Paints primitives on one fpdf2 page whose user unit is one model unit."""

    __slots__ = ("faces", "pdf", "points")

    def __init__(self, pdf: Any, points: float) -> None:
        self.pdf = pdf
        self.points = points
        """Points per model unit: font sizes are given in points."""
        self.faces: dict[fonts.Face, str] = {}

    def circle(self, shape: Circle, dx: float, dy: float) -> None:
        """Paint a disc, a ring or both."""
        with self.pdf.new_path() as path:
            _style(path, shape.fill, shape.stroke, shape.width)
            path.circle(shape.cx + dx, shape.cy + dy, shape.r)

    def polygon(self, shape: Polygon, dx: float, dy: float) -> None:
        """Paint a closed shape with round joins."""
        with self.pdf.new_path() as path:
            _style(path, shape.fill, shape.stroke, shape.width)
            path.style.stroke_join_style = "round"
            (x0, y0), *rest = shape.points
            path.move_to(x0 + dx, y0 + dy)
            for x, y in rest:
                path.line_to(x + dx, y + dy)
            path.close()

    def rect(self, shape: Rect, dx: float, dy: float) -> None:
        """Paint a rectangle (corners rounded by ``rx``); a stroke straddles the edge as in SVG."""
        with self.pdf.new_path() as path:
            _style(path, shape.fill, shape.stroke, shape.width)
            path.rectangle(shape.x + dx, shape.y + dy, shape.w, shape.h, shape.rx, shape.rx)

    def stroke(self, points: Any, color: str, width: float) -> None:
        """Paint an open stroke through ``points`` with round joins and caps."""
        with self.pdf.new_path() as path:
            _style(path, None, color, width)
            path.style.stroke_cap_style = "round"
            path.style.stroke_join_style = "round"
            (x0, y0), *rest = points
            path.move_to(x0, y0)
            for x, y in rest:
                path.line_to(x, y)

    def grid(self, shape: Grid) -> None:
        """Paint the inner ruling of a grid as one path of straight lines."""
        x0, y0, c = shape.x, shape.y, shape.cell
        x1, y1 = x0 + shape.columns * c, y0 + shape.rows * c
        if shape.columns < 2 and shape.rows < 2:
            return
        with self.pdf.new_path() as path:
            _style(path, None, shape.stroke, shape.width)
            for i in range(1, shape.columns):
                path.move_to(x0 + i * c, y0)
                path.line_to(x0 + i * c, y1)
            for j in range(1, shape.rows):
                path.move_to(x0, y0 + j * c)
                path.line_to(x1, y0 + j * c)

    def family(self, face: fonts.Face) -> str:
        """Return the fpdf2 family name of ``face``, adding (and so embedding) the font on first use."""
        name = self.faces.get(face)
        if name is None:
            name = f"roads{len(self.faces)}"
            self.pdf.add_font(name, fname=fonts.font_path(face), collection_font_number=face.index)
            self.faces[face] = name
        return name

    def text(self, shape: Text, dx: float, dy: float) -> None:
        """Paint one line of text run by run; bold and halo are outlines, as in the SVG and PNG."""
        pdf = self.pdf
        pieces = [(self.family(face), run) for face, run in fonts.runs(shape.text)]
        size = shape.size * self.points
        widths = []
        for family, run in pieces:
            pdf.set_font(family, size=size)
            widths.append(pdf.get_string_width(run))
        x = shape.x + dx - sum(widths) * {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor]
        y = shape.y + dy
        passes: list[tuple[str, str | None, float]] = []
        if shape.halo:
            passes.append(("STROKE", shape.halo, shape.halo_width * 2))
            passes.append(("FILL", None, 0.0))
        elif shape.bold:
            passes.append(("FILL_STROKE", shape.fill, shape.size * BOLD))
        else:
            passes.append(("FILL", None, 0.0))
        pdf.set_text_color(shape.fill)
        for mode, outline, line in passes:
            pdf.text_mode = mode
            if outline:
                pdf.set_draw_color(outline)
                pdf.set_line_width(line)
            at = x
            for (family, run), w in zip(pieces, widths, strict=True):
                pdf.set_font(family, size=size)
                pdf.text(at, y, run)
                at += w
        pdf.text_mode = "FILL"


def _style(path: Any, fill: str | None, stroke: str | None, width: float) -> None:
    style = path.style
    style.fill_color = fill
    style.stroke_color = stroke
    if stroke:
        style.stroke_width = width
    style.paint_rule = (
        "FILL_NONZERO" if fill and not stroke else "STROKE" if stroke and not fill else "STROKE_FILL_NONZERO"
    )
