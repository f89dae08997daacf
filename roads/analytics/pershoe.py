"""Per-shoe laws: ties, pairs and the longest Big Road column of each shoe against dealt shoes, and per-shoe p-values.

Each law is the distribution over shoes of one count a shoe (ties; Banker
plus Player pairs, on shoes whose every coup has its cards; the longest Big
Road column of either side, ties left out). The reference is shoes dealt by
the project's simulator (``roads.simulate.play_shoes``: full shoes of the
same decks, burn, the standard cut card), and it **grows with the archive**:
at least REFERENCE_FACTOR times the archive's shoes, in blocks of about
20,000 shoes (1.6 million coups), block k seeded by stream ``(SEED, decks,
5)`` for k = 0 (the one reference of old, so small archives keep their
bytes) and ``(SEED, decks, 5, k)`` after, each block cached once per process.
A fixed reference puts its own noise into every test of every archive: large
fair archives were flagged 3.7% of the time at 5,000 shoes and 7.0% at 20,000
against the nominal 1% (issue 35); ten times the archive keeps that noise a
tenth of the archive's own (scripts/calibrate_laws.py measures it).

The test is Pearson's chi-square of homogeneity of the 2 x K table (the
archive's shoes and the dealt shoes, by count), the sparse tails merged
until every cell expects at least MIN_EXPECTED shoes of the archive: a
two-sample test, because the reference is itself a sample (its own noise is
in the test, not ignored), and a chi-square, because the counts are
discrete with ties (a Kolmogorov-Smirnov test's p would be far off).

Each shoe's own p-value is the upper-tail mid-p of its Banker wins among
its non-tie coups, ``P(X > b) + P(X = b) / 2`` with X binomial(n, p):
nearly uniform on 0..1 for fair shoes even at a few dozen coups (a plain
p of a discrete count is not), so their P-P plot against the uniform
should hug the diagonal; a bias bends it one way, shoes that spread too
much or too little make an S.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from .simulated import SEED
from .theory import ALPHA, MIN_EXPECTED, ChiSquare, chi_square_sf, holm_adjusted

if TYPE_CHECKING:
    from ..simulate import DealtCoups

LAWS = ("ties", "pairs", "longest_column")
"""The per-shoe counts compared with dealt shoes."""

LAW_NAMES = {"ties": "Ties per shoe", "pairs": "Pairs per shoe", "longest_column": "Longest Big Road column"}

SIM_COUPS = 1_600_000
"""Coups dealt for a deck count's reference laws (about 20,000 shoes of 8 decks; at least MIN_SHOES shoes)."""
MIN_SHOES = 400
STREAM = 5
"""The third number of the reference's random stream (issue 23, item 5): apart from every other simulation."""


@dataclass(frozen=True, slots=True)
class Fit:
    """A law's goodness of fit: the archive's and the dealt shoes' counts, the merged bins and the chi-square."""

    law: str
    observed: dict[int, int]
    reference: dict[int, int]
    bins: list[tuple[int, int, int, int]]
    """(first value, last value, archive shoes, dealt shoes) of each merged bin."""
    test: ChiSquare
    """The two-sample chi-square (named after the law); its Holm-adjusted p and flag once :func:`fits` judged it."""

    def to_dict(self) -> dict[str, Any]:
        """Return the law as JSON: counts by value (as text keys), the bins, the test."""
        return {
            "law": self.law,
            "observed": {str(v): n for v, n in sorted(self.observed.items())},
            "reference": {str(v): n for v, n in sorted(self.reference.items())},
            "bins": [list(b) for b in self.bins],
            **self.test.to_dict(),
        }


