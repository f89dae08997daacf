"""``roads odds --bets``: every bet of a rule set priced exactly, for a full shoe or through a log.

The one point priced (JSON and table) is made by :mod:`roads.bets.next_coup`, which ``roads serve`` uses too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..bets import RuleSet, prices_through
from ..bets.next_coup import AnyPrices, cell, next_coup, next_coup_json, report
from ..bets.price import BetPrice
from ..cards import Card
from ..coup import Coup
from ..errors import BetError, RoadsError, one_line
from ..odds.api import shoe_phrase


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


def each_json(series: Sequence[AnyPrices], chosen: Sequence[str], coups: int, under_way: int) -> str:
    """Return the prices after each coup as a JSON list, one point a line, keeping the ``chosen`` bets.

    As ``roads odds --each``: a coup the log cuts off (``under_way`` cards of
    it dealt) is one more point, its dealt cards counted.
    """
    points = []
    for k, p in enumerate(series):
        data = p.model_dump(mode="json")
        data["bets"] = [b for b in data["bets"] if b["bet"] in chosen]
        where = {"coups_dealt": k} if k <= coups else {"coups_dealt": coups, "cards_of_next_coup": under_way}
        points.append({**where, **data})
    return "[\n  " + ",\n  ".join(map(json.dumps, points)) + "\n]"


def edge(p: AnyPrices, bet: str) -> float:
    """Return the house edge of ``bet`` in ``p``; BetError when the shoe cannot say (a Perfect Pair without suits)."""
    price = next(b for b in p.bets if b.bet == bet)
    if price.edge is None:
        raise BetError(f"{bet} cannot be priced through this log: a card has no suit, and a Perfect Pair needs them")
    return float(price.edge)


def each_table(series: Sequence[AnyPrices], chosen: tuple[str, ...], rules: RuleSet) -> str:
    """Return one line per point of the shoe with each chosen bet's edge, then where a bet favoured the player."""
    widths = {c: max(8, len(c)) for c in chosen}
    head = f"{'dealt':>5} {'left':>5}" + "".join(f" {c:>{widths[c]}}" for c in chosen)
    lines = [f"House edge of the next coup after each coup under {one_line(rules.title)} rules, in percent", "", head]
    favoured: dict[str, list[int]] = {c: [] for c in chosen}
    for k, p in enumerate(series):
        by_id: dict[str, BetPrice[float] | BetPrice[Fraction]] = {b.bet: b for b in p.bets}
        cells = []
        for c in chosen:
            found = by_id[c].edge
            cells.append(f" {cell(found, 4):>{widths[c]}}")
            if found is not None and found < 0:
                favoured[c].append(k)
        lines.append(f"{k:>5} {p.cards_left:>5}" + "".join(cells))
    lines += ["", "Coups after which a bet favoured the player (house edge below 0):"]
    for c in chosen:
        at = favoured[c]
        lines.append(f"  {c}: " + (", ".join(map(str, at)) if at else "none"))
    return "\n".join(lines)
