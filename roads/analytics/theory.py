"""Tests of observed counts against the exact odds: z-scores, chi-square, Holm; no scipy needed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..odds import exact_odds

ALPHA = 0.01
"""Family-wise error rate of each group's tests: a flag means "less than 1 in 100 by chance, after Holm"."""

Z99 = 2.5758293035489004
"""The normal quantile of a two-sided 99% interval."""

MIN_EXPECTED = 5.0
"""A test is meaningful only when at least this many hits and misses are expected."""

EXACT_BELOW = 10.0
"""Below this many expected hits (or misses) an exact figure's p is the exact binomial one, not the normal one."""

FIGURES = ("banker", "player", "tie", "banker_pair", "player_pair", "natural", "cards_4", "cards_5", "cards_6")
"""Every count whose probability per coup the exact odds engine gives."""

SIM_DEPTHS = ("1", "2", "3", "4", "5", "6+")
"""Big Road column depths tested, by side: the share of that side's columns of each depth (6+: 6 or more)."""

SIM_FIGURES = (
    *(f"{side}_depth_{d}" for side in ("banker", "player") for d in SIM_DEPTHS),
    "big_eye_boy_red",
    "small_road_red",
    "cockroach_pig_red",
)
"""Figures with no exact probability: tested against the simulator's expectation (roads.analytics.simulated)."""

CARD_FIGURES = ("banker_pair", "player_pair", "natural", "cards_4", "cards_5", "cards_6")
"""Counts tested only on coups whose cards are known (a results log may not mark pairs or naturals)."""


def expected_shares(decks: int) -> dict[str, float]:
    """Return the probability of each figure for one coup of a full shoe of ``decks`` decks (exactly rounded)."""
    return dict(_expected_shares(decks))


@cache
def _expected_shares(decks: int) -> dict[str, float]:
    # Once per deck count: the exact engine takes milliseconds, and --by shoe asks for every shoe.
    odds = exact_odds(decks, exact=True)
    shares: dict[str, float] = {}
    for name in FIGURES:
        value = getattr(odds, name)
        shares[name] = float(value)
    return shares


