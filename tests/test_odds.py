"""Exact odds: the shared reference figures to every printed digit, exactness, and bad input."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from helpers import PROBABILITIES, ROOT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.cards import RANKS, parse_card
from roads.coup import draw_coup, resolve
from roads.errors import OddsError
from roads.odds import (
    Composition,
    ExactOdds,
    Odds,
    compositions_through,
    engine,
    exact_odds,
    figures_markdown,
    odds_after,
    odds_for,
    odds_through,
    percent,
)
from roads.rules import banker_draws, is_natural, player_draws
from roads.shoe import deal_shoe, fresh_shoe, shuffle

# The rulebook's figures.md, copied digit for digit: an independent exact enumeration.
REFERENCE = """
1 | 45.962416 | 44.676043 | 9.361541 | 34.441100 | 50.175270 | 43.274889 | 38.003140 | 30.543561 | 31.453299
2 | 45.907273 | 44.650815 | 9.441911 | 34.364754 | 50.268957 | 43.426116 | 37.937368 | 30.430189 | 31.632442
4 | 45.876148 | 44.634035 | 9.489817 | 34.325087 | 50.317049 | 43.502297 | 37.903787 | 30.373080 | 31.723133
6 | 45.865272 | 44.627857 | 9.506871 | 34.311660 | 50.333247 | 43.527763 | 37.892505 | 30.353979 | 31.753515
"""
COLUMNS = ("banker", "player", "tie", "natural", "player_draws", "banker_draws", "cards_4", "cards_5", "cards_6")
ROWS = [line.split(" | ") for line in REFERENCE.strip().splitlines()]
DOCS = ROOT / "docs"


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]} decks" for r in ROWS])
def test_reference_figures_to_every_printed_digit(row: list[str]) -> None:
    decks, printed = int(row[0]), row[1:]
    odds = exact_odds(decks, exact=True)
    assert [percent(getattr(odds, c)) for c in COLUMNS] == printed


def test_eight_decks_match_the_published_house_edges() -> None:
    odds = exact_odds(8)
    assert [
        percent(Fraction(getattr(odds, f)), 4)
        for f in ("banker", "player", "tie", "edge_banker", "edge_player", "edge_tie", "edge_banker_no_commission")
    ] == ["45.8597", "44.6247", "9.5156", "1.0579", "1.2351", "14.3596", "1.4581"]


def test_percent_rounds_the_exact_value() -> None:
    assert percent(Fraction(1, 3)) == "33.333333"
    assert percent(Fraction(2, 3)) == "66.666667"
    assert percent(Fraction(-1, 800), 2) == "-0.12"
    assert percent(Fraction(1, 2), 0) == "50"


@pytest.mark.parametrize("decks", [1, 2, 3, 6, 8, 9])
def test_floats_are_the_fractions_correctly_rounded(decks: int) -> None:
    exact, floats = exact_odds(decks, exact=True), exact_odds(decks)
    assert isinstance(floats, Odds) and isinstance(exact, ExactOdds)
    for name, value in exact:
        if isinstance(value, Fraction):
            assert getattr(floats, name) == float(value), name


@pytest.mark.parametrize("decks", [1, 8, 100])
def test_exact_results_add_up(decks: int) -> None:
    o = exact_odds(decks, exact=True)
    assert o.banker + o.player + o.tie == 1
    assert o.cards_4 + o.cards_5 + o.cards_6 == 1
    assert o.banker_six < o.banker and o.cards_6 <= o.player_draws <= 1 - o.natural
    assert o.edge_player == o.banker - o.player
    assert o.edge_tie == 1 - 9 * o.tie
    assert o.edge_banker == o.player - Fraction(19, 20) * o.banker
    assert o.edge_banker_no_commission == o.player - o.banker + o.banker_six / 2
    assert o.banker_pair == o.player_pair == Fraction(4 * decks - 1, 52 * decks - 1)


def reference_tally(by_value: tuple[int, ...]) -> dict[str, Fraction]:
    """A plain, slow enumeration in dealing order, written without the engine's masks."""
    counts = list(by_value)
    n = sum(counts)
    found: dict[str, int] = dict.fromkeys(engine.EVENTS, 0)
    scale = engine.falling(n, 6)

    def take(v: int) -> int:
        w = counts[v]
        counts[v] -= 1
        return w

    def finish(p: int, b: int, natural: bool, p_drew: bool, b_drew: bool, weight: int, dealt: int) -> None:
        # A coup that stops early stands for every way the unused cards could fall.
        weight *= engine.falling(n - dealt, 6 - dealt)
        cards = 4 + p_drew + b_drew
        for name, hit in (
            ("banker", b > p),
            ("player", p > b),
            ("tie", p == b),
            ("natural", natural),
            ("player_draws", p_drew),
            ("banker_draws", b_drew),
            ("cards_4", cards == 4),
            ("cards_5", cards == 5),
            ("cards_6", cards == 6),
            ("banker_six", b > p and b == 6),
        ):
            found[name] += weight if hit else 0

    def banker_turn(p: int, b: int, z: int | None, weight: int, dealt: int) -> None:
        # Banker's third card, if the rules call for it, after Player's third card z (None: Player stood).
        if banker_draws(b, z):
            for t in range(10):
                if counts[t]:
                    finish(p, (b + t) % 10, False, z is not None, True, weight * counts[t], dealt + 1)
        else:
            finish(p, b, False, z is not None, False, weight, dealt)

    for p1, b1, p2, b2 in product(range(10), repeat=4):
        w = 1
        for v in (p1, b1, p2, b2):
            w *= take(v)
        if w:
            p, b = (p1 + p2) % 10, (b1 + b2) % 10
            if is_natural(p) or is_natural(b):
                finish(p, b, True, False, False, w, 4)
            elif not player_draws(p):
                banker_turn(p, b, None, w, 4)
            else:
                for z in range(10):
                    wz = w * take(z)
                    if wz:
                        banker_turn((p + z) % 10, b, z, wz, 5)
                    counts[z] += 1
        for v in (p1, b1, p2, b2):
            counts[v] += 1
    return {name: Fraction(k, scale) for name, k in found.items()}