def merged_bins(observed: Mapping[int, int], reference: Mapping[int, int]) -> list[tuple[int, int, int, int]]:
    """Return the values cut into bins from the low end, each closed once the archive expects MIN_EXPECTED shoes.

    A shoe's expectation in a bin is the archive's shoes times the pooled
    share of the bin; what is left at the top, short of it, joins the last bin.
    """
    n_obs, n_ref = sum(observed.values()), sum(reference.values())
    values = sorted(set(observed) | set(reference))
    bins: list[tuple[int, int, int, int]] = []
    first = None
    a = b = 0
    for v in values:
        first = v if first is None else first
        a += observed.get(v, 0)
        b += reference.get(v, 0)
        if n_obs * (a + b) / (n_obs + n_ref) >= MIN_EXPECTED and n_ref * (a + b) / (n_obs + n_ref) >= MIN_EXPECTED:
            bins.append((first, v, a, b))
            first, a, b = None, 0, 0
    if first is not None:
        if bins:
            lo, _, a0, b0 = bins.pop()
            bins.append((lo, values[-1], a0 + a, b0 + b))
        else:
            bins.append((first, values[-1], a, b))
    return bins


def two_sample_chi_square(bins: Sequence[tuple[int, int, int, int]]) -> tuple[float | None, int, float | None]:
    """Return (statistic, dof, p) of Pearson's chi-square of homogeneity of the bins' two rows of counts."""
    dof = len(bins) - 1
    rows = (sum(b[2] for b in bins), sum(b[3] for b in bins))
    total = rows[0] + rows[1]
    if dof < 1 or not rows[0] or not rows[1]:
        return None, max(dof, 0), None
    statistic = 0.0
    for _, _, a, b in bins:
        column = a + b
        for count, row in ((a, rows[0]), (b, rows[1])):
            e = row * column / total
            statistic += (count - e) ** 2 / e
    return statistic, dof, chi_square_sf(statistic, dof)


def fit(law: str, observed: Mapping[int, int], reference: Mapping[int, int]) -> Fit:
    """Return the goodness of fit of the archive's per-shoe ``observed`` counts to the ``reference`` law."""
    bins = merged_bins(observed, reference)
    statistic, dof, p = two_sample_chi_square(bins) if sum(observed.values()) else (None, 0, None)
    return Fit(law, dict(observed), dict(reference), bins, ChiSquare(law, statistic, dof, p))


def fits(observed: Mapping[str, Mapping[int, int]], decks: int) -> list[Fit]:
    """Return every law's fit against dealt shoes of ``decks`` decks, flagged by Holm over the laws at ALPHA.

    The reference holds at least REFERENCE_FACTOR times the archive's shoes (its largest law's count)."""
    shoes = max((sum(observed[law].values()) for law in LAWS), default=0)
    reference = reference_laws(decks, shoes)
    found = [fit(law, observed[law], reference[law]) for law in LAWS]
    adjusted = holm_adjusted([f.test.p for f in found])
    return [
        replace(f, test=replace(f.test, p_adjusted=a, flag=None if a is None else a <= ALPHA))
        for f, a in zip(found, adjusted, strict=True)
    ]


REFERENCE_FACTOR = 10
"""The reference holds at least this many times the archive's shoes."""


def block_shoes(decks: int) -> int:
    """Return the shoes of one block of the reference (about SIM_COUPS coups, at least MIN_SHOES shoes)."""
    return max(MIN_SHOES, math.ceil(SIM_COUPS / (10.2 * decks)))


def reference_blocks(decks: int, shoes: int) -> int:
    """Return how many blocks the reference for an archive of ``shoes`` shoes takes (at least one)."""
    return max(1, math.ceil(REFERENCE_FACTOR * shoes / block_shoes(decks)))


def reference_laws(decks: int, shoes: int = 0) -> dict[str, Counter[int]]:
    """Return the per-shoe laws of dealt shoes of ``decks`` decks for an archive of ``shoes`` shoes: value ->
    shoes, for every law, over :func:`reference_blocks` blocks (each dealt once a process)."""
    laws: dict[str, Counter[int]] = {law: Counter() for law in LAWS}
    for block in range(reference_blocks(decks, shoes)):
        for law, counts in reference_block(decks, block).items():
            laws[law].update(counts)
    return laws


