"""What each kind of bet looks at in a coup: the events it can pay on, most specific first.

A bet is a kind (and a side) plus a paytable; the kind's function here says
which of its events a coup made happen, the paytable says what each pays. The
same functions settle a dealt coup and build the exact engine's masks, so a
price and a settlement can never disagree about what a bet is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules import is_natural

SIDES = ("player", "banker")


@dataclass(frozen=True, slots=True)
class Deal:
    """What the bets see of one coup: two-card totals, third-card values, and the pairs.

    ``player_suited``/``banker_suited`` are None when the hand is a pair by rank
    but a suit is not known, so a Perfect Pair cannot be settled.
    """

    player_two: int
    banker_two: int
    player_third: int | None = None
    banker_third: int | None = None
    player_pair: bool = False
    banker_pair: bool = False
    player_suited: bool | None = False
    banker_suited: bool | None = False

    @property
    def player_total(self) -> int:
        """Return Player's final total."""
        return (self.player_two + (self.player_third or 0)) % 10

    @property
    def banker_total(self) -> int:
        """Return Banker's final total."""
        return (self.banker_two + (self.banker_third or 0)) % 10

    @property
    def cards(self) -> int:
        """Return how many cards the coup used."""
        return 4 + (self.player_third is not None) + (self.banker_third is not None)

    def total(self, side: str) -> int:
        """Return the final total of ``side`` (player or banker)."""
        return self.player_total if side == "player" else self.banker_total

    def hand_cards(self, side: str) -> int:
        """Return how many cards ``side`` holds (2 or 3)."""
        third = self.player_third if side == "player" else self.banker_third
        return 2 if third is None else 3

    def natural(self, side: str) -> bool:
        """Return True when ``side``'s first two cards make 8 or 9."""
        return is_natural(self.player_two if side == "player" else self.banker_two)

    def winner(self) -> str:
        """Return ``player``, ``banker`` or ``tie``."""
        p, b = self.player_total, self.banker_total
        return "player" if p > b else "banker" if b > p else "tie"


def other(side: str) -> str:
    """Return the other side."""
    return "banker" if side == "player" else "player"


def main_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of a bet on ``side`` winning: ``win_7_with_3_cards``, ``win_7``, ``win``; or ``tie``."""
    won = deal.winner()
    if won == "tie":
        return ("tie",)
    if won != side:
        return ()
    t = deal.total(side)
    return (f"win_{t}_with_{deal.hand_cards(side)}_cards", f"win_{t}", "win")


def tie_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of a tie bet: ``tie_6`` then ``tie`` for a tie on 6."""
    return (f"tie_{deal.player_total}", "tie") if deal.winner() == "tie" else ()


def dragon_bonus_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of Dragon Bonus on ``side``: a natural win, a natural tie, or a win by 1..9 without a natural."""
    won = deal.winner()
    if deal.natural(side) and won == side:
        return ("natural_win",)
    if won == "tie" and deal.natural(side):
        return ("natural_tie",)
    if won == side and not deal.natural(other(side)):
        return (f"win_by_{deal.total(side) - deal.total(other(side))}",)
    return ()


def cards_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of Big/Small: ``cards_4``, ``cards_5`` or ``cards_6``."""
    return (f"cards_{deal.cards}",)


def pair_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of a pair bet on ``side`` (player, banker or either): ``both`` (both hands pair) then ``pair``."""
    both = deal.player_pair and deal.banker_pair
    hit = deal.player_pair or deal.banker_pair if side == "either" else getattr(deal, f"{side}_pair")
    if not hit:
        return ()
    return ("both", "pair") if both else ("pair",)


def suited_pair_events(deal: Deal, side: str) -> tuple[str, ...]:
    """Events of a pair of the same rank and suit on ``side``: ``both`` then ``pair``.

    Raise LookupError when a rank pair's suits are not known (the bet cannot be settled).
    """
    player, banker = deal.player_suited, deal.banker_suited
    looked = (player, banker) if side == "either" else ((player,) if side == "player" else (banker,))
    if None in looked or (player is None or banker is None):
        raise LookupError("suits not known")
    both = bool(player) and bool(banker)
    if not any(looked):
        return ()
    return ("both", "pair") if both else ("pair",)


EventsOf = Callable[[Deal, str], tuple[str, ...]]

KINDS: dict[str, EventsOf] = {
    "main": main_events,
    "tie": tie_events,
    "dragon_bonus": dragon_bonus_events,
    "cards": cards_events,
    "pair": pair_events,
    "suited_pair": suited_pair_events,
}
"""The settle function of each kind of bet."""

BY_VALUE = frozenset({"main", "tie", "dragon_bonus", "cards"})
"""Kinds decided by card values alone: the exact engine prices them; pairs need ranks (and suits)."""

KIND_SIDES: dict[str, tuple[str, ...]] = {
    "main": SIDES,
    "tie": ("",),
    "dragon_bonus": SIDES,
    "cards": ("",),
    "pair": ("player", "banker", "either"),
    "suited_pair": ("player", "banker", "either"),
}
"""The sides each kind can be bet on ("" for a kind with no side)."""


def kind_events(kind: str) -> tuple[str, ...]:
    """Return every event a kind can pay on, for validating paytables and listing them."""
    if kind == "main":
        return (
            "win",
            "tie",
            *(f"win_{t}" for t in range(10)),
            *(f"win_{t}_with_{k}_cards" for t in range(10) for k in (2, 3)),
        )
    if kind == "tie":
        return ("tie", *(f"tie_{t}" for t in range(10)))
    if kind == "dragon_bonus":
        return ("natural_win", "natural_tie", *(f"win_by_{m}" for m in range(1, 10)))
    if kind == "cards":
        return ("cards_4", "cards_5", "cards_6")
    return ("pair", "both")
