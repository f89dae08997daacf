"""Drawing primitives in model units: everything a back-end must know how to paint.

A scene is computed once by the layout; the SVG and PNG back-ends only
translate it, so the two pictures always agree. Colours are final ``#rrggbb``
strings: the theme was applied when the scene was made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Data = tuple[tuple[str, str], ...]
"""``data-*`` attributes of an element, as (name without ``data-``, value) pairs."""


@dataclass(frozen=True, slots=True)
class Circle:
    """A disc (``fill``), a ring (``stroke``) or both, centred on (cx, cy)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    classes: str = field(default="", repr=False)
    """Classes a page's style sheet paints it by (a report plot's ``tick``), or a test finds it by.

    Left out of the repr, which the id prefixes of a figure digest (:mod:`roads.scene.ids`).
    """


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle from its top-left corner, optionally with rounded corners of radius ``rx``."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    rx: float = 0.0
    classes: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight stroke with round caps (slashes, ticks)."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float
    classes: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class Polyline:
    """Strokes joining ``points`` in order, with round joins and caps (a chart's series)."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float
    classes: str = ""
    """Classes a stylesheet or a test can find the line by (``banker``)."""


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed shape through ``points``: filled, and a ``stroke`` with round joins straddling its edge."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    classes: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text whose baseline sits at ``y``; ``anchor`` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "middle"
    bold: bool = False
    halo: str | None = None
    """A background-coloured outline that keeps the text legible over a stroke."""
    halo_width: float = 0.0
    classes: str = field(default="", repr=False)


@dataclass(frozen=True, slots=True)
class Grid:
    """The ruled cells of one road: ``columns`` x ``rows`` cells from (x, y), lines of width ``width``."""

    x: float
    y: float
    columns: int
    rows: int
    cell: float
    stroke: str
    width: float
    classes: str = field(default="", repr=False)
    """Classes beside ``grid`` (``major``: the derived roads' strong lines, one Big Road cell apart)."""


Shape = Circle | Rect | Line | Polyline | Polygon | Text | Grid


@dataclass(frozen=True, slots=True)
class Symbol:
    """A shape drawn many times (a ring, a dot, a slash), defined once around (0, 0)."""

    id: str
    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class Use:
    """One placement of a symbol with its centre at (x, y)."""

    symbol: str
    x: float
    y: float
    classes: str = ""
    data: Data = ()


@dataclass(frozen=True, slots=True)
class Group:
    """Items painted in order, with the id and classes a stylesheet or a test can find them by."""

    items: tuple[Item, ...]
    id: str | None = None
    classes: str = ""
    data: Data = ()


Item = Shape | Use | Group


@dataclass(frozen=True, slots=True)
class Scene:
    """A whole picture in model units: size, symbols, painted items and its text copy."""

    width: float
    height: float
    background: str
    symbols: tuple[Symbol, ...]
    items: tuple[Item, ...]
    title: str
    desc: str
    font_family: str
    lang: str = "en"
    base_cell: float = 24.0
    """Model units of one Big Road cell, the unit that ``cell`` (pixels per cell) scales."""


def walk(items: tuple[Item, ...]) -> list[Shape | Use]:
    """Return every shape and placement under ``items`` in paint order (groups flattened)."""
    out: list[Shape | Use] = []
    stack = [iter(items)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, Group):
                stack.append(iter(item.items))
                break
            out.append(item)
        else:
            stack.pop()
    return out
