"""The PNG back-end: paints a Scene with Pillow at 4x, then averages each 4x4 block down.

Drawing at four times the size and reducing is plain supersampling: every
output pixel becomes the exact share of its area each shape covers, so rings
stay round and thin lines stay even. Pixel edges follow the SVG's convention
(pixel i spans [i, i+1) in user units), so the two pictures line up.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Unpack

from PIL import Image, ImageDraw

from ..board import Scoreboard
from ..errors import RenderError
from ..scene import RenderOptions, Scene, lay_out, render_options
from ..scene.options import OptionChanges
from ..scene.primitives import Circle, Grid, Line, Polygon, Polyline, Rect, Shape, Text, Use, walk
from . import fonts
from .svg import BOLD, pixel_size

SUPERSAMPLE = 4
MAX_PIXELS = 40_000_000
"""Largest picture drawn (output pixels): a whole 100,000-coup shoe should use ``last``, not gigabytes."""
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


def png(board: Scoreboard, options: RenderOptions | None = None, **changes: Unpack[OptionChanges]) -> bytes:
    """Return ``board`` drawn as PNG bytes; keyword options as :class:`~roads.scene.RenderOptions`."""
    opts = render_options(options, **changes)
    return scene_png(lay_out(board, opts), cell=opts.cell, width=opts.width, scale=opts.scale)


def scene_image(
    scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0
) -> Image.Image:
    """Return ``scene`` painted as an RGB image at its pixel size."""
    unit, w, h = pixel_size(scene, cell=cell, width=width, scale=scale)
    if w * h > MAX_PIXELS:
        raise RenderError(
            f"a {w}x{h} picture is too large to draw: show fewer columns (last) or a smaller cell or scale"
        )
    k = unit * SUPERSAMPLE
    image = Image.new("RGB", (w * SUPERSAMPLE, h * SUPERSAMPLE), scene.background)
    painter = _Painter(ImageDraw.Draw(image), k)
    symbols = {symbol.id: symbol.shapes for symbol in scene.symbols}
    paint = painter.shape
    for item in walk(scene.items):
        if isinstance(item, Use):
            for shape in symbols[item.symbol]:
                paint(shape, item.x, item.y)
        else:
            paint(item, 0.0, 0.0)
    return image.reduce(SUPERSAMPLE)


def scene_png(scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0) -> bytes:
    """Return ``scene`` as PNG bytes (no timestamps or text chunks: the same scene gives the same bytes)."""
    buffer = io.BytesIO()
    scene_image(scene, cell=cell, width=width, scale=scale).save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


class _Painter:
    """Paints primitives onto the supersampled canvas; ``k`` is canvas pixels per model unit."""

    __slots__ = ("draw", "k")

    def __init__(self, draw: ImageDraw.ImageDraw, k: float) -> None:
        self.draw = draw
        self.k = k

    def shape(self, shape: Shape, dx: float, dy: float) -> None:
        """Paint one primitive moved by (dx, dy) model units."""
        k, draw = self.k, self.draw
        if isinstance(shape, Circle):
            cx, cy = (shape.cx + dx) * k, (shape.cy + dy) * k
            if shape.stroke:
                half = shape.width * k / 2
                r = shape.r * k + half
                box = (round(cx - r), round(cy - r), round(cx + r) - 1, round(cy + r) - 1)
                draw.ellipse(box, fill=shape.fill, outline=shape.stroke, width=max(1, round(2 * half)))
            else:
                r = shape.r * k
                draw.ellipse((round(cx - r), round(cy - r), round(cx + r) - 1, round(cy + r) - 1), fill=shape.fill)
        elif isinstance(shape, Rect):
            self.rect(shape, dx, dy)
        elif isinstance(shape, Line):
            self.stroke(((shape.x1 + dx, shape.y1 + dy), (shape.x2 + dx, shape.y2 + dy)), shape.stroke, shape.width)
        elif isinstance(shape, Polyline):
            self.stroke([(x + dx, y + dy) for x, y in shape.points], shape.stroke, shape.width)
        elif isinstance(shape, Polygon):
            points = [(x + dx, y + dy) for x, y in shape.points]
            if shape.fill:
                draw.polygon([(x * k - 0.5, y * k - 0.5) for x, y in points], fill=shape.fill)
            if shape.stroke:
                self.stroke([*points, points[0]], shape.stroke, shape.width)
        elif isinstance(shape, Text):
            self.text(shape, dx, dy)
        elif isinstance(shape, Grid):
            self.grid(shape)
        else:
            raise TypeError(f"not a scene shape: {shape!r}")

    def stroke(self, points: Sequence[tuple[float, float]], color: str, width: float) -> None:
        """Paint a stroke through ``points`` (model units) with round joins and caps, as the SVG draws it."""
        k = self.k
        xy = [(x * k, y * k) for x, y in points]
        w = width * k
        # Pillow's lines have square ends; round caps are discs at both ends.
        self.draw.line(
            [(x - 0.5, y - 0.5) for x, y in xy],
            fill=color,
            width=max(1, round(w)),
            joint="curve" if len(xy) > 2 else None,
        )
        r = w / 2
        for x, y in (xy[0], xy[-1]):
            self.draw.ellipse((round(x - r), round(y - r), round(x + r) - 1, round(y + r) - 1), fill=color)

    def rect(self, shape: Rect, dx: float, dy: float) -> None:
        """Paint a rectangle; a stroke straddles the edge as in SVG."""
        k = self.k
        half = shape.width / 2 if shape.stroke else 0.0
        x0, y0 = (shape.x + dx - half) * k, (shape.y + dy - half) * k
        x1, y1 = (shape.x + dx + shape.w + half) * k, (shape.y + dy + shape.h + half) * k
        box = (round(x0), round(y0), round(x1) - 1, round(y1) - 1)
        width = max(1, round(shape.width * k)) if shape.stroke else 0
        if shape.rx:
            self.draw.rounded_rectangle(
                box, radius=round((shape.rx + half) * k), fill=shape.fill, outline=shape.stroke, width=width
            )
        else:
            self.draw.rectangle(box, fill=shape.fill, outline=shape.stroke, width=width)

    def grid(self, shape: Grid) -> None:
        """Paint the inner ruling of a grid as exact pixel bands."""
        k, draw = self.k, self.draw
        x0, y0, c, half = shape.x, shape.y, shape.cell, shape.width / 2
        x1, y1 = x0 + shape.columns * c, y0 + shape.rows * c
        for i in range(1, shape.columns):
            x = x0 + i * c
            draw.rectangle(
                (round((x - half) * k), round(y0 * k), round((x + half) * k) - 1, round(y1 * k) - 1), fill=shape.stroke
            )
        for j in range(1, shape.rows):
            y = y0 + j * c
            draw.rectangle(
                (round(x0 * k), round((y - half) * k), round(x1 * k) - 1, round((y + half) * k) - 1), fill=shape.stroke
            )

    def text(self, shape: Text, dx: float, dy: float) -> None:
        """Paint one line of text; bold and halo are outlines, as in the SVG."""
        k = self.k
        size = shape.size * k
        stroke, stroke_fill = 0.0, None
        if shape.halo:
            stroke, stroke_fill = shape.halo_width * k, shape.halo
        elif shape.bold:
            stroke, stroke_fill = shape.size * BOLD * k / 2, shape.fill
        x, y = (shape.x + dx) * k, (shape.y + dy) * k
        pieces = fonts.runs(shape.text)
        if len(pieces) > 1:
            # Runs in different faces: laid end to end on one baseline from where the anchor puts the start.
            placed = [(fonts.font(face, size), run) for face, run in pieces]
            total = sum(font.getlength(run) for font, run in placed)
            x -= total * {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor]
            for font, run in placed:
                self.draw.text(
                    (x, y), run, fill=shape.fill, font=font, anchor="ls", stroke_width=stroke, stroke_fill=stroke_fill
                )
                x += font.getlength(run)
            return
        face = pieces[0][0] if pieces else fonts.AILERON
        self.draw.text(
            (x, y),
            shape.text,
            fill=shape.fill,
            font=fonts.font(face, size),
            anchor=ANCHORS[shape.anchor],
            stroke_width=stroke,
            stroke_fill=stroke_fill,
        )