def normal_sf(z: float) -> float:
    """Return P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def chi_square_sf(statistic: float, dof: int) -> float:
    """Return P(X > statistic) for X chi-square with ``dof`` degrees of freedom (dof 2: exp(-x/2))."""
    if dof < 1:
        raise ValueError(f"a chi-square needs at least 1 degree of freedom, got {dof}")
    if statistic <= 0:
        return 1.0
    if dof == 2:
        return math.exp(-statistic / 2.0)  # exact, and the case every B/P/T test is
    # The closed form for a whole number of degrees of freedom; each term in logs, so none overflows.
    h = statistic / 2.0
    if dof % 2 == 0:
        return math.fsum(math.exp(-h + j * math.log(h) - math.lgamma(j + 1)) for j in range(dof // 2))
    halves = (math.exp(-h + (j - 0.5) * math.log(h) - math.lgamma(j + 0.5)) for j in range(1, dof // 2 + 1))
    return math.erfc(math.sqrt(h)) + math.fsum(halves)


@dataclass(frozen=True, slots=True)
class JudgedFigure:
    """One count tested against theory: observed share, expected share, interval, z, p, flag."""

    figure: str
    hits: int
    trials: int
    expected: float
    z: float | None
    p: float | None
    low: float | None
    high: float | None
    flag: bool | None = None
    source: str = "exact"
    """``exact`` (the odds engine) or ``simulated`` (roads.analytics.simulated)."""
    expected_low: float | None = None
    """The simulated expectation's own 99% interval (None for an exact one)."""
    expected_high: float | None = None
    p_method: str = "normal"
    """How ``p`` was found: ``normal`` (the z's two tails) or ``binomial`` (exact, for small expected counts)."""
    p_adjusted: float | None = None
    """``p`` adjusted by Holm over the group's family of tests: the figure is flagged when it is at most ALPHA."""
    family: bool = True
    """False for a descriptive row (a simulated share): its family is tested by one omnibus test instead."""

    @property
    def observed(self) -> float | None:
        """Return the observed share (None with no trials)."""
        return self.hits / self.trials if self.trials else None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON contract's test object (simulated ones also carry their expectation's interval)."""
        out: dict[str, Any] = {
            "figure": self.figure,
            "observed": _round(self.observed),
            "expected": _round(self.expected),
            "low": _round(self.low),
            "high": _round(self.high),
            "z": _round(self.z),
            "p": _round_p(self.p),
            "p_method": self.p_method,
            "p_adjusted": _round_p(self.p_adjusted),
            "alpha": ALPHA,
            "flag": self.flag,
            "family": self.family,
            "source": self.source,
            "hits": self.hits,
            "trials": self.trials,
        }
        if self.source == "simulated":
            out["expected_low"] = _round(self.expected_low)
            out["expected_high"] = _round(self.expected_high)
        return out


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _round_p(value: float | None) -> float | None:
    return None if value is None else float(f"{value:.6g}")


def _verdict(p: float | None, p_adjusted: float | None, flag: bool | None) -> dict[str, Any]:
    """Return the end of a chi-square's or a sequence test's JSON object: p, Holm p, the threshold and the flag."""
    return {"p": _round_p(p), "p_adjusted": _round_p(p_adjusted), "alpha": ALPHA, "flag": flag}


def wilson(hits: int, trials: int, z: float = Z99) -> tuple[float, float]:
    """Return the Wilson score interval of a share (99% by default); it stays inside 0..1 for any count."""
    share = hits / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def judge(figure: str, hits: int, trials: int, expected: float) -> JudgedFigure:
    """Return the binomial test of ``hits`` in ``trials`` against the share ``expected`` (normal approximation).

    With too few trials to expect MIN_EXPECTED hits and misses, z and p are
    None: the test is not meaningful, and it is never flagged.
    """
    if trials == 0:
        return JudgedFigure(figure, hits, trials, expected, None, None, None, None)
    low, high = wilson(hits, trials)
    if trials * expected < MIN_EXPECTED or trials * (1 - expected) < MIN_EXPECTED:
        return JudgedFigure(figure, hits, trials, expected, None, None, low, high)
    z = (hits - trials * expected) / math.sqrt(trials * expected * (1 - expected))
    if min(trials * expected, trials * (1 - expected)) < EXACT_BELOW:
        p = binomial_two_sided(hits, trials, expected)
        return JudgedFigure(figure, hits, trials, expected, z, p, low, high, p_method="binomial")
    return JudgedFigure(figure, hits, trials, expected, z, min(1.0, 2 * normal_sf(abs(z))), low, high)


def binomial_two_sided(hits: int, trials: int, share: float) -> float:
    """Return the exact two-sided binomial p: the sum of the probabilities no larger than that of ``hits``.

    Every count k of ``trials`` is weighed by its binomial probability; those
    at most as likely as the observed count (within a relative 1e-7, so ties
    in the floating point count as ties) make up p. Terms are summed from the
    mode outwards and stop once they are negligible, so a large ``trials``
    with a small expected count costs a few dozen terms.
    """
    if not 0.0 < share < 1.0:
        return 1.0 if (hits == 0 and share <= 0.0) or (hits == trials and share >= 1.0) else 0.0
    log_p, log_q = math.log(share), math.log1p(-share)
    head = math.lgamma(trials + 1)

    def log_pmf(k: int) -> float:
        return head - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q

    bound = log_pmf(hits) + 1e-7
    mode = min(trials, int((trials + 1) * share))
    total = 0.0
    for steps in (range(mode, -1, -1), range(mode + 1, trials + 1)):
        for k in steps:
            term = log_pmf(k)
            if term <= bound:
                total += math.exp(term)
                if term < bound - 46.0:  # e^-46 is 1e-20 of the observed count's chance: the tail adds nothing
                    break
    return min(1.0, total)


def judge_simulated(figure: str, hits: int, trials: int, expected: float, se: float, deff: float) -> JudgedFigure:
    """Return the test of ``hits`` in ``trials`` against a simulated share with standard error ``se``.

    The variance of the observed share is the binomial one times ``deff`` (the
    simulation's measure of how much the columns or marks of a shoe hang
    together) plus the simulation's own ``se`` squared; z, p and the 99%
    interval (observed share plus or minus 2.576 of that spread) all use it.
    """
    low_e, high_e = max(0.0, expected - Z99 * se), min(1.0, expected + Z99 * se)
    if trials == 0:
        return JudgedFigure(figure, hits, trials, expected, None, None, None, None, None, "simulated", low_e, high_e)
    share = hits / trials
    sd = math.sqrt(expected * (1 - expected) * deff / trials + se * se)
    low, high = max(0.0, share - Z99 * sd), min(1.0, share + Z99 * sd)
    if trials * expected < MIN_EXPECTED or trials * (1 - expected) < MIN_EXPECTED:
        return JudgedFigure(figure, hits, trials, expected, None, None, low, high, None, "simulated", low_e, high_e)
    z = (share - expected) / sd
    p = min(1.0, 2 * normal_sf(abs(z)))
    return JudgedFigure(figure, hits, trials, expected, z, p, low, high, None, "simulated", low_e, high_e)


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A goodness-of-fit test of counts against their expected shares."""

    name: str
    statistic: float | None
    dof: int
    p: float | None
    flag: bool | None = None
    p_adjusted: float | None = None
    """``p`` adjusted by Holm over the group's family of tests (see JudgedFigure.p_adjusted)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON contract's chi-square object (its Holm-adjusted p, the threshold and its flag)."""
        return {"statistic": _round(self.statistic), "dof": self.dof, **_verdict(self.p, self.p_adjusted, self.flag)}


