"""Rule sets and side bets: what a coup pays under each table's rules, settled and priced exactly.

>>> from roads.bets import prices, rule_set
>>> edge = {p.bet: p.edge for p in prices(8, rule_set("standard")).bets}
>>> round(100 * edge["banker"], 4), round(100 * edge["dragon_7"], 4)
(1.0579, 7.6113)
"""

from __future__ import annotations

from ..bet_ids import BET_IDS
from .kinds import Deal
from .marked import save_events
from .paytable import (
    RULE_NAMES,
    Bet,
    PaytableFile,
    RuleSet,
    load_paytable,
    pay_words,
    paytable_schema,
    rule_set,
    rules_for,
)
from .price import BetPrice, Prices, prices, prices_for, prices_through
from .settle import Settlement, deal_of, settle, settle_lines

__all__ = [
    "BET_IDS",
    "RULE_NAMES",
    "Bet",
    "BetPrice",
    "Deal",
    "PaytableFile",
    "Prices",
    "RuleSet",
    "Settlement",
    "deal_of",
    "load_paytable",
    "pay_words",
    "paytable_schema",
    "prices",
    "prices_for",
    "prices_through",
    "rule_set",
    "rules_for",
    "save_events",
    "settle",
    "settle_lines",
]
