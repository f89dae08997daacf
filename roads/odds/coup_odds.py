"""The odds of one coup as pydantic models: floats, or exact fractions that serialise as "n/d"."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .engine import SequenceCounts

T = TypeVar("T", float, Fraction)

BANKER_COMMISSION = Fraction(1, 20)
TIE_PAYS = 8
PAIR_PAYS = 11


_BY_VALUE = "None when the composition was given by value with two or more ten-valued cards."
"""Why a pair figure can be missing: by value, two ten-valued cards may or may not share a rank."""


class FromComposition(BaseModel):
    """What every game's odds of the next coup share: frozen, and the size of the composition they come from."""

    model_config = ConfigDict(frozen=True)

    cards_left: int = Field(description="Cards in the composition the odds were computed from.")


class _OddsFields(FromComposition, Generic[T]):
    """Probabilities (0..1) and house edges for the next coup from one composition."""

    banker: T = Field(description="Banker wins.")
    player: T = Field(description="Player wins.")
    tie: T = Field(description="Tie.")
    natural: T = Field(description="A two-card 8 or 9 on either side.")
    player_draws: T = Field(description="Player takes a third card.")
    banker_draws: T = Field(description="Banker takes a third card, whether Player stood or drew.")
    cards_4: T = Field(description="The coup uses 4 cards.")
    cards_5: T = Field(description="The coup uses 5 cards.")
    cards_6: T = Field(description="The coup uses 6 cards.")
    banker_six: T = Field(description="Banker wins with a total of 6 (pays half under no commission).")
    banker_pair: T | None = Field(description="Banker's first two cards share a rank. " + _BY_VALUE)
    player_pair: T | None = Field(description="Player's first two cards share a rank. " + _BY_VALUE)
    edge_banker: T = Field(description="House edge of Banker, paid 1 to 1 less 5% commission; ties push.")
    edge_player: T = Field(description="House edge of Player, paid 1 to 1; ties push.")
    edge_tie: T = Field(description="House edge of Tie, paid 8 to 1.")
    edge_banker_no_commission: T = Field(
        description="House edge of Banker with no commission: a Banker win with 6 pays 1 to 2; ties push."
    )
    edge_banker_pair: T | None = Field(description="House edge of Banker pair, paid 11 to 1. " + _BY_VALUE)
    edge_player_pair: T | None = Field(description="House edge of Player pair, paid 11 to 1. " + _BY_VALUE)


class Odds(_OddsFields[float]):
    """The odds of the next coup as floats, each the exact value correctly rounded."""


class ExactOdds(_OddsFields[Fraction]):
    """The odds of the next coup as exact fractions; JSON carries each as a "n/d" string."""

    def to_float(self) -> Odds:
        """Return the same odds as floats, each correctly rounded."""
        return Odds.model_validate({name: (float(v) if isinstance(v, Fraction) else v) for name, v in self})


def build_exact(rank_counts: Sequence[int] | None, counted: SequenceCounts, total: int) -> ExactOdds:
    """Return exact odds from the engine's event counts and the counts by rank (None: pairs unknown)."""
    p = {name: Fraction(n, counted.denominator) for name, n in counted.numerators.items()}
    n = total
    # Exchangeability: P1 and P2 (or B1 and B2) are any two distinct cards of the shoe.
    pair = None if rank_counts is None else Fraction(sum(c * (c - 1) for c in rank_counts), n * (n - 1))
    return ExactOdds(
        cards_left=n,
        banker=p["banker"],
        player=p["player"],
        tie=p["tie"],
        natural=p["natural"],
        player_draws=p["player_draws"],
        banker_draws=p["banker_draws"],
        cards_4=p["cards_4"],
        cards_5=p["cards_5"],
        cards_6=p["cards_6"],
        banker_six=p["banker_six"],
        banker_pair=pair,
        player_pair=pair,
        edge_banker=p["player"] - (1 - BANKER_COMMISSION) * p["banker"],
        edge_player=p["banker"] - p["player"],
        edge_tie=1 - (TIE_PAYS + 1) * p["tie"],
        edge_banker_no_commission=p["player"] - (p["banker"] - p["banker_six"]) - p["banker_six"] / 2,
        edge_banker_pair=None if pair is None else 1 - (PAIR_PAYS + 1) * pair,
        edge_player_pair=None if pair is None else 1 - (PAIR_PAYS + 1) * pair,
    )
