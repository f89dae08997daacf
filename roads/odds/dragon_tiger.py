"""Exact odds of the next Dragon Tiger coup for any composition, and the edges under the common pays.

Dragon's card and Tiger's card are two distinct cards of the shoe, drawn
without replacement: over the N(N-1) ordered pairs, with n_r cards of rank r
and c_rs of rank r in suit s,

    tie        = sum_r n_r (n_r - 1) / (N (N - 1))
    suited tie = sum_rs c_rs (c_rs - 1) / (N (N - 1))
    Dragon     = sum_{r > r'} n_r n_r' / (N (N - 1)) = Tiger = (1 - tie) / 2

(Dragon and Tiger are exchangeable: swapping the two cards swaps the winner.)
The derivations of the edges are in docs/dragon-tiger.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from pydantic import Field

from ..cards import RANKS, SUITS, Card
from ..dragon_tiger import CARDS_PER_COUP, RANK_ORDER
from ..errors import OddsError
from .composition import CARDS_PER_RANK_PER_DECK, Composition, check_count
from .coup_odds import FromComposition

T = TypeVar("T", float, Fraction)

SIDE_PAYS = 1
"""Dragon and Tiger pay 1 to 1 and lose half the stake on a tie."""
TIE_PAYS = (8, 11)
"""The two common pays of the tie bet."""
SUITED_TIE_PAYS = 50
"""The suited tie bet pays 50 to 1 (and loses on any other result)."""

_BY_RANK = "None when the composition counts ranks only: whether a tie is suited depends on suits."


@dataclass(frozen=True, slots=True)
class SuitedComposition:
    """Cards left in a shoe, counted by rank and suit: 13 ranks A..K, each 4 counts in suit order S H D C."""

    counts: tuple[tuple[int, int, int, int], ...]

    def __post_init__(self) -> None:
        counts = tuple(tuple(row) for row in self.counts)
        if len(counts) != len(RANKS) or any(len(row) != len(SUITS) for row in counts):
            raise OddsError("a suited composition counts 13 ranks A..K, each in the 4 suits S H D C")
        for rank, row in zip(RANKS, counts, strict=True):
            for suit, count in zip(SUITS, row, strict=True):
                check_count(f"{rank}{suit}", count)
        object.__setattr__(self, "counts", counts)

    @classmethod
    def shoe(cls, decks: int) -> SuitedComposition:
        """Return the composition of a full shoe of ``decks`` 52-card decks: ``decks`` of every card."""
        full = Composition.shoe(decks)  # the one check of a deck count
        per_card = full.counts[0] // CARDS_PER_RANK_PER_DECK
        return cls(((per_card, per_card, per_card, per_card),) * len(RANKS))

    @property
    def total(self) -> int:
        """Return how many cards are left."""
        return sum(map(sum, self.counts))

    @property
    def ranks(self) -> Composition:
        """Return the same cards counted by rank only."""
        return Composition(tuple(sum(row) for row in self.counts))

    def without(self, cards: Iterable[Card], *, coup: int | None = None) -> SuitedComposition:
        """Return the composition once ``cards`` have left the shoe; OddsError if one was not there or has no suit."""
        counts = [list(row) for row in self.counts]
        for card in cards:
            if card.suit is None:
                raise OddsError(f"the card {card} has no suit: count ranks only (a Composition)", coup=coup)
            r, s = RANKS.index(card.rank), SUITS.index(card.suit)
            if counts[r][s] == 0:
                raise OddsError(f"a {card} was dealt but none was left in the shoe", coup=coup)
            counts[r][s] -= 1
        return SuitedComposition(tuple((a, b, c, d) for a, b, c, d in counts))


class _DragonTigerFields(FromComposition, Generic[T]):
    """Probabilities (0..1) and house edges of the next Dragon Tiger coup from one composition."""

    dragon: T = Field(description="Dragon's card ranks higher (A lowest, K highest).")
    tiger: T = Field(description="Tiger's card ranks higher.")
    tie: T = Field(description="The two cards share a rank.")
    suited_tie: T | None = Field(description="The two cards share a rank and a suit. " + _BY_RANK)
    edge_dragon: T = Field(description="House edge of Dragon, paid 1 to 1; a tie loses half the stake.")
    edge_tiger: T = Field(description="House edge of Tiger, paid 1 to 1; a tie loses half the stake.")
    edge_tie_8: T = Field(description="House edge of Tie, paid 8 to 1.")
    edge_tie_11: T = Field(description="House edge of Tie, paid 11 to 1.")
    edge_suited_tie: T | None = Field(description="House edge of Suited tie, paid 50 to 1. " + _BY_RANK)


class DragonTigerOdds(_DragonTigerFields[float]):
    """The odds of the next Dragon Tiger coup as floats, each the exact value correctly rounded."""


class ExactDragonTigerOdds(_DragonTigerFields[Fraction]):
    """The odds of the next Dragon Tiger coup as exact fractions; JSON carries each as a "n/d" string."""

    def to_float(self) -> DragonTigerOdds:
        """Return the same odds as floats, each correctly rounded."""
        return DragonTigerOdds.model_validate({k: (float(v) if isinstance(v, Fraction) else v) for k, v in self})


def dragon_tiger_odds(composition: Composition | SuitedComposition | Sequence[int]) -> ExactDragonTigerOdds:
    """Return the exact odds of the next Dragon Tiger coup from ``composition``.

    A :class:`SuitedComposition` gives every figure; a :class:`Composition` (or
    13 counts A..K) counts ranks only, so the suited tie and its edge are None.
    """
    if isinstance(composition, SuitedComposition):
        ranks = composition.ranks.counts
        by_card: list[int] | None = [c for row in composition.counts for c in row]
    else:
        ranks = Composition.of(composition).counts
        by_card = None
    n = sum(ranks)
    if n < CARDS_PER_COUP:
        raise OddsError(
            f"only {n} card{'s' if n != 1 else ''} left: a Dragon Tiger coup needs {CARDS_PER_COUP}, "
            "so the next coup's odds are not defined"
        )
    pairs = n * (n - 1)
    tie = Fraction(sum(c * (c - 1) for c in ranks), pairs)
    dragon = Fraction(_higher_first(ranks), pairs)
    tiger = 1 - tie - dragon
    suited = None if by_card is None else Fraction(sum(c * (c - 1) for c in by_card), pairs)
    return ExactDragonTigerOdds(
        cards_left=n,
        dragon=dragon,
        tiger=tiger,
        tie=tie,
        suited_tie=suited,
        edge_dragon=side_edge(dragon, tiger, tie),
        edge_tiger=side_edge(tiger, dragon, tie),
        edge_tie_8=tie_edge(tie, TIE_PAYS[0]),
        edge_tie_11=tie_edge(tie, TIE_PAYS[1]),
        edge_suited_tie=None if suited is None else tie_edge(suited, SUITED_TIE_PAYS),
    )


def _higher_first(ranks: Sequence[int]) -> int:
    """Return the ordered pairs whose first card outranks the second: sum over r of n_r times the cards below r."""
    below = 0
    count = 0
    for rank in sorted(RANKS, key=RANK_ORDER.__getitem__):
        n_r = ranks[RANKS.index(rank)]
        count += n_r * below
        below += n_r
    return count


def side_edge(win: Fraction, lose: Fraction, tie: Fraction) -> Fraction:
    """Return the house edge of a side paid 1 to 1 that loses half on a tie: lose + tie / 2 - win."""
    return lose + tie / 2 - SIDE_PAYS * win


def tie_edge(chance: Fraction, pays: int) -> Fraction:
    """Return the house edge of a bet paid ``pays`` to 1 that wins with ``chance``: 1 - (pays + 1) chance."""
    return 1 - (pays + 1) * chance


def dragon_tiger_shoe(decks: int = 8) -> ExactDragonTigerOdds:
    """Return the exact odds of the first coup of a full shoe of ``decks`` decks."""
    return dragon_tiger_odds(SuitedComposition.shoe(decks))


def dragon_tiger_through(dealt: Sequence[Sequence[Card]], decks: int = 8) -> list[ExactDragonTigerOdds]:
    """Return the odds before the first coup and after each coup whose cards are ``dealt``.

    When every card has a suit the suited tie is counted from the cards left;
    otherwise ranks only are counted (the suited tie is None).
    """
    suited = all(card.suit is not None for cards in dealt for card in cards)
    start: Composition | SuitedComposition = SuitedComposition.shoe(decks) if suited else Composition.shoe(decks)
    out = [dragon_tiger_odds(start)]
    left = start
    for number, cards in enumerate(dealt, 1):
        left = left.without(cards, coup=number)
        if left.total < CARDS_PER_COUP:
            break
        out.append(dragon_tiger_odds(left))
    return out


def odds_json(odds: ExactDragonTigerOdds, exact: bool = False) -> str:
    """Return the odds as ``roads odds --game dragon-tiger --json`` prints them (exact fractions with ``exact``;
    no last newline): the server's ``/odds`` of a Dragon Tiger table too."""
    return json.dumps({"game": "dragon-tiger", **odds_data(odds, exact)}, ensure_ascii=False, indent=2)


def odds_data(odds: ExactDragonTigerOdds, exact: bool = False) -> dict[str, object]:
    """Return the odds as JSON-ready data: exact fractions as text with ``exact``, else floats."""
    return odds.model_dump(mode="json") if exact else odds.to_float().model_dump(mode="json")
