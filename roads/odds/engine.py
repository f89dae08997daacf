"""Exact enumeration of one coup from any composition, by card value in dealing order.

Every coup is counted over the six cards P1 B1 P2 B2 P3 B3, drawn without
replacement. A coup that stops after 4 or 5 cards stands for all the ways the
unused cards could fall, so every event is a whole number of ordered 6-card
sequences over the common denominator N(N-1)(N-2)(N-3)(N-4)(N-5).

The first four cards give 10^4 paths, sorted by the two-card totals (Player,
Banker): 100 classes of 100 paths each. Per class the engine sums the weight of
its paths (S0), that weight times the count left of each 5th-card value (S1),
and times each ordered pair of 5th and 6th values (S2). The drawing rules only
enter through fixed 0/1 masks that say which event each (class, 5th, 6th) cell
belongs to, built once from ``roads.rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..rules import banker_draws, is_natural, player_draws

EVENTS: tuple[str, ...] = (
    "banker",
    "player",
    "tie",
    "natural",
    "player_draws",
    "banker_draws",
    "cards_4",
    "cards_5",
    "cards_6",
    "banker_six",
)
"""The events counted, in the order of the engine's rows; pairs are counted apart, by rank."""

_INT64_LIMIT = 2**63
_CLASSES = 100
_PATHS_PER_CLASS = 100


@dataclass(frozen=True, slots=True)
class SequenceCounts:
    """Exact counts of ordered 6-card sequences in each event, over ``denominator`` sequences."""

    numerators: dict[str, int]
    denominator: int


@dataclass(frozen=True, slots=True)
class _Tables:
    """Everything about the enumeration that does not depend on the composition."""

    first: np.ndarray
    """(4, 10^4) values of P1 B1 P2 B2 for each path, sorted by (Player, Banker) two-card totals."""
    repeats: np.ndarray
    """(4, 10^4) how many earlier cards of the path share each card's value (falling products)."""
    used: np.ndarray
    """(10^4, 10) how many cards of each value the path's first four cards take."""
    five: np.ndarray
    """Classes in which a 5th card can be dealt (Player drew, or Player stood and Banker drew)."""
    six: np.ndarray
    """Classes in which a 6th card can be dealt (Player drew on 0-5, Banker 0-6 with no natural)."""
    once: _Sparse
    """Each class's sum of path weight times the cards of one value its first four take (A)."""
    twice: _Sparse
    """Each 6th-card class's sum of path weight times the cards of two values its first four take (B)."""


@dataclass(frozen=True, slots=True)
class _Sparse:
    """A sum over paths of path weight times a small whole number, laid out for one ``reduceat``.

    Term ``i`` adds ``weight[path[i]] * factor[i]`` to cell ``cells[i]``; the
    terms are sorted by cell and ``starts`` is where each cell's terms begin.
    Most (path, value) products are zero, since four cards take at most four
    values: a sparse sum does a tenth of the work of the dense one.
    """

    path: np.ndarray
    factor: np.ndarray
    starts: np.ndarray
    cells: np.ndarray
    size: int

    @classmethod
    def of(cls, path: np.ndarray, cell: np.ndarray, factor: np.ndarray, size: int) -> _Sparse:
        """Return the layout of the terms (``path``, ``cell``, ``factor``), zero factors left out."""
        keep = factor != 0
        path, cell, factor = path[keep], cell[keep], factor[keep]
        order = np.argsort(cell, kind="stable")
        path, cell, factor = path[order], cell[order], factor[order]
        starts = np.flatnonzero(np.r_[True, cell[1:] != cell[:-1]])
        return cls(path, factor.astype(np.int64), starts, cell[starts], size)

    def total(self, weight: np.ndarray) -> np.ndarray:
        """Return every cell's sum for the path weights ``weight`` (cells with no term are 0)."""
        out = np.zeros(self.size, dtype=weight.dtype)
        out[self.cells] = np.add.reduceat(weight[self.path] * self.factor, self.starts)
        return out


