"""Text from logs and options made safe for HTML and SVG: cleaned, then escaped, never trusted.

Escaping alone is not enough for XML: control characters and lone surrogates
(a command-line argument that was not UTF-8) make a document that does not
parse at all, so they are dropped before anything is escaped.
"""

from __future__ import annotations

import html
import re

_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids or that no text should carry (C0/C1 controls, surrogates, non-characters)."""


def clean(text: object) -> str:
    """Return ``text`` as a string without the characters XML forbids (tabs and line breaks are kept)."""
    return _UNSAFE.sub("", str(text))


def esc(text: object) -> str:
    """Return ``text`` cleaned and escaped for HTML text and quoted attribute values (& < > " ')."""
    return html.escape(clean(text), quote=True)


def bidi(text: object) -> str:
    """Return ``text`` escaped inside ``<bdi>``, so right-to-left marks in it cannot reorder the page around it."""
    return f"<bdi>{esc(text)}</bdi>"


def shorten(text: str, limit: int) -> str:
    """Return ``text`` cut to at most ``limit`` characters, ending in '...' when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 3)].rstrip() + "..."
