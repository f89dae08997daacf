"""A shoe's fields: what a log says about a shoe besides its coups (table, date, decks, seed, cut, burned).

Every reader hands the raw values to :func:`shoe_fields`, so a field means the
same wherever it was written: a JSON Lines shoe line's keys, a sheet's
columns, or a one-shoe log's ``# key: value`` header (a JSON log's top keys).

A date is a real calendar date in ISO 8601: ``YYYY-MM-DD``, optionally
followed by a time (``T`` or a space, ``HH:MM`` or ``HH:MM:SS``, fractions of
a second and a ``Z`` or ``+HH:MM`` offset allowed). The text is kept as
written; grouping and ordering use the date (and time) it names.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from ..errors import LogError, excerpt

FIELDS = ("table", "date", "decks", "seed", "cut", "burned")
"""The shoe fields every log format can carry, in the order they are written."""

DATE_FORMS = "YYYY-MM-DD, optionally with a time: 2024-03-01T20:15, 2024-03-01 20:15:30"
"""The date forms accepted, as messages and --help say them."""

_DATE = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})"
    r"(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
)
_NUMBER = re.compile("[1-9][0-9]{0,8}|0")
"""A count or a seed read from text: ASCII digits, no leading zero (``007`` stays text), at most 9 of them."""


def check_date(text: str) -> datetime.date:
    """Return the calendar date ``text`` names; ValueError saying why when it is not one of :data:`DATE_FORMS`.

    >>> check_date("2024-03-01T20:15")
    datetime.date(2024, 3, 1)
    """
    found = _DATE.fullmatch(text.strip())
    if found is None:
        raise ValueError(f"date '{excerpt(text)}' is not an ISO 8601 date: write {DATE_FORMS}")
    year, month, day, hour, minute, second = (int(g) if g else 0 for g in found.groups())
    try:
        datetime.time(hour, minute, second)
        return datetime.date(year, month, day)
    except ValueError:
        raise ValueError(f"date '{excerpt(text)}' is not a real date or time: write {DATE_FORMS}") from None


def day_of(text: str) -> str:
    """Return the day a checked date names, as ``YYYY-MM-DD`` (what ``--by date`` groups by)."""
    return check_date(text).isoformat()


def date_order(text: str) -> tuple[datetime.date, str]:
    """Return the sort key of a checked date: its day, then its time of day as written (zero-padded, so in order)."""
    rest = text.strip()[10:].lstrip("T ")
    return check_date(text), rest


NOT_EXTRA = frozenset({"shoe", "results", "coups", "format", "game", "rules", "version", "title"})
"""Keys of a shoe line or header that are the log's own, never an ``extra`` a shoe is grouped by."""


def shoe_fields(raw: Mapping[str, object], file: str, line: int | None) -> dict[str, Any]:
    """Return the fields a log gives a shoe, from their raw values (JSON values or text); LogError for a bad date.

    Values no field can take (a list for a table, text for decks) are left out, as before; ``burned`` is kept
    as its cards' text, space-separated. Any other key with a text or number value (a dealer, a shift) is kept
    in ``extra``, sorted (key, text) pairs: what ``roads stats --hold --by COLUMN`` groups by.
    """
    out: dict[str, Any] = {}
    extra = tuple(
        sorted(
            (str(key).lower(), str(value))
            for key, value in raw.items()
            if key not in FIELDS
            and str(key).lower() not in NOT_EXTRA
            and isinstance(value, (str, int))
            and not isinstance(value, bool)
            and value != ""
        )
    )
    if extra:
        out["extra"] = extra
    for key in FIELDS:
        value = raw.get(key)
        if value is None or isinstance(value, bool) or value == "":
            continue
        if key == "burned":
            out[key] = " ".join(map(str, value)) if isinstance(value, list) else str(value)
        elif key in ("decks", "cut"):
            if isinstance(value, int) or (isinstance(value, str) and _NUMBER.fullmatch(value.strip())):
                out[key] = int(value)
        elif key == "seed":
            if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
                out[key] = int(value)
            elif isinstance(value, (str, int)):
                out[key] = value
        elif isinstance(value, (str, int)):
            out[key] = str(value)
    date = out.get("date")
    if date is not None:
        try:
            check_date(date)
        except ValueError as exc:
            raise LogError(str(exc), file=file, line=line) from None
    return out
