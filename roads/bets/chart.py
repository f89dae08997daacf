"""How bets' house edges moved through a shoe, as a Scene the SVG and PNG back-ends draw.

Below the zero line a bet favoured the player; the chart draws that line
darker so the coups where it happened stand out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..errors import RenderError
from ..odds.chart import BOTTOM, COLOURS, FONT_SIZE, HEIGHT, LEFT, RIGHT, TOP, WIDTH, _label, _nice_step
from ..scene.primitives import Group, Item, Line, Polyline, Scene, Text

PALETTE = ("#c8102e", "#1f5fbf", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#5d4037")
ZERO = "#111111"


def edge_chart(series: Mapping[str, Sequence[float]], title: str) -> Scene:
    """Return the chart of each bet's house edge (-0.05: 5% in the player's favour) after 0, 1, ... coups."""
    if not series or len({len(v) for v in series.values()}) != 1 or not next(iter(series.values())):
        raise RenderError("an edge chart needs at least one bet, each with the same number (at least one) of points")
    ys = [100 * v for values in series.values() for v in values] + [0.0]
    low, high = min(ys), max(ys)
    step = _nice_step(max(high - low, 1.0))
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    coups = len(next(iter(series.values()))) - 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(i: float) -> float:
        return round(LEFT + (plot_w * i / coups if coups else plot_w / 2), 2)

    def y_of(pct: float) -> float:
        return round(TOP + plot_h * (high - pct) / (high - low), 2)

    def label(x: float, y: float, text: str, anchor: str) -> Text:
        return Text(x, y, text, FONT_SIZE, COLOURS["text"], anchor=anchor)

    grid: list[Item] = []
    for k in range(round((high - low) / step) + 1):
        pct = low + k * step
        y = y_of(pct)
        grid.append(Line(LEFT, y, WIDTH - RIGHT, y, COLOURS["grid"], 1.0))
        grid.append(label(LEFT - 6, round(y + FONT_SIZE * 0.35, 2), _label(pct, step), "end"))
    axes: list[Item] = []
    x_step = max(1, int(_nice_step(max(coups, 1), 8)))
    for i in range(0, coups + 1, x_step):
        x = x_of(i)
        axes.append(Line(x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 4, COLOURS["axis"], 1.0))
        axes.append(label(x, HEIGHT - BOTTOM + 16, str(i), "middle"))
    axes.append(Line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, COLOURS["axis"], 1.0))
    axes.append(Line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, COLOURS["axis"], 1.0))
    axes.append(Line(LEFT, y_of(0.0), WIDTH - RIGHT, y_of(0.0), ZERO, 1.5))
    axes.append(label(LEFT + plot_w / 2, HEIGHT - 6, "coups dealt", "middle"))
    axes.append(label(LEFT - 44, TOP - 14, "% house edge of the next coup (below 0: the player's favour)", "start"))
    items: list[Item] = [Group(tuple(grid), id="grid", classes="grid"), Group(tuple(axes), id="axes", classes="axes")]
    legend: list[Item] = []
    for n, (name, values) in enumerate(series.items()):
        colour = PALETTE[n % len(PALETTE)]
        points = tuple((x_of(i), y_of(100 * v)) for i, v in enumerate(values))
        items.append(Polyline(points, colour, 2.0, classes=name))
        x = LEFT + 10 + n * 130
        legend.append(Line(x, TOP + 10, x + 18, TOP + 10, colour, 2.0))
        legend.append(label(x + 23, round(TOP + 10 + FONT_SIZE * 0.35, 2), name, "start"))
    items.append(Group(tuple(legend), id="legend", classes="legend"))
    names = list(series)
    rows = ["coups dealt," + ",".join(f"{n} edge %" for n in names)]
    rows += [f"{i}," + ",".join(f"{100 * series[n][i]:.4f}" for n in names) for i in range(coups + 1)]
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
