"""How the Banker and Player chances moved through a shoe, as a Scene the SVG and PNG back-ends draw.

Geometry is computed once, in model units, by ``chart``; :mod:`roads.render`
translates the scene, so the SVG and the PNG always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import RenderError
from ..scene import plot
from ..scene.plot import Ink
from ..scene.primitives import Group, Item, Polyline, Scene
from ..scene.themes import THEMES

WIDTH, HEIGHT = 640.0, 300.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 16.0, 34.0, 40.0
FONT_SIZE = 11.0
COLOURS = {
    "banker": THEMES["classic"].banker,
    "player": THEMES["classic"].player,
    "axis": "#444444",
    "grid": "#e3e3e3",
    "text": "#222222",
    "background": "#ffffff",
}
"""The chart's inks: Banker and Player are the classic board's (roads.scene.themes, the one palette)."""
TITLE = "Banker and Player chances through the shoe"
PNG_SCALE = 2
"""PNG pixels per model unit."""


TEXT = Ink(COLOURS["text"])
AXIS = Ink(COLOURS["axis"])
GRID = Ink(COLOURS["grid"])


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
        return cls(*plot.fit(percents), coups)

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
        rows = [(self.y_of(pct), plot.tick_label(pct, self.step)) for pct in plot.ticks(self.low, self.high, self.step)]
        return Group(tuple(plot.y_grid(rows, LEFT, WIDTH - RIGHT, GRID, TEXT, FONT_SIZE)), id="grid", classes="grid")

    def axes(self, title: str, *extra: Item) -> Group:
        """Return the coup ticks, both axis lines, any ``extra`` lines, and the two titles."""
        x_step = max(1, int(plot.nice_step(max(self.coups, 1), 8)))
        columns = [(self.x_of(i), str(i)) for i in range(0, self.coups + 1, x_step)]
        axes = plot.x_ticks(columns, HEIGHT - BOTTOM, TEXT, FONT_SIZE, mark=AXIS)
        axes.append(plot.rule(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, AXIS))
        axes.append(plot.rule(LEFT, TOP, LEFT, HEIGHT - BOTTOM, AXIS))
        axes.extend(extra)
        axes.append(plot.label(LEFT + (WIDTH - LEFT - RIGHT) / 2, HEIGHT - 6, "coups dealt", FONT_SIZE, TEXT, "middle"))
        axes.append(plot.label(LEFT - 44, TOP - 14, title, FONT_SIZE, TEXT))
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
        legend += plot.key(legend_x + offset * 75, TOP - 18, text, Ink(COLOURS[name]), TEXT, FONT_SIZE)
    items.append(Group(tuple(legend), id="legend", classes="legend"))
    rows = ["coups dealt,banker %,player %"]
    rows += [f"{i},{100 * b:.4f},{100 * p:.4f}" for i, (b, p) in enumerate(zip(banker, player, strict=False))]
    return chart_scene(items, TITLE, rows)


def save_chart(drawing: Scene, path: str | Path) -> Path:
    """Write the chart to ``path`` as SVG or PNG (by extension), atomically; return the path."""
    from ..render import save_scene  # the renderer is only needed once a picture is asked for

    return save_scene(drawing, path, scale=PNG_SCALE)
