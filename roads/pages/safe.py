"""The one escaping policy of every page: text from logs and options is cleaned, then escaped, never trusted.

Escaping alone is not enough for XML: control characters and lone surrogates
(a command-line argument that was not UTF-8) make a document that does not
parse at all, so they are dropped before anything is escaped. HTML text and
attributes are escaped by :func:`esc` (the templates' ``finalize`` runs it on
every value they print, so Jinja's autoescaping never meets raw text); the
SVG elements a page writes by hand are escaped as ElementTree writes them
(:func:`xml_text`, :func:`xml_attribute`), so they match the SVG back-end's bytes.
"""

from __future__ import annotations

import html
import re

from ..scene.clean import clean

__all__ = ["bidi", "clean", "esc", "shorten", "xml_attribute", "xml_text"]


def esc(text: object) -> str:
    """Return ``text`` cleaned and escaped for HTML text and quoted attribute values (& < > " ')."""
    return html.escape(clean(text), quote=True)


def bidi(text: object) -> str:
    """Return ``text`` escaped inside ``<bdi>``, so right-to-left marks in it cannot reorder the page around it."""
    return f"<bdi>{esc(text)}</bdi>"


def shorten(text: str, limit: int) -> str:
    """Return ``text`` cut to at most ``limit`` characters, ending in '...' when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 3)].rstrip() + "..."


_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;"})
_UNSAFE_ATTRIBUTE = re.compile('[&<>"\n]')


def xml_text(text: str) -> str:
    """Return SVG element text escaped as ElementTree writes it (& < > only; quotes stay)."""
    return text.translate(_TEXT_ESCAPES)


def xml_attribute(value: str) -> str:
    """Return an SVG attribute value escaped as ElementTree writes it (& < > " and line breaks)."""
    return value.translate(_ATTRIBUTE_ESCAPES) if _UNSAFE_ATTRIBUTE.search(value) else value
