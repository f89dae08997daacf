"""A plot's parts as scene items: nice ticks and their labels, scales, gridlines, axes, bars, intervals, keys.

Every plot the project draws is made of these: the odds and bets charts
(painted pictures, SVG and PNG) and the archive report's plots (inline SVG
that the page's style sheet paints). Each part takes an :class:`Ink`, its
colour for a painted picture and its classes for a style sheet; the SVG
writer leaves the colours out of a page's plot
(:func:`roads.render.svg.page_svg`). Text sizes are a parameter of every part
that places text, in model units, which a page's plot shows as CSS px at its
viewBox width.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .primitives import Circle, Item, Line, Rect, Text

BASELINE = 0.35
"""Share of the font size a label's baseline sits below the line it names, so the text centres on it."""
TICK_GAP = 6.0
"""Model units between a y axis's tick labels and the plot."""
X_LABEL_DROP = 16.0
"""Model units from an x axis down to its tick labels' baseline."""
TICK_MARK = 4.0
"""Length of an x axis's tick marks."""


def nice_step(span: float, target: int = 6) -> float:
    """Return a 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target`` steps."""
    raw = span / target
    power: float = 10 ** math.floor(math.log10(raw))  # an int from 1 up, a float below
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def tick_label(value: float, step: float) -> str:
    """Return a tick's value with as many decimals as its step needs (``0.5`` for a step of 0.1)."""
    # The epsilon keeps a step such as 100 * 0.001 (0.09999...) at one decimal, not two.
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    return f"{value:.{decimals}f}"


def percent_label(share: float, step: float) -> str:
    """Return a share (0..1) as a percentage tick label for ticks ``step`` (a share) apart: ``45%``, ``2.5%``."""
    return tick_label(100 * share, 100 * step) + "%"


def ticks(low: float, high: float, step: float) -> list[float]:
    """Return the multiples of ``step`` from ``low`` to ``high`` (both included), free of float noise."""
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    return [round(k * step, 10) for k in range(first, last + 1)]


def fit(values: Iterable[float], target: int = 6, least: float = 1.0) -> tuple[float, float, float]:
    """Return (low, high, step): the nice steps of at least ``least`` span that hold every one of ``values``."""
    seen = list(values)
    low, high = min(seen), max(seen)
    step = nice_step(max(high - low, least), target)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    return low, high, step


@dataclass(frozen=True, slots=True)
class Scale:
    """A straight map from values ``low``..``high`` to coordinates ``start``..``end`` (a y axis runs upward)."""

    low: float
    high: float
    start: float
    end: float

    def at(self, value: float) -> float:
        """Return the coordinate of ``value``."""
        return self.start + (value - self.low) / (self.high - self.low) * (self.end - self.start)


@dataclass(frozen=True, slots=True)
class Ink:
    """How one kind of part is painted: its colour in a picture, and its classes for a page's style sheet."""

    colour: str
    classes: str = ""


def label(x: float, y: float, text: str, size: float, ink: Ink, anchor: str = "start") -> Text:
    """Return a plot's text with its baseline at (x, y)."""
    return Text(x, y, text, size, ink.colour, anchor=anchor, classes=ink.classes)


def rule(x1: float, y1: float, x2: float, y2: float, ink: Ink, width: float = 1.0) -> Line:
    """Return a straight line of a plot: an axis, a gridline, a reference line, a whisker."""
    return Line(x1, y1, x2, y2, ink.colour, width, classes=ink.classes)


def y_grid(rows: Iterable[tuple[float, str]], x1: float, x2: float, line: Ink, text: Ink, size: float) -> list[Item]:
    """Return a gridline from ``x1`` to ``x2`` at each (y, label) of ``rows``, its label left of ``x1``."""
    items: list[Item] = []
    for y, name in rows:
        items.append(rule(x1, y, x2, y, line))
        items.append(label(x1 - TICK_GAP, round(y + size * BASELINE, 2), name, size, text, "end"))
    return items


def x_ticks(
    columns: Iterable[tuple[float, str]], axis_y: float, text: Ink, size: float, mark: Ink | None = None
) -> list[Item]:
    """Return a label under an x axis at ``axis_y`` for each (x, label) of ``columns``, a tick mark with ``mark``."""
    items: list[Item] = []
    for x, name in columns:
        if mark is not None:
            items.append(rule(x, axis_y, x, axis_y + TICK_MARK, mark))
        items.append(label(x, axis_y + X_LABEL_DROP, name, size, text, "middle"))
    return items


def bar(x: float, width: float, top: float, base: float, ink: Ink) -> Rect:
    """Return a bar from its ``base`` line up to ``top``."""
    return Rect(x, top, width, base - top, fill=ink.colour, classes=ink.classes)


def band(x: float, y: float, width: float, height: float, ink: Ink) -> Rect:
    """Return a shaded range behind a plot's marks (a 99% band, a row's stripe)."""
    return Rect(x, y, width, height, fill=ink.colour, classes=ink.classes)


def interval(
    low: float, high: float, at: float, ink: Ink, *, vertical: bool = False, cap: float = 0.0, width: float = 2.0
) -> list[Item]:
    """Return an interval's whisker from ``low`` to ``high`` across the line ``at``, with end caps ``cap`` long."""
    ends = [(low, at, high, at)]
    ends += [(end, at - cap, end, at + cap) for end in (low, high)] if cap else []
    if vertical:
        ends = [(y1, x1, y2, x2) for x1, y1, x2, y2 in ends]
    return [rule(x1, y1, x2, y2, ink, width) for x1, y1, x2, y2 in ends]


def point(x: float, y: float, r: float, ink: Ink, edge: Ink | None = None, width: float = 0.0) -> Circle:
    """Return a plotted value as a dot, with an ``edge`` ring that parts it from a whisker behind it."""
    stroke = edge.colour if edge is not None else None
    return Circle(x, y, r, fill=ink.colour, stroke=stroke, width=width, classes=ink.classes)


def key(x: float, y: float, name: str, line: Ink, text: Ink, size: float, width: float = 2.0) -> list[Item]:
    """Return a legend's entry: a short stroke at (x, y) in ``line`` and its name after it."""
    return [rule(x, y, x + 18, y, line, width), label(x + 23, round(y + size * BASELINE, 2), name, size, text)]
