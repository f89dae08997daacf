"""The drawing rules, cell by cell, against the rulebook (domain.md sections 1-3)."""

from __future__ import annotations

import pytest

from roads.cards import Card, hand_total, parse_card
from roads.coup import audit_hands, draw_coup, expected_cards, resolve
from roads.errors import CardError, CoupError
from roads.outcome import Winner
from roads.rules import banker_draws, player_draws

# The tableau written out as the rulebook prints it, independent of roads.rules.
TABLEAU_TEXT = {
    0: "DDDDDDDDDD",
    1: "DDDDDDDDDD",
    2: "DDDDDDDDDD",
    3: "DDDDDDDDSD",
    4: "SSDDDDDDSS",
    5: "SSSSDDDDSS",
    6: "SSSSSSDDSS",
    7: "SSSSSSSSSS",
}
# A card of each value 0-9, for building hands with given totals.
BY_VALUE = {0: "K", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def two_cards_for(total: int) -> tuple[str, str]:
    """Two cards (never a pair) making ``total``."""
    return ("K", BY_VALUE[total]) if total != 0 else ("K", "Q")


@pytest.mark.parametrize(
    ("rank", "value"), [("A", 1), ("2", 2), ("5", 5), ("9", 9), ("T", 0), ("10", 0), ("J", 0), ("Q", 0), ("K", 0)]
)
def test_card_values(rank: str, value: int) -> None:
    assert parse_card(rank).value == value


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [("kh", "K", "H"), ("10S", "T", "S"), ("Q♠", "Q", "S"), ("a", "A", None), ("7♦", "7", "D"), ("td", "T", "D")],
)
def test_card_tokens(token: str, rank: str, suit: str | None) -> None:
    assert parse_card(token) == Card(rank, suit)


