"""The one escaping policy of every page: text from logs and options is cleaned, then escaped, never trusted.

Escaping alone is not enough for XML: control characters and lone surrogates
(a command-line argument that was not UTF-8) make a document that does not
parse at all, so they are dropped before anything is escaped. HTML text and
attributes are escaped by :func:`esc` (the templates' ``finalize`` runs it on
every value they print, so Jinja's autoescaping never meets raw text). Every
``<svg>`` on a page comes from the SVG back-end (:mod:`roads.render.svg`), whose
ElementTree escapes its text and attributes.
"""

from __future__ import annotations

import html

from ..scene.clean import clean

__all__ = ["bidi", "clean", "esc", "shorten"]


def esc(text: object) -> str:
    """Return ``text`` cleaned and escaped for HTML text and quoted attribute values (& < > " ')."""
    return html.escape(clean(text), quote=True)


def bidi(text: object) -> str:
    """Return ``text`` escaped inside ``<bdi>``, so right-to-left marks in it cannot reorder the page around it."""
    return f"<bdi>{esc(text)}</bdi>"


def shorten(text: str, limit: int) -> str:
    """Return ``text`` cut to at most ``limit`` characters, ending in '...' when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 3)].rstrip() + "..."
