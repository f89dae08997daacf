"""The engine's class weights, summed sparsely, against the dense sums they replaced, on many compositions.

``weights`` expands the sums over a class's paths of w4 (c - u) and
w4 (c - u)(c - u)' into sparse sums of w4 u and w4 u u' (four cards take at
most four values). The dense form, written here as it was, is the reference:
every count must be identical, for random shoes dealt down and for random
compositions of every size (small ones, where values run out, and one past
int64, where Python integers take over).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from roads.odds.engine import _CLASSES, _PATHS_PER_CLASS, _tables, falling, weights
from roads.shoe import deal_shoe


def dense(by_value: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Return (s0, s1, s2, denominator) summed over every path, as the engine first did it."""
    t = _tables()
    n = sum(by_value)
    counts = np.array(by_value, dtype=np.int64 if n**6 < 2**63 else object)
    w4 = counts[t.first[0]]
    for i in range(1, 4):
        w4 = w4 * (counts[t.first[i]] - t.repeats[i])
    left = counts - t.used
    weighted = (w4[:, None] * left).reshape(_CLASSES, _PATHS_PER_CLASS, 10)
    left = left.reshape(_CLASSES, _PATHS_PER_CLASS, 10)
    s0 = w4.reshape(_CLASSES, _PATHS_PER_CLASS).sum(axis=1)
    s1 = weighted.sum(axis=1)
    s2 = np.matmul(weighted[t.six].transpose(0, 2, 1), left[t.six])
    diag = np.arange(10)
    s2[:, diag, diag] -= s1[t.six]
    return s0, s1[t.five].reshape(-1), s2.reshape(-1), falling(n, 6)


def same(by_value: list[int]) -> None:
    got = weights(by_value)
    s0, s1, s2, den = dense(by_value)
    assert got.denominator == den
    for mine, theirs in ((got.s0, s0), (got.s1, s1), (got.s2, s2)):
        assert [int(x) for x in mine] == [int(x) for x in theirs], by_value


def test_sparse_weights_match_the_dense_sums_through_dealt_shoes() -> None:
    for seed in range(4):
        shoe = deal_shoe(8 if seed % 2 else 1, seed=seed)
        counts = [4 * shoe.decks * (4 if v == 0 else 1) for v in range(10)]
        for coup in shoe.coups[::3]:
            for card in coup.dealt:
                counts[card.value] -= 1
            if sum(counts) >= 6:
                same(list(counts))


@pytest.mark.parametrize("most", [1, 3, 12, 60])
def test_sparse_weights_match_the_dense_sums_on_random_compositions(most: int) -> None:
    rng = random.Random(most)
    for _ in range(40):
        by_value = [rng.randint(0, most) for _ in range(10)]
        if sum(by_value) >= 6:
            same(by_value)


def test_sparse_weights_match_past_int64() -> None:
    same([600, 150, 150, 150, 150, 150, 150, 150, 150, 150])
