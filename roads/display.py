"""Notebook display for anything roads can draw: a board, a worked hand, a figure.

Jupyter and IPython look for ``_repr_svg_``, ``_repr_png_`` and ``_repr_html_``.
The model declares them here and imports nothing to answer them: the top of
the package (``roads/__init__.py``) binds a :class:`Drawer` once, and that
drawer loads the renderer (:mod:`roads.render.notebook`) the first time a
notebook asks. So the road model and the coup engine never load the renderer,
the scene or the lessons, and never name them.
"""

from __future__ import annotations

from typing import Protocol


class Drawer(Protocol):
    """What draws a subject for a notebook: as SVG, as PNG, and as an HTML figure."""

    def svg(self, subject: object) -> str:
        """Return ``subject`` drawn as an SVG document."""
        ...

    def png(self, subject: object) -> bytes:
        """Return ``subject`` drawn as PNG bytes."""
        ...

    def html(self, subject: object) -> str:
        """Return ``subject`` as an HTML figure with inline SVG whose ids cannot clash with another's."""
        ...


_drawer: Drawer | None = None


def bind(drawer: Drawer) -> None:
    """Make ``drawer`` answer every notebook display (``roads/__init__.py`` binds the renderer's)."""
    global _drawer  # noqa: PLW0603  # one drawer for the process, bound once at import
    _drawer = drawer


def _bound() -> Drawer:
    """Return the bound drawer; RuntimeError if nothing bound one (``import roads`` always does)."""
    if _drawer is None:
        raise RuntimeError("no notebook drawer is bound: import roads binds the renderer's")
    return _drawer


class NotebookDisplay:
    """Mixin: the object shows itself in a notebook as SVG, PNG or an HTML figure."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """Return the picture as an SVG document (notebooks call this)."""
        return _bound().svg(self)

    def _repr_png_(self) -> bytes:
        """Return the picture as PNG bytes (notebooks call this)."""
        return _bound().png(self)

    def _repr_html_(self) -> str:
        """Return the picture as an HTML figure with inline SVG whose ids cannot clash with another picture's."""
        return _bound().html(self)
