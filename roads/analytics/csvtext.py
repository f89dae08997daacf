"""CSV fields and lines as ``csv.writer`` writes them, except that a lone carriage return is quoted too.

``csv.writer`` with ``lineterminator="\\n"`` leaves a ``\\r`` inside a field
bare, and then its own reader refuses the file ("new-line character seen in
unquoted field"). A table name or a shoe id can hold one, so every CSV that
roads writes quotes it.
"""

from __future__ import annotations

from collections.abc import Iterable

_SPECIAL = (",", '"', "\r", "\n")


def cell(value: object) -> str:
    """Return one CSV field: empty for None, quoted only when it must be (a comma, quote, CR or LF)."""
    if value is None:
        return ""
    text = str(value)
    if any(ch in text for ch in _SPECIAL):
        return '"' + text.replace('"', '""') + '"'
    return text


def line(values: Iterable[object]) -> str:
    """Return one CSV line of ``values``, ending in a newline."""
    return ",".join(map(cell, values)) + "\n"