def engine_tally(by_value: tuple[int, ...]) -> dict[str, Fraction]:
    counted = engine.tally(by_value)
    return {name: Fraction(k, counted.denominator) for name, k in counted.numerators.items()}


@pytest.mark.parametrize("decks", [8, 28, 100])
@pytest.mark.slow
def test_engine_matches_a_plain_enumeration(decks: int) -> None:
    """8 decks run in int64; 28 and 100 decks pass N^6 > 2^63 and must stay exact with Python ints."""
    by_value = Composition.shoe(decks).by_value
    assert engine_tally(by_value) == reference_tally(by_value)


def test_int64_and_python_int_paths_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    by_value = Composition.shoe(8).by_value
    fast = engine.tally(by_value)
    monkeypatch.setattr(engine, "_INT64_LIMIT", 0)
    assert engine.tally(by_value) == fast


@settings(max_examples=examples(12), deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=5), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6))
@pytest.mark.slow
def test_any_composition_matches_a_plain_enumeration(counts: list[int]) -> None:
    comp = Composition(tuple(counts))
    assert engine_tally(comp.by_value) == reference_tally(comp.by_value)
    odds = odds_for(comp, exact=True)
    n = comp.total
    assert odds.player_pair == Fraction(sum(c * (c - 1) for c in counts), n * (n - 1))


def test_six_fives_make_one_certain_coup() -> None:
    # P 5+5 = 0 draws a 5; Banker 0 draws a 5: 5 against 5, six cards, both pairs.
    odds = odds_for({"5": 6}, exact=True)
    assert (odds.tie, odds.cards_6, odds.banker_pair, odds.player_pair, odds.natural) == (1, 1, 1, 1, 0)
    assert odds.edge_tie == -8


def test_tens_and_faces_differ_only_in_pairs() -> None:
    a = odds_for({"T": 20, "K": 4, "9": 8, "3": 5}, exact=True)
    b = odds_for({"J": 12, "Q": 12, "9": 8, "3": 5}, exact=True)
    assert (a.banker, a.player, a.tie, a.cards_6) == (b.banker, b.player, b.tie, b.cards_6)
    assert a.banker_pair != b.banker_pair


def test_composition_inputs() -> None:
    full = Composition.shoe(2)
    assert Composition.of(full) is full
    assert Composition.of([8] * 13) == full
    assert Composition.of(dict.fromkeys(RANKS, 8)) == full
    assert Composition.from_ranks({"10": 3, "t": 1, "k": 2}).to_dict()["T"] == 4
    assert full.total == 104 and full.by_value == (32,) + (8,) * 9
    assert odds_for([8] * 13) == exact_odds(2)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([4] * 12 + [-1], "count of rank K is -1"),
        ([4] * 9 + [-1], "count of value 9 is -1"),
        ([4] * 9 + [2.5], "count of value 9 must be a whole number"),
        ([1] * 5 + [0] * 5, "only 5 cards left"),
        ([4] * 12, "13 ranks A..K, got 12"),
        ([4.0] * 13, "whole number"),
        ([True] * 13, "whole number"),
        ({"X": 3}, "'X' is not a card"),
        ({"A": -2}, "count of rank A is -2"),
        ("AKQ", "not str"),
        (5, "not int"),
        ({"A": 1.5}, "count of rank A must be a whole number"),
    ],
)
def test_bad_compositions_say_what_is_wrong(bad: object, message: str) -> None:
    with pytest.raises(OddsError, match=message.replace(".", r"\.")):
        odds_for(bad)  # type: ignore[arg-type]


