"""The next coup priced: its exact odds and every bet's chances and house edge, as JSON or as a table.

One piece of code for ``roads odds --bets`` (a full shoe, or ``--after LOG``)
and for ``roads serve``'s ``GET /api/tables/{table}/odds``: the same coups,
decks and rule set give the same bytes in both.

>>> from roads.bets import rule_set
>>> data = json.loads(next_coup_json([], 8, rule_set("ez")))
>>> list(data), data["odds"]["cards_left"], data["bets"][0]["bet"]
(['rules', 'title', 'cards_left', 'odds', 'bets'], 416, 'banker')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from ..cards import Card
from ..coup import Coup
from ..errors import OddsError, one_line
from ..odds import ExactOdds, Odds, odds_for, percent
from ..odds.api import compositions_through
from .paytable import RuleSet
from .price import Prices, prices_for, suits_through

AnyPrices = Prices[float] | Prices[Fraction]
"""Prices as floats, or as exact fractions (``--exact``)."""


def next_coup(
    coups: Sequence[Coup], decks: int, rules: RuleSet, *, exact: bool = False, under_way: Sequence[Card] = ()
) -> tuple[AnyPrices, Odds | ExactOdds]:
    """Return every bet of ``rules`` priced, and the odds, of the coup after ``coups`` (and ``under_way``).

    With no coups these are the first coup of a full shoe. Only the last point
    is priced; a shoe that cannot hold the log raises the error of its coup.
    """
    comp = compositions_through(coups, decks, under_way)[-1]
    suited = suits_through(coups, decks, under_way)[-1]
    where = len(coups) + (1 if under_way else 0) or None
    try:
        return prices_for(comp, rules, suited=suited, exact=exact), odds_for(comp, exact=exact)
    except OddsError as exc:
        raise exc.located(coup=where) from None


def priced_json(priced: AnyPrices, odds: Odds | ExactOdds) -> str:
    """Return the JSON of one point of a shoe: the rule set, the cards left, the odds, and each bet's price."""
    data = priced.model_dump(mode="json")
    out = {
        "rules": data["rules"],
        "title": data["title"],
        "cards_left": data["cards_left"],
        "odds": odds.model_dump(mode="json"),
        "bets": data["bets"],
    }
    return json.dumps(out, indent=2)


def next_coup_json(
    coups: Sequence[Coup], decks: int, rules: RuleSet, *, exact: bool = False, under_way: Sequence[Card] = ()
) -> str:
    """Return what ``roads odds --after LOG --rules R --json`` prints (without its final newline)."""
    return priced_json(*next_coup(coups, decks, rules, exact=exact, under_way=under_way))


def cell(value: Fraction | float | None, places: int) -> str:
    """Return a chance or an edge in percent, ``-`` when the shoe does not say."""
    return "-" if value is None else percent(Fraction(value), places)


def report(p: AnyPrices, rules: RuleSet, what: str) -> str:
    """Return every bet's win, push and lose chances and house edge, in percent, with the paytable below."""
    lines = [
        f"Bets under {one_line(rules.title)} rules: {what} ({p.cards_left} cards left), in percent",
        "",
        f"  {'bet':<21}{'win':>10}{'push':>10}{'lose':>10}{'house edge':>12}",
    ]
    exact = any(isinstance(b.edge, Fraction) for b in p.bets)
    for b in p.bets:
        row = f"  {b.bet:<21}" + "".join(f"{cell(getattr(b, k), 6):>10}" for k in ("win", "push", "lose"))
        row += f"{cell(b.edge, 6):>12}"
        if exact and isinstance(b.edge, Fraction):
            row += f"   {b.edge.numerator}/{b.edge.denominator}"
        lines.append(row)
    lines += [
        "",
        "House edge: expected loss per unit staked, a push counted as a bet that returned the stake.",
        "- : not known from this shoe (a Perfect Pair needs every card's suit).",
        "",
        "Paytable (net pay per unit; anything else loses):",
    ]
    lines += [f"  {bet.id:<21}{bet.pays_text()}" for bet in rules.bets]
    return "\n".join(lines)
