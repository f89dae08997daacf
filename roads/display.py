"""Notebook display for anything roads can draw: a scoreboard, a worked hand, a figure.

Jupyter and IPython look for ``_repr_svg_``, ``_repr_png_`` and ``_repr_html_``.
Each method imports the renderer when it is called, so the road model and the
coup engine never load it (or svgwrite and Pillow) at import time.
"""

from __future__ import annotations


class NotebookDisplay:
    """Mixin: the object shows itself in a notebook as SVG, PNG or an HTML figure."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """Return the picture as an SVG document (notebooks call this)."""
        from .lesson.embed import picture

        return picture(self, "svg").decode("utf-8")  # type: ignore[arg-type]

    def _repr_png_(self) -> bytes:
        """Return the picture as PNG bytes (notebooks call this)."""
        from .lesson.embed import picture

        return picture(self, "png")  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        """Return the picture as an HTML figure with inline SVG whose ids cannot clash with another's."""
        from .lesson.embed import html_figure

        return html_figure(self)  # type: ignore[arg-type]
