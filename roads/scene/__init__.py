"""Board -> Scene: the one layout every back-end (SVG, PNG, PDF) draws (primitives in model units, themes, options)."""

from .layout import CELL, Sizes, lay_out, sizes_of
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
    "Sizes",
    "Symbol",
    "Text",
    "Theme",
    "Use",
    "lay_out",
    "render_options",
    "sizes_of",
]
