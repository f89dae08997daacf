"""``roads odds --bets``: every bet of a rule set priced exactly, for a full shoe or through a log."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..bets import Prices, RuleSet, prices, prices_through
from ..bets.price import BetPrice
from ..cards import Card
from ..coup import Coup
from ..errors import BetError, RoadsError, one_line
from ..odds import percent
from ..odds.api import shoe_phrase

AnyPrices = Prices[float] | Prices[Fraction]


def full_shoe(decks: int, table: RuleSet, *, exact: bool, as_json: bool) -> str:
    """Return the prices of the first coup of a full shoe, as a table or JSON."""
    priced = prices(decks, table, exact=exact)
    if as_json:
        return _json(priced)
    return report(priced, table, f"the first coup of a full {decks}-deck shoe")


def through_log(
    log: str,
    coups: Sequence[Coup],
    under_way: tuple[Card, ...],
    decks: int,
    table: RuleSet,
    *,
    each: bool,
    only: tuple[str, ...],
    plot: Path | None,
    exact: bool,
    as_json: bool,
) -> str:
    """Return the prices after a log (or after each of its coups with ``each``), writing ``plot`` if asked."""
    for bet in only:
        table.bet(bet)
    try:
        series = prices_through(coups, decks, table, exact=exact, under_way=under_way)
    except RoadsError as exc:
        raise exc.located(file=log) from None
    complete = series[: len(coups) + 1]
    chosen = only or tuple(b.id for b in table.bets)
    if plot is not None:
        from ..bets.edge_chart import edge_chart
        from ..odds.chance_chart import save_chart

        try:
            lines = {bet: [_edge(p, bet) for p in complete] for bet in chosen}
        except RoadsError as exc:
            raise exc.located(file=log) from None
        title = f"House edge through the shoe under {one_line(table.title)} rules: {', '.join(chosen)}"
        save_chart(edge_chart(lines, title), plot)
    if not each:
        played = f"{len(coups)} coup{'s' if len(coups) != 1 else ''} of {shoe_phrase(decks)}"
        if as_json:
            return _json(series[-1])
        what = f"the next coup after {played}"
        if under_way:
            # The cut-off coup's cards are out of the shoe: these are the prices of the coup after it.
            cards = f"{len(under_way)} card{'s' if len(under_way) != 1 else ''}"
            what = f"coup {len(coups) + 2}, after {played} and the first {cards} of coup {len(coups) + 1}"
        return report(series[-1], table, what)
    if as_json:
        points = []
        for k, p in enumerate(series):
            data = p.model_dump(mode="json")
            data["bets"] = [b for b in data["bets"] if b["bet"] in chosen]
            # As roads odds --each: a coup the log cuts off is one more point, its dealt cards counted.
            where = (
                {"coups_dealt": k}
                if k <= len(coups)
                else {"coups_dealt": len(coups), "cards_of_next_coup": len(under_way)}
            )
            points.append({**where, **data})
        return "[\n  " + ",\n  ".join(map(json.dumps, points)) + "\n]"
    return each_table(complete, chosen, table)


def _edge(p: AnyPrices, bet: str) -> float:
    price = next(b for b in p.bets if b.bet == bet)
    if price.edge is None:
        raise BetError(f"{bet} cannot be priced through this log: a card has no suit, and a Perfect Pair needs them")
    return float(price.edge)


def _json(p: AnyPrices) -> str:
    data = p.model_dump(mode="json")
    out = {"rules": data["rules"], "title": data["title"], "cards_left": data["cards_left"], "bets": data["bets"]}
    return json.dumps(out, indent=2)


def _cell(value: Fraction | float | None, places: int) -> str:
    return "-" if value is None else percent(Fraction(value), places)


def report(p: AnyPrices, table: RuleSet, what: str) -> str:
    """Return every bet's win, push and lose chances and house edge, in percent, with the paytable below."""
    lines = [
        f"Bets under {one_line(table.title)} rules: {what} ({p.cards_left} cards left), in percent",
        "",
        f"  {'bet':<21}{'win':>10}{'push':>10}{'lose':>10}{'house edge':>12}",
    ]
    exact = any(isinstance(b.edge, Fraction) for b in p.bets)
    for b in p.bets:
        row = f"  {b.bet:<21}" + "".join(f"{_cell(getattr(b, k), 6):>10}" for k in ("win", "push", "lose"))
        row += f"{_cell(b.edge, 6):>12}"
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
    lines += [f"  {bet.id:<21}{bet.pays_text()}" for bet in table.bets]
    return "\n".join(lines)


def each_table(series: Sequence[AnyPrices], chosen: tuple[str, ...], table: RuleSet) -> str:
    """Return one line per point of the shoe with each chosen bet's edge, then where a bet favoured the player."""
    widths = {c: max(8, len(c)) for c in chosen}
    head = f"{'dealt':>5} {'left':>5}" + "".join(f" {c:>{widths[c]}}" for c in chosen)
    lines = [f"House edge of the next coup after each coup under {one_line(table.title)} rules, in percent", "", head]
    favoured: dict[str, list[int]] = {c: [] for c in chosen}
    for k, p in enumerate(series):
        by_id: dict[str, BetPrice[float] | BetPrice[Fraction]] = {b.bet: b for b in p.bets}
        cells = []
        for c in chosen:
            edge = by_id[c].edge
            cells.append(f" {_cell(edge, 4):>{widths[c]}}")
            if edge is not None and edge < 0:
                favoured[c].append(k)
        lines.append(f"{k:>5} {p.cards_left:>5}" + "".join(cells))
    lines += ["", "Coups after which a bet favoured the player (house edge below 0):"]
    for c in chosen:
        at = favoured[c]
        lines.append(f"  {c}: " + (", ".join(map(str, at)) if at else "none"))
    return "\n".join(lines)
