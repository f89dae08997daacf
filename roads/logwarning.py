"""The warning a log reader gives for a problem it can work around (a stream that ends mid-coup).

It carries the cards of the unfinished coup, so it sits above :mod:`roads.cards`;
the errors (:mod:`roads.errors`) sit below the cards. It lives outside
:mod:`roads.logs`, so the CLI can watch for it without importing the readers.
"""

from __future__ import annotations

from typing import Unpack

from .cards import Card
from .errors import Located, Where


class LogWarning(Located, UserWarning):
    """A problem a reader can work around (a stream that ends mid-coup); carries where it is, as an error does."""

    def __init__(
        self, message: str, *, cards: int | None = None, dealt: tuple[Card, ...] = (), **where: Unpack[Where]
    ) -> None:
        super().__init__(message, **where)
        self.cards = cards
        self.dealt = dealt
        """The cards of the unfinished coup, in dealing order: they have left the shoe all the same."""
