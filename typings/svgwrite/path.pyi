from typing import Any

from svgwrite.base import BaseElement

class Path(BaseElement):
    commands: list[str]
    def __init__(self, d: str | list[str] | None = None, **extra: Any) -> None: ...
