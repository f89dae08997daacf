"""What ``roads exposure`` prints: a text table per shoe and the totals, or CSV, or one JSON document, a shoe
at a time. The numbers (edges, moments, nets, totals) come from roads.analytics.exposure."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from ...analytics.exposure import KNOWN_WORDS, Exposure, ShoeExposure, Totals, number
from ...logs.csvcell import line
from ...odds.api import shoe_phrase

EXPOSURE_CSV_COLUMNS = ("shoe", "coup", "bet", "edge", "positive", "net")
"""``roads exposure --csv``: one row per coup and bet; ``net`` is what one unit netted, given only where the edge
was below zero."""


def exposure_csv_rows(found: ShoeExposure, bets: Sequence[str]) -> Iterator[tuple[object, ...]]:
    """Yield one shoe's CSV rows: one per coup and bet."""
    nets = {(m.coup, m.bet): m.net for m in found.positive}
    for row in found.coups:
        for bet, edge in zip(bets, row.edges, strict=True):
            net = nets.get((row.coup, bet))
            positive = edge is not None and edge < 0
            yield (found.shoe, row.coup, bet, edge, int(positive), None if net is None else number(net))


def exposure_shoe_json(found: ShoeExposure, bets: Sequence[str]) -> str:
    """Return one shoe of ``roads exposure --json``, on one line."""
    return json.dumps(
        {
            "shoe": found.shoe,
            "coups": [{"coup": row.coup, "edges": dict(zip(bets, row.edges, strict=True))} for row in found.coups],
            "positive": [{"coup": m.coup, "bet": m.bet, "edge": m.edge, "net": number(m.net)} for m in found.positive],
        }
    )


def edge_percent(edge: float) -> str:
    """Return a house edge in percent, signed, four places."""
    return f"{100 * edge:+.4f}%"


def units(net: Fraction) -> str:
    """Return a net in units, signed."""
    value = number(net)
    return f"{value:+,}" if isinstance(value, int) else f"{value:+,.2f}"


def exposure_json_head(scan: Exposure) -> str:
    """Return ``roads exposure --json``'s start, up to its first shoe: ``{"rules", "decks", "bets", "known",
    "shoes": [``."""
    head = {"rules": scan.rules.name, "decks": scan.decks, "bets": list(scan.ids), "known": scan.known}
    return json.dumps(head)[:-1] + ', "shoes": ['


def exposure_json_tail(totals: Totals) -> str:
    """Return ``roads exposure --json``'s end: the ``total`` object."""
    return '\n], "total": ' + json.dumps(totals.to_json()) + "}\n"


def exposure_shoe_text(found: ShoeExposure) -> str:
    """Return one shoe's short table of positive moments (one line when it has none)."""
    head = f"{found.label}: {len(found.coups)} coups"
    if not found.positive:
        return f"{head}, no bet in the player's favour\n"
    lines = [
        f"{head}, {len(found.positive)} positive moment{'s' if len(found.positive) != 1 else ''} "
        f"(one unit on each netted {units(found.net)})",
        f"  {'coup':>4}  {'bet':<21}{'house edge':>12}{'net':>8}",
    ]
    lines += [f"  {m.coup:>4}  {m.bet:<21}{edge_percent(m.edge):>12}{units(m.net):>8}" for m in found.positive]
    return "\n".join(lines) + "\n"


def exposure_totals_text(totals: Totals, scan: Exposure) -> str:
    """Return the closing lines: shoes, coups, positive moments per bet and the ideal net."""
    lines = [
        "",
        f"Total: {totals.shoes:,} shoe{'s' if totals.shoes != 1 else ''}, {totals.coups:,} coups, "
        f"bets {', '.join(scan.ids)} under {scan.rules.title} rules ({shoe_phrase(scan.decks)}).",
        f"  Known before each coup: {KNOWN_WORDS[scan.known]}.",
        f"  {totals.positive_coups:,} coup{'s' if totals.positive_coups != 1 else ''} with a bet in the player's "
        f"favour ({totals.moments:,} bet{'s' if totals.moments != 1 else ''}); one unit on each would have netted "
        f"{units(totals.ideal_net)}.",
    ]
    for bet in scan.ids:
        count, net = totals.by_bet.get(bet, [Fraction(0), Fraction(0)])
        if count:
            lines.append(f"  {bet:<21}{int(count):>7,} positive   netted {units(net)}")
    return "\n".join(lines) + "\n"


class ExposureWriter:
    """Writes ``roads exposure`` a shoe at a time as text, CSV or JSON; nothing at all when no shoe was scanned."""

    def __init__(self, fmt: str, scan: Exposure, write: Callable[[str], object]) -> None:
        """Write ``fmt`` (``text``, ``csv``, ``json``) of ``scan``'s bets through ``write``."""
        self.fmt, self.scan, self.write = fmt, scan, write
        self.totals = Totals()

    def shoe(self, found: ShoeExposure) -> None:
        """Write one scanned shoe."""
        first = self.totals.shoes == 0
        self.totals.add(found)
        if self.fmt == "json":
            head = exposure_json_head(self.scan) if first else ","
            self.write(head + "\n  " + exposure_shoe_json(found, self.scan.ids))
        elif self.fmt == "csv":
            rows = "".join(line(row) for row in exposure_csv_rows(found, self.scan.ids))
            self.write((line(EXPOSURE_CSV_COLUMNS) if first else "") + rows)
        else:
            self.write(exposure_shoe_text(found))

    def finish(self) -> None:
        """Write the totals (the JSON's end); nothing when no shoe was written."""
        if self.totals.shoes == 0:
            return
        if self.fmt == "json":
            self.write(exposure_json_tail(self.totals))
        elif self.fmt == "text":
            self.write(exposure_totals_text(self.totals, self.scan))
