"""Calibration and power of roads stats' Holm family: fair dealt archives and streaky (Markov) archives.

    python scripts/calibrate_stats.py --archives 200 --shoes 50 --markov 6 --markov-shoes 400

Fair archives are dealt shoes (roads.simulate, numpy's stream ``(seed, 8)``,
not the simulation's own seed); each is judged as one group, and the share
of archives with any flag is the family-wise rate, with its 99% Wilson
interval. Markov archives keep ties at their exact chance and make the next
non-tie winner repeat the last one with its chance plus ``--lift`` (0.03).
Each is judged four ways: the Holm family as it is (one omnibus test per
family of shares), with every simulated share in it instead, as it was
before the runs and lag-1 tests (shares only), and by a lone runs test at
the same level. Deterministic for its arguments.
"""

from __future__ import annotations

import argparse
import random
import sys

from roads.analytics.tally import Tally
from roads.analytics.theory import ALPHA, expected_shares, holm, wilson
from roads.analytics.verdicts import judge_group
from roads.board import Board
from roads.outcome import Outcome, Winner
from roads.simulate import dealt_winners

OUTCOMES = [Outcome(Winner.BANKER), Outcome(Winner.PLAYER), Outcome(Winner.TIE)]


NAMES = ("as it is", "every share in the family", "shares only (no runs, no lag1)", "lone runs test")


def _judged(shoes: list[list[Outcome]]) -> tuple[bool, bool, bool, bool]:
    """Return whether the archive is flagged by each way of NAMES."""
    tally = Tally("archive")
    for shoe in shoes:
        tally.add(shoe, Board.from_outcomes(shoe))
    figures, chis, order = judge_group(tally, 8)
    now = any(f.flag for f in figures) or any(c.flag for c in chis) or any(t.flag for t in order)
    old_family = [f.p for f in figures] + [c.p for c in chis] + [order[2].p, order[3].p]
    old = any(holm(old_family))
    shares_only = any(holm(old_family[:-2]))
    runs = order[2].p is not None and order[2].p <= ALPHA
    return now, old, shares_only, runs


def _markov_shoe(chance: random.Random, coups: int, lift: float) -> list[Outcome]:
    shares = expected_shares(8)
    tie = shares["tie"]
    banker = shares["banker"] / (shares["banker"] + shares["player"])
    out: list[Outcome] = []
    last: int | None = None
    for _ in range(coups):
        if chance.random() < tie:
            out.append(OUTCOMES[2])
            continue
        if last is None:
            side = 0 if chance.random() < banker else 1
        else:
            repeat = (banker if last == 0 else 1 - banker) + lift
            side = last if chance.random() < repeat else 1 - last
        out.append(OUTCOMES[side])
        last = side
    return out


def _line(name: str, hits: int, trials: int) -> str:
    low, high = wilson(hits, trials)
    return f"{name}: {hits} of {trials} ({100 * hits / trials:.1f}%, 99% interval {100 * low:.1f}%-{100 * high:.1f}%)"


def main(argv: list[str] | None = None) -> int:
    """Deal, judge and print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archives", type=int, default=200)
    parser.add_argument("--shoes", type=int, default=50, help="shoes per fair archive")
    parser.add_argument("--markov", type=int, default=6)
    parser.add_argument("--markov-shoes", type=int, default=400)
    parser.add_argument("--lift", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=2323)
    args = parser.parse_args(argv)
    fair = [0, 0, 0, 0]
    dealt = dealt_winners(8, args.archives * args.shoes, args.seed, 16, 1000)
    for _ in range(args.archives):
        shoes = [[OUTCOMES[w] for w in next(dealt)] for _ in range(args.shoes)]
        fair = [a + b for a, b in zip(fair, _judged(shoes), strict=True)]
    print(f"fair archives of {args.shoes} dealt shoes, family-wise level {ALPHA:g}:")
    for name, hits in zip(NAMES, fair, strict=True):
        print("  " + _line(name, hits, args.archives))
    chance = random.Random(args.seed)
    power = [0, 0, 0, 0]
    for _ in range(args.markov):
        shoes = [_markov_shoe(chance, 81, args.lift) for _ in range(args.markov_shoes)]
        power = [a + b for a, b in zip(power, _judged(shoes), strict=True)]
    print(f"Markov archives of {args.markov_shoes} shoes, repeat chance +{args.lift:g}:")
    for name, hits in zip(NAMES, power, strict=True):
        print("  " + _line(name, hits, args.markov))
    return 0


if __name__ == "__main__":
    sys.exit(main())
