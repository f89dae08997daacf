"""How the Banker and Player chances moved through a shoe, as a Scene the SVG and PNG back-ends draw.

Geometry is computed once, in model units, by ``chart``; :mod:`roads.render`
translates the scene, so the SVG and the PNG always agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import RenderError
from ..scene.primitives import Group, Item, Line, Polyline, Scene, Text

WIDTH, HEIGHT = 640.0, 300.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 16.0, 34.0, 40.0
FONT_SIZE = 11.0
COLOURS = {
    "banker": "#c8102e",
    "player": "#1f5fbf",
    "axis": "#444444",
    "grid": "#e3e3e3",
    "text": "#222222",
    "background": "#ffffff",
}
TITLE = "Banker and Player chances through the shoe"
PNG_SCALE = 2
"""PNG pixels per model unit."""


def nice_step(span: float, target: int = 6) -> float:
    """Return a 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target`` steps."""
    raw = span / target
    power: float = 10 ** math.floor(math.log10(raw))  # an int from 1 up, a float below
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def tick_label(value: float, step: float) -> str:
    """Return a tick's value with as many decimals as its step needs."""
    decimals = max(0, -math.floor(math.log10(step)))
    return f"{value:.{decimals}f}"


def label(x: float, y: float, text: str, anchor: str) -> Text:
    """Return a chart's text at (x, y) in its font and colour."""
    return Text(x, y, text, FONT_SIZE, COLOURS["text"], anchor=anchor)


@dataclass(frozen=True, slots=True)
class Axes:
    """The frame of a chart of percentages after 0, 1, 2, ... coups: its scales, grid, ticks and titles."""

    low: float
    high: float
    step: float
    coups: int

    @classmethod
    def fitting(cls, percents: Sequence[float], coups: int) -> Axes:
        """Return axes whose grid of nice steps holds every value of ``percents`` over ``coups`` coups."""
        low, high = min(percents), max(percents)
        step = nice_step(max(high - low, 1.0))
        low, high = math.floor(low / step) * step, math.ceil(high / step) * step
        if high - low < step:
            high = low + step
        return cls(low, high, step, coups)

    def x_of(self, i: float) -> float:
        """Return the x of the point after ``i`` coups."""
        plot_w = WIDTH - LEFT - RIGHT
        return round(LEFT + (plot_w * i / self.coups if self.coups else plot_w / 2), 2)

    def y_of(self, pct: float) -> float:
        """Return the y of a percentage."""
        plot_h = HEIGHT - TOP - BOTTOM
        return round(TOP + plot_h * (self.high - pct) / (self.high - self.low), 2)

    def grid(self) -> Group:
        """Return the horizontal grid lines with their labels."""
        grid: list[Item] = []
        for k in range(round((self.high - self.low) / self.step) + 1):
            pct = self.low + k * self.step
            y = self.y_of(pct)
            grid.append(Line(LEFT, y, WIDTH - RIGHT, y, COLOURS["grid"], 1.0))
            grid.append(label(LEFT - 6, round(y + FONT_SIZE * 0.35, 2), tick_label(pct, self.step), "end"))
        return Group(tuple(grid), id="grid", classes="grid")

    def axes(self, title: str, *extra: Item) -> Group:
        """Return the coup ticks, both axis lines, any ``extra`` lines, and the two titles."""
        axes: list[Item] = []
        x_step = max(1, int(nice_step(max(self.coups, 1), 8)))
        for i in range(0, self.coups + 1, x_step):
            x = self.x_of(i)
            axes.append(Line(x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 4, COLOURS["axis"], 1.0))
            axes.append(label(x, HEIGHT - BOTTOM + 16, str(i), "middle"))
        axes.append(Line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, COLOURS["axis"], 1.0))
        axes.append(Line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, COLOURS["axis"], 1.0))
        axes.extend(extra)
        axes.append(label(LEFT + (WIDTH - LEFT - RIGHT) / 2, HEIGHT - 6, "coups dealt", "middle"))
        axes.append(label(LEFT - 44, TOP - 14, title, "start"))
        return Group(tuple(axes), id="axes", classes="axes")


def chart_scene(items: Sequence[Item], title: str, rows: Sequence[str]) -> Scene:
    """Return a chart's scene: its items on the white page, its title, and its figures as CSV in the description."""
    return Scene(
        width=WIDTH,
        height=HEIGHT,
        background=COLOURS["background"],
        symbols=(),
        items=tuple(items),
        title=title,
        desc="\n".join(rows),
        font_family="sans-serif",
    )


def chart(banker: Sequence[float], player: Sequence[float]) -> Scene:
    """Return the chart of Banker and Player chances (0..1) after 0, 1, 2, ... coups."""
    if len(banker) != len(player) or not banker:
        raise RenderError("a chart needs the same number (at least one) of Banker and Player chances")
    frame = Axes.fitting([100 * v for v in (*banker, *player)], len(banker) - 1)
    items: list[Item] = [frame.grid(), frame.axes("% chance of the next coup")]
    for name, series in (("banker", banker), ("player", player)):
        points = tuple((frame.x_of(i), frame.y_of(100 * v)) for i, v in enumerate(series))
        items.append(Polyline(points, COLOURS[name], 2.0, classes=name))
    legend: list[Item] = []
    legend_x = WIDTH - RIGHT - 150
    for offset, (name, text) in enumerate((("banker", "Banker"), ("player", "Player"))):
        x = legend_x + offset * 75
        legend.append(Line(x, TOP - 18, x + 18, TOP - 18, COLOURS[name], 2.0))
        legend.append(label(x + 23, round(TOP - 18 + FONT_SIZE * 0.35, 2), text, "start"))
    items.append(Group(tuple(legend), id="legend", classes="legend"))
    rows = ["coups dealt,banker %,player %"]
    rows += [f"{i},{100 * b:.4f},{100 * p:.4f}" for i, (b, p) in enumerate(zip(banker, player, strict=False))]
    return chart_scene(items, TITLE, rows)


def save_chart(drawing: Scene, path: str | Path) -> Path:
    """Write the chart to ``path`` as SVG or PNG (by extension), atomically; return the path."""
    from ..render import save_scene  # the renderer is only needed once a picture is asked for

    return save_scene(drawing, path, scale=PNG_SCALE)
