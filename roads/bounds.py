"""Caps on every number and string a log or the command line gives, checked before anything is converted.

Python refuses to turn more than 4,300 digits into an int (a ValueError from
deep inside the JSON decoder or ``int()``), and a value nobody caps is memory
nobody bounds. Every reader and option goes through these, so the limits and
their messages are the same everywhere (docs/reliability.md lists them).
"""

from __future__ import annotations

import re

MAX_DIGITS = 100
"""Characters in one number (sign, digits, point, exponent): no count, total or seed is longer."""

MAX_TEXT = 1000
"""Characters in one seed, title-like option or other short text given on the command line."""

MAX_KEY = 100
"""Characters in one key of a JSON object: keys are names like ``winner`` or ``player_cards``."""

MAX_KEYS = 100
"""Keys in one JSON object (a coup, a shoe line, or a log object's metadata)."""

LEGIBLE_CELL = 8
"""Pixels per Big Road cell below which a picture cannot be read: at 8 the marks, slashes and letters still
show (at 4 or 6 the Bead Plate's letters and the stats are a blur)."""

MAX_CELL = 400
"""Pixels per Big Road cell above which a board is a poster nobody asked for (and a huge PNG)."""

_WHOLE = re.compile(r"-?[0-9]+")


class TooLong(ValueError):
    """A number, string or key past its cap; its message says which cap."""


def number_text(text: str, what: str = "a number") -> str:
    """Return ``text`` unchanged; TooLong when it has more than MAX_DIGITS characters."""
    if len(text) > MAX_DIGITS:
        raise TooLong(f"{what} of {len(text)} characters: at most {MAX_DIGITS}")
    return text


def whole_number(text: str, what: str = "a number") -> int | None:
    """Return ``text`` as an int when it is a whole number in ASCII digits (a minus sign allowed), else None.

    TooLong when it has more than MAX_DIGITS characters, before any conversion.
    """
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        return None
    return int(number_text(stripped, what))


def cell_size(value: float) -> float:
    """Return ``value`` as pixels per Big Road cell; ValueError saying the smallest legible size when it is less."""
    if value < LEGIBLE_CELL:
        raise ValueError(f"cell {value:g} is too small to read: the smallest legible cell is {LEGIBLE_CELL} px")
    if value > MAX_CELL:
        raise ValueError(f"cell {value:g} is too big: from {LEGIBLE_CELL} to {MAX_CELL} pixels")
    return value


def short_text(text: str, what: str = "a text", limit: int = MAX_TEXT) -> str:
    """Return ``text`` unchanged; TooLong when it has more than ``limit`` characters."""
    if len(text) > limit:
        raise TooLong(f"{what} of {len(text)} characters: at most {limit}")
    return text
