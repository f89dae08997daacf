"""Settle every bet of a rule set on one dealt coup, with the reason in words."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..coup import Coup
from ..rules import with_article
from .kinds import Deal, other
from .paytable import MAIN_BETS, Bet, RuleSet, pay_words


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one bet settled: ``win``, ``push`` or ``lose``, the net return per unit, and why."""

    bet: str
    result: str
    net: Fraction
    text: str

    def to_dict(self) -> dict[str, object]:
        """Return the ``{"bet", "result", "net"}`` record of the ``roads coup --json`` contract."""
        net: int | float = int(self.net) if self.net.denominator == 1 else float(self.net)
        return {"bet": self.bet, "result": self.result, "net": net}


def deal_of(coup: Coup) -> Deal:
    """Return what the bets see of a dealt coup."""

    def suited(cards: tuple[object, ...], pair: bool) -> bool | None:
        if not pair:
            return False
        suits = [getattr(c, "suit", None) for c in cards[:2]]
        return None if None in suits else suits[0] == suits[1]

    return Deal(
        player_two=(coup.player[0].value + coup.player[1].value) % 10,
        banker_two=(coup.banker[0].value + coup.banker[1].value) % 10,
        player_third=coup.player[2].value if len(coup.player) == 3 else None,
        banker_third=coup.banker[2].value if len(coup.banker) == 3 else None,
        player_pair=coup.player_pair,
        banker_pair=coup.banker_pair,
        player_suited=suited(coup.player, coup.player_pair),
        banker_suited=suited(coup.banker, coup.banker_pair),
    )


def settle(coup: Coup, rules: RuleSet) -> tuple[list[Settlement], list[str]]:
    """Return how every bet of ``rules`` settled on ``coup``, and notes on bets that could not be settled."""
    deal = deal_of(coup)
    out: list[Settlement] = []
    notes: list[str] = []
    for bet in rules.bets:
        try:
            event, pay = bet.settle(deal)
        except LookupError:
            notes.append(f"{bet.name}: not settled, the cards of a pair have no suits (a Perfect Pair needs them).")
            continue
        if pay == "lose":
            out.append(Settlement(bet.id, "lose", Fraction(-1), f"{_why_not(bet, deal)}: {bet.name} loses."))
            continue
        net = Fraction(0) if pay is None else pay
        # A pay of 0 to 1 hands back the stake and nothing more: that is a push.
        result = "win" if net > 0 else "push"
        what = _what(bet, deal, event or "")
        verb = "pushes" if pay is None else f"pays {pay_words(pay)}"
        subject = f"the {bet.name} bet" if bet.id in MAIN_BETS else bet.name
        if bet.id in MAIN_BETS and rules.name != "standard" and event not in ("win", "tie"):
            subject = f"under {rules.title} rules {subject}"
        out.append(Settlement(bet.id, result, net, f"{what}: {subject} {verb}."))
    return out, notes


def _cards(n: int) -> str:
    return "two-card" if n == 2 else "three-card"


def _what(bet: Bet, deal: Deal, event: str) -> str:
    """Return what happened that settled ``bet`` on ``event``, as the start of a sentence."""
    if event == "tie" or event.startswith("tie_"):
        return f"A tie on {deal.player_total}"
    return _WHAT[bet.kind](bet, deal, event)


def _what_main(bet: Bet, deal: Deal, event: str) -> str:
    side, t = bet.side, deal.total(bet.side)
    if "_with_" in event:
        return f"{side.capitalize()} wins with a {_cards(deal.hand_cards(side))} {t}"
    if event.startswith("win_"):
        return f"{side.capitalize()} wins with {with_article(t)}"
    return f"{side.capitalize()} wins {t} to {deal.total(other(side))}"


def _what_dragon(bet: Bet, deal: Deal, event: str) -> str:
    side = bet.side
    if event == "natural_win":
        return f"{side.capitalize()} wins with a natural {deal.total(side)}"
    if event == "natural_tie":
        return f"A tie with naturals ({deal.player_total} each)"
    return f"{side.capitalize()} wins by {deal.total(side) - deal.total(other(side))} without a natural"


def _what_pair(bet: Bet, deal: Deal, event: str) -> str:
    suited = " of the same suit" if bet.kind == "suited_pair" else ""
    if event == "both":
        return f"Both hands open with a pair{suited}"
    if suited:
        return f"A hand opens with a pair{suited}"
    hand = bet.side if bet.side != "either" else ("player" if deal.player_pair else "banker")
    return f"{hand.capitalize()}'s first two cards are a pair"


_WHAT = {
    "main": _what_main,
    "tie": lambda bet, deal, event: f"A tie on {deal.player_total}",
    "dragon_bonus": _what_dragon,
    "cards": lambda bet, deal, event: f"The coup used {deal.cards} cards",
    "pair": _what_pair,
    "suited_pair": _what_pair,
}


def _why_not(bet: Bet, deal: Deal) -> str:
    """Return what happened that loses ``bet``, as the start of a sentence."""
    if bet.kind in ("main", "dragon_bonus"):
        return _why_not_side(bet, deal)
    if bet.kind == "tie":
        return f"No tie ({deal.player_total} to {deal.banker_total})"
    if bet.kind == "cards":
        return f"The coup used {deal.cards} cards"
    if bet.kind == "suited_pair":
        return "No hand opens with a pair of the same suit"
    if bet.side == "either":
        return "Neither hand opens with a pair"
    return f"{bet.side.capitalize()}'s first two cards are not a pair"


def _why_not_side(bet: Bet, deal: Deal) -> str:
    won = deal.winner()
    if won == "tie":
        return f"A tie on {deal.player_total}" + (" without naturals" if bet.kind == "dragon_bonus" else "")
    if won != bet.side:
        return f"{won.capitalize()} wins {deal.total(won)} to {deal.total(other(won))}"
    t = deal.total(won)
    if bet.kind == "dragon_bonus":
        return f"{won.capitalize()} wins by only {t - deal.total(other(won))} without a natural"
    return f"{won.capitalize()} wins with a {_cards(deal.hand_cards(won))} {t}"


def settle_lines(coup: Coup, rules: RuleSet) -> list[str]:
    """Return the trace lines of the bets: one sentence per bet, then any notes."""
    settled, notes = settle(coup, rules)
    return [s.text for s in settled] + notes