def _events(player: int, banker: int, natural: bool, player_drew: bool, banker_drew: bool) -> np.ndarray:
    """Return the 0/1 row of EVENTS for one finished coup."""
    cards = 4 + player_drew + banker_drew
    flags = {
        "banker": banker > player,
        "player": player > banker,
        "tie": player == banker,
        "natural": natural,
        "player_draws": player_drew,
        "banker_draws": banker_drew,
        "cards_4": cards == 4,
        "cards_5": cards == 5,
        "cards_6": cards == 6,
        "banker_six": banker > player and banker == 6,
    }
    return np.array([flags[name] for name in EVENTS], dtype=np.int64)


Row = Callable[[int, int, int | None, int | None], Sequence[int]]
"""A coup's 0/1 (or integer) row of counts from (Player two-card total, Banker two-card total,
Player's third-card value or None, Banker's third-card value or None)."""


@dataclass(frozen=True, slots=True)
class Masks:
    """What one coup counts toward in each row, laid out as the engine's class, 5th- and 6th-card cells."""

    m4: np.ndarray
    m5: np.ndarray
    m6: np.ndarray

    def apply(self, w: Weights) -> list[int]:
        """Return each row's count of ordered 6-card sequences for the composition ``w`` was made from."""
        n = w.n
        totals = (self.m4 @ w.s0) * ((n - 4) * (n - 5)) + (self.m5 @ w.s1) * (n - 5) + self.m6 @ w.s2
        return [int(v) for v in totals]


@dataclass(frozen=True, slots=True)
class Weights:
    """How many ways each class (and its 5th and 6th cards) can be dealt from one composition."""

    n: int
    s0: np.ndarray
    s1: np.ndarray
    s2: np.ndarray
    denominator: int


def _finished(p: int, b: int, p3: int | None, b3: int | None) -> Sequence[int]:
    """Return the 0/1 row of EVENTS for one finished coup."""
    pt = (p + (p3 or 0)) % 10
    bt = (b + (b3 or 0)) % 10
    return _events(pt, bt, is_natural(p) or is_natural(b), p3 is not None, b3 is not None)  # type: ignore[return-value]


def masks(row: Row, n_rows: int) -> Masks:
    """Return the masks of ``n_rows`` rows that ``row`` gives each finished coup, walking the drawing rules."""
    m4 = np.zeros((n_rows, _CLASSES), dtype=np.int64)
    m5 = np.zeros((n_rows, _CLASSES, 10), dtype=np.int64)
    m6 = np.zeros((n_rows, _CLASSES, 10, 10), dtype=np.int64)
    for p in range(10):
        for b in range(10):
            k = p * 10 + b
            if is_natural(p) or is_natural(b):
                m4[:, k] = row(p, b, None, None)
            elif not player_draws(p):
                if banker_draws(b, None):
                    for z in range(10):
                        m5[:, k, z] = row(p, b, None, z)
                else:
                    m4[:, k] = row(p, b, None, None)
            else:
                for z in range(10):
                    if banker_draws(b, z):
                        for t in range(10):
                            m6[:, k, z, t] = row(p, b, z, t)
                    else:
                        m5[:, k, z] = row(p, b, z, None)
    tables = _tables()
    return Masks(m4, m5[:, tables.five].reshape(n_rows, -1), m6[:, tables.six].reshape(n_rows, -1))


