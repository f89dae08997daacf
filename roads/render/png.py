"""The PNG back-end: paints a Scene with Pillow, each symbol once at 4x and pasted as an anti-aliased sprite.

Drawing at four times the size and reducing is plain supersampling: every
output pixel becomes the exact share of its area each shape covers, so rings
stay round and thin lines stay even. Pixel edges follow the SVG's convention
(pixel i spans [i, i+1) in user units), so the two pictures line up.

A scoreboard places the same few symbols hundreds of times, so the canvas is
not painted at 4x as a whole: each symbol (and each line of text, each
one-off shape) is painted once at 4x on a small transparent canvas at the
sub-pixel offset where it lands, reduced to a 1x sprite with coverage as
alpha, and pasted wherever it recurs at that offset. Axis-aligned rectangles
(panels, borders) and grid lines are blended straight onto the 1x canvas with
the exact share of each pixel they cover. Sprites are kept between pictures
(a batch of shoes draws the same symbols again). The result equals the
whole-canvas 4x painting except where two shapes' anti-aliased edges overlap
inside one pixel: there the two are blended one after the other at 1x, which
differs by a few levels at most.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Unpack

from ..board import Board
from ..errors import RenderError
from ..scene import RenderOptions, Scene, lay_out, render_options
from ..scene.options import OptionChanges, lists_options
from ..scene.primitives import Circle, Grid, Line, Polygon, Polyline, Rect, Shape, Text, Use, walk
from .painter import Painter
from .svg import BOLD, pixel_size

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

SUPERSAMPLE = 4
MAX_PIXELS = 40_000_000
"""Largest picture drawn (output pixels): a whole 100,000-coup shoe should use ``last``, not gigabytes."""
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
MIN_FONT_SIZE = 0.5
"""The smallest text size FreeType draws (4x pixels); smaller text, at the smallest scales and widths, draws at it."""

ZLIB_LEVEL = 3
"""zlib level of the PNG data, which is PNG filter "Up" (each row minus the one above) before compression.

Measured on the 80-coup scoreboard (1433x305 pixels, best of 30 on the 2-core
machine): levels 1, 2 and 3 each take about 2.4 ms and write 50.9, 47.6 and
46.7 KB; level 4 (where zlib starts lazy matching) 4.5 ms for 42.6 KB; level 6
5.4 ms for 39.4 KB; level 9 70 ms for 38.1 KB. Level 3 is the smallest file at
the fastest speed; level 6 would save 16% of the bytes for twice the time. Pillow's
own writer (level 6 with a filter search on every row) took about 30 ms for 40.0 KB.
"""

_QUANTUM = 64
"""Sprites are shared between placements whose offset within a 4x pixel agrees to 1/64."""
_CACHE_LIMIT = 4096
"""Sprites kept between pictures; past this the cache starts again (a sprite is a few KB)."""

Sprite = tuple["Image.Image", int, int, Any, int, int]
"""A 1x RGBA sprite (straight alpha), its top-left corner relative to the placement's pixel, its core, width, height."""

_sprites: dict[object, Sprite] = {}

GridMask = tuple["Image.Image", tuple[int, int, int, int]]
"""A grid's inner ruling as a 1x coverage mask and the canvas box it covers."""

_masks: dict[object, GridMask] = {}
_MASK_LIMIT = 64
"""Grid masks kept between pictures (a board-wide mask is a few hundred KB; a batch draws the same grids)."""


@lists_options
def png(board: Board, options: RenderOptions | None = None, **changes: Unpack[OptionChanges]) -> bytes:
    """Return ``board`` drawn as PNG bytes; keyword options as :class:`~roads.scene.RenderOptions`."""
    opts = render_options(options, **changes)
    return scene_png(lay_out(board, opts), cell=opts.cell, width=opts.width, scale=opts.scale)


