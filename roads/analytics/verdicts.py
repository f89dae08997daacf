"""The verdicts on one group's counts: every figure tested against theory, and the JSON contract of roads stats.

Exact figures come from the odds of one coup of a full shoe; column depths and
red shares from shoes dealt by the simulator (roads.analytics.simulated).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from .simulated import expectations
from .tally import Tally
from .theory import (
    ALPHA,
    CARD_FIGURES,
    SIM_FIGURES,
    ChiSquare,
    JudgedFigure,
    SequenceTest,
    at_most,
    banker_power,
    binomial_at_least,
    chi_reading,
    chi_square,
    chi_square_sf,
    depth_omnibus,
    expected_shares,
    holm,
    holm_adjusted,
    judge,
    judge_simulated,
    lag1_test,
    order_reading,
    reading,
    red_omnibus,
    runs_test,
    sequence_reading,
)


def judge_group(tally: Tally, decks: int) -> tuple[list[JudgedFigure], list[ChiSquare], list[SequenceTest]]:
    """Return every figure of ``tally`` tested against theory for ``decks`` decks, flags set by Holm over all.

    Exact figures come first, then the simulated ones (column depths, red
    shares); then the chi-squares, and the runs and lag-1 tests of the order of wins.
    """
    shares = expected_shares(decks)
    figures = [
        judge(name, getattr(tally.counts, name), tally.counts.coups, shares[name])
        for name in ("banker", "player", "tie")
    ]
    chis = [
        chi_square(
            "banker/player/tie",
            [tally.counts.banker, tally.counts.player, tally.counts.tie],
            [shares[n] for n in ("banker", "player", "tie")],
        )
    ]
    if tally.with_cards:
        known = [*tally.card_pairs, *tally.cards]
        figures += [judge(n, k, tally.with_cards, shares[n]) for n, k in zip(CARD_FIGURES, known, strict=True)]
        names = ("cards_4", "cards_5", "cards_6")
        chis.append(chi_square("4/5/6 cards", tally.cards, [shares[n] for n in names]))
    sim = expectations(decks).figures
    counts = tally.simulated_counts()
    # The simulated shares overlap (a side's depth shares add up to 1, the roads' reds hang together): they
    # are descriptive rows, and each family is tested once, by an omnibus test, in the Holm family.
    described = [judge_simulated(n, *counts[n], sim[n].expected, sim[n].se, sim[n].deff) for n in SIM_FIGURES]
    sides = []
    for side in ("banker", "player"):
        depth = [n for n in SIM_FIGURES if n.startswith(f"{side}_depth_")]
        sides.append(([counts[n][0] for n in depth], [(sim[n].expected, sim[n].se, sim[n].deff) for n in depth]))
    runs, expected, variance = tally.runs
    order = [
        depth_omnibus(sides),
        red_omnibus([f.p for f in described if f.figure.endswith("_red")]),
        runs_test(runs, float(expected), float(variance), tally.counts.banker, tally.counts.player),
        lag1_test(*tally.lag),
    ]
    family = [f.p for f in figures] + [c.p for c in chis] + [t.p for t in order]
    flags, adjusted = holm(family), holm_adjusted(family)
    n, m = len(figures), len(figures) + len(chis)
    figures = [replace(f, flag=flag, p_adjusted=a) for f, flag, a in zip(figures, flags, adjusted, strict=False)]
    figures += [replace(f, family=False) for f in described]
    chis = [replace(c, flag=fl, p_adjusted=a) for c, fl, a in zip(chis, flags[n:m], adjusted[n:m], strict=True)]
    order = [replace(t, flag=fl, p_adjusted=a) for t, fl, a in zip(order, flags[m:], adjusted[m:], strict=True)]
    return figures, chis, order


def unit_of(tally: Tally) -> str:
    """Return the word for what a group is (shoe, file, table, date; the total: shoe or archive)."""
    if tally.unit is not None:
        return tally.unit
    return "shoe" if tally.shoes == 1 else "archive"


def group_document(tally: Tally, decks: int) -> dict[str, Any]:
    """Return one group as the JSON contract of ``roads stats --json``."""
    figures, chis, order = judge_group(tally, decks)
    known = tally.with_cards > 0
    counts = {
        "banker": tally.counts.banker,
        "player": tally.counts.player,
        "tie": tally.counts.tie,
        # The JSON and CSV keep the names they always had; the panel says banker_pairs, naturals.
        "banker_pair": tally.counts.banker_pairs,
        "player_pair": tally.counts.player_pairs,
        "natural": tally.counts.naturals,
        "cards_4": tally.cards[0] if known else None,
        "cards_5": tally.cards[1] if known else None,
        "cards_6": tally.cards[2] if known else None,
    }
    shares = {
        name: (round(n / tally.counts.coups, 6) if tally.counts.coups and n is not None else None)
        for name, n in counts.items()
    }
    if known:
        for name, n in zip(("cards_4", "cards_5", "cards_6"), tally.cards, strict=True):
            shares[name] = round(n / tally.with_cards, 6)
    unit = unit_of(tally)
    flags = [reading(f, unit) for f in figures if f.flag] + [chi_reading(c, unit) for c in chis if c.flag]
    flags += [sequence_reading(t, unit) for t in order if t.flag]
    return {
        "key": tally.key,
        "shoes": tally.shoes,
        "coups": tally.counts.coups,
        "coups_with_cards": tally.with_cards,
        "counts": counts,
        "shares": shares,
        "tests": [f.to_dict() for f in figures],
        "chi_square": chis[0].to_dict(),
        "chi_square_cards": chis[1].to_dict() if len(chis) > 1 else None,
        "depths": order[0].to_dict(),
        "red_shares": order[1].to_dict(),
        "runs": order[2].to_dict(),
        "lag1": order[3].to_dict(),
        "meaningful": any(f.p is not None for f in figures),
        "flags": flags,
        "order_reading": order_reading(order[2], order[3], unit),
        "power": banker_power(
            tally.counts.coups,
            expected_shares(decks)["banker"],
            sum(1 for f in figures if f.family and f.p is not None)
            + sum(1 for c in chis if c.p is not None)
            + sum(1 for t in order if t.p is not None),
        ),
        "streaks": tally.streaks(),
        "derived": {
            road: {"marks": marks, "red": red, "red_share": round(red / marks, 6) if marks else None}
            for road, (marks, red) in sorted(tally.derived.items())
        },
    }


class Across:
    """What the groups say together, added a group document at a time (constant memory, as groups stream).

    ``flagged_groups``: how many groups have a flag, against how many a fair
    archive would flag by chance (ALPHA of the groups with a meaningful test;
    Holm keeps each group's chance at most ALPHA). ``homogeneity``: Pearson's
    chi-square that the groups share one Banker/Player/Tie distribution, on
    2 (groups - 1) degrees of freedom, from X^2 = N (sum_j S_j / C_j - 1)
    where S_j adds O_ij^2 / R_i over the groups: exact fractions, so nothing
    but the counts needs keeping.
    """

    def __init__(self) -> None:
        self.groups = 0
        self.meaningful = 0
        self.flagged = 0
        self.rows = 0
        self.columns = [0, 0, 0]
        self.sums = [Fraction(0)] * 3

    def add(self, group: dict[str, Any]) -> None:
        """Count one group's document."""
        self.groups += 1
        self.meaningful += bool(group["meaningful"])
        self.flagged += bool(group["flags"])
        c = group["counts"]
        row = (c["banker"], c["player"], c["tie"])
        size = sum(row)
        if size:
            self.rows += 1
            self.columns = [a + b for a, b in zip(self.columns, row, strict=True)]
            self.sums = [a + Fraction(k * k, size) for a, k in zip(self.sums, row, strict=True)]

    def flagged_groups(self) -> dict[str, Any]:
        """Return {count, expected, p, flag, reading}: groups flagged, about how many fair ones would be at ALPHA,
        and the chance of at least that many by chance alone.

        ``p`` is the binomial tail P(X >= count), X binomial(meaningful groups, ALPHA): each fair group is flagged
        at most ALPHA of the time (Holm), so ``p`` is an upper bound, and ``flag`` is ``p`` at most ALPHA.
        """
        p = binomial_at_least(self.flagged, self.meaningful, ALPHA)
        flag = self.flagged > 0 and p <= ALPHA
        if self.flagged == 0:
            reading = "no group flagged"
        elif flag:
            reading = (
                f"{self.flagged} of {self.groups} groups flagged: more than chance alone explains "
                f"(as many or more by chance {_at_most_words(p)}, binomial)"
            )
        else:
            reading = (
                f"{self.flagged} of {self.groups} groups flagged: no more than chance alone gives "
                f"(as many or more by chance {_at_most_words(p)}, binomial)"
            )
        return {
            "count": self.flagged,
            "expected": round(ALPHA * self.meaningful, 6),
            "p": float(f"{p:.6g}"),
            "flag": flag,
            "reading": reading,
        }

    def homogeneity(self) -> dict[str, Any] | None:
        """Return {statistic, dof, p} of the groups' Banker/Player/Tie counts; None with fewer than 2 groups."""
        if self.groups < 2:
            return None
        used = [j for j in range(3) if self.columns[j]]
        dof = (self.rows - 1) * (len(used) - 1)
        if dof < 1:
            return {"statistic": None, "dof": max(dof, 0), "p": None, "alpha": ALPHA, "flag": None, "reading": None}
        total = sum(self.columns)
        statistic = float(total * (sum(self.sums[j] / self.columns[j] for j in used) - 1))
        p = chi_square_sf(statistic, dof)
        flag = p <= ALPHA
        said = f"chi-square {statistic:.1f} on {dof} degrees of freedom, p {p:.3g}"
        reading = (
            f"the groups differ in their Banker/Player/Tie shares more than chance allows ({said}): "
            "look at each group rather than the total alone"
            if flag
            else f"the groups' Banker/Player/Tie shares agree with one another ({said})"
        )
        return {
            "statistic": round(statistic, 6),
            "dof": dof,
            "p": float(f"{p:.6g}"),
            "alpha": ALPHA,
            "flag": flag,
            "reading": reading,
        }


def _at_most_words(p: float) -> str:
    """Return an upper-bound chance in words: "at most 1 in 3", "more than half the time"."""
    return "more than half the time" if p > 0.5 else at_most(p)


def across_groups(groups: list[dict[str, Any]]) -> Across:
    """Return the Across of a list of group documents."""
    seen = Across()
    for group in groups:
        seen.add(group)
    return seen
