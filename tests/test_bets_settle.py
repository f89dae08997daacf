"""Settlement of hand-built coups: every bet under every rule set, the edge cases of each paytable."""

from __future__ import annotations

from fractions import Fraction

import pytest

from roads.bets import BET_IDS, RULE_NAMES, rule_set, settle
from roads.cards import parse_card
from roads.coup import Coup, resolve

LOSE = -1


def coup_of(cards: str) -> Coup:
    """Return the coup of cards written in dealing order, separated by spaces."""
    return resolve([parse_card(c) for c in cards.split(" ")])


# Side bets are the same under every rule set; main bets are given per rule set.
# Each case: cards in dealing order, main bets {rules: (banker, player, tie)}, side bets.
CASES: dict[str, tuple[str, dict[str, tuple[object, ...]], dict[str, object]]] = {
    "banker three-card 7 (EZ push, Dragon 7)": (
        "2 3 K K 3 4",
        {"standard": (Fraction(95, 100), LOSE, LOSE), "super6": (1, LOSE, LOSE), "ez": (0, LOSE, LOSE)},
        {"big": Fraction(54, 100), "dragon_7": 40},
    ),
    "three-card 7 tie under EZ": (
        "3 2 4 3 2",
        dict.fromkeys(RULE_NAMES, (0, 0, 8)),
        {"big": Fraction(54, 100)},
    ),
    "natural tie 9-9 (Dragon Bonus pushes)": (
        "9 9 K K",
        dict.fromkeys(RULE_NAMES, (0, 0, 8)),
        {"small": Fraction(3, 2), "dragon_bonus_player": 0, "dragon_bonus_banker": 0},
    ),
    "non-natural tie (Dragon Bonus loses)": (
        "3 2 4 3 2",
        dict.fromkeys(RULE_NAMES, (0, 0, 8)),
        {"big": Fraction(54, 100)},
    ),
    "Player natural 9 beats 7": (
        "9 7 K K",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"small": Fraction(3, 2), "dragon_bonus_player": 1},
    ),
    "Banker natural 9 beats natural 8": (
        "8 9 K K",
        {"standard": (Fraction(95, 100), LOSE, LOSE), "super6": (1, LOSE, LOSE), "ez": (1, LOSE, LOSE)},
        {"small": Fraction(3, 2), "dragon_bonus_banker": 1},
    ),
    "Player wins 9 to 0 without a natural (Dragon Bonus 30 to 1)": (
        "2 K 3 Q 4 J",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"big": Fraction(54, 100), "dragon_bonus_player": 30},
    ),
    "Player wins by 4 without a natural (1 to 1), by 3 loses": (
        "2 K 3 Q 4 5",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"big": Fraction(54, 100), "dragon_bonus_player": 1},
    ),
    "Player wins by 3": (
        "2 K 3 Q 4 6",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"big": Fraction(54, 100)},
    ),
    "Banker two-card 6 (Super 6 half, Lucky 6 12 to 1)": (
        "2 4 3 2 K",
        {"standard": (Fraction(95, 100), LOSE, LOSE), "super6": (Fraction(1, 2), LOSE, LOSE), "ez": (1, LOSE, LOSE)},
        {"big": Fraction(54, 100), "lucky_6": 12},
    ),
    "Banker three-card 6 (Lucky 6 20 to 1)": (
        "2 3 K K 3 3",
        {"standard": (Fraction(95, 100), LOSE, LOSE), "super6": (Fraction(1, 2), LOSE, LOSE), "ez": (1, LOSE, LOSE)},
        {"big": Fraction(54, 100), "lucky_6": 20},
    ),
    "Banker 6 ties: no Lucky 6, no Super 6 half": (
        "6 4 K 2",
        dict.fromkeys(RULE_NAMES, (0, 0, 8)),
        {"small": Fraction(3, 2)},
    ),
    "Player three-card 8 (Panda 8)": (
        "3 K K 5 5 K",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"big": Fraction(54, 100), "panda_8": 25, "dragon_bonus_player": LOSE},
    ),
    "Player two-card 8 is a natural, not Panda 8": (
        "8 K K 5",
        dict.fromkeys(RULE_NAMES, (LOSE, 1, LOSE)),
        {"small": Fraction(3, 2), "dragon_bonus_player": 1},
    ),
    "both hands pair, Player's suited": (
        "4H 4S 4H 4D",
        dict.fromkeys(RULE_NAMES, (0, 0, 8)),
        {
            "small": Fraction(3, 2),
            "player_pair": 11,
            "banker_pair": 11,
            "either_pair": 5,
            "perfect_pair": 25,
            "dragon_bonus_player": 0,
            "dragon_bonus_banker": 0,
        },
    ),
    "Banker pair, not suited": (
        "4H 4S 5C 4D",
        {"standard": (LOSE, 1, LOSE), "super6": (LOSE, 1, LOSE), "ez": (LOSE, 1, LOSE)},
        {"small": Fraction(3, 2), "banker_pair": 11, "either_pair": 5, "dragon_bonus_player": 1},
    ),
}


@pytest.mark.parametrize("rules", RULE_NAMES)
@pytest.mark.parametrize("case", list(CASES))
def test_every_bet_settles(case: str, rules: str) -> None:
    cards, main, side = CASES[case]
    coup = coup_of(cards)
    settled, notes = settle(coup, rule_set(rules))
    got = {s.bet: s.net for s in settled}
    expected: dict[str, object] = dict.fromkeys(BET_IDS, LOSE)
    expected.update(zip(("banker", "player", "tie"), main[rules], strict=True))
    expected.update(side)
    assert notes == []
    assert list(got) == list(BET_IDS)
    assert got == {bet: Fraction(v) for bet, v in expected.items()}  # type: ignore[arg-type]
    for s in settled:
        assert s.result == ("win" if s.net > 0 else "push" if s.net == 0 else "lose")


def test_trace_says_why_under_ez() -> None:
    coup = coup_of("2 3 K K 3 4")
    texts = {s.bet: s.text for s in settle(coup, rule_set("ez"))[0]}
    assert texts["banker"] == "Banker wins with a three-card 7: under EZ Baccarat rules the Banker bet pushes."
    assert texts["dragon_7"] == "Banker wins with a three-card 7: Dragon 7 pays 40 to 1."
    assert texts["panda_8"] == "Banker wins 7 to 5: Panda 8 loses."


def test_super6_trace() -> None:
    coup = coup_of("2 4 3 2 K")
    texts = {s.bet: s.text for s in settle(coup, rule_set("super6"))[0]}
    assert texts["banker"] == "Banker wins with a 6: under Super 6 rules the Banker bet pays 1 to 2."
    assert texts["lucky_6"] == "Banker wins with a two-card 6: Lucky 6 pays 12 to 1."


def test_perfect_pair_needs_suits_only_when_there_is_a_pair() -> None:
    paired = coup_of("4 4 4 4")
    settled, notes = settle(paired, rule_set("standard"))
    assert "perfect_pair" not in {s.bet for s in settled}
    assert notes == ["Perfect Pair: not settled, the cards of a pair have no suits (a Perfect Pair needs them)."]
    plain = coup_of("9 5 K Q")
    settled, notes = settle(plain, rule_set("standard"))
    assert {s.bet: s.net for s in settled}["perfect_pair"] == -1
    assert notes == []


def test_tie_pays_nine() -> None:
    coup = coup_of("9 9 K K")
    settled, _ = settle(coup, rule_set("standard").with_tie_pays(9))
    assert {s.bet: s.net for s in settled}["tie"] == 9