def scene_image(
    scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0
) -> Image.Image:
    """Return ``scene`` painted as an RGB image at its pixel size."""
    from PIL import Image  # only pictures pay for Pillow: an SVG never imports it

    unit, w, h = pixel_size(scene, cell=cell, width=width, scale=scale)
    if w * h > MAX_PIXELS:
        raise RenderError(
            f"a {w}x{h} picture is too large to draw: show fewer columns (last) or a smaller cell or scale"
        )
    # No background ("none", --no-background): a transparent picture.
    image = (
        Image.new("RGBA", (w, h), (0, 0, 0, 0))
        if scene.background == "none"
        else Image.new("RGB", (w, h), scene.background)
    )
    painter = _Painter(image, unit * SUPERSAMPLE)
    symbols = {symbol.id: symbol.shapes for symbol in scene.symbols}
    for item in walk(scene.items):
        if isinstance(item, Use):
            painter.use(item.symbol, symbols[item.symbol], item.x, item.y)
        elif isinstance(item, Grid):
            painter.grid(item)
        elif isinstance(item, Rect) and not item.rx:
            painter.rect(item)
        else:
            painter.one(item)
    return image


def scene_png(scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0) -> bytes:
    """Return ``scene`` as PNG bytes (no timestamps or text chunks: the same scene gives the same bytes)."""
    return encode(scene_image(scene, cell=cell, width=width, scale=scale))


def encode(image: Image.Image) -> bytes:
    """Return an RGB (or RGBA: a transparent picture) image as a PNG file: every row filtered "Up", then zlib.

    Pillow's writer tries every filter on every row, which took longer than
    the compression; these pictures are flat colour in rows, which "Up" turns
    into runs of zeros in one pass.
    """
    w, h = image.size
    packer = zlib.compressobj(ZLIB_LEVEL)
    parts = [packer.compress(rows) for rows in filtered_rows(image)]
    parts.append(packer.flush())
    colour = 6 if image.mode == "RGBA" else 2  # 8-bit RGBA or RGB
    header = struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0)  # deflate, adaptive filters, no interlace
    body = b"".join(parts)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", body) + png_chunk(b"IEND", b"")