def chi_square(name: str, counts: Sequence[int], shares: Sequence[float]) -> ChiSquare:
    """Return Pearson's chi-square of ``counts`` against ``shares`` (p None when an expected count is under 5)."""
    total = sum(counts)
    dof = len(counts) - 1
    if total == 0:
        return ChiSquare(name, None, dof, None)
    expected = [total * s / sum(shares) for s in shares]
    statistic = sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))
    if min(expected) < MIN_EXPECTED:
        return ChiSquare(name, statistic, dof, None)
    return ChiSquare(name, statistic, dof, chi_square_sf(statistic, dof))


MIN_SIDE = 10
"""The runs and lag-1 tests are meaningful from this many Banker and this many Player wins in the group."""


@dataclass(frozen=True, slots=True)
class SequenceTest:
    """A test of the order of the Banker/Player wins (ties left out): the runs test or the lag-1 correlation."""

    name: str
    """``runs`` or ``lag1``."""
    values: dict[str, Any]
    """What the test counted: runs, expected, variance (runs); pairs, r (lag1)."""
    z: float | None
    p: float | None
    flag: bool | None = None
    p_adjusted: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON contract's object: the counted values, z, p, Holm p, threshold and flag."""
        return {**self.values, "z": _round(self.z), **_verdict(self.p, self.p_adjusted, self.flag)}


def runs_test(runs: int, expected: float, variance: float, banker: int, player: int) -> SequenceTest:
    """Return the Wald-Wolfowitz runs test pooled over shoes: z = sum(R - E[R]) / sqrt(sum Var[R]).

    Per shoe (ties left out), R is the number of runs of the Banker/Player
    sequence (its Big Road columns), E[R] = 1 + 2 n1 n2 / n and
    Var[R] = 2 n1 n2 (2 n1 n2 - n) / (n^2 (n - 1)). Fewer runs than expected
    (z below 0) is a streaky table, more a choppy one. Not meaningful (z, p
    None) under MIN_SIDE wins of either side.
    """
    values = {"runs": runs, "expected": _round(expected), "variance": _round(variance)}
    if min(banker, player) < MIN_SIDE or variance <= 0:
        return SequenceTest("runs", values, None, None)
    z = (runs - expected) / math.sqrt(variance)
    return SequenceTest("runs", values, z, min(1.0, 2 * normal_sf(abs(z))))


