"""Board -> Scene: the one layout every back-end (SVG, PNG, PDF) draws (primitives in model units, themes, options).

The names below load with the first use of each (PEP 562): the option table
(``roads.scene.options``) is read by every board's ``help()`` and by the
command line, and must not load the layout with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .layout import CELL, Sizes, lay_out, sizes_of
    from .options import ROADS, RenderOptions, render_options
    from .primitives import Circle, Grid, Group, Line, Polygon, Polyline, Rect, Scene, Symbol, Text, Use
    from .themes import THEMES, Theme

_HOMES: dict[str, str] = {
    **dict.fromkeys(("CELL", "Sizes", "lay_out", "sizes_of"), "layout"),
    **dict.fromkeys(("ROADS", "RenderOptions", "render_options"), "options"),
    **dict.fromkeys(
        ("Circle", "Grid", "Group", "Line", "Polygon", "Polyline", "Rect", "Scene", "Symbol", "Text", "Use"),
        "primitives",
    ),
    **dict.fromkeys(("THEMES", "Theme"), "themes"),
}
"""Each public name and the module it lives in."""

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
    "Sizes",
    "Symbol",
    "Text",
    "Theme",
    "Use",
    "lay_out",
    "render_options",
    "sizes_of",
]


__getattr__ = lazy_names(__name__, {name: f"{__name__}.{home}" for name, home in _HOMES.items()})
"""Return a public name, importing its module on first use."""