@cache
def _tables() -> _Tables:
    """Return the composition-free tables, built once from the drawing rules."""
    five, six = set(), set()
    for pt in range(10):
        for bt in range(10):
            k = pt * 10 + bt
            if is_natural(pt) or is_natural(bt):
                continue
            if player_draws(pt) or banker_draws(bt, None):
                five.add(k)
            if player_draws(pt) and any(banker_draws(bt, z) for z in range(10)):
                six.add(k)
    # Paths in class order: class (p, b), then P1 = a, B1 = c; P2 and B2 follow from the totals.
    p_total, b_total, a, c = np.indices((10, 10, 10, 10)).reshape(4, -1)
    first = np.stack([a, c, (p_total - a) % 10, (b_total - c) % 10])
    repeats = np.stack(
        [
            np.zeros_like(a),
            first[1] == first[0],
            (first[2] == first[0]).astype(np.int64) + (first[2] == first[1]),
            (first[3] == first[0]).astype(np.int64) + (first[3] == first[1]) + (first[3] == first[2]),
        ]
    ).astype(np.int64)
    used = np.zeros((first.shape[1], 10), dtype=np.int64)
    for row in first:
        used[np.arange(first.shape[1]), row] += 1
    paths = np.arange(first.shape[1])
    klass = paths // _PATHS_PER_CLASS
    p1, v1 = np.indices(used.shape).reshape(2, -1)
    once = _Sparse.of(p1, klass[p1] * 10 + v1, used.reshape(-1), _CLASSES * 10)
    six_sorted = np.array(sorted(six))
    slot = np.full(_CLASSES, -1)
    slot[six_sorted] = np.arange(len(six_sorted))
    in_six = paths[slot[klass] >= 0]
    pairs = used[in_six][:, :, None] * used[in_six][:, None, :]
    p2 = np.repeat(in_six, 100)
    cell2 = slot[klass[p2]] * 100 + np.tile(np.arange(100), len(in_six))
    twice = _Sparse.of(p2, cell2, pairs.reshape(-1), len(six) * 100)
    return _Tables(
        first=first,
        repeats=repeats,
        used=used,
        five=np.array(sorted(five)),
        six=six_sorted,
        once=once,
        twice=twice,
    )


@cache
def _standard_masks() -> Masks:
    return masks(_finished, len(EVENTS))


def falling(n: int, k: int) -> int:
    """Return n (n-1) ... (n-k+1): the number of ordered ways to draw k of n cards."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def weights(by_value: Sequence[int]) -> Weights:
    """Return the class weights of the next coup from counts by value 0..9 (at least 6 cards)."""
    t = _tables()
    n = sum(by_value)
    # int64 holds every partial sum while N^6 does; past that (about 27 decks) use Python ints.
    dtype = np.int64 if n**6 < _INT64_LIMIT else object
    counts = np.array(by_value, dtype=dtype)
    w4 = counts[t.first[0]]
    for i in range(1, 4):
        w4 = w4 * (counts[t.first[i]] - t.repeats[i])
    # With u the cards of each value a path's first four take, the 5th and 6th cards' counts left are
    # c - u: the sums over a class's paths of w4 (c - u) and w4 (c - u)(c - u)' expand into
    # c S0 - A and S0 c c' - c A' - A c' + B, A and B the sparse sums of w4 u and w4 u u'.
    s0 = w4.reshape(_CLASSES, _PATHS_PER_CLASS).sum(axis=1)
    a = t.once.total(w4).reshape(_CLASSES, 10)
    s1 = s0[:, None] * counts[None, :] - a
    a6 = a[t.six]
    b = t.twice.total(w4).reshape(len(t.six), 10, 10)
    s2 = (
        s0[t.six][:, None, None] * (counts[:, None] * counts[None, :])[None]
        - counts[None, :, None] * a6[:, None, :]
        - counts[None, None, :] * a6[:, :, None]
        + b
    )
    # The 6th card cannot be the very card dealt 5th: take one away on the diagonal.
    diag = np.arange(10)
    s2[:, diag, diag] -= s1[t.six]
    return Weights(n, s0, s1[t.five].reshape(-1), s2.reshape(-1), falling(n, 6))


def tally(by_value: tuple[int, ...]) -> SequenceCounts:
    """Return exact event counts for the next coup from counts by value 0..9 (at least 6 cards)."""
    w = weights(by_value)
    totals = _standard_masks().apply(w)
    return SequenceCounts(dict(zip(EVENTS, totals, strict=True)), w.denominator)
