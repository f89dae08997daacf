"""What ``roads odds --bets`` prints through a shoe (``--each``): every chosen bet's edge after each coup, as a
table in percent or JSON a point a line. The one point priced is laid out by roads.bets.next_coup, which
``roads serve`` shares."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...bets import RuleSet
from ...bets.next_coup import AnyPrices, cell
from ...bets.price import BetPrice
from ...errors import one_line
from .jsontext import json_points


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
    return json_points(points)


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