def filtered_rows(image: Image.Image) -> Iterator[bytes]:
    """Yield an RGB or RGBA image's rows as PNG's deflate input, each behind filter "Up", a band of rows at a time."""
    from PIL import Image, ImageChops

    w, h = image.size
    stride = len(image.getbands()) * w
    # A band of rows at a time, so a wide board never holds more than a few copies of one band.
    band = max(1, (1 << 20) // stride)
    for top in range(0, h, band):
        bottom = min(h, top + band)
        rows = image.crop((0, top, w, bottom))
        above = image.crop((0, top - 1, w, bottom - 1))  # a crop above the first row reads black: "Up" of row 0
        filtered = ImageChops.subtract_modulo(rows, above).tobytes()
        # Each row behind its filter type byte (2, "Up"): the rows as one grey image pasted one byte in.
        framed = Image.new("L", (stride + 1, bottom - top), 2)
        framed.paste(Image.frombytes("L", (stride, bottom - top), filtered), (1, 0))
        yield framed.tobytes()


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """Return one PNG chunk: length, type, body and CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


class _Painter:
    """Pastes sprites and blends rectangles onto the 1x canvas; ``k`` is 4x pixels per model unit."""

    __slots__ = ("core", "image", "k", "local")

    def __init__(self, image: Image.Image, k: float) -> None:
        self.image = image
        self.core = image.im
        self.k = k
        self.local: dict[tuple[str, int, int], Sprite] = {}
        """This picture's sprites by (symbol id, quantised offset): ids are unique within one scene."""

    def use(self, name: str, shapes: tuple[Shape, ...], x: float, y: float) -> None:
        """Paste symbol ``name`` (its ``shapes``) centred on (x, y) model units."""
        ax, ay = x * self.k, y * self.k
        px, py = math.floor(ax / SUPERSAMPLE), math.floor(ay / SUPERSAMPLE)
        fx, fy = ax - px * SUPERSAMPLE, ay - py * SUPERSAMPLE
        key = (name, round(fx * _QUANTUM), round(fy * _QUANTUM))
        sprite = self.local.get(key)
        if sprite is None:
            sprite = self.local[key] = self.sprite(shapes, x, y, px, py, key[1:])
        self.paste(sprite, px, py)

    def one(self, shape: Shape) -> None:
        """Paste a shape that is not a symbol; text and circles are shared wherever they recur."""
        at: Shape
        if isinstance(shape, Text):
            x, y, at = shape.x, shape.y, replace(shape, x=0.0, y=0.0)
        elif isinstance(shape, Circle):
            x, y, at = shape.cx, shape.cy, replace(shape, cx=0.0, cy=0.0)
        elif isinstance(shape, Rect):
            x, y, at = shape.x, shape.y, replace(shape, x=0.0, y=0.0)
        elif isinstance(shape, Line):
            x, y = shape.x1, shape.y1
            at = replace(shape, x1=0.0, y1=0.0, x2=shape.x2 - x, y2=shape.y2 - y)
        else:
            x = y = 0.0
            at = shape
        ax, ay = x * self.k, y * self.k
        px, py = math.floor(ax / SUPERSAMPLE), math.floor(ay / SUPERSAMPLE)
        offset = (round((ax - px * SUPERSAMPLE) * _QUANTUM), round((ay - py * SUPERSAMPLE) * _QUANTUM))
        sprite = self.sprite((at,), x, y, px, py, offset, shared=not isinstance(shape, Polyline | Polygon))
        self.paste(sprite, px, py)

    def sprite(
        self, shapes: tuple[Shape, ...], x: float, y: float, px: int, py: int, offset: object, shared: bool = True
    ) -> Sprite:
        """Return the sprite of ``shapes`` around (x, y) model units, whose pixel is (px, py): cached or painted."""
        from PIL import Image, ImageDraw

        from . import fonts

        # The faces each text is drawn in are part of the key: a sprite kept from an earlier picture is
        # reused only while the font chain still picks the same faces (its lookups can be cleared).
        faces = tuple(fonts.runs(shape.text) for shape in shapes if isinstance(shape, Text))
        key = (self.k, shapes, offset, faces)
        if shared and (found := _sprites.get(key)) is not None:
            return found

        k = self.k
        boxes = [_extent(shape, k) for shape in shapes]
        fx, fy = x * k - px * SUPERSAMPLE, y * k - py * SUPERSAMPLE
        # One pixel of margin: a stroke's round cap or a glyph's hinting may reach past the estimate.
        left = math.floor((fx + min(b[0] for b in boxes)) / SUPERSAMPLE) - 1
        top = math.floor((fy + min(b[1] for b in boxes)) / SUPERSAMPLE) - 1
        right = math.ceil((fx + max(b[2] for b in boxes)) / SUPERSAMPLE) + 1
        bottom = math.ceil((fy + max(b[3] for b in boxes)) / SUPERSAMPLE) + 1
        canvas = Image.new("RGBA", ((right - left) * SUPERSAMPLE, (bottom - top) * SUPERSAMPLE))
        # Pillow reduces RGBA weighting colour by alpha: a 4x4 block becomes its covered share as alpha
        # and the average colour of what covers it, which is what pasting with that alpha needs.
        paint = _Paint(ImageDraw.Draw(canvas), k)
        dx, dy = x - (px + left) * SUPERSAMPLE / k, y - (py + top) * SUPERSAMPLE / k
        for shape in shapes:
            paint.shape(shape, dx, dy)
        reduced = canvas.reduce(SUPERSAMPLE)
        sprite = (reduced, left, top, reduced.im, reduced.width, reduced.height)
        if shared:
            if len(_sprites) >= _CACHE_LIMIT:
                _sprites.clear()
            _sprites[key] = sprite
        return sprite

    def paste(self, sprite: Sprite, px: int, py: int) -> None:
        """Blend a sprite onto the canvas with its alpha, its corner at its offset from pixel (px, py)."""
        _, left, top, core, w, h = sprite
        x, y = px + left, py + top
        # What Image.paste(sprite, corner, sprite) does for an RGBA sprite on the RGB canvas, without its
        # checks and loads, which cost more than the blend itself for a sprite of a few hundred pixels.
        self.core.paste(core, (x, y, x + w, y + h), core)

    def rect(self, shape: Rect) -> None:
        """Blend a square-cornered rectangle; a stroke straddles the edge as in SVG, drawn inward like Pillow's."""
        k = self.k
        half = shape.width / 2 if shape.stroke else 0.0
        x0, y0 = round((shape.x - half) * k), round((shape.y - half) * k)
        x1, y1 = round((shape.x + shape.w + half) * k), round((shape.y + shape.h + half) * k)
        if shape.fill:
            self.blend(x0, y0, x1, y1, shape.fill)
        if shape.stroke:
            w = max(1, round(shape.width * k))
            if 2 * w >= min(x1 - x0, y1 - y0):
                self.blend(x0, y0, x1, y1, shape.stroke)
                return
            self.blend(x0, y0, x1, y0 + w, shape.stroke)
            self.blend(x0, y1 - w, x1, y1, shape.stroke)
            self.blend(x0, y0 + w, x0 + w, y1 - w, shape.stroke)
            self.blend(x1 - w, y0 + w, x1, y1 - w, shape.stroke)

    def grid(self, shape: Grid) -> None:
        """Blend the inner ruling of a grid: its bands' coverage drawn into one 1x mask, pasted once."""
        key = (self.k, replace(shape, stroke=""))
        found = _masks.get(key)
        if found is None:
            found = _grid_mask(shape, self.k)
            if found is None:
                return
            if len(_masks) >= _MASK_LIMIT:
                _masks.clear()
            _masks[key] = found
        mask, box = found
        self.image.paste(shape.stroke, box, mask)

    def blend(self, x0: int, y0: int, x1: int, y1: int, color: str) -> None:
        """Blend ``color`` over the 4x-pixel box [x0, x1) x [y0, y1), each 1x pixel by the share it covers."""
        if x1 <= x0 or y1 <= y0:
            return
        from PIL import Image

        for ax, bx, cover_x in _spans(x0, x1):
            for ay, by, cover_y in _spans(y0, y1):
                cover = cover_x * cover_y  # in 16ths of a pixel
                if cover == SUPERSAMPLE * SUPERSAMPLE:
                    self.image.paste(color, (ax, ay, bx, by))
                else:
                    alpha = Image.new("L", (bx - ax, by - ay), (cover * 255 + 8) // 16)
                    self.image.paste(color, (ax, ay, bx, by), alpha)


def _grid_mask(shape: Grid, k: float) -> GridMask | None:
    """Return the coverage mask of a grid's inner ruling and its box on the canvas (None when it has none)."""
    from PIL import Image, ImageChops, ImageDraw

    x0, y0, c, half = shape.x, shape.y, shape.cell, shape.width / 2
    x1, y1 = x0 + shape.columns * c, y0 + shape.rows * c
    bands = [
        (round((x - half) * k), round(y0 * k), round((x + half) * k), round(y1 * k))
        for x in (x0 + i * c for i in range(1, shape.columns))
    ]
    bands += [
        (round(x0 * k), round((y - half) * k), round(x1 * k), round((y + half) * k))
        for y in (y0 + j * c for j in range(1, shape.rows))
    ]
    bands = [band for band in bands if band[2] > band[0] and band[3] > band[1]]
    if not bands:
        return None
    s = SUPERSAMPLE
    left, top = min(b[0] for b in bands) // s, min(b[1] for b in bands) // s
    right, bottom = -(-max(b[2] for b in bands) // s), -(-max(b[3] for b in bands) // s)
    size = (right - left, bottom - top)
    # Each band's coverage at 1x (a band covers whole 4x pixels, so a pixel's share is exact);
    # vertical and horizontal bands apart, then joined as a + b - ab, where lines cross.
    masks = []
    for vertical in (True, False):
        mask = Image.new("L", size)
        draw = ImageDraw.Draw(mask)
        for x0_, y0_, x1_, y1_ in bands:
            if (x1_ - x0_ < y1_ - y0_) != vertical:
                continue
            for ax, bx, cover_x in _spans(x0_, x1_):
                for ay, by, cover_y in _spans(y0_, y1_):
                    value = (cover_x * cover_y * 255 + 8) // 16
                    draw.rectangle((ax - left, ay - top, bx - 1 - left, by - 1 - top), fill=value)
        masks.append(mask)
    return ImageChops.screen(*masks), (left, top, right, bottom)


def _spans(a: int, b: int) -> list[tuple[int, int, int]]:
    """Return the 1x pixel runs [start, end) of the 4x span [a, b), each with the 4x pixels it covers (1-4)."""
    s = SUPERSAMPLE
    first, last = a // s, (b - 1) // s
    if first == last:
        return [(first, first + 1, b - a)]
    out = []
    start = first
    if a % s:
        out.append((first, first + 1, s - a % s))
        start = first + 1
    end = last + 1 if b % s == 0 else last
    if end > start:
        out.append((start, end, s))
    if b % s:
        out.append((last, last + 1, b % s))
    return out


def _extent(shape: Shape, k: float) -> tuple[float, float, float, float]:
    """Return (left, top, right, bottom) of ``shape`` in 4x pixels, before its placement's offset."""
    if isinstance(shape, Circle):
        r = (shape.r + (shape.width / 2 if shape.stroke else 0.0)) * k
        return shape.cx * k - r, shape.cy * k - r, shape.cx * k + r, shape.cy * k + r
    if isinstance(shape, Rect):
        half = shape.width / 2 if shape.stroke else 0.0
        x0, y0 = (shape.x - half) * k, (shape.y - half) * k
        return x0, y0, (shape.x + shape.w + half) * k, (shape.y + shape.h + half) * k
    if isinstance(shape, Line):
        points: Sequence[tuple[float, float]] = ((shape.x1, shape.y1), (shape.x2, shape.y2))
        half = shape.width / 2
    elif isinstance(shape, Polyline | Polygon):
        points = shape.points
        half = shape.width / 2 if (isinstance(shape, Polyline) or shape.stroke) else 0.0
    elif isinstance(shape, Text):
        runs, anchor, stroke, _ = _text_style(shape, k)
        boxes = [
            (offset + left, top, offset + right, bottom)
            for font, run, offset in runs
            for left, top, right, bottom in [font.getbbox(run, anchor=anchor, stroke_width=stroke)]
        ]
        x, y = shape.x * k, shape.y * k
        return (
            x + min(b[0] for b in boxes),
            y + min(b[1] for b in boxes),
            x + max(b[2] for b in boxes),
            y + max(b[3] for b in boxes),
        )
    else:
        raise TypeError(f"not a scene shape: {shape!r}")
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - half) * k, (min(ys) - half) * k, (max(xs) + half) * k, (max(ys) + half) * k


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    """Return the 4x pixels a shape from (x0, y0) to (x1, y1) covers, at least one: Pillow refuses a box
    that ends before it starts, which a tiny shape at a small scale or width rounds to."""
    left, top = round(x0), round(y0)
    return left, top, max(left, round(x1) - 1), max(top, round(y1) - 1)


def _disc(x: float, y: float, r: float) -> tuple[int, int, int, int]:
    """Return the box of a disc of radius ``r`` about (x, y), in 4x pixels."""
    return _box(x - r, y - r, x + r, y + r)


def _text_style(
    shape: Text, k: float
) -> tuple[list[tuple[ImageFont.FreeTypeFont, str, float]], str, float, str | None]:
    """Return how a Text is painted: its runs (font, text, x offset in 4x pixels), their anchor, outline width
    (4x pixels) and outline colour.

    Each character is drawn by the first font of :mod:`roads.render.fonts`' chain that has it (RenderError
    naming a character none has); runs in different faces are laid end to end on one baseline from where
    the anchor puts the start.
    """
    from . import fonts  # only pictures pay for the fonts (and Pillow)

    # FreeType takes no size below half a pixel (it rounds to whole pixels): the tiniest scales draw at that.
    size = max(shape.size * k, MIN_FONT_SIZE)
    stroke, stroke_fill = 0.0, None
    if shape.halo:
        stroke, stroke_fill = shape.halo_width * k, shape.halo
    elif shape.bold:
        stroke, stroke_fill = shape.size * BOLD * k / 2, shape.fill
    pieces = fonts.runs(shape.text)
    if len(pieces) > 1:
        placed = [(fonts.font(face, size), run) for face, run in pieces]
        total = sum(font.getlength(run) for font, run in placed)
        offset = -total * {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor]
        runs = []
        for font, run in placed:
            runs.append((font, run, offset))
            offset += font.getlength(run)
        return runs, "ls", stroke, stroke_fill
    face = pieces[0][0] if pieces else fonts.AILERON
    return [(fonts.font(face, size), shape.text, 0.0)], ANCHORS[shape.anchor], stroke, stroke_fill


class _Paint(Painter):
    """Paints primitives onto a 4x canvas; ``k`` is canvas pixels per model unit."""

    __slots__ = ("draw", "k")

    def __init__(self, draw: ImageDraw.ImageDraw, k: float) -> None:
        self.draw = draw
        self.k = k

    def circle(self, shape: Circle, dx: float, dy: float) -> None:
        """Paint a disc, a ring or both."""
        k = self.k
        cx, cy = (shape.cx + dx) * k, (shape.cy + dy) * k
        if shape.stroke:
            half = shape.width * k / 2
            r = shape.r * k + half
            self.draw.ellipse(_disc(cx, cy, r), fill=shape.fill, outline=shape.stroke, width=max(1, round(2 * half)))
        else:
            r = shape.r * k
            self.draw.ellipse(_disc(cx, cy, r), fill=shape.fill)

    def polygon(self, shape: Polygon, dx: float, dy: float) -> None:
        """Paint a closed shape: Pillow fills it, and its outline is a stroke as the SVG draws it."""
        k = self.k
        points = [(x + dx, y + dy) for x, y in shape.points]
        if shape.fill:
            self.draw.polygon([(x * k - 0.5, y * k - 0.5) for x, y in points], fill=shape.fill)
        if shape.stroke:
            self.stroke([*points, points[0]], shape.stroke, shape.width)

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
            self.draw.ellipse(_disc(x, y, r), fill=color)

    def rect(self, shape: Rect, dx: float, dy: float) -> None:
        """Paint a rectangle; a stroke straddles the edge as in SVG."""
        k = self.k
        half = shape.width / 2 if shape.stroke else 0.0
        x0, y0 = (shape.x + dx - half) * k, (shape.y + dy - half) * k
        x1, y1 = (shape.x + dx + shape.w + half) * k, (shape.y + dy + shape.h + half) * k
        box = _box(x0, y0, x1, y1)
        width = max(1, round(shape.width * k)) if shape.stroke else 0
        if shape.rx:
            self.draw.rounded_rectangle(
                box, radius=round((shape.rx + half) * k), fill=shape.fill, outline=shape.stroke, width=width
            )
        else:
            self.draw.rectangle(box, fill=shape.fill, outline=shape.stroke, width=width)

    def text(self, shape: Text, dx: float, dy: float) -> None:
        """Paint one line of text; bold and halo are outlines, as in the SVG."""
        runs, anchor, stroke, stroke_fill = _text_style(shape, self.k)
        x, y = (shape.x + dx) * self.k, (shape.y + dy) * self.k
        for font, run, offset in runs:
            self.draw.text(
                (x + offset, y),
                run,
                fill=shape.fill,
                font=font,
                anchor=anchor,
                stroke_width=stroke,
                stroke_fill=stroke_fill,
            )
