"""How bets' house edges moved through a shoe, as a Scene the SVG and PNG back-ends draw.

Below the zero line a bet favoured the player; the chart draws that line
darker so the coups where it happened stand out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import RenderError
from ..odds.chance_chart import FONT_SIZE, LEFT, RIGHT, TEXT, TOP, WIDTH, Axes, chart_scene
from ..scene import plot
from ..scene.plot import Ink
from ..scene.primitives import Group, Item, Polyline, Scene
from ..scene.themes import THEMES

PALETTE = (THEMES["classic"].banker, THEMES["classic"].player, "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#5d4037")
"""A line per bet: the first two in the board's Banker red and Player blue (roads.scene.themes)."""
ZERO = Ink("#111111")


def edge_chart(series: Mapping[str, Sequence[float]], title: str) -> Scene:
    """Return the chart of each bet's house edge (-0.05: 5% in the player's favour) after 0, 1, ... coups."""
    if not series or len({len(v) for v in series.values()}) != 1 or not next(iter(series.values())):
        raise RenderError("an edge chart needs at least one bet, each with the same number (at least one) of points")
    coups = len(next(iter(series.values()))) - 1
    # 0 is always on the scale: the line where a bet starts to favour the player.
    frame = Axes.fitting([100 * v for values in series.values() for v in values] + [0.0], coups)
    zero = plot.rule(LEFT, frame.y_of(0.0), WIDTH - RIGHT, frame.y_of(0.0), ZERO, 1.5)
    title_y = "% house edge of the next coup (below 0: the player's favour)"
    items: list[Item] = [frame.grid(), frame.axes(title_y, zero)]
    legend: list[Item] = []
    for n, (name, values) in enumerate(series.items()):
        colour = PALETTE[n % len(PALETTE)]
        points = tuple((frame.x_of(i), frame.y_of(100 * v)) for i, v in enumerate(values))
        items.append(Polyline(points, colour, 2.0, classes=name))
        legend += plot.key(LEFT + 10 + n * 130, TOP + 10, name, Ink(colour), TEXT, FONT_SIZE)
    items.append(Group(tuple(legend), id="legend", classes="legend"))
    names = list(series)
    rows = ["coups dealt," + ",".join(f"{n} edge %" for n in names)]
    rows += [f"{i}," + ",".join(f"{100 * series[n][i]:.4f}" for n in names) for i in range(coups + 1)]
    return chart_scene(items, title, rows)
