"""How the Banker and Player chances moved through a shoe, drawn to SVG or PNG.

Geometry is computed once, in model units, by ``chart``; the two writers only
translate its primitives, so the SVG and the PNG always agree.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import RenderError
from ..files import atomic_write

WIDTH, HEIGHT = 640.0, 300.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 16.0, 34.0, 40.0
FONT_SIZE = 11.0
COLOURS = {"banker": "#c8102e", "player": "#1f5fbf", "axis": "#444444", "grid": "#e3e3e3",
           "text": "#222222", "background": "#ffffff"}
PNG_SCALE = 2
"""PNG pixels per model unit: lines stay crisp without anti-aliasing."""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str
    width: float


@dataclass(frozen=True, slots=True)
class Polyline:
    """A connected series of points."""

    points: tuple[tuple[float, float], ...]
    kind: str
    width: float


@dataclass(frozen=True, slots=True)
class Text:
    """A label whose (x, y) is on its baseline; anchor is start, middle or end."""

    x: float
    y: float
    text: str
    anchor: str
    kind: str = "text"


@dataclass(frozen=True, slots=True)
class Chart:
    """Everything to draw, in model units, plus a plain-text copy of the data."""

    width: float
    height: float
    items: tuple[Line | Polyline | Text, ...]
    description: str


def _nice_step(span: float, target: int = 6) -> float:
    """Return a 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target`` steps."""
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def _label(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step)))
    return f"{value:.{decimals}f}"


def chart(banker: Sequence[float], player: Sequence[float]) -> Chart:
    """Return the chart of Banker and Player chances (0..1) after 0, 1, 2, ... coups."""
    if len(banker) != len(player) or not banker:
        raise RenderError("a chart needs the same number (at least one) of Banker and Player chances")
    ys = [100 * v for v in (*banker, *player)]
    low, high = min(ys), max(ys)
    step = _nice_step(max(high - low, 1.0))
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    coups = len(banker) - 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(i: float) -> float:
        return round(LEFT + (plot_w * i / coups if coups else plot_w / 2), 2)

    def y_of(pct: float) -> float:
        return round(TOP + plot_h * (high - pct) / (high - low), 2)

    items: list[Line | Polyline | Text] = []
    ticks = round((high - low) / step)
    for k in range(ticks + 1):
        pct = low + k * step
        y = y_of(pct)
        items.append(Line(LEFT, y, WIDTH - RIGHT, y, "grid", 1.0))
        items.append(Text(LEFT - 6, round(y + FONT_SIZE * 0.35, 2), _label(pct, step), "end"))
    x_step = max(1, int(_nice_step(max(coups, 1), 8)))
    for i in range(0, coups + 1, x_step):
        x = x_of(i)
        items.append(Line(x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 4, "axis", 1.0))
        items.append(Text(x, HEIGHT - BOTTOM + 16, str(i), "middle"))
    items.append(Line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, "axis", 1.0))
    items.append(Line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, "axis", 1.0))
    items.append(Text(LEFT + plot_w / 2, HEIGHT - 6, "coups dealt", "middle"))
    items.append(Text(LEFT - 44, TOP - 14, "% chance of the next coup", "start"))
    for name, series in (("banker", banker), ("player", player)):
        points = tuple((x_of(i), y_of(100 * v)) for i, v in enumerate(series))
        items.append(Polyline(points, name, 2.0))
    legend_x = WIDTH - RIGHT - 150
    for offset, (name, label) in enumerate((("banker", "Banker"), ("player", "Player"))):
        x = legend_x + offset * 75
        items.append(Line(x, TOP - 18, x + 18, TOP - 18, name, 2.0))
        items.append(Text(x + 23, round(TOP - 18 + FONT_SIZE * 0.35, 2), label, "start"))
    rows = ["coups dealt,banker %,player %"]
    rows += [f"{i},{100 * b:.4f},{100 * p:.4f}" for i, (b, p) in enumerate(zip(banker, player))]
    return Chart(WIDTH, HEIGHT, tuple(items), "\n".join(rows))


def to_svg(drawing: Chart) -> bytes:
    """Return the chart as SVG bytes (the same input always gives the same bytes)."""
    import svgwrite

    doc = svgwrite.Drawing(size=(f"{drawing.width:g}", f"{drawing.height:g}"), profile="full",
                           viewBox=f"0 0 {drawing.width:g} {drawing.height:g}")
    doc.set_desc(title="Banker and Player chances through the shoe", desc=drawing.description)
    doc.defs.add(doc.style(
        "text{font-family:sans-serif;font-size:%gpx;fill:%s}" % (FONT_SIZE, COLOURS["text"])
        + "".join(f".{k}{{stroke:{c}}}" for k, c in COLOURS.items() if k not in ("text", "background"))
        + "polyline{fill:none;stroke-linejoin:round}"))
    doc.add(doc.rect((0, 0), (drawing.width, drawing.height), fill=COLOURS["background"]))
    for item in drawing.items:
        if isinstance(item, Line):
            doc.add(doc.line((item.x1, item.y1), (item.x2, item.y2), class_=item.kind, stroke_width=item.width))
        elif isinstance(item, Polyline):
            doc.add(doc.polyline(item.points, class_=item.kind, stroke_width=item.width))
        else:
            doc.add(doc.text(item.text, insert=(item.x, item.y), text_anchor=item.anchor))
    return doc.tostring().encode("utf-8")


_PIL_ANCHOR = {"start": "ls", "middle": "ms", "end": "rs"}


def to_png(drawing: Chart) -> bytes:
    """Return the chart as PNG bytes, PNG_SCALE pixels per model unit, with no metadata."""
    from PIL import Image, ImageDraw, ImageFont

    s = PNG_SCALE
    image = Image.new("RGB", (round(drawing.width * s), round(drawing.height * s)), COLOURS["background"])
    pen = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=FONT_SIZE * s)
    for item in drawing.items:
        if isinstance(item, Line):
            pen.line([(item.x1 * s, item.y1 * s), (item.x2 * s, item.y2 * s)],
                     fill=COLOURS[item.kind], width=round(item.width * s))
        elif isinstance(item, Polyline):
            pen.line([(x * s, y * s) for x, y in item.points], fill=COLOURS[item.kind],
                     width=round(item.width * s), joint="curve")
        else:
            pen.text((item.x * s, item.y * s), item.text, fill=COLOURS["text"], font=font,
                     anchor=_PIL_ANCHOR[item.anchor])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


WRITERS: dict[str, Callable[[Chart], bytes]] = {".svg": to_svg, ".png": to_png}
"""Chart writers by file extension."""


def save_chart(drawing: Chart, path: str | Path) -> Path:
    """Write the chart to ``path`` as SVG or PNG (by extension), atomically; return the path."""
    suffix = Path(path).suffix.lower()
    if suffix not in WRITERS:
        raise RenderError(f"cannot draw {path}: the plot is written as .svg or .png")
    return atomic_write(path, WRITERS[suffix](drawing))
