"""Cards: ranks, suits and the baccarat value of each (rulebook section 1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import CardError, excerpt

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""Ranks in shoe order; ten is written ``T`` (``10`` is accepted on input)."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")

_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_VALUES = {rank: (i + 1 if i < 9 else 0) for i, rank in enumerate(RANKS)}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and, when the log gave one, a suit."""

    rank: str
    suit: str | None = None

    @property
    def value(self) -> int:
        """Return the baccarat value: ace 1, two to nine face value, tens and faces 0."""
        return _VALUES[self.rank]

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


def rank_value(rank: str) -> int:
    """Return the baccarat value of a rank letter."""
    return _VALUES[rank]


def parse_card(token: str) -> Card:
    """Return the card a token names (``A``, ``10``, ``kh``, ``Q♠``); raise CardError otherwise."""
    text = token.strip()
    if not text:
        raise CardError("empty card token")
    suit = None
    last = text[-1]
    if last in _SUIT_SYMBOLS:
        suit, text = _SUIT_SYMBOLS[last], text[:-1]
    elif len(text) >= 2 and last.upper() in SUITS:
        suit, text = last.upper(), text[:-1]
    rank = text.upper()
    if rank == "10":
        rank = "T"
    if rank not in _VALUES:
        raise CardError(
            f"'{excerpt(token)}' is not a card: use a rank A 2-9 T (or 10) J Q K, "
            "optionally followed by a suit S H D C or ♠ ♥ ♦ ♣"
        )
    return Card(rank, suit)


def hand_total(cards: Sequence[Card]) -> int:
    """Return a hand's total: the last digit of the sum of its card values."""
    return sum(card.value for card in cards) % 10
