"""Every error a user can cause, as specific classes that are also ``ValueError``.

Each carries where the problem is (file, line, column, coup) so the CLI can
print one line that points at it.
"""

from __future__ import annotations


class RoadsError(ValueError):
    """Base class of every user-facing error in ``roads``."""

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

    def located(self, *, file: str | None = None, line: int | None = None,
                column: int | None = None, coup: int | None = None) -> "RoadsError":
        """Return this error with any missing location filled in."""
        self.file = self.file if self.file is not None else file
        self.line = self.line if self.line is not None else line
        self.column = self.column if self.column is not None else column
        self.coup = self.coup if self.coup is not None else coup
        return self

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
        return f"{', '.join(where)}: {self.message}" if where else self.message


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


class RenderError(RoadsError):
    """A picture that cannot be made (unknown theme, bad output, missing font)."""


class OddsError(RoadsError):
    """A shoe composition for which odds cannot be computed."""


class LessonError(RoadsError):
    """A lesson, figure, fence or drill that cannot be made (bad option, mark range, chart cell)."""
