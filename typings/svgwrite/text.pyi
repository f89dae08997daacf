from typing import Any

from svgwrite.base import BaseElement

_Coordinate = float | str | list[float | str] | None

class TSpan(BaseElement):
    text: str
    def __init__(
        self,
        text: str,
        insert: tuple[float, float] | None = None,
        x: _Coordinate = None,
        y: _Coordinate = None,
        dx: _Coordinate = None,
        dy: _Coordinate = None,
        rotate: _Coordinate = None,
        **extra: Any,
    ) -> None: ...

class Text(TSpan): ...
