"""``roads odds --bets``: every bet of a rule set priced exactly, for a full shoe or through a log.

The one point priced (JSON and table) is made by :mod:`roads.bets.next_coup`, which ``roads serve`` uses too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..bets import RuleSet, prices_through
from ..bets.next_coup import AnyPrices, next_coup, next_coup_json, report
from ..cards import Card
from ..coup import Coup
from ..errors import BetError, RoadsError, one_line
from ..odds.api import shoe_phrase
from .output.odds_bets import each_json, each_table


def full_shoe(decks: int, rules: RuleSet, *, exact: bool, as_json: bool) -> str:
    """Return the prices of the first coup of a full shoe, as text or JSON (with the coup's odds)."""
    if as_json:
        return next_coup_json((), decks, rules, exact=exact)
    priced, _ = next_coup((), decks, rules, exact=exact)
    return report(priced, rules, f"the first coup of a full {decks}-deck shoe")


def through_log(
    log: str,
    coups: Sequence[Coup],
    under_way: tuple[Card, ...],
    decks: int,
    rules: RuleSet,
    *,
    each: bool,
    only: tuple[str, ...],
    plot: Path | None,
    exact: bool,
    as_json: bool,
) -> str:
    """Return the prices after a log (or after each of its coups with ``each``), writing ``plot`` if asked."""
    for bet in only:
        rules.bet(bet)
    chosen = only or tuple(b.id for b in rules.bets)
    if not each and plot is None:
        # The next coup alone: its prices and odds, not the whole shoe's course.
        try:
            if as_json:
                return next_coup_json(coups, decks, rules, exact=exact, under_way=under_way)
            priced, _ = next_coup(coups, decks, rules, exact=exact, under_way=under_way)
        except RoadsError as exc:
            raise exc.located(file=log) from None
        return report(priced, rules, _what(coups, under_way, decks))
    try:
        series = prices_through(coups, decks, rules, exact=exact, under_way=under_way)
    except RoadsError as exc:
        raise exc.located(file=log) from None
    complete = series[: len(coups) + 1]
    if plot is not None:
        from ..bets.edge_chart import edge_chart
        from ..odds.chance_chart import save_chart

        try:
            lines = {bet: [edge(p, bet) for p in complete] for bet in chosen}
        except RoadsError as exc:
            raise exc.located(file=log) from None
        title = f"House edge through the shoe under {one_line(rules.title)} rules: {', '.join(chosen)}"
        save_chart(edge_chart(lines, title), plot)
    if not each:
        if as_json:
            return next_coup_json(coups, decks, rules, exact=exact, under_way=under_way)
        return report(series[-1], rules, _what(coups, under_way, decks))
    if as_json:
        return each_json(series, chosen, len(coups), len(under_way))
    return each_table(complete, chosen, rules)


def _what(coups: Sequence[Coup], under_way: tuple[Card, ...], decks: int) -> str:
    """Return which coup the prices are of, as the report's title says it."""
    played = f"{len(coups)} coup{'s' if len(coups) != 1 else ''} of {shoe_phrase(decks)}"
    if not under_way:
        return f"the next coup after {played}"
    # The cut-off coup's cards are out of the shoe: these are the prices of the coup after it.
    cards = f"{len(under_way)} card{'s' if len(under_way) != 1 else ''}"
    return f"coup {len(coups) + 2}, after {played} and the first {cards} of coup {len(coups) + 1}"


def edge(p: AnyPrices, bet: str) -> float:
    """Return the house edge of ``bet`` in ``p``; BetError when the shoe cannot say (a Perfect Pair without suits)."""
    price = next(b for b in p.bets if b.bet == bet)
    if price.edge is None:
        raise BetError(f"{bet} cannot be priced through this log: a card has no suit, and a Perfect Pair needs them")
    return float(price.edge)
