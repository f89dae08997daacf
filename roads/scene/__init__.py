"""Board -> Scene: the one layout both back-ends translate (primitives in model units, themes, options)."""

from .layout import CELL, lay_out
from .options import ROADS, RenderOptions, render_options
from .primitives import Circle, Grid, Group, Line, Polygon, Polyline, Rect, Scene, Symbol, Text, Use
from .themes import THEMES, Theme

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
