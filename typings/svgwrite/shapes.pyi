from collections.abc import Iterable
from typing import Any

from svgwrite.base import BaseElement

_Point = tuple[float | str, float | str]

class Line(BaseElement):
    def __init__(self, start: _Point = (0, 0), end: _Point = (0, 0), **extra: Any) -> None: ...

class Rect(BaseElement):
    def __init__(
        self,
        insert: _Point = (0, 0),
        size: _Point = (1, 1),
        rx: float | None = None,
        ry: float | None = None,
        **extra: Any,
    ) -> None: ...

class Circle(BaseElement):
    def __init__(self, center: _Point = (0, 0), r: float | str = 1, **extra: Any) -> None: ...

class Polyline(BaseElement):
    points: list[_Point]
    def __init__(self, points: Iterable[_Point] = [], **extra: Any) -> None: ...

class Polygon(Polyline): ...