def lag1_test(pairs: int, first: int, second: int, both: int) -> SequenceTest:
    """Return the lag-1 correlation of "Banker won" between consecutive non-tie coups of a shoe, pooled.

    ``pairs`` pairs (x, y) of consecutive non-tie coups within one shoe,
    ``first`` with x Banker, ``second`` with y Banker, ``both`` with both:
    r is Pearson's correlation of x and y over all the group's pairs, tested
    against its null (no correlation) as z = r sqrt(pairs). Positive r:
    a win tends to repeat (streaky); negative: it tends to change (choppy).
    """
    spread = (pairs * first - first * first) * (pairs * second - second * second)
    if pairs < 2 or spread <= 0:
        return SequenceTest("lag1", {"pairs": pairs, "r": None}, None, None)
    r = (pairs * both - first * second) / math.sqrt(spread)
    values = {"pairs": pairs, "r": _round(r)}
    if min(first, pairs - first, second, pairs - second) < MIN_SIDE:
        return SequenceTest("lag1", values, None, None)
    z = r * math.sqrt(pairs)
    return SequenceTest("lag1", values, z, min(1.0, 2 * normal_sf(abs(z))))


def depth_omnibus(sides: Sequence[tuple[Sequence[int], Sequence[tuple[float, float, float]]]]) -> SequenceTest:
    """Return one test of both sides' Big Road depth distributions against the simulation (Rao-Scott chi-square).

    ``sides``: for each side, its column counts by depth (1, 2, ... 6+) and
    each depth's simulated (share, se, deff). Per side, Pearson's X² of the
    counts against ``columns * share``, the deepest cells merged until each
    expects at least MIN_EXPECTED, is divided by the mean over its cells of
    ``deff + columns * se^2 / (share (1 - share))``: the columns of a shoe hang
    together (deff), and the expectation is itself an estimate (se). The sum
    over the sides is taken as chi-square on the sum of their cells - 1.
    """
    statistic = 0.0
    dof = 0
    for counts, expected in sides:
        columns = sum(counts)
        if columns == 0:
            continue
        cells = [[k, e[0], e[1] ** 2, e[2]] for k, e in zip(counts, expected, strict=True)]
        while len(cells) > 1 and columns * cells[-1][1] < MIN_EXPECTED:
            k, share, var, deff = cells.pop()
            last = cells[-1]
            # A merged cell's deff and se are taken as the larger of the two: on the safe side.
            last[0], last[1], last[2], last[3] = last[0] + k, last[1] + share, max(last[2], var), max(last[3], deff)
        if len(cells) < 2:
            continue
        chi = sum((k - columns * share) ** 2 / (columns * share) for k, share, _, _ in cells)
        scale = sum(deff + columns * var / (share * (1 - share)) for _, share, var, deff in cells) / len(cells)
        statistic += chi / scale
        dof += len(cells) - 1
    values = {"statistic": _round(statistic) if dof else None, "dof": dof}
    if dof == 0:
        return SequenceTest("depths", values, None, None)
    return SequenceTest("depths", values, None, chi_square_sf(statistic, dof))


def red_omnibus(p_values: Sequence[float | None]) -> SequenceTest:
    """Return one test of the derived roads' red shares: the smallest p times the number tested (Bonferroni).

    The three roads' red shares hang together (their shoe-to-shoe residuals
    correlate by about 0.24 in dealt shoes), so a chi-square of their z's
    would be too liberal; the Bonferroni minimum is valid whatever the
    dependence, and close to exact at this little of it.
    """
    tested = [p for p in p_values if p is not None]
    values: dict[str, Any] = {"tests": len(tested)}
    if not tested:
        return SequenceTest("red_shares", values, None, None)
    return SequenceTest("red_shares", values, None, min(1.0, len(tested) * min(tested)))


