"""The warning a log reader gives for a problem it can work around (a stream that ends mid-coup).

It carries the cards of the unfinished coup, so it sits above :mod:`roads.cards`;
the errors (:mod:`roads.errors`) sit below the cards. It lives outside
:mod:`roads.logs`, so the CLI can watch for it without importing the readers.
"""

from __future__ import annotations

from .cards import Card
from .errors import LogError


class LogWarning(UserWarning):
    """A problem a reader can work around (a stream that ends mid-coup); carries where it is."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        coup: int | None = None,
        cards: int | None = None,
        dealt: tuple[Card, ...] = (),
    ) -> None:
        located = LogError(message, file=file, line=line, coup=coup)
        super().__init__(str(located))
        self.message = message
        self.file = file
        self.line = line
        self.coup = coup
        self.cards = cards
        self.dealt = dealt
        """The cards of the unfinished coup, in dealing order: they have left the shoe all the same."""
