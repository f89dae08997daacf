"""roads.resolve("3 6 K K 6 2") counted 11 characters as cards, and a list of tokens raised AttributeError."""

from __future__ import annotations

import roads
from roads.cards import parse_card


def test_regression_resolve_reads_a_string_as_cards_not_characters() -> None:
    coup = roads.resolve("3 6 K K 6 2")
    assert coup.cards == 6
    assert coup.dealt == tuple(parse_card(t) for t in ["3", "6", "K", "K", "6", "2"])


def test_regression_resolve_takes_a_list_of_tokens() -> None:
    assert roads.resolve(["3", "6", "K", "K", "6", "2"]) == roads.resolve("3 6 K K 6 2")
