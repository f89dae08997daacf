"""Caps on every number and string a log or the command line gives, checked before anything is converted.

Python refuses to turn more than 4,300 digits into an int (a ValueError from
deep inside the JSON decoder or ``int()``), and a value nobody caps is memory
nobody bounds. Every reader and option goes through these, so the limits and
their messages are the same everywhere (docs/reliability.md lists them).
"""

from __future__ import annotations

import re
from collections.abc import Container
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import excerpt, one_line

MAX_BURN = 11
"""Cards a shoe burns: the turned card plus up to 10 (a log naming more is wrong)."""

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

MAX_SMALL_FILE = 1 << 20
"""Bytes in a small file a user gives whole (a paytable): it is read at most this far, never to its end."""

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


def json_int(text: str) -> int:
    """Return a JSON integer; TooLong past MAX_DIGITS characters, before ``int()`` sees it."""
    return int(number_text(text))


def json_float(text: str) -> float:
    """Return a JSON decimal; TooLong past MAX_DIGITS characters, before ``float()`` sees it."""
    return float(number_text(text))


def json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Return one JSON object as a dict; TooLong past the caps or for a key given twice."""
    if len(pairs) > MAX_KEYS:
        raise TooLong(f"an object with {len(pairs)} keys: at most {MAX_KEYS}")
    out: dict[str, Any] = {}
    for key, value in pairs:
        check_key(key, out)
        out[key] = value
    return out


def check_key(key: str, seen: Container[str]) -> None:
    """Raise TooLong for a key past MAX_KEY characters or one already in ``seen``."""
    if len(key) > MAX_KEY:
        raise TooLong(f"a key of {len(key)} characters: at most {MAX_KEY}")
    if key in seen:
        # One rule at every level: json would keep the last, a hand-written reader the first; neither is safe.
        raise TooLong(f'the key "{excerpt(one_line(key))}" appears twice in one object: give each key once')


if TYPE_CHECKING:
    import json

    JSON_DECODER: json.JSONDecoder
    """Python's decoder with every number, key and object capped before conversion: every JSON reader uses it."""


def __getattr__(name: str) -> Any:
    """Return ``JSON_DECODER``, made on first use: a log that is not JSON never loads ``json``."""
    if name != "JSON_DECODER":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import json  # deferred: only a JSON log or a paytable reads JSON

    decoder = json.JSONDecoder(parse_int=json_int, parse_float=json_float, object_pairs_hook=json_object)
    globals()["JSON_DECODER"] = decoder
    return decoder


TOO_DEEP = "values nested too deeply (a log or paytable is at most a few levels deep)"
"""Python's JSON and TOML decoders recurse once per nesting level; ``[[[[...`` past the limit is a RecursionError."""


def read_small(path: str | Path, limit: int = MAX_SMALL_FILE) -> bytes:
    """Return the bytes of a small file, reading at most ``limit + 1``; TooLong when there are more.

    A device such as /dev/zero has no size to look at first, so the read itself is what is capped.
    """
    with open(path, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLong(f"more than {limit:,} bytes")
    return data


def long_number_line(text: str) -> int | None:
    """Return the line of the first number in ``text`` longer than MAX_DIGITS characters, None when none is."""
    found = _LONG_NUMBER.search(text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{MAX_DIGITS},}}")


_TOML_AT = re.compile(r"\(at line (\d+), column \d+\)$")
"""Where tomllib says a problem is, at the end of its message."""


def toml_problem(exc: ValueError) -> tuple[str, int | None]:
    """Return a ``tomllib.TOMLDecodeError``'s message without its place, and the line it names (if any)."""
    text = str(exc)
    at = _TOML_AT.search(text)
    return (text[: at.start()].rstrip(), int(at.group(1))) if at else (text, None)
