"""Notebook display for anything roads can draw: a scoreboard, a worked hand, a figure.

Jupyter and IPython look for ``_repr_svg_``, ``_repr_png_`` and ``_repr_html_``.
Each method asks the renderer (:mod:`roads.render.notebook`) when it is called,
and the renderer asks the scene registry for the object's scene, so the road
model and the coup engine never load the renderer, the scene or the lessons.
"""

from __future__ import annotations


class NotebookDisplay:
    """Mixin: the object shows itself in a notebook as SVG, PNG or an HTML figure."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """Return the picture as an SVG document (notebooks call this)."""
        from .render.notebook import notebook_svg

        return notebook_svg(self)

    def _repr_png_(self) -> bytes:
        """Return the picture as PNG bytes (notebooks call this)."""
        from .render.notebook import notebook_png

        return notebook_png(self)

    def _repr_html_(self) -> str:
        """Return the picture as an HTML figure with inline SVG whose ids cannot clash with another's."""
        from .render.notebook import notebook_html

        return notebook_html(self)
