"""Dragon Tiger: the coup rules, and the exact odds against a brute-force enumeration of small shoes."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from roads.cards import RANKS, SUITS, Card
from roads.dragon_tiger import DragonTigerCoup, draw_dragon_tiger, resolve_dragon_tiger, result_name
from roads.enums import Game
from roads.errors import CoupError, OddsError
from roads.odds import Composition
from roads.odds.dragon_tiger import (
    SuitedComposition,
    dragon_tiger_odds,
    dragon_tiger_shoe,
    dragon_tiger_through,
)
from roads.outcome import Outcome, Winner


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("K A", "dragon"),  # K is the highest rank
        ("A K", "tiger"),  # A is the lowest rank
        ("2 A", "dragon"),
        ("T 9", "dragon"),  # ten outranks nine, unlike baccarat where it counts 0
        ("J T", "dragon"),
        ("Q K", "tiger"),
        ("7S 7H", "tie"),
        ("10 T", "tie"),
    ],
)
def test_the_higher_rank_wins_ace_lowest_king_highest(cards: str, winner: str) -> None:
    assert result_name(resolve_dragon_tiger(cards).winner) == winner


def test_dragon_takes_the_banker_place_on_the_roads_and_tiger_the_player_place() -> None:
    assert resolve_dragon_tiger("K 2").outcome() == Outcome(Winner.BANKER, cards=2)
    assert resolve_dragon_tiger("2 K").outcome() == Outcome(Winner.PLAYER, cards=2)
    assert resolve_dragon_tiger("5 5").outcome() == Outcome(Winner.TIE, cards=2)
    assert (Game.DRAGON_TIGER.banker, Game.DRAGON_TIGER.player) == ("Dragon", "Tiger")
    assert (Game.BACCARAT.banker, Game.BACCARAT.player) == ("Banker", "Player")


@pytest.mark.parametrize(
    ("cards", "suited"),
    [("7S 7S", True), ("7S 7H", False), ("7 7", None), ("7S 8S", False), ("QD QD", True)],
)
def test_a_suited_tie_is_a_tie_in_the_same_suit(cards: str, suited: bool | None) -> None:
    coup = resolve_dragon_tiger(cards)
    assert coup.suited_tie is suited
    assert coup.to_dict()["suited_tie"] is suited


@pytest.mark.parametrize(("cards", "count"), [("K", 1), ("K 2 5", 3), ("3 6 K K 6 2", 6), ("", 0)])
def test_a_coup_of_other_than_two_cards_is_refused(cards: str, count: int) -> None:
    with pytest.raises(CoupError, match=f"^{count} card"):
        resolve_dragon_tiger(cards)


def test_a_third_card_is_named_and_four_to_six_cards_name_baccarat() -> None:
    with pytest.raises(
        CoupError, match=r"^3 cards \(a third card\): a Dragon Tiger coup is one card to Dragon and one to Tiger$"
    ):
        resolve_dragon_tiger("K 2 5")
    with pytest.raises(CoupError, match="make a baccarat coup: read it without --game dragon-tiger"):
        resolve_dragon_tiger("3 6 K K")


def test_the_shoe_deals_dragon_first_then_tiger() -> None:
    cards = iter([Card("3", "S"), Card("9", "H")])
    coup = draw_dragon_tiger(lambda: next(cards))
    assert (str(coup.dragon), str(coup.tiger), result_name(coup.winner)) == ("3S", "9H", "tiger")
    assert coup.dealt == (Card("3", "S"), Card("9", "H"))


def test_the_explanation_says_who_wins_and_why() -> None:
    assert resolve_dragon_tiger("QH 4C").explain() == (
        "Dragon has QH (rank 12 of 13), Tiger has 4C (rank 4 of 13): Dragon's rank is higher, so Dragon wins."
    )
    assert resolve_dragon_tiger("4S 4S").explain().endswith("equal ranks in the same suit: a suited tie.")


# --- exact odds against brute force --------------------------------------------------------------


def _brute_force(cards: list[Card]) -> dict[str, Fraction]:
    """Deal every ordered pair of distinct physical cards and count each result: the check of the formulas."""
    counts = {"dragon": 0, "tiger": 0, "tie": 0, "suited_tie": 0}
    total = 0
    for dragon, tiger in permutations(cards, 2):
        coup = DragonTigerCoup(dragon, tiger, resolve_dragon_tiger([dragon, tiger]).winner)
        counts[result_name(coup.winner)] += 1
        counts["suited_tie"] += bool(coup.suited_tie)
        total += 1
    return {name: Fraction(n, total) for name, n in counts.items()}


def _cards_of(composition: SuitedComposition) -> list[Card]:
    return [
        Card(rank, suit)
        for rank, row in zip(RANKS, composition.counts, strict=True)
        for suit, n in zip(SUITS, row, strict=True)
        for _ in range(n)
    ]


def _small_shoe(seed: int) -> SuitedComposition:
    """A few ranks of one or two decks, some cards gone: a shoe small enough to deal every pair of."""
    rng = random.Random(seed)
    while True:
        ranks = set(rng.sample(range(13), rng.randint(1, 5)))
        rows = [tuple(rng.randint(0, 2) if r in ranks else 0 for _ in SUITS) for r in range(13)]
        composition = SuitedComposition(tuple((a, b, c, d) for a, b, c, d in rows))
        if composition.total >= 2:
            return composition


@pytest.mark.parametrize("seed", range(40))
def test_exact_odds_equal_a_brute_force_deal_of_every_pair_of_a_small_shoe(seed: int) -> None:
    composition = _small_shoe(seed)
    odds = dragon_tiger_odds(composition)
    assert {
        "dragon": odds.dragon,
        "tiger": odds.tiger,
        "tie": odds.tie,
        "suited_tie": odds.suited_tie,
    } == _brute_force(_cards_of(composition))


def test_one_full_deck_equals_a_brute_force_deal() -> None:
    deck = SuitedComposition.shoe(1)
    odds = dragon_tiger_odds(deck)
    brute = _brute_force(_cards_of(deck))
    assert (odds.dragon, odds.tiger, odds.tie, odds.suited_tie) == (
        brute["dragon"],
        brute["tiger"],
        brute["tie"],
        brute["suited_tie"],
    )
    assert odds.tie == Fraction(3, 51) and odds.suited_tie == 0


def test_the_8_deck_tie_is_13_x_32_x_31_over_416_x_415() -> None:
    odds = dragon_tiger_shoe(8)
    assert odds.tie == Fraction(13 * 32 * 31, 416 * 415)
    assert f"{float(odds.tie):.6f}" == "0.074699"
    assert odds.suited_tie == Fraction(52 * 8 * 7, 416 * 415)
    assert odds.dragon == odds.tiger == (1 - odds.tie) / 2


def test_the_8_deck_edges_under_each_pay() -> None:
    odds = dragon_tiger_shoe(8)
    tie, suited = Fraction(13 * 32 * 31, 416 * 415), Fraction(52 * 8 * 7, 416 * 415)
    # Dragon 1:1 losing half on a tie: the sides cancel, so the edge is half the tie.
    assert odds.edge_dragon == odds.edge_tiger == tie / 2
    assert odds.edge_tie_8 == 1 - 9 * tie
    assert odds.edge_tie_11 == 1 - 12 * tie
    assert odds.edge_suited_tie == 1 - 51 * suited
    floats = odds.to_float()
    assert [f"{100 * x:.2f}" for x in (floats.edge_dragon, floats.edge_tie_8, floats.edge_tie_11)] == [
        "3.73",
        "32.77",
        "10.36",
    ]
    assert f"{100 * floats.edge_suited_tie:.2f}" == "13.98"  # type: ignore[operator]


def test_an_uneven_shoe_gives_dragon_and_tiger_the_same_chance() -> None:
    # Exchangeability: whatever is left, the two cards could be swapped.
    rng = random.Random(7)
    counts = tuple(rng.randint(0, 9) for _ in RANKS)
    odds = dragon_tiger_odds(Composition(counts))
    assert odds.dragon == odds.tiger
    assert odds.suited_tie is None and odds.edge_suited_tie is None


def test_fewer_than_two_cards_have_no_odds() -> None:
    with pytest.raises(OddsError, match="only 1 card left"):
        dragon_tiger_odds(Composition((1,) + (0,) * 12))


def test_odds_through_a_log_take_out_each_coups_cards() -> None:
    dealt = [(Card("K", "S"), Card("K", "S")), (Card("2", "H"), Card("3", "D"))]
    through = dragon_tiger_through(dealt, decks=2)
    after_one = SuitedComposition.shoe(2).without(dealt[0])
    assert through[1] == dragon_tiger_odds(after_one)
    assert len(through) == 3
    assert through[1].suited_tie == Fraction(51 * 2 * 1, 102 * 101)  # 51 cards left twice each, KS none


def test_a_card_dealt_more_often_than_the_shoe_holds_is_an_error_naming_the_coup() -> None:
    dealt = [(Card("K", "S"), Card("K", "S")), (Card("K", "S"), Card("3", "D"))]
    with pytest.raises(OddsError, match="KS was dealt but none was left") as caught:
        dragon_tiger_through(dealt, decks=2)
    assert caught.value.coup == 2