POWER = 0.8
"""The chance of a flag the power figure is for: the shift flagged 4 times in 5."""


def banker_power(coups: int, share: float, tests: int, power: float = POWER) -> dict[str, Any] | None:
    """Return the smallest shift of the Banker share a group of ``coups`` coups would flag with chance ``power``.

    The Banker test is flagged when its |z| passes Holm's first step over the group's ``tests`` tests,
    z_a = Phi^-1(1 - ALPHA / (2 tests)) (Holm flags at least that); with z_b = Phi^-1(power), a true share
    ``share`` + d is flagged with chance ``power`` for d = (z_a + z_b) sqrt(share (1 - share) / coups) (normal
    approximation, the variance taken at ``share``). None without coups or tests.
    """
    if coups <= 0 or tests <= 0:
        return None
    from statistics import NormalDist

    z_a = NormalDist().inv_cdf(1 - ALPHA / (2 * tests))
    shift = (z_a + NormalDist().inv_cdf(power)) * math.sqrt(share * (1 - share) / coups)
    return {"banker_shift": _round(shift), "power": power, "tests": tests, "z": _round(z_a)}


def order_reading(runs: SequenceTest, lag1: SequenceTest, unit: str = "archive") -> str | None:
    """Return the sentence that tells a difference between shoes from streaks within shoes, None when neither
    the runs test nor the lag-1 test says anything (not meaningful, or neither flagged).

    The runs test counts each shoe's runs against that shoe's own Banker and Player counts, so it sees only
    streaks within shoes; the lag-1 correlation pools every pair of consecutive wins against the one Banker
    share of the whole group, so shoes that differ from one another (some Banker-heavy, some Player-heavy)
    make it look streaky even when no shoe has streaks.
    """
    if runs.z is None or lag1.z is None or not (runs.flag or lag1.flag):
        return None
    within = f"the runs test within shoes (each against its own counts, z {runs.z:+.2f})"
    pooled = f"the lag-1 correlation pooled over the {unit} (z {lag1.z:+.2f})"
    if lag1.flag and not runs.flag:
        return (
            f"{pooled} stands out but {within} does not: the shoes differ from one another in Banker share "
            "(see homogeneity), which pooling reads as streaks; the coups within a shoe are not streakier or "
            "choppier than chance"
        )
    kind = "streaks" if runs.z < 0 else "chop"
    if lag1.flag:
        return f"{within} and {pooled} both stand out: {kind} within shoes, not only a difference between them"
    return f"{within} stands out and {pooled} does not: {kind} within shoes, where pooling over shoes blurs it"


def sequence_reading(test: SequenceTest, unit: str = "archive") -> str:
    """Return what a flagged runs or lag-1 test means, in plain words."""
    if test.name == "depths":
        return (
            f"depths: the Big Road column depths stray from the simulation (chi-square "
            f"{test.values['statistic']:.1f} on {test.values['dof']} degrees of freedom); "
            f"{_by_chance(test.p_adjusted, unit)}"
        )
    if test.name == "red_shares":
        return (
            f"red shares: the derived roads' red shares stray from the simulation; {_by_chance(test.p_adjusted, unit)}"
        )
    streaky = (test.z or 0) < 0 if test.name == "runs" else (test.z or 0) > 0
    if test.name == "runs":
        what = f"runs: {test.values['runs']} runs of Banker and Player against {test.values['expected']:.1f} expected"
    else:
        what = f"lag1: a correlation of {test.values['r']:+.3f} between one win and the next"
    return (
        f"{what}, {abs(test.z or 0):.1f} standard deviations: {'streakier' if streaky else 'choppier'} than "
        f"chance; {_by_chance(test.p_adjusted, unit)}"
    )


