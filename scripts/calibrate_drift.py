"""Calibration of the drift CUSUM and the per-shoe laws: how often fair dealt archives are flagged, and power.

    python scripts/calibrate_drift.py --archives 200 --shoes 200 --seed 2323

Fair archives are shoes dealt by roads.simulate (numpy's stream ``(seed + a, 8)``
for archive a, apart from the reference laws' stream): each archive's CUSUM
(h for its length, 1% in all) and the Holm family of its three per-shoe laws
(ties, pairs, longest column, 1% family-wise) either flag or not, and the
share flagged is given with its 99% Wilson interval. Power: archives of
binomial shoes (75 decisions each) whose Banker chance rises by ``--shift``
half way through. Deterministic for its arguments.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

import numpy as np

from roads.analytics.drift import ShoeCount, banker_chance, decision_limit, drift
from roads.analytics.pershoe import LAWS, fits, laws_of
from roads.analytics.theory import wilson
from roads.simulate import play_shoes, shuffled_shoes


def fair_archive(seed: int, shoes: int) -> tuple[list[ShoeCount], dict[str, Counter[int]]]:
    """Return one fair dealt archive's shoes for the drift and its per-shoe laws."""
    dealt = play_shoes(shuffled_shoes(np.random.default_rng((seed, 8)), shoes, 8))
    banker = np.bincount(dealt.shoe, weights=dealt.banker_total > dealt.player_total, minlength=shoes)
    player = np.bincount(dealt.shoe, weights=dealt.player_total > dealt.banker_total, minlength=shoes)
    counts = [ShoeCount(str(i), None, int(b), int(p)) for i, (b, p) in enumerate(zip(banker, player, strict=True))]
    laws = laws_of(dealt, shoes)
    return counts, {law: Counter(int(v) for v in laws[law]) for law in LAWS}


def shifted_archive(chance: random.Random, shoes: int, shift: float) -> list[ShoeCount]:
    """Return binomial shoes of 75 decisions whose Banker chance rises by ``shift`` from the middle shoe on."""
    p = banker_chance(8)
    out = []
    for i in range(shoes):
        lean = p + (shift if i >= shoes // 2 else 0.0)
        b = sum(chance.random() < lean for _ in range(75))
        out.append(ShoeCount(str(i), None, b, 75 - b))
    return out


def share(hits: int, trials: int) -> str:
    """Return hits of trials with its 99% Wilson interval."""
    low, high = wilson(hits, trials)
    return f"{hits} of {trials} ({100 * hits / trials:.1f}%; 99%: {100 * low:.1f}-{100 * high:.1f}%)"


def main(argv: list[str] | None = None) -> int:
    """Run the calibration and print its table (Markdown rows, as docs/stats.md shows them)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--archives", type=int, default=200)
    ap.add_argument("--shoes", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2323)
    ap.add_argument("--shift", type=float, default=0.03)
    ap.add_argument("--power-archives", type=int, default=50)
    args = ap.parse_args(argv)
    p = banker_chance(8)
    cusum = law_flags = 0
    each: Counter[str] = Counter()
    for a in range(args.archives):
        shoes, laws = fair_archive(args.seed + a, args.shoes)
        cusum += bool(drift(shoes, p).signals)
        found = fits(laws, 8)
        law_flags += any(f.flag for f in found)
        each.update(f.law for f in found if f.p is not None and f.p <= 0.01)
    h = decision_limit(args.shoes)
    print(
        f"| {args.archives} fair archives of {args.shoes} dealt shoes (seed {args.seed}), CUSUM h {h:g} "
        f"| {share(cusum, args.archives)} |"
    )
    print(f"| the same, per-shoe laws (Holm over 3) | {share(law_flags, args.archives)} |")
    print(f"| the same, each law alone at p <= 0.01 | {', '.join(f'{law} {each[law]}' for law in LAWS)} |")
    chance = random.Random(args.seed)
    power = sum(
        bool(drift(shifted_archive(chance, args.shoes, args.shift), p).signals) for _ in range(args.power_archives)
    )
    print(
        f"| {args.power_archives} archives of {args.shoes} shoes, Banker chance +{args.shift:g} from the middle "
        f"| {share(power, args.power_archives)} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
