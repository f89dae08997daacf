"""Exact odds and simulator speed.

Run: python benchmarks/bench_odds.py [--repeats 21] [--shoes 12500]
Prints medians and exits 1 if a target is missed. Targets: exact odds of an 8-deck shoe, or of any composition a
live shoe reaches, within 20 ms in-process; the simulator deals a million coups
in seconds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial

from timing import median_seconds

from roads.odds import Composition, compositions_through, exact_odds, odds_for
from roads.shoe import deal_shoe
from roads.simulate import Engine, simulate

EXACT_TARGET_MS = 20.0


def half_dealt(decks: int = 8, seed: int = 2026) -> Composition:
    """Return what is left once half the coups of a seeded shoe have been dealt."""
    coups = deal_shoe(decks, seed=seed).coups
    return compositions_through(coups[: len(coups) // 2], decks)[-1]


def main() -> int:
    """Print median timings for exact odds and simulated coups per second; return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--shoes", type=int, default=12_500, help="shoes per simulator run (8 decks)")
    args = parser.parse_args()

    exact_odds(8)  # build the composition-free tables once, as a long-running process would
    half = half_dealt()
    cases: list[tuple[str, Callable[[], object]]] = [
        ("exact odds, 1 deck", lambda: exact_odds(1)),
        ("exact odds, 6 decks", lambda: exact_odds(6)),
        ("exact odds, 8 decks", lambda: exact_odds(8)),
        ("exact odds, 8 decks, fractions", lambda: exact_odds(8, exact=True)),
        (f"exact odds, half-dealt 8-deck shoe ({half.total} cards)", lambda: odds_for(half)),
        ("exact odds, 100 decks (Python ints)", lambda: exact_odds(100)),
    ]
    width = 58
    missed = False
    for name, run in cases:
        ms = 1000 * median_seconds(run, args.repeats)
        # Past 27 decks the engine trades int64 for Python ints: exact, but no speed target.
        targeted = "100 decks" not in name
        missed |= targeted and ms > EXACT_TARGET_MS
        mark = "" if not targeted else ("  ok" if ms <= EXACT_TARGET_MS else "  OVER TARGET")
        print(f"{name:<{width}}{ms:9.2f} ms{mark}")

    engines: tuple[tuple[Engine, int], ...] = (("numpy", args.shoes), ("scalar", max(2, args.shoes // 100)))
    for engine, shoes in engines:
        # partial binds this iteration's shoes and engine (a lambda would close over the loop variables).
        run_simulation = partial(simulate, shoes, 8, seed=1, engine=engine, with_exact=False)
        coups = run_simulation().coups
        seconds = median_seconds(run_simulation, 3)
        print(f"{f'simulate, {engine} engine ({shoes} shoes, {coups} coups)':<{width}}{coups / seconds:12,.0f} coups/s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
