"""Dragon Tiger counts tested against the exact odds: Dragon, Tiger and Tie shares, and their chi-square.

The same tests as baccarat's (roads.analytics.theory): each share against the
exact chance of one coup of a full shoe (99% interval, z, two-sided p), a
chi-square of Dragon/Tiger/Tie, and Holm over the four as one family.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..odds.dragon_tiger import dragon_tiger_shoe
from ..outcome import Outcome, Winner
from .theory import ALPHA, chi_reading, chi_square, holm, holm_adjusted, judge, reading

FIGURES: tuple[tuple[str, Winner], ...] = (("dragon", Winner.BANKER), ("tiger", Winner.PLAYER), ("tie", Winner.TIE))
"""Each figure tested, by name, and the board side it is counted from (Dragon in Banker's place)."""


def count(outcomes: list[Outcome]) -> dict[str, int]:
    """Return how many coups each result took: dragon, tiger, tie."""
    wins = dict.fromkeys(Winner, 0)
    for outcome in outcomes:
        wins[outcome.winner] += 1
    return {name: wins[winner] for name, winner in FIGURES}


def dragon_tiger_document(counts: dict[str, int], decks: int, unit: str = "archive") -> dict[str, Any]:
    """Return the counts with each share and the chi-square tested against the exact odds of ``decks`` decks."""
    odds = dragon_tiger_shoe(decks).to_float()
    coups = sum(counts.values())
    figures = [judge(name, counts[name], coups, getattr(odds, name)) for name, _ in FIGURES]
    chi = chi_square("dragon/tiger/tie", [counts[name] for name, _ in FIGURES], [odds.dragon, odds.tiger, odds.tie])
    ps = [f.p for f in figures] + [chi.p]
    flags, adjusted = holm(ps), holm_adjusted(ps)
    figures = [replace(f, flag=flag, p_adjusted=p) for f, flag, p in zip(figures, flags, adjusted, strict=False)]
    chi = replace(chi, flag=flags[-1], p_adjusted=adjusted[-1])
    flagged = [reading(f, unit) for f in figures if f.flag] + ([chi_reading(chi, unit)] if chi.flag else [])
    return {
        "game": "dragon-tiger",
        "decks": decks,
        "coups": coups,
        **counts,
        "alpha": ALPHA,
        "tests": [f.to_dict() for f in figures],
        "chi_square": chi.to_dict(),
        "flagged": flagged,
    }
