"""One CSV cell as roads writes it and reads it back: quoted when it must be, and never run as a formula.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and,
in some, a tab or a carriage return) as a formula, so a table named
``=HYPERLINK(...)`` in a log would run on whoever opens the CSV. Text is
written with a leading ``'`` then (OWASP's advice), and every reader of
roads takes exactly that one ``'`` off again (:func:`restored`), so a file
reads back as the text it was written from. Numbers roads computes (``-0.5``,
``-3``) are written as numbers: only text, which may come from a log, is
guarded. Every CSV roads writes, logs and statistics alike, goes through
:func:`cell` (docs/logs.md, "CSV cells").

``csv.writer`` with ``lineterminator="\\n"`` leaves a ``\\r`` inside a field
bare, and then its own reader refuses the file ("new-line character seen in
unquoted field"), so a lone carriage return is quoted too.
"""

from __future__ import annotations

from collections.abc import Iterable

FORMULA = frozenset("=+-@\t\r")
"""First characters a spreadsheet may run as a formula (OWASP, "CSV Injection")."""

_QUOTED = (",", '"', "\r", "\n")
"""Characters that make ``csv.writer`` quote a field (a lone CR too, which it leaves bare)."""

_QUOTED_IN_LOGS = (",", ";", '"', "\t", "\r", "\n")
"""A log's reader also tells ``;`` and tab sheets apart and strips unquoted cells: quote those too."""


def _guarded(text: str) -> bool:
    """Return True when ``text``, after any leading ``'``, starts with a formula character."""
    rest = text.lstrip("'")
    return bool(rest) and rest[0] in FORMULA


def defused(text: str) -> str:
    """Return ``text`` with a ``'`` in front when a spreadsheet would run it as a formula.

    Text that already starts with ``'`` before such a character gets one more,
    so :func:`restored` gives back exactly what was written from.
    """
    return "'" + text if _guarded(text) else text


def restored(text: str) -> str:
    """Return a cell read from a CSV without the one ``'`` :func:`defused` put in front; other text as it is."""
    return text[1:] if text.startswith("'") and _guarded(text) else text


def cell(value: object, *, log: bool = False) -> str:
    """Return one CSV field: empty for None, text defused, quoted only when it must be.

    ``log`` writes a cell of a spreadsheet log, which roads reads back itself:
    a ``;`` or tab, a space at either end or a leading ``#`` are quoted too.
    """
    if value is None:
        return ""
    text = defused(value) if isinstance(value, str) else str(value)
    special = _QUOTED_IN_LOGS if log else _QUOTED
    if any(ch in text for ch in special) or (log and (text != text.strip() or text.startswith("#"))):
        return '"' + text.replace('"', '""') + '"'
    return text


def line(values: Iterable[object]) -> str:
    """Return one CSV line of ``values``, ending in a newline."""
    return ",".join(map(cell, values)) + "\n"