@pytest.mark.parametrize("token", ["1", "11", "X", "KX", "0", "", "♠", "AA"])
def test_bad_card_tokens_are_named(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert isinstance(info.value, ValueError)


def test_total_is_last_digit() -> None:
    assert hand_total(cards("7 8")) == 5
    assert hand_total(cards("K Q 9")) == 9
    assert hand_total(cards("9 9 9")) == 7


@pytest.mark.parametrize("p", range(10))
@pytest.mark.parametrize("b", range(10))
def test_every_pair_of_two_card_totals(p: int, b: int) -> None:
    """All 100 (Player, Banker) two-card totals: natural check, then who draws."""
    p1, p2 = two_cards_for(p)
    b1, b2 = two_cards_for(b)
    first4 = cards(f"{p1} {b1} {p2} {b2}")
    natural = p >= 8 or b >= 8
    if natural:
        assert expected_cards(first4) == 4
        coup = resolve(first4)
        assert coup.natural and coup.cards == 4
        assert coup.steps[0].decision == "natural"
        return
    if p <= 5:
        # Player draws; give a 7 (Banker 0-6 draws on 7, 7 stands) to check the flow.
        n = expected_cards(first4, parse_card("7"))
        assert n == (6 if b <= 6 else 5)
    else:
        assert expected_cards(first4) == (5 if b <= 5 else 4)


@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_every_tableau_cell(banker_total: int, third: int) -> None:
    """All 80 cells: Banker total x value of Player's third card."""
    must_draw = TABLEAU_TEXT[banker_total][third] == "D"
    assert banker_draws(banker_total, third) is must_draw
    b1, b2 = two_cards_for(banker_total)
    dealt = cards(f"K {b1} 3 {b2} {BY_VALUE[third]}")  # Player 3 always draws
    if must_draw:
        dealt.append(parse_card("A"))
    coup = resolve(dealt)
    banker_step = coup.steps[2]
    assert banker_step.rule == "banker" and banker_step.branch == "player drew"
    assert banker_step.cell == (banker_total, third)
    assert banker_step.decision == ("draw" if must_draw else "stand")
    assert len(coup.banker) == (3 if must_draw else 2)


def test_third_card_value_not_new_total_decides() -> None:
    """A third-card king is 0: Banker 3 draws on it though Player's new total is 3."""
    coup = resolve(cards("3 3 K K K 5"))
    assert coup.steps[2].cell == (3, 0) and coup.steps[2].decision == "draw"


@pytest.mark.parametrize("player_total", [6, 7])
@pytest.mark.parametrize("banker_total", range(8))
def test_player_stood_branch(player_total: int, banker_total: int) -> None:
    """When Player stands, Banker draws on 0-5 (even 3 and 5) and stands on 6-7."""
    assert player_draws(player_total) is False
    b1, b2 = two_cards_for(banker_total)
    dealt = cards(f"K {b1} {BY_VALUE[player_total]} {b2}")
    if banker_total <= 5:
        dealt.append(parse_card("2"))
    coup = resolve(dealt)
    step = coup.steps[2]
    assert step.branch == "player stood"
    assert step.decision == ("draw" if banker_total <= 5 else "stand")


def test_lesson_hand_player_3_draws_6_banker_6_draws() -> None:
    coup = resolve(cards("3 6 K K 6 2"))
    assert (coup.player_total, coup.banker_total, coup.winner) == (9, 8, Winner.PLAYER)
    assert coup.steps[2].cell == (6, 6)


def test_lesson_hand_player_5_draws_8_banker_3_stands_tie() -> None:
    coup = resolve(cards("5 3 K K 8"))
    assert (coup.player_total, coup.banker_total, coup.winner) == (3, 3, Winner.TIE)
    assert coup.steps[2].decision == "stand" and coup.steps[2].cell == (3, 8)
    assert "an 8" in coup.steps[2].text


def test_lesson_hand_player_7_stands_banker_5_draws_3() -> None:
    coup = resolve(cards("7 5 K K 3"))
    assert (coup.player_total, coup.banker_total, coup.winner) == (7, 8, Winner.BANKER)
    assert coup.steps[1].decision == "stand" and coup.steps[2].branch == "player stood"


def test_pairs_compare_rank_not_suit_or_value() -> None:
    coup = resolve(cards("4H 3S 4D 3C"))  # Player 4 4, Banker 3 3: both pairs
    assert coup.player_pair and coup.banker_pair
    coup = resolve(cards("KH 3S TD 3C 5D"))  # K and T are both 0 but not a pair
    assert not coup.player_pair and coup.banker_pair


def test_natural_stops_everyone() -> None:
    coup = resolve(cards("9 2 K 3"))
    assert coup.natural and coup.cards == 4 and coup.winner is Winner.PLAYER


@pytest.mark.parametrize(
    ("dealt", "fragment"),
    [
        ("K 2 3", "at least 4"),
        ("K K K K K K K", "at most 6"),
        ("3 6 K K", "Player 3 must draw"),
        ("7 6 K K 2", "Banker 6 must stand"),
        ("3 3 K K 8 2", "Banker 3 must stand"),
        ("9 2 K 3 4", "natural"),
        ("7 7 K K K K", "too many cards"),
        ("7 3 K K", "Banker 3 must draw"),
    ],
)
def test_illegal_coups_name_the_broken_rule(dealt: str, fragment: str) -> None:
    with pytest.raises(CoupError, match=fragment):
        resolve(cards(dealt))


def test_audit_explicit_hands_player_drew_on_7() -> None:
    problems = audit_hands(cards("7 K 2"), cards("6 K"))
    assert problems == ["Player 7 must stand (Player stands on 6-7) but drew 2"]


def test_draw_coup_takes_only_the_cards_the_rules_call_for() -> None:
    stream = iter(cards("3 6 K K 6 2 9 9"))
    coup = draw_coup(lambda: next(stream))
    assert coup.cards == 6 and [str(c) for c in stream] == ["9", "9"]
