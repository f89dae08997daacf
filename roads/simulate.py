"""Deal real shoes (burn, cut card, one more coup) and count what happens, with 99% intervals.

Two engines deal the same house procedure. ``numpy`` shuffles many shoes at
once with numpy's PCG64 generator and resolves the coups of all of them in
vectorised passes, one coup per shoe per pass. ``scalar`` deals each shoe with
``roads.shoe.deal_shoe`` (its own seeded shuffle, one coup at a time). Fed the
same shuffled cards, the two deal identical coups (see ``play_shoes``).

Coups of one shoe are not independent (they share its cards), so intervals
treat each shoe as one cluster: the estimate is a ratio (events over coups)
and its variance comes from how each shoe's count strays from its share.

The same dealing serves every simulation of the project: the figures of
``roads odds`` (:func:`simulate`), what every bet of a rule set returned
(:func:`simulate_bets`, the cards carrying suits so a Perfect Pair counts
too), and the winners of whole shoes that ``roads stats`` measures column
depths and red shares against (:func:`dealt_winners`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from statistics import NormalDist
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict
from tqdm import tqdm

from .bets.kinds import Deal
from .bets.paytable import Bet, RuleSet
from .bets.price import net_scale, pair_nets, prices
from .cards import RANKS, SUITS, rank_value
from .errors import ShoeError
from .odds import exact_odds
from .odds.engine import EVENTS
from .rules import banker_draws, is_natural, player_draws
from .shoe import DEFAULT_CUT, DEFAULT_DECKS, check_settings, deal_shoe

Engine = Literal["numpy", "scalar"]
CONFIDENCE = 0.99
CARDS_PER_BATCH = 1_000_000
"""Cards shuffled at once by the numpy engine: big enough to amortise, small enough for memory."""

COUNTED: tuple[str, ...] = (*EVENTS, "banker_pair", "player_pair")
"""What is counted per coup (0 or 1 each), in the order of the per-shoe count columns."""

# Each reported figure as a per-coup variable: (constant + sum of coefficient * counted) / scale.
# Integer coefficients keep every sum exact: a Banker win pays 19/20, so that edge is scaled by 20.
_FIGURES: dict[str, tuple[int, int, dict[str, int]]] = {
    **{name: (1, 0, {name: 1}) for name in COUNTED},
    "edge_banker": (20, 0, {"player": 20, "banker": -19}),
    "edge_player": (1, 0, {"banker": 1, "player": -1}),
    "edge_tie": (1, 1, {"tie": -9}),
    "edge_banker_no_commission": (2, 0, {"player": 2, "banker": -2, "banker_six": 1}),
    "edge_banker_pair": (1, 1, {"banker_pair": -12}),
    "edge_player_pair": (1, 1, {"player_pair": -12}),
}

_VALUE_OF_RANK = np.array([rank_value(r) for r in RANKS], dtype=np.int8)
_NATURAL = np.array([is_natural(t) for t in range(10)])
_PLAYER_DRAWS = np.array([player_draws(t) for t in range(10)])
_BANKER_DRAWS_PLAYER_STOOD = np.array([banker_draws(t, None) for t in range(10)])
_BANKER_DRAWS_ON = np.array([[banker_draws(t, v) for v in range(10)] for t in range(10)])


class Estimate(BaseModel):
    """A simulated figure with its confidence interval, and the exact full-shoe figure beside it."""

    model_config = ConfigDict(frozen=True)

    value: float
    low: float
    high: float
    exact: float | None = None


class SimulationReport(BaseModel):
    """What the dealt shoes showed: each figure of the odds model with its interval."""

    model_config = ConfigDict(frozen=True)

    decks: int
    shoes: int
    coups: int
    seed: int
    cut: int
    engine: str
    confidence: float
    figures: dict[str, Estimate]


@dataclass(frozen=True, slots=True)
class DealtCoups:
    """Every coup of a batch of shoes as arrays, shoe by shoe, in dealing order."""

    shoe: np.ndarray
    """Index of the shoe each coup came from."""
    cards: np.ndarray
    """(coups, 6) rank indices into RANKS in dealing order, -1 where no card was dealt."""
    player_total: np.ndarray
    banker_total: np.ndarray
    player_drew: np.ndarray
    banker_drew: np.ndarray
    natural: np.ndarray

    def counted(self) -> np.ndarray:
        """Return the (coups, len(COUNTED)) 0/1 table of what each coup counts toward."""
        p, b = self.player_total, self.banker_total
        n = 4 + self.player_drew.astype(np.int8) + self.banker_drew
        columns = {
            "banker": b > p,
            "player": p > b,
            "tie": p == b,
            "natural": self.natural,
            "player_draws": self.player_drew,
            "banker_draws": self.banker_drew,
            "cards_4": n == 4,
            "cards_5": n == 5,
            "cards_6": n == 6,
            "banker_six": (b > p) & (b == 6),
            "banker_pair": self.cards[:, 1] == self.cards[:, 3],
            "player_pair": self.cards[:, 0] == self.cards[:, 2],
        }
        return np.stack([columns[name] for name in COUNTED], axis=1).astype(np.int64)


def play_shoes(order: np.ndarray, cut: int = DEFAULT_CUT) -> DealtCoups:
    """Return every coup of shoes already shuffled (rows of rank indices), dealt by the house procedure.

    The first card is burned with as many more as its value (10 for a 0); coups
    are dealt until the cut card ``cut`` cards from the end comes out, then one more.
    """
    shoes, size = order.shape
    ranks = np.concatenate([order.astype(np.int8), np.full((shoes, 6), -1, dtype=np.int8)], axis=1)
    values = _VALUE_OF_RANK[ranks]
    first = values[:, 0].astype(np.int64)
    pos = 1 + np.where(first == 0, 10, first)
    last = np.zeros(shoes, dtype=bool)
    live = np.arange(shoes)
    passes: list[tuple[np.ndarray, ...]] = []
    while live.size:
        at = pos[live]
        grid = at[:, None] + np.arange(6)
        c = ranks[live[:, None], grid]
        v = values[live[:, None], grid]
        pt2, bt2 = (v[:, 0] + v[:, 2]) % 10, (v[:, 1] + v[:, 3]) % 10
        natural = _NATURAL[pt2] | _NATURAL[bt2]
        p_drew = ~natural & _PLAYER_DRAWS[pt2]
        b_drew = ~natural & np.where(p_drew, _BANKER_DRAWS_ON[bt2, v[:, 4]], _BANKER_DRAWS_PLAYER_STOOD[bt2])
        b3 = np.where(p_drew, v[:, 5], v[:, 4])
        pt = (pt2 + np.where(p_drew, v[:, 4], 0)) % 10
        bt = (bt2 + np.where(b_drew, b3, 0)) % 10
        used = 4 + p_drew.astype(np.int64) + b_drew
        if (at + used > size).any():
            # Only a cut card too close to the end gets here: say so rather than deal padding.
            raise ShoeError(
                f"a shoe ran out of cards during a coup: the cut card {cut} cards from the end "
                "leaves too little for the coup after it"
            )
        c[:, 4] = np.where(used >= 5, c[:, 4], -1)
        c[:, 5] = np.where(used == 6, c[:, 5], -1)
        passes.append((live, c, pt, bt, p_drew, b_drew, natural))
        pos[live] = at + used
        # The coup that brings the cut card out is followed by exactly one more.
        finished = last[live]
        last[live] |= pos[live] > size - cut
        live = live[~finished]
    shoe, cards, pt, bt, p_drew, b_drew, natural = (np.concatenate(x) for x in zip(*passes, strict=False))
    by_shoe = np.argsort(shoe, kind="stable")
    return DealtCoups(
        shoe[by_shoe],
        cards[by_shoe],
        pt[by_shoe].astype(np.int8),
        bt[by_shoe].astype(np.int8),
        p_drew[by_shoe],
        b_drew[by_shoe],
        natural[by_shoe],
    )


def shuffled_shoes(rng: np.random.Generator, shoes: int, decks: int) -> np.ndarray:
    """Return ``shoes`` rows of rank indices, each an independently shuffled ``decks``-deck shoe."""
    fresh = np.tile(np.arange(len(RANKS), dtype=np.int8), 4 * decks)
    return rng.permuted(np.broadcast_to(fresh, (shoes, fresh.size)), axis=1)


def dealt_winners(decks: int, shoes: int, seed: int, cut: int, batch: int) -> Iterator[list[int]]:
    """Yield the winners (0 Banker, 1 Player, 2 Tie) of each of ``shoes`` shoes, ``batch`` shuffled at once.

    The generator draws from the stream ``(seed, decks)``: each deck count has its own.
    """
    rng = np.random.default_rng((seed, decks))
    for start in range(0, shoes, batch):
        dealt = play_shoes(shuffled_shoes(rng, min(batch, shoes - start), decks), cut)
        p, b = dealt.player_total, dealt.banker_total
        winners = np.where(b > p, 0, np.where(p > b, 1, 2))
        bounds = np.flatnonzero(np.diff(dealt.shoe)) + 1
        for shoe in np.split(winners, bounds):
            yield shoe.tolist()


def _numpy_batches(shoes: int, decks: int, seed: int, cut: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield (coups per shoe, per-shoe counts) for batches of shoes dealt by the numpy engine."""
    rng = np.random.default_rng(seed)
    batch = max(1, CARDS_PER_BATCH // (52 * decks))
    for start in range(0, shoes, batch):
        size = min(batch, shoes - start)
        dealt = play_shoes(shuffled_shoes(rng, size, decks), cut)
        per_shoe = np.zeros((size, len(COUNTED)), dtype=np.int64)
        counted = dealt.counted()
        for j in range(len(COUNTED)):
            per_shoe[:, j] = np.bincount(dealt.shoe, weights=counted[:, j], minlength=size).astype(np.int64)
        yield np.bincount(dealt.shoe, minlength=size).astype(np.int64), per_shoe


def _scalar_batches(shoes: int, decks: int, seed: int, cut: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield (coups per shoe, per-shoe counts) one shoe at a time from ``roads.shoe.deal_shoe``."""
    for i in range(shoes):
        shoe = deal_shoe(decks, seed=f"{seed}:{i}", cut=cut)
        rows = []
        for coup in shoe.coups:
            p, b = coup.player_total, coup.banker_total
            rows.append(
                [
                    b > p,
                    p > b,
                    p == b,
                    coup.natural,
                    len(coup.player) == 3,
                    len(coup.banker) == 3,
                    coup.cards == 4,
                    coup.cards == 5,
                    coup.cards == 6,
                    b > p and b == 6,
                    coup.banker_pair,
                    coup.player_pair,
                ]
            )
        yield (np.array([len(rows)], dtype=np.int64), np.array(rows, dtype=np.int64).sum(axis=0, keepdims=True))


def cluster_spread(y: int, y2: int, yn: int, n: int, n2: int) -> Fraction:
    """Return, exactly, how far the shoes stray from a ratio estimate ``y / n``: the sum of ``(y_i - m n_i)^2``.

    Each shoe is one cluster: ``y``, ``y2`` and ``yn`` are the sums over shoes
    of a shoe's count, its square and its product with the shoe's coups; ``n``
    and ``n2`` the sums of coups and of their squares. Times
    ``shoes / (shoes - 1) / n^2`` it is the estimate's variance.
    """
    m = Fraction(y, n)
    return y2 - 2 * m * yn + m * m * n2


def _zeros() -> dict[str, int]:
    return dict.fromkeys(_FIGURES, 0)


@dataclass(slots=True)
class _Sums:
    """Exact running sums, per figure, of what the cluster (per-shoe) interval needs."""

    shoes: int = 0
    n: int = 0
    n2: int = 0
    y: dict[str, int] = field(default_factory=_zeros)
    y2: dict[str, int] = field(default_factory=_zeros)
    yn: dict[str, int] = field(default_factory=_zeros)

    def add(self, coups: np.ndarray, counts: np.ndarray) -> None:
        """Add a batch: coups per shoe, and per shoe the count of each COUNTED event."""
        self.shoes += len(coups)
        self.n += int(coups.sum())
        self.n2 += int((coups * coups).sum())
        for name, (_, const, coefs) in _FIGURES.items():
            y = const * coups
            for counted, k in coefs.items():
                y = y + k * counts[:, COUNTED.index(counted)]
            self.y[name] += int(y.sum())
            self.y2[name] += int((y * y).sum())
            self.yn[name] += int((y * coups).sum())

    def estimate(self, name: str, z: float) -> Estimate:
        """Return the ratio estimate of one figure with its cluster-robust interval."""
        scale = _FIGURES[name][0]
        spread = cluster_spread(self.y[name], self.y2[name], self.yn[name], self.n, self.n2)
        var = Fraction(self.shoes, self.shoes - 1) * spread / (self.n * self.n)
        half = z * math.sqrt(var) / scale
        value = float(Fraction(self.y[name], self.n) / scale)
        low, high = value - half, value + half
        if name in COUNTED:
            low, high = max(0.0, low), min(1.0, high)
        return Estimate(value=value, low=low, high=high)


def simulate(
    shoes: int,
    decks: int = DEFAULT_DECKS,
    seed: int = 0,
    *,
    cut: int = DEFAULT_CUT,
    engine: Engine = "numpy",
    progress: bool = False,
    with_exact: bool = True,
) -> SimulationReport:
    """Return the figures counted over ``shoes`` dealt shoes, each with its 99% interval.

    With ``with_exact`` each figure also carries the exact value for the first coup of a full shoe.
    """
    check_settings(decks, cut)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 2:
        raise ShoeError(f"an interval needs at least 2 shoes, got {shoes!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ShoeError(f"the seed is a whole number, 0 or more, got {seed!r}")
    batches = {"numpy": _numpy_batches, "scalar": _scalar_batches}
    if engine not in batches:
        raise ShoeError(f"unknown engine {engine!r}: use numpy or scalar")
    sums = _Sums()
    with tqdm(total=shoes, unit="shoe", file=sys.stderr, disable=not progress, leave=False) as bar:
        for coups, counts in batches[engine](shoes, decks, seed, cut):
            sums.add(coups, counts)
            bar.update(len(coups))
    z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
    figures = {name: sums.estimate(name, z) for name in _FIGURES}
    if with_exact:
        truth = exact_odds(decks)
        figures = {name: est.model_copy(update={"exact": getattr(truth, name)}) for name, est in figures.items()}
    return SimulationReport(
        decks=decks,
        shoes=shoes,
        coups=sums.n,
        seed=seed,
        cut=cut,
        engine=engine,
        confidence=CONFIDENCE,
        figures=figures,
    )


_CARD_VALUES = np.array([rank_value(r) for r in RANKS], dtype=np.int64)
_CELLS = 100 * 11 * 11
"""(Player two-card total, Banker two-card total, Player third value or none, Banker third or none)."""


class BetEstimate(BaseModel):
    """One bet's simulated house edge with its interval, and the exact first-coup edge beside it."""

    model_config = ConfigDict(frozen=True)

    bet: str
    edge: float
    low: float
    high: float
    exact: float | None


class BetSimulation(BaseModel):
    """What the dealt shoes showed for every bet of a rule set."""

    model_config = ConfigDict(frozen=True)

    rules: str
    decks: int
    shoes: int
    coups: int
    seed: int
    cut: int
    confidence: float
    bets: list[BetEstimate]


@cache
def _net_table(bet: Bet) -> np.ndarray:
    """Return the bet's net return (times its scale) for every value cell, from its settle function."""
    scale = net_scale(bet)
    out = np.zeros(_CELLS, dtype=np.int64)
    for k in range(_CELLS):
        pb, rest = divmod(k, 121)
        p3, b3 = divmod(rest, 11)
        deal = Deal(pb // 10, pb % 10, p3 - 1 if p3 else None, b3 - 1 if b3 else None)
        out[k] = int(bet.net(deal) * scale)
    return out


def _pair_table(bet: Bet) -> np.ndarray:
    """Return the pair bet's scaled net return indexed by (Player pair, Banker pair) for rank (or suited) pairs."""
    scale = net_scale(bet)
    both, player, banker, neither = (int(net * scale) for net in pair_nets(bet))
    return np.array([[neither, banker], [player, both]], dtype=np.int64)


def bet_batch(order: np.ndarray, cut: int, rules: RuleSet) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Return coups per shoe and, per bet, each shoe's summed scaled net, for shoes of card ids (rank * 4 + suit)."""
    shoes = order.shape[0]
    ranks = order // len(SUITS)
    dealt = play_shoes(ranks, cut)
    used = 4 + dealt.player_drew.astype(np.int64) + dealt.banker_drew
    # Where each coup starts: after the burn, then every earlier coup of its shoe.
    first = _CARD_VALUES[ranks[:, 0]]
    start = 1 + np.where(first == 0, 10, first)
    ends = np.cumsum(used)
    begins = np.searchsorted(dealt.shoe, np.arange(shoes))
    offset = ends[begins] - used[begins]
    pos = start[dealt.shoe] + ends - used - offset[dealt.shoe]
    cards = order[dealt.shoe[:, None], pos[:, None] + np.arange(4)]
    suit = cards % len(SUITS)
    rank = cards // len(SUITS)
    values = _CARD_VALUES[np.where(dealt.cards >= 0, dealt.cards, 0)]
    p2 = (values[:, 0] + values[:, 2]) % 10
    b2 = (values[:, 1] + values[:, 3]) % 10
    p3 = np.where(dealt.player_drew, values[:, 4] + 1, 0)
    b3 = np.where(dealt.banker_drew, np.where(dealt.player_drew, values[:, 5], values[:, 4]) + 1, 0)
    cell = (p2 * 10 + b2) * 121 + p3 * 11 + b3
    player_pair = rank[:, 0] == rank[:, 2]
    banker_pair = rank[:, 1] == rank[:, 3]
    player_suited = player_pair & (suit[:, 0] == suit[:, 2])
    banker_suited = banker_pair & (suit[:, 1] == suit[:, 3])
    per_shoe: dict[str, np.ndarray] = {}
    for bet in rules.bets:
        if bet.by_value:
            net = _net_table(bet)[cell]
        elif bet.kind == "suited_pair":
            net = _pair_table(bet)[player_suited.astype(int), banker_suited.astype(int)]
        else:
            net = _pair_table(bet)[player_pair.astype(int), banker_pair.astype(int)]
        per_shoe[bet.id] = np.bincount(dealt.shoe, weights=net, minlength=shoes).astype(np.int64)
    return np.bincount(dealt.shoe, minlength=shoes).astype(np.int64), per_shoe


def simulate_bets(
    rules: RuleSet, shoes: int, decks: int = DEFAULT_DECKS, seed: int = 0, *, cut: int = DEFAULT_CUT
) -> BetSimulation:
    """Return every bet's house edge over ``shoes`` dealt shoes with its 99% interval, beside the exact edge."""
    check_settings(decks, cut)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 2:
        raise ShoeError(f"an interval needs at least 2 shoes, got {shoes!r}")
    rng = np.random.default_rng(seed)
    fresh = np.tile(np.arange(len(RANKS) * len(SUITS), dtype=np.int64), decks)
    batch = max(1, CARDS_PER_BATCH // fresh.size)
    coups_parts: list[np.ndarray] = []
    nets: dict[str, list[np.ndarray]] = {b.id: [] for b in rules.bets}
    for begin in range(0, shoes, batch):
        size = min(batch, shoes - begin)
        order = rng.permuted(np.broadcast_to(fresh, (size, fresh.size)), axis=1)
        n, per_shoe = bet_batch(order, cut, rules)
        coups_parts.append(n)
        for bet_id, values in per_shoe.items():
            nets[bet_id].append(values)
    n_all = np.concatenate(coups_parts)
    z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
    exact = {p.bet: p.edge for p in prices(decks, rules).bets}
    estimates = []
    for bet in rules.bets:
        y = np.concatenate(nets[bet.id])
        scale = net_scale(bet)
        mean = Fraction(int(y.sum()), int(n_all.sum()))
        spread = cluster_spread(
            int(y.sum()), sum(int(v) ** 2 for v in y), int((y * n_all).sum()), int(n_all.sum()), int((n_all**2).sum())
        )
        # Floats from here, as the bets' figures were always computed: the same bytes as before.
        var = shoes / (shoes - 1) * float(spread) / float(n_all.sum()) ** 2
        half = z * math.sqrt(max(var, 0.0)) / scale
        edge = -float(mean) / scale
        estimates.append(BetEstimate(bet=bet.id, edge=edge, low=edge - half, high=edge + half, exact=exact[bet.id]))
    return BetSimulation(
        rules=rules.name,
        decks=decks,
        shoes=shoes,
        coups=int(n_all.sum()),
        seed=seed,
        cut=cut,
        confidence=CONFIDENCE,
        bets=estimates,
    )
