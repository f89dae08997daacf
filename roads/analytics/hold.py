"""Money against theory: what every bet of a rule set won or lost per unit wagered, against its exact edge.

For each main and side bet of a rule set, one unit is taken as staked on
every coup whose cards are known. Each coup is settled (``roads.bets.settle``,
a push returns the stake), and the house's **hold** per unit wagered, minus
the player's net over the coups, is compared with the bet's exact house edge
for one coup of a full shoe (``roads.bets.prices_for``). The 99% interval of
the hold is the normal one, hold +- 2.5758 s / sqrt(n) with s the coups' own
standard deviation of the net; a bet is **flagged** when its exact edge lies
outside that interval (|z| above 2.5758). Under MIN_COUPS coups, or when every
coup netted the same, there is no interval (n/m).

The edge is that of the first coup of a full shoe: by symmetry every coup of
a shoe has the same expectation before any card is seen, so the average over
a shoe's coups differs from it only by the cut card's small effect on which
coups are dealt.

>>> from roads.bets import rule_set
>>> from roads.shoe import deal_shoe
>>> hold = Hold(rule_set("standard"), 8)
>>> hold.add("shoe 1", deal_shoe(8, seed=1).coups)
>>> row = hold.rows("shoe 1")[0]
>>> row["bet"], row["coups"] == len(deal_shoe(8, seed=1).coups)
('banker', True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..bets.paytable import RuleSet
from ..bets.price import prices_for
from ..bets.settle import settle
from ..coup import Coup
from ..odds import Composition

Z99 = 2.5758293035489004
"""The two-sided 99% point of the normal distribution."""

MIN_COUPS = 30
"""Fewer coups than this give no interval and no flag (n/m)."""


@dataclass
class BetTally:
    """One bet's coups settled, and the player's net and squared net over them (exact)."""

    coups: int = 0
    net: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def add(self, net: Fraction) -> None:
        """Count one coup's net for one unit staked."""
        self.coups += 1
        self.net += net
        self.squares += net * net


@dataclass
class Hold:
    """The hold of every bet of ``rules`` per group and in total, for shoes of ``decks`` decks."""

    rules: RuleSet
    decks: int
    groups: dict[str, dict[str, BetTally]] = field(default_factory=dict)
    total: dict[str, BetTally] = field(default_factory=dict)
    shoes: dict[str, int] = field(default_factory=dict)
    total_shoes: int = 0
    edges: dict[str, Fraction | None] = field(init=False)

    def __post_init__(self) -> None:
        """Price every bet once, exactly, for one coup of a full shoe."""
        suited = [self.decks] * 52  # every card of a full shoe, by rank and suit: the Perfect Pair is priced too
        priced = prices_for(Composition.shoe(self.decks), self.rules, exact=True, suited=suited)
        self.edges = {p.bet: p.edge for p in priced.bets}

    def add(self, key: str | None, coups: Iterable[Coup]) -> None:
        """Settle one shoe's coups into group ``key`` (None: the total only) and the total (a bet a coup cannot
        settle is left out)."""
        group = None if key is None else self.groups.setdefault(key, {})
        if key is not None:
            self.shoes[key] = self.shoes.get(key, 0) + 1
        self.total_shoes += 1
        for coup in coups:
            settled, _ = settle(coup, self.rules)
            for one in settled:
                if group is not None:
                    group.setdefault(one.bet, BetTally()).add(one.net)
                self.total.setdefault(one.bet, BetTally()).add(one.net)

    def rows(self, key: str | None = None) -> list[dict[str, Any]]:
        """Return a row a bet of group ``key`` (None: the total), in the rule set's order (see :func:`hold_row`)."""
        tallies = self.total if key is None else self.groups.get(key, {})
        return [hold_row(bet.id, tallies.get(bet.id, BetTally()), self.edges.get(bet.id)) for bet in self.rules.bets]

    def document(self) -> dict[str, Any]:
        """Return the whole answer as plain data: rules, decks, groups (in the order first seen) and the total."""
        return {
            "rules": self.rules.name,
            "decks": self.decks,
            "groups": [{"key": key, "shoes": self.shoes[key], "bets": self.rows(key)} for key in self.groups],
            "total": {"shoes": self.total_shoes, "bets": self.rows()},
        }


def hold_row(bet: str, tally: BetTally, edge: Fraction | None) -> dict[str, Any]:
    """Return one bet's hold against its edge: coups, the player's net, hold per unit, 99% interval, z, flag.

    ``hold`` is -net / coups (what the house kept per unit wagered); ``low``-``high`` its 99% interval;
    ``z`` = (hold - edge) / (s / sqrt(coups)); ``flag`` when the edge is outside the interval. None where
    not meaningful.
    """
    n = tally.coups
    row: dict[str, Any] = {
        "bet": bet,
        "coups": n,
        "net": _number(tally.net),
        "hold": None,
        "edge": None if edge is None else float(edge),
        "low": None,
        "high": None,
        "z": None,
        "flag": None,
    }
    if n == 0:
        return row
    hold = -tally.net / n
    row["hold"] = float(hold)
    variance = (tally.squares - tally.net * tally.net / n) / (n - 1) if n > 1 else Fraction(0)
    if n < MIN_COUPS or variance <= 0:
        return row
    se = math.sqrt(variance / n)
    row["low"], row["high"] = float(hold) - Z99 * se, float(hold) + Z99 * se
    if edge is not None:
        z = float(hold - edge) / se
        row["z"], row["flag"] = z, abs(z) > Z99
    return row


def _number(value: Fraction) -> int | float:
    """Return a net as JSON carries it: a whole number, or a float."""
    return int(value) if value.denominator == 1 else float(value)
