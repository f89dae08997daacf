"""Board -> Scene: the one layout both back-ends translate (primitives in model units, themes, options).

The names load on first use: the public board reads the option table
(``roads.scene.options``) to list the options in ``help(board.svg)``, and
that must not cost it the layout.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .layout import CELL, lay_out
    from .options import ROADS, RenderOptions, render_options
    from .primitives import Circle, Grid, Group, Line, Polygon, Polyline, Rect, Scene, Symbol, Text, Use
    from .themes import THEMES, Theme

_HOME = {
    **dict.fromkeys(("CELL", "lay_out"), ".layout"),
    **dict.fromkeys(("ROADS", "RenderOptions", "render_options"), ".options"),
    **dict.fromkeys(
        ("Circle", "Grid", "Group", "Line", "Polygon", "Polyline", "Rect", "Scene", "Symbol", "Text", "Use"),
        ".primitives",
    ),
    **dict.fromkeys(("THEMES", "Theme"), ".themes"),
}

__all__ = [
    "CELL",
    "ROADS",
    "THEMES",
    "Circle",
    "Grid",
    "Group",
    "Line",
    "Polygon",
    "Polyline",
    "Rect",
    "RenderOptions",
    "Scene",
    "Symbol",
    "Text",
    "Theme",
    "Use",
    "lay_out",
    "render_options",
]


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'roads.scene' has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