@cache
def reference_block(decks: int, block: int) -> dict[str, Counter[int]]:
    """Return one block of the reference: :func:`block_shoes` dealt shoes, seeded by ``block`` (once a process)."""
    import numpy as np

    from ..shoe import DEFAULT_CUT
    from ..simulate import CARDS_PER_BATCH, play_shoes, shuffled_shoes

    shoes = block_shoes(decks)
    rng = np.random.default_rng((SEED, decks, STREAM) if block == 0 else (SEED, decks, STREAM, block))
    batch = max(1, CARDS_PER_BATCH // (52 * decks))
    laws: dict[str, Counter[int]] = {law: Counter() for law in LAWS}
    for start in range(0, shoes, batch):
        size = min(batch, shoes - start)
        dealt = play_shoes(shuffled_shoes(rng, size, decks), DEFAULT_CUT)
        for law, values in laws_of(dealt, size).items():
            laws[law].update(int(v) for v in values)
    return laws


def laws_of(dealt: DealtCoups, shoes: int) -> dict[str, Any]:
    """Return each law's value for every one of ``shoes`` dealt shoes (numpy arrays, shoe by shoe)."""
    import numpy as np

    p, b = dealt.player_total, dealt.banker_total
    pairs = (dealt.cards[:, 1] == dealt.cards[:, 3]).astype(np.int64) + (dealt.cards[:, 0] == dealt.cards[:, 2])
    decided = p != b
    return {
        "ties": np.bincount(dealt.shoe, weights=p == b, minlength=shoes).astype(np.int64),
        "pairs": np.bincount(dealt.shoe, weights=pairs, minlength=shoes).astype(np.int64),
        "longest_column": _longest_columns(dealt.shoe[decided], (b > p)[decided], shoes),
    }


def _longest_columns(shoe: Any, banker: Any, shoes: int) -> Any:
    """Return each shoe's longest run of one side among its non-tie coups (its deepest Big Road column)."""
    import numpy as np

    longest = np.zeros(shoes, dtype=np.int64)
    if not len(shoe):
        return longest
    starts = np.ones(len(shoe), dtype=bool)
    starts[1:] = (shoe[1:] != shoe[:-1]) | (banker[1:] != banker[:-1])
    run = np.cumsum(starts) - 1
    lengths = np.bincount(run)
    np.maximum.at(longest, shoe[starts], lengths)
    return longest


def mid_p(banker: int, decisions: int, chance: float) -> float:
    """Return the upper-tail mid-p of ``banker`` Banker wins in ``decisions``: P(X > b) + P(X = b) / 2."""
    if decisions == 0:
        return 0.5
    log_p, log_q = math.log(chance), math.log1p(-chance)
    head = math.lgamma(decisions + 1)

    def pmf(k: int) -> float:
        log_choose = head - math.lgamma(k + 1) - math.lgamma(decisions - k + 1)
        return math.exp(log_choose + k * log_p + (decisions - k) * log_q)

    above = math.fsum(pmf(k) for k in range(banker + 1, decisions + 1))
    return min(1.0, above + pmf(banker) / 2)


class ShoeLaws:
    """What the per-shoe laws and the P-P plot need of every shoe, bounded by the counts' values, not the shoes."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[int]] = {law: Counter() for law in LAWS}
        self.decided: Counter[tuple[int, int]] = Counter()
        """(Banker wins, non-tie coups) -> shoes: every shoe's p-value follows from it."""

    def add(self, shoe: Mapping[str, Any]) -> None:
        """Count one shoe's group document (``roads stats --by shoe``'s)."""
        if not shoe["coups"]:
            return
        c = shoe["counts"]
        self.counts["ties"][c["tie"]] += 1
        if shoe["coups_with_cards"] == shoe["coups"]:
            self.counts["pairs"][c["banker_pair"] + c["player_pair"]] += 1
        streaks = shoe["streaks"]
        self.counts["longest_column"][max(streaks["longest_banker"], streaks["longest_player"])] += 1
        self.decided[(c["banker"], c["banker"] + c["player"])] += 1

    def p_values(self, chance: float) -> list[float]:
        """Return every shoe's mid-p of its Banker share against ``chance``, sorted (a shoe of no decisions: none)."""
        out: list[float] = []
        for (banker, decisions), shoes in sorted(self.decided.items()):
            if decisions:
                out += [mid_p(banker, decisions, chance)] * shoes
        return sorted(out)
