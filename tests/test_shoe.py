"""The shoe: reproducible shuffle, burn, cut card."""

from __future__ import annotations

from collections import Counter

import pytest

from roads.errors import ShoeError
from roads.shoe import SeededStream, deal_shoe, fresh_shoe, shuffle


def test_shuffle_is_a_permutation() -> None:
    cards = fresh_shoe(8)
    assert Counter(shuffle(cards, 5)) == Counter(cards)


def test_seeded_stream_is_pinned() -> None:
    """The stream must never change between versions: these numbers are the contract."""
    stream = SeededStream(1)
    assert [stream.below(1000) for _ in range(5)] == list(_first_five(1))


def _first_five(seed: int) -> list[int]:
    import hashlib

    block = hashlib.blake2b(str(seed).encode() + (0).to_bytes(8, "big"), digest_size=64).digest()
    return [int.from_bytes(block[i : i + 8], "big") % 1000 for i in range(0, 40, 8)]


def test_same_seed_same_shoe_other_seed_other_shoe() -> None:
    a, b, c = deal_shoe(8, seed=1), deal_shoe(8, seed=1), deal_shoe(8, seed=2)
    assert a.coups == b.coups and a.burned == b.burned
    assert a.coups != c.coups


def test_burn_takes_the_value_of_the_first_card() -> None:
    for seed in range(40):
        shoe = deal_shoe(1, seed=seed, cut=14)
        first = shoe.burned[0]
        assert len(shoe.burned) == 1 + (10 if first.value == 0 else first.value)


def test_every_card_is_accounted_for() -> None:
    shoe = deal_shoe(6, seed=7)
    used = list(shoe.burned) + [c for coup in shoe.coups for c in coup.dealt] + list(shoe.unplayed)
    assert Counter(used) == Counter(fresh_shoe(6))


def test_cut_card_then_one_more_coup() -> None:
    for seed in range(20):
        shoe = deal_shoe(1, seed=seed, cut=16)
        total = 52
        cut_index = total - 16
        dealt = len(shoe.burned)
        ends = []
        for coup in shoe.coups:
            dealt += coup.cards
            ends.append(dealt)
        # The second-to-last coup is the first to pass the cut card; none before it did.
        assert ends[-2] > cut_index
        assert all(end <= cut_index for end in ends[:-2])


@pytest.mark.parametrize(("decks", "cut"), [(0, 16), (-1, 16), (8, 5), (1, 40)])
def test_impossible_settings(decks: int, cut: int) -> None:
    with pytest.raises(ShoeError):
        deal_shoe(decks, seed=1, cut=cut)


def test_regression_cut_11_ran_out_of_cards() -> None:
    """With the cut card 11 from the end, a coup starting right after it plus one more could need 12 cards."""
    with pytest.raises(ShoeError, match="at least 12"):
        deal_shoe(1, seed=0, cut=11)
    for seed in range(300):
        deal_shoe(1, seed=seed, cut=12)  # the smallest cut never runs out