def test_taking_out_a_card_that_is_not_there() -> None:
    few = Composition.from_ranks({"9": 1, "K": 8})
    assert few.without([parse_card("9"), parse_card("K")]).to_dict()["K"] == 7
    with pytest.raises(OddsError, match="coup 4: a 9 was dealt but none was left in the shoe"):
        few.without([parse_card("9"), parse_card("9")], coup=4)


def test_fewer_than_six_cards_is_an_error() -> None:
    with pytest.raises(OddsError, match="only 5 cards left: a coup can need 6"):
        odds_for({"A": 5})
    with pytest.raises(OddsError, match="only 0 cards left"):
        odds_for([0] * 13)
    # Exactly six cards are enough: six aces give Player 2 and Banker 2, both draw, 3 against 3.
    assert odds_for({"A": 6}).tie == 1


@pytest.mark.parametrize("decks", [0, -1, 2.5, True])
def test_bad_deck_counts(decks: object) -> None:
    with pytest.raises(OddsError, match="at least 1"):
        exact_odds(decks)  # type: ignore[arg-type]


def test_odds_follow_a_dealt_shoe() -> None:
    shoe = deal_shoe(8, seed=11)
    comps = compositions_through(shoe.coups, 8)
    assert len(comps) == len(shoe.coups) + 1
    assert comps[0] == Composition.shoe(8)
    assert comps[-1].total == 416 - sum(c.cards for c in shoe.coups)
    series = odds_through(shoe.coups[:5], 8)
    assert series[0] == exact_odds(8)
    assert series[-1] == odds_after(shoe.coups[:5], 8) == odds_for(comps[5])


def test_a_log_with_too_many_cards_of_a_rank() -> None:
    nines = resolve([parse_card(t) for t in ["K", "9", "9", "K"]])  # two natural 9s: a tie
    with pytest.raises(
        OddsError,
        match=r"coup 3: the log shows 5 cards of rank K by this coup, "
        r"but a 1-deck shoe holds only 4",
    ):
        odds_after([nines] * 3, 1)
    assert odds_after([nines] * 2, 1).cards_left == 44


def test_a_log_that_leaves_too_few_cards() -> None:
    # No cut card: deal a single deck down to its last few cards.
    cards = iter(shuffle(fresh_shoe(1), 3))
    coups, left = [], 52
    while left >= 6:
        coups.append(draw_coup(lambda: next(cards)))
        left -= coups[-1].cards
    assert odds_after(coups[:-1], 1).cards_left >= 6
    with pytest.raises(OddsError, match=f"coup {len(coups)}: only {left} cards left: a coup can need 6"):
        odds_through(coups, 1)


def test_json_round_trips() -> None:
    exact = exact_odds(6, exact=True)
    text = exact.model_dump_json()
    assert '"banker":"139963802512/305162919061"' in text
    assert ExactOdds.model_validate_json(text) == exact
    floats = exact_odds(6).model_dump(mode="json")
    assert list(floats) == list(Odds.model_fields)
    assert all(0 <= floats[k] <= 1 for k in PROBABILITIES)


def test_docs_figures_page_is_what_the_tool_generates() -> None:
    """Regenerate with: roads odds --figures-md > docs/figures.md"""
    assert (DOCS / "figures.md").read_text(encoding="utf-8") == figures_markdown()


def test_figures_page_carries_the_reference_rows() -> None:
    page = figures_markdown()
    for row in ROWS:
        assert "| " + " | ".join(row) + " |" in page


def test_odds_by_value_equal_odds_by_rank_except_unknown_pairs() -> None:
    """Issue 6: any composition 'by how many cards of each value are left'."""
    by_value = odds_for([128] + [32] * 9, exact=True)
    by_rank = exact_odds(8, exact=True)
    for field in (
        "banker",
        "player",
        "tie",
        "natural",
        "player_draws",
        "banker_draws",
        "cards_4",
        "cards_5",
        "cards_6",
        "edge_banker",
        "edge_tie",
        "edge_banker_no_commission",
    ):
        assert getattr(by_value, field) == getattr(by_rank, field), field
    # Sixteen ten-valued ranks' worth of cards: whether two of them pair depends on ranks nobody gave.
    assert by_value.banker_pair is None and by_value.edge_player_pair is None
    assert by_value.to_float().banker == float(by_rank.banker)


def test_odds_by_value_know_pairs_when_at_most_one_ten_is_left() -> None:
    counts = [32, 31, 30, 29, 28, 27, 26, 25, 24]
    by_rank = odds_for(Composition.from_ranks(dict(zip("A23456789", counts, strict=True))), exact=True)
    assert odds_for([0, *counts], exact=True) == by_rank
    with_one_ten = odds_for([1, *counts], exact=True)
    assert (
        with_one_ten.banker_pair
        == odds_for(
            Composition.from_ranks({**dict(zip("A23456789", counts, strict=True)), "K": 1}), exact=True
        ).banker_pair
    )
