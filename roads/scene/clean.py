"""Text from logs and options made safe for SVG: the characters XML cannot hold are dropped before escaping.

Escaping alone is not enough for XML: control characters and lone surrogates
(a command-line argument that was not UTF-8) make a document that does not
parse at all.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids or that no text should carry (C0/C1 controls, surrogates, non-characters)."""


def clean(text: object) -> str:
    """Return ``text`` as a string without the characters XML forbids (tabs and line breaks are kept)."""
    return _UNSAFE.sub("", str(text))