def holm(p_values: Sequence[float | None], alpha: float = ALPHA) -> list[bool | None]:
    """Return which p-values Holm's step-down rejects at family-wise ``alpha`` (None stays None: not tested)."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    out: list[bool | None] = [None if p is None else False for p in p_values]
    m = len(tested)
    for rank, (p, i) in enumerate(tested):
        if p > alpha / (m - rank):
            break
        out[i] = True
    return out


def holm_adjusted(p_values: Sequence[float | None]) -> list[float | None]:
    """Return Holm's adjusted p-values (None stays None): a test is rejected at ``alpha`` when its value is at most it.

    The i-th smallest of m p-values becomes the largest of (m - j + 1) p_(j)
    over j <= i, capped at 1: the smallest family-wise level that flags it.
    """
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    out: list[float | None] = [None] * len(p_values)
    m = len(tested)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def reading(figure: JudgedFigure, unit: str = "archive") -> str:
    """Return what a flagged figure means, in plain words: how often chance alone would do it to a fair ``unit``.

    The chance is the Holm-adjusted p: that of any of the group's tests straying this far.
    """
    side = "above" if (figure.observed or 0) > figure.expected else "below"
    return (
        f"{figure.figure.replace('_', ' ')}: {figure.hits} of {figure.trials} "
        f"({100 * (figure.observed or 0):.2f}%) against {100 * figure.expected:.2f}% "
        f"{'simulated' if figure.source == 'simulated' else 'in theory'}, "
        f"{abs(figure.z or 0):.1f} standard deviations {side}; {_by_chance(figure.p_adjusted, unit)}"
    )


def chi_reading(test: ChiSquare, unit: str = "archive") -> str:
    """Return what a flagged chi-square means, in plain words (its chance Holm-adjusted, as for a figure)."""
    return (
        f"{test.name}: chi-square {test.statistic:.1f} on {test.dof} degrees of freedom; "
        f"{_by_chance(test.p_adjusted, unit)}"
    )


def _by_chance(p: float | None, unit: str) -> str:
    """Return the chance words of a flag: the Holm-adjusted p is an upper bound, so "at most"."""
    return (
        f"by chance alone {at_most(p)} fair {unit}s would stray this far in any of their tests "
        "(Holm-adjusted p, an upper bound)"
    )


def at_most(p: float | None) -> str:
    """Return an upper bound on a chance in words: "at most 1 in 160", "less than 1 in a billion"."""
    odds = 1 / p if p else math.inf
    return "less than 1 in a billion" if odds > 1e9 else f"at most 1 in {_plain(odds)}"


def binomial_at_least(hits: int, trials: int, share: float) -> float:
    """Return P(X >= hits) for X binomial(trials, share): the chance of at least ``hits`` by chance alone.

    Summed in logs from ``hits`` upwards (or, below the mode, as one minus the terms under ``hits``), stopping
    once the terms are negligible, so a large ``trials`` costs a few hundred terms.
    """
    if hits <= 0:
        return 1.0
    if hits > trials or share <= 0.0:
        return 0.0
    if share >= 1.0:
        return 1.0
    log_p, log_q = math.log(share), math.log1p(-share)
    head = math.lgamma(trials + 1)

    def pmf(k: int) -> float:
        return math.exp(head - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q)

    mode = int((trials + 1) * share)
    if hits > mode:
        total, k = 0.0, hits
        while k <= trials:
            term = pmf(k)
            total += term
            if term < total * 1e-17:
                break
            k += 1
        return min(1.0, total)
    below, k = 0.0, hits - 1
    while k >= 0:
        term = pmf(k)
        below += term
        if term < below * 1e-17:
            break
        k -= 1
    return max(0.0, 1.0 - below)


def _plain(odds: float) -> str:
    if odds >= 1e6:
        return f"{odds / 1e6:.0f} million"
    return f"{odds:,.0f}"
