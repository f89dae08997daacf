from typing import Any

from svgwrite.base import BaseElement

class Group(BaseElement): ...
class Defs(Group): ...
class Symbol(BaseElement): ...

class SVG(Symbol):
    defs: Defs
    def __init__(
        self,
        insert: tuple[float, float] | None = None,
        size: tuple[float | str, float | str] | None = None,
        **extra: Any,
    ) -> None: ...

class Use(BaseElement):
    def __init__(
        self,
        href: str | BaseElement,
        insert: tuple[float, float] | None = None,
        size: tuple[float, float] | None = None,
        **extra: Any,
    ) -> None: ...

class Style(BaseElement):
    def __init__(self, content: str = "", **extra: Any) -> None: ...
