"""Notebook display: what Jupyter's ``_repr_svg_``, ``_repr_png_`` and ``_repr_html_`` return for anything drawable.

The drawer that ``roads/__init__.py`` binds for :mod:`roads.display` imports
this module only when a notebook asks; it asks :func:`roads.scene.subjects.drawing`
for the object's scene, so the model never knows how it is drawn. The HTML
figure is :func:`roads.pages.figure.notebook_html`, beside every other page's figure.
"""

from __future__ import annotations

from ..scene.subjects import drawing
from .png import scene_png
from .svg import scene_svg


def notebook_svg(subject: object) -> str:
    """Return ``subject`` drawn as an SVG document."""
    d = drawing(subject)
    return scene_svg(d.scene, cell=d.size.get("cell"), width=d.size.get("width"))


def notebook_png(subject: object) -> bytes:
    """Return ``subject`` drawn as PNG bytes."""
    d = drawing(subject)
    return scene_png(d.scene, cell=d.size.get("cell"), width=d.size.get("width"), scale=d.size.get("scale", 1.0))
