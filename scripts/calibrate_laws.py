"""Calibration of the per-shoe laws at any archive size: how often fair dealt archives are flagged.

    python scripts/calibrate_laws.py --sizes 200 5000 20000 --archives 200 100 50 --seed 3535

For each size, ``--archives`` fair archives of that many shoes are dealt by
roads.simulate (numpy's stream ``(seed, size, a)`` for archive a, apart from
the reference's stream ``(SEED, decks, 5, ...)``), and their three per-shoe
laws (ties, pairs, longest column) are tested as ``roads stats --laws`` tests
them: against a reference of at least ten times the archive's shoes
(roads.analytics.pershoe.reference_laws), Holm over the three at 1%. Beside
it, the same archives against the fixed reference of old (one block of
19,608 shoes for 8 decks). The table gives the share of archives flagged
(any law, after Holm) with its 99% Wilson interval, and the share in which
each law's own p is at most 1%. Deterministic for its arguments; prints a
Markdown table (docs/stats.md shows it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import numpy as np

from roads.analytics.pershoe import LAWS, fit, fits, laws_of, reference_block
from roads.analytics.theory import ALPHA, holm_adjusted, wilson
from roads.shoe import DEFAULT_CUT
from roads.simulate import CARDS_PER_BATCH, play_shoes, shuffled_shoes


def fair_laws(seed: int, shoes: int, archive: int, decks: int) -> dict[str, Counter[int]]:
    """Return the per-shoe laws of one fair dealt archive of ``shoes`` shoes."""
    rng = np.random.default_rng((seed, shoes, archive))
    batch = max(1, CARDS_PER_BATCH // (52 * decks))
    laws: dict[str, Counter[int]] = {law: Counter() for law in LAWS}
    for start in range(0, shoes, batch):
        size = min(batch, shoes - start)
        for law, values in laws_of(play_shoes(shuffled_shoes(rng, size, decks), DEFAULT_CUT), size).items():
            laws[law].update(int(v) for v in values)
    return laws


def fixed_flag(observed: dict[str, Counter[int]], decks: int) -> bool:
    """Return True when the archive is flagged against the one fixed block of old (Holm over the laws)."""
    reference = reference_block(decks, 0)
    p = [fit(law, observed[law], reference[law]).test.p for law in LAWS]
    return any(a is not None and a <= ALPHA for a in holm_adjusted(p))


def share(hits: int, n: int) -> str:
    """Return a share in percent with its 99% Wilson interval."""
    low, high = wilson(hits, n)
    return f"{100 * hits / n:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def main(argv: list[str] | None = None) -> int:
    """Print the calibration table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 5000, 20000])
    parser.add_argument("--archives", type=int, nargs="+", default=[200, 100, 50], help="archives per size")
    parser.add_argument("--seed", type=int, default=3535)
    parser.add_argument("--decks", type=int, default=8)
    args = parser.parse_args(argv)
    if len(args.archives) != len(args.sizes):
        parser.error("give one --archives count per size")
    print(
        "| shoes | archives | reference shoes | flagged (99% interval) | fixed reference of old | "
        + " | ".join(f"{law} p <= 1%" for law in LAWS)
        + " | seconds |"
    )
    print("|---" * (6 + len(LAWS)) + "|")
    for size, archives in zip(args.sizes, args.archives, strict=True):
        start = time.monotonic()
        flagged = old = 0
        each = dict.fromkeys(LAWS, 0)
        reference = 0
        for a in range(archives):
            observed = fair_laws(args.seed, size, a, args.decks)
            found = fits(observed, args.decks)
            reference = sum(found[0].reference.values())
            flagged += any(f.test.flag for f in found)
            old += fixed_flag(observed, args.decks)
            for f in found:
                each[f.law] += f.test.p is not None and f.test.p <= ALPHA
        took = time.monotonic() - start
        laws = " | ".join(share(each[law], archives) for law in LAWS)
        print(
            f"| {size:,} | {archives} | {reference:,} | {share(flagged, archives)} | {share(old, archives)} | "
            f"{laws} | {took:.0f} |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
