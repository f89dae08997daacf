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


def dragon_tiger_text(document: dict[str, Any]) -> str:
    """Return the document as a few lines: counts and shares, each test, and what is flagged in plain words."""
    lines = [f"{document['coups']} coups, tested against one coup of a full {document['decks']}-deck shoe", ""]
    for test in document["tests"]:
        observed = "-" if test["observed"] is None else f"{100 * test['observed']:.2f}%"
        p = "-" if test["p"] is None else f"{test['p']:.4g}"
        lines.append(
            f"  {test['figure'].title():<8}{test['hits']:>8}  {observed:>8}  expected {100 * test['expected']:.2f}%"
            f"  p {p}{'  FLAGGED' if test['flag'] else ''}"
        )
    chi = document["chi_square"]
    statistic = "-" if chi["statistic"] is None else f"{chi['statistic']:.2f}"
    p = "-" if chi["p"] is None else f"{chi['p']:.4g}"
    lines.append(f"  Dragon/Tiger/Tie chi-square {statistic} on {chi['dof']} df, p {p}")
    lines.append("")
    lines += document["flagged"] or ["Nothing flagged at 1% (Holm over the four tests)."]
    return "\n".join(lines) + "\n"
