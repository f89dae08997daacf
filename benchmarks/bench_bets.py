"""Exact prices of every bet: a whole rule set for one shoe, and after every coup of a shoe.

Run: python benchmarks/bench_bets.py [--repeats 11]
Prints medians and exits 1 if a target is missed. Targets: every bet of one rule set
for 8 decks within 20 ms in-process; every bet after every coup of a whole 8-deck
shoe (``roads odds --after LOG --each --bets``) within 1 s. The first call of a
process also builds the engine's tables and the bets' masks: it is printed too.
"""

from __future__ import annotations

import argparse
import sys
import time

from timing import median_seconds

from roads.bets import prices, prices_through, rule_set
from roads.shoe import deal_shoe

PRICE_TARGET_MS = 20.0
EACH_TARGET_S = 1.0


def main() -> int:
    """Print median timings for pricing every bet; return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11)
    args = parser.parse_args()

    start = time.perf_counter()
    prices(8, rule_set("standard"))
    print(f"{'first call in a process (tables and masks built)':<58}{1000 * (time.perf_counter() - start):9.2f} ms")
    missed = False
    for name in ("standard", "super6", "ez"):
        table = rule_set(name)
        for exact in (False, True):
            ms = 1000 * median_seconds(lambda t=table, e=exact: prices(8, t, exact=e), args.repeats, warm_up=True)
            missed |= ms > PRICE_TARGET_MS
            label = f"every bet, {name}, 8 decks" + (", fractions" if exact else "")
            print(f"{label:<58}{ms:9.2f} ms  {'ok' if ms <= PRICE_TARGET_MS else 'OVER TARGET'}")
    shoe = deal_shoe(8, seed=2026)
    for name in ("standard", "ez"):
        table = rule_set(name)
        seconds = median_seconds(lambda t=table: prices_through(shoe.coups, 8, t), max(3, args.repeats // 3))
        missed |= seconds > EACH_TARGET_S
        label = f"every bet after each of {len(shoe.coups)} coups, {name}"
        print(f"{label:<58}{seconds:9.3f} s   {'ok' if seconds <= EACH_TARGET_S else 'OVER TARGET'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
