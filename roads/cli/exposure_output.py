"""How ``roads exposure`` prints a scan: a text table per shoe and the totals, or one JSON document a shoe at a time.

The numbers (edges, moments, nets, totals, CSV rows) come from
roads.analytics.exposure; this module only words and lays them out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from ..analytics.exposure import Exposure, ShoeExposure, Totals, number, shoe_json
from ..odds.api import shoe_phrase


def json_head(scan: Exposure) -> str:
    """Return the JSON document's start, up to its first shoe: ``{"rules", "decks", "bets", "shoes": [``."""
    head = {"rules": scan.rules.name, "decks": scan.decks, "bets": list(scan.ids)}
    return json.dumps(head)[:-1] + ', "shoes": ['


def json_shoe(found: ShoeExposure, bets: Sequence[str]) -> str:
    """Return one shoe of the JSON document, on one line."""
    return json.dumps(shoe_json(found, bets))


def json_tail(totals: Totals) -> str:
    """Return the JSON document's end: the ``total`` object."""
    return '\n], "total": ' + json.dumps(totals.to_json()) + "}\n"


def percent(edge: float) -> str:
    """Return a house edge in percent, signed, four places."""
    return f"{100 * edge:+.4f}%"


def units(net: Fraction) -> str:
    """Return a net in units, signed."""
    value = number(net)
    return f"{value:+,}" if isinstance(value, int) else f"{value:+,.2f}"


def shoe_text(found: ShoeExposure) -> str:
    """Return one shoe's short table of positive moments (one line when it has none)."""
    head = f"{found.label}: {len(found.coups)} coups"
    if not found.positive:
        return f"{head}, no bet in the player's favour\n"
    lines = [
        f"{head}, {len(found.positive)} positive moment{'s' if len(found.positive) != 1 else ''} "
        f"(one unit on each netted {units(found.net)})",
        f"  {'coup':>4}  {'bet':<21}{'house edge':>12}{'net':>8}",
    ]
    lines += [f"  {m.coup:>4}  {m.bet:<21}{percent(m.edge):>12}{units(m.net):>8}" for m in found.positive]
    return "\n".join(lines) + "\n"


def totals_text(totals: Totals, scan: Exposure) -> str:
    """Return the closing lines: shoes, coups, positive moments per bet and the ideal net."""
    lines = [
        "",
        f"Total: {totals.shoes:,} shoe{'s' if totals.shoes != 1 else ''}, {totals.coups:,} coups, "
        f"bets {', '.join(scan.ids)} under {scan.rules.title} rules ({shoe_phrase(scan.decks)}).",
        f"  {totals.positive_coups:,} coup{'s' if totals.positive_coups != 1 else ''} with a bet in the player's "
        f"favour ({totals.moments:,} bet{'s' if totals.moments != 1 else ''}); one unit on each would have netted "
        f"{units(totals.ideal_net)}.",
    ]
    for bet in scan.ids:
        count, net = totals.by_bet.get(bet, [Fraction(0), Fraction(0)])
        if count:
            lines.append(f"  {bet:<21}{int(count):>7,} positive   netted {units(net)}")
    return "\n".join(lines) + "\n"
