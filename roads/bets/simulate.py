"""Deal real shoes and count what every bet of a rule set returned, with 99% intervals.

The shoes are dealt by ``roads.simulate.play_shoes`` (the house procedure:
burn, cut card, one more coup); the cards carry suits here, so a Perfect Pair
is counted too. Each coup's net return per bet is looked up from tables the
bets' own settle functions fill, so the simulation and the exact prices share
only the paytable, not the arithmetic. Intervals treat each shoe as a cluster,
as ``roads.simulate`` does.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from statistics import NormalDist

import numpy as np
from pydantic import BaseModel, ConfigDict

from ..cards import RANKS, SUITS, rank_value
from ..errors import ShoeError
from ..shoe import DEFAULT_CUT, DEFAULT_DECKS, check_settings
from ..simulate import CARDS_PER_BATCH, CONFIDENCE, play_shoes
from .kinds import Deal
from .paytable import Bet, RuleSet
from .price import _pair_nets, _scale, prices

_VALUES = np.array([rank_value(r) for r in RANKS], dtype=np.int64)
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
    scale = _scale(bet)
    out = np.zeros(_CELLS, dtype=np.int64)
    for k in range(_CELLS):
        pb, rest = divmod(k, 121)
        p3, b3 = divmod(rest, 11)
        deal = Deal(pb // 10, pb % 10, p3 - 1 if p3 else None, b3 - 1 if b3 else None)
        out[k] = int(bet.net(deal) * scale)
    return out


def _pair_table(bet: Bet) -> np.ndarray:
    """Return the pair bet's scaled net return indexed by (Player pair, Banker pair) for rank (or suited) pairs."""
    scale = _scale(bet)
    both, player, banker, neither = (int(net * scale) for net in _pair_nets(bet))
    return np.array([[neither, banker], [player, both]], dtype=np.int64)


def _batch(order: np.ndarray, cut: int, table: RuleSet) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Return coups per shoe and, per bet, each shoe's summed scaled net, for shoes of card ids (rank * 4 + suit)."""
    shoes = order.shape[0]
    ranks = order // len(SUITS)
    dealt = play_shoes(ranks, cut)
    used = 4 + dealt.player_drew.astype(np.int64) + dealt.banker_drew
    # Where each coup starts: after the burn, then every earlier coup of its shoe.
    first = _VALUES[ranks[:, 0]]
    start = 1 + np.where(first == 0, 10, first)
    ends = np.cumsum(used)
    begins = np.searchsorted(dealt.shoe, np.arange(shoes))
    offset = ends[begins] - used[begins]
    pos = start[dealt.shoe] + ends - used - offset[dealt.shoe]
    cards = order[dealt.shoe[:, None], pos[:, None] + np.arange(4)]
    suit = cards % len(SUITS)
    rank = cards // len(SUITS)
    values = _VALUES[np.where(dealt.cards >= 0, dealt.cards, 0)]
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
    for bet in table.bets:
        if bet.by_value:
            net = _net_table(bet)[cell]
        elif bet.kind == "suited_pair":
            net = _pair_table(bet)[player_suited.astype(int), banker_suited.astype(int)]
        else:
            net = _pair_table(bet)[player_pair.astype(int), banker_pair.astype(int)]
        per_shoe[bet.id] = np.bincount(dealt.shoe, weights=net, minlength=shoes).astype(np.int64)
    return np.bincount(dealt.shoe, minlength=shoes).astype(np.int64), per_shoe


def simulate_bets(
    table: RuleSet, shoes: int, decks: int = DEFAULT_DECKS, seed: int = 0, *, cut: int = DEFAULT_CUT
) -> BetSimulation:
    """Return every bet's house edge over ``shoes`` dealt shoes with its 99% interval, beside the exact edge."""
    check_settings(decks, cut)
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 2:
        raise ShoeError(f"an interval needs at least 2 shoes, got {shoes!r}")
    rng = np.random.default_rng(seed)
    fresh = np.tile(np.arange(len(RANKS) * len(SUITS), dtype=np.int64), decks)
    batch = max(1, CARDS_PER_BATCH // fresh.size)
    coups_parts: list[np.ndarray] = []
    nets: dict[str, list[np.ndarray]] = {b.id: [] for b in table.bets}
    for begin in range(0, shoes, batch):
        size = min(batch, shoes - begin)
        order = rng.permuted(np.broadcast_to(fresh, (size, fresh.size)), axis=1)
        n, per_shoe = _batch(order, cut, table)
        coups_parts.append(n)
        for bet_id, values in per_shoe.items():
            nets[bet_id].append(values)
    n_all = np.concatenate(coups_parts)
    z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
    exact = {p.bet: p.edge for p in prices(decks, table).bets}
    estimates = []
    for bet in table.bets:
        y = np.concatenate(nets[bet.id])
        scale = _scale(bet)
        mean = Fraction(int(y.sum()), int(n_all.sum()))
        # Cluster (per-shoe) variance of a ratio estimate, as roads.simulate computes it.
        spread = float(
            sum(int(v) ** 2 for v in y) - 2 * mean * int((y * n_all).sum()) + mean**2 * int((n_all**2).sum())
        )
        var = shoes / (shoes - 1) * spread / float(n_all.sum()) ** 2
        half = z * math.sqrt(max(var, 0.0)) / scale
        edge = -float(mean) / scale
        estimates.append(BetEstimate(bet=bet.id, edge=edge, low=edge - half, high=edge + half, exact=exact[bet.id]))
    return BetSimulation(
        rules=table.name,
        decks=decks,
        shoes=shoes,
        coups=int(n_all.sum()),
        seed=seed,
        cut=cut,
        confidence=CONFIDENCE,
        bets=estimates,
    )
