from typing import Any

from svgwrite.container import SVG

class Drawing(SVG):
    filename: str
    def __init__(
        self, filename: str = "noname.svg", size: tuple[float | str, float | str] = ("100%", "100%"), **extra: Any
    ) -> None: ...
