"""Every error a user can cause, as specific classes that are also ``ValueError``; all of them live here.

Each carries where the problem is (file, line, column, coup) so the CLI can
print one line that points at it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TypedDict

QUOTE_LIMIT = 60
"""Most characters of a user's text an error quotes: a bad 1 MB token must not become a 1 MB message."""


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Return ``text`` as an error quotes it: at most ``limit`` characters, cut in the middle with '...'."""
    if len(text) <= limit:
        return text
    head = (limit - 3) * 2 // 3
    return f"{text[:head]}...{text[len(text) - (limit - 3 - head) :]}"


def one_line(text: str) -> str:
    """Return ``text`` with line breaks, control and bidi-format characters written as escapes.

    Errors quote what a log said; a log can hold a carriage return, an ANSI
    escape or a right-to-left override, and none of them may break the one
    line an error is printed on, or repaint the terminal it is printed to.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == " " or unicodedata.category(ch) not in _UNPRINTED:
            out.append(ch)
        else:
            out.append(repr(ch)[1:-1])  # repr spells each as \n, \x1b, \u202e
    return "".join(out)


def unknown_choice(what: str, value: object, choices: Iterable[str]) -> str:
    """Return the one message for a value not among ``choices``: ``unknown theme 'neon': choose one of ...``."""
    return f"unknown {what} '{excerpt(one_line(str(value)))}': choose one of {', '.join(choices)}"


_UNPRINTED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories an error never prints raw: controls, format (bidi) marks, surrogates, line breaks."""


class Where(TypedDict, total=False):
    """Where a problem is, as the keyword arguments of a RoadsError or a LogWarning (``LogError(message, **where)``)."""

    file: str | None
    line: int | None
    column: int | None
    coup: int | None


class Located(Exception):
    """A problem and where it is (file, line, column, coup), printed as one line that points at it.

    The one keeper of a problem's place: every error (:class:`RoadsError`) and a reader's warning
    (:class:`roads.logwarning.LogWarning`) build on it.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        coup: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.coup = coup

    def __str__(self) -> str:
        where = []
        if self.file is not None:
            where.append(self.file)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        if self.coup is not None:
            where.append(f"coup {self.coup}")
        text = f"{', '.join(where)}: {self.message}" if where else self.message
        return one_line(text)


class RoadsError(Located, ValueError):
    """Base class of every user-facing error in ``roads``."""

    def located(
        self, *, file: str | None = None, line: int | None = None, column: int | None = None, coup: int | None = None
    ) -> RoadsError:
        """Return this error with any missing location filled in."""
        self.file = self.file if self.file is not None else file
        self.line = self.line if self.line is not None else line
        self.column = self.column if self.column is not None else column
        self.coup = self.coup if self.coup is not None else coup
        return self


class CardError(RoadsError):
    """A token that is not a card."""


class CoupError(RoadsError):
    """Cards that cannot make one legal coup (wrong count, rules broken)."""


class LogError(RoadsError):
    """A shoe log that cannot be read (format, encoding, empty, truncated)."""


class ShoeError(RoadsError):
    """Impossible shoe settings (decks, cut card) or an exhausted shoe."""


class RoadError(RoadsError):
    """A request about the roads that cannot be met (unknown road, no such mark)."""


class PatternError(RoadsError):
    """A good-road pattern file (``--good-roads FILE``) with a bad key, value or column."""


class OutputError(RoadsError):
    """An output file that cannot be written (no such folder, a folder in its place, disk full)."""


class RenderError(RoadsError):
    """A picture that cannot be made (unknown theme, bad output, missing font)."""


class OddsError(RoadsError):
    """A shoe composition for which odds cannot be computed."""


class LessonError(RoadsError):
    """A lesson, figure, fence or drill that cannot be made (bad option, mark range, chart cell)."""


class BetError(RoadsError):
    """A rule set, bet or paytable that cannot be used (unknown name, negative payout, options that clash)."""


class StatsError(RoadsError):
    """Statistics that cannot be given: no readable shoe, a grouping the log cannot supply, a bad deck count."""


class TableError(RoadsError):
    """A live table (``roads serve``) that cannot take a request: unknown, changed since (stale), or read-only.

    ``status`` is the HTTP status the server answers with: 404 unknown, 409 stale or read-only.
    """

    def __init__(self, message: str, *, status: int = 409, coup: int | None = None) -> None:
        super().__init__(message, coup=coup)
        self.status = status
