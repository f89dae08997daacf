"""Every bet's exact price, re-derived here by brute force and compared with every digit roads prints.

The brute force shares nothing with roads.bets or roads.odds: its own drawing
rules, its own paytables (from the published rules), and a plain walk over
every sequence of card values a 1-deck shoe can deal. Pairs are counted over
every ordered four cards by rank (1 deck) and by rank and suit (2 decks: one
deck has no two cards of the same rank and suit).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from helpers import ROOT, run

from roads.bets import RULE_NAMES, prices, rule_set
from roads.odds import percent

BETS_BY_VALUE = (
    "banker",
    "player",
    "tie",
    "big",
    "small",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "dragon_7",
    "panda_8",
    "lucky_6",
)


def _banker_draws(b: int, p3: int | None) -> bool:
    if p3 is None:
        return b <= 5
    return {0: True, 1: True, 2: True, 3: p3 != 8, 4: 2 <= p3 <= 7, 5: 4 <= p3 <= 7, 6: p3 in (6, 7)}.get(b, False)


def _nets(rules: str, p2: int, b2: int, p3: int | None, b3: int | None) -> dict[str, int]:
    """Return every value-decided bet's net per unit, times 100, written from the published paytables."""
    p = (p2 + (p3 or 0)) % 10
    b = (b2 + (b3 or 0)) % 10
    cards = 4 + (p3 is not None) + (b3 is not None)
    nat_p, nat_b = p2 >= 8, b2 >= 8
    lose = -100
    if b > p:
        if rules == "standard":
            banker = 95
        elif rules == "super6":
            banker = 50 if b == 6 else 100
        else:
            banker = 0 if (b == 7 and b3 is not None) else 100
        player, tie = lose, lose
    elif p > b:
        banker, player, tie = lose, 100, lose
    else:
        banker, player, tie = 0, 0, 800
    margin_pays = {9: 3000, 8: 1000, 7: 600, 6: 400, 5: 200, 4: 100}

    def dragon(mine: int, theirs: int, natural: bool) -> int:
        if natural and mine > theirs:
            return 100
        if natural and mine == theirs:
            return 0
        if mine > theirs:
            return margin_pays.get(mine - theirs, lose)
        return lose

    lucky = lose
    if b > p and b == 6:
        lucky = 2000 if b3 is not None else 1200
    return {
        "banker": banker,
        "player": player,
        "tie": tie,
        "big": 54 if cards >= 5 else lose,
        "small": 150 if cards == 4 else lose,
        "dragon_bonus_player": dragon(p, b, nat_p),
        "dragon_bonus_banker": dragon(b, p, nat_b),
        "dragon_7": 4000 if (b > p and b == 7 and b3 is not None) else lose,
        "panda_8": 2500 if (p > b and p == 8 and p3 is not None) else lose,
        "lucky_6": lucky,
    }


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@cache
def brute_by_value(  # noqa: PLR0912
    rules: str, counts: tuple[int, ...] = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """Return (win, push, edge) of every value-decided bet for a shoe of ``counts`` by value (1 deck by default)."""
    n = sum(counts)
    # acc[cards][bet] = (sum of weight * net * 100, weight of wins, weight of pushes) over coups of that many cards
    acc: dict[int, dict[str, list[int]]] = {k: {bet: [0, 0, 0] for bet in BETS_BY_VALUE} for k in (4, 5, 6)}

    def leaf(weight: int, k: int, p2: int, b2: int, p3: int | None, b3: int | None) -> None:
        for bet, net in _nets(rules, p2, b2, p3, b3).items():
            cell = acc[k][bet]
            cell[0] += weight * net
            cell[1] += weight if net > 0 else 0
            cell[2] += weight if net == 0 else 0

    c = list(counts)
    for v1 in range(10):
        w1 = c[v1]
        c[v1] -= 1
        for v2 in range(10):
            w2 = w1 * c[v2]
            c[v2] -= 1
            for v3 in range(10):
                w3 = w2 * c[v3]
                c[v3] -= 1
                for v4 in range(10):
                    w4 = w3 * c[v4]
                    if w4 == 0:
                        continue
                    c[v4] -= 1
                    p2, b2 = (v1 + v3) % 10, (v2 + v4) % 10
                    if p2 >= 8 or b2 >= 8:
                        leaf(w4, 4, p2, b2, None, None)
                    elif p2 >= 6:
                        if _banker_draws(b2, None):
                            for v5 in range(10):
                                if c[v5]:
                                    leaf(w4 * c[v5], 5, p2, b2, None, v5)
                        else:
                            leaf(w4, 4, p2, b2, None, None)
                    else:
                        for v5 in range(10):
                            w5 = w4 * c[v5]
                            if not w5:
                                continue
                            if _banker_draws(b2, v5):
                                c[v5] -= 1
                                for v6 in range(10):
                                    if c[v6]:
                                        leaf(w5 * c[v6], 6, p2, b2, v5, v6)
                                c[v5] += 1
                            else:
                                leaf(w5, 5, p2, b2, v5, None)
                    c[v4] += 1
                c[v3] += 1
            c[v2] += 1
        c[v1] += 1
    out = {}
    for bet in BETS_BY_VALUE:
        net = sum(Fraction(acc[k][bet][0], _falling(n, k)) for k in (4, 5, 6)) / 100
        win = sum(Fraction(acc[k][bet][1], _falling(n, k)) for k in (4, 5, 6))
        push = sum(Fraction(acc[k][bet][2], _falling(n, k)) for k in (4, 5, 6))
        out[bet] = (win, push, -net)
    return out


def brute_pairs(
    decks: int, suited: bool, counts: tuple[int, ...] | None = None
) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """Return (win, push, edge) of the pair bets over every ordered P1 B1 P2 B2 from ``decks`` decks.

    ``counts`` (by rank, or by rank and suit when ``suited``) replaces a full shoe: what is left of one.
    """
    cells = 52 if suited else 13
    per_cell = np.array(counts if counts is not None else [decks * (1 if suited else 4)] * cells, dtype=np.int64)
    n = int(per_cell.sum())
    idx = np.arange(cells)
    wins = {"player_pair": 0, "banker_pair": 0, "either_pair": 0, "perfect_pair": 0}
    nets = dict.fromkeys(wins, 0)
    for p1 in range(cells):
        b1, p2, b2 = np.meshgrid(idx, idx, idx, indexing="ij")
        # Ways to draw each card given those before it (falling counts per cell).
        w = np.full(b1.shape, per_cell[p1], dtype=np.int64)
        w = w * (per_cell[b1] - (b1 == p1))
        w = w * (per_cell[p2] - (p2 == p1) - (p2 == b1))
        w = w * (per_cell[b2] - (b2 == p1) - (b2 == b1) - (b2 == p2))
        # A factor can only go below 0 after an earlier one reached 0: the product is never negative.
        pp, bp = p2 == p1, b2 == b1
        if suited:
            hit = pp | bp
            wins["perfect_pair"] += int(w[hit].sum())
            nets["perfect_pair"] += int(w[hit].sum()) * 25 - int(w[~hit].sum())
        else:
            for bet, hit, pays in (("player_pair", pp, 11), ("banker_pair", bp, 11), ("either_pair", pp | bp, 5)):
                wins[bet] += int(w[hit].sum())
                nets[bet] += int(w[hit].sum()) * pays - int(w[~hit].sum())
    den = _falling(n, 4)
    names = ("perfect_pair",) if suited else ("player_pair", "banker_pair", "either_pair")
    return {bet: (Fraction(wins[bet], den), Fraction(0), -Fraction(nets[bet], den)) for bet in names}


@pytest.fixture(scope="module")
def brute() -> dict[str, dict[str, tuple[Fraction, Fraction, Fraction]]]:
    pairs = brute_pairs(1, suited=False)
    return {rules: {**brute_by_value(rules), **pairs} for rules in RULE_NAMES}


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_NAMES)
def test_exact_prices_equal_the_brute_force(rules: str, brute: dict[str, dict[str, tuple[Fraction, ...]]]) -> None:
    got = {p.bet: p for p in prices(1, rule_set(rules), exact=True).bets}
    for bet, (win, push, edge) in brute[rules].items():
        assert (got[bet].win, got[bet].push, got[bet].edge) == (win, push, edge), bet
        assert got[bet].lose == 1 - win - push


def test_perfect_pair_equals_the_brute_force_for_two_decks() -> None:
    (win, _, edge) = brute_pairs(2, suited=True)["perfect_pair"]
    got = {p.bet: p for p in prices(2, rule_set("standard"), exact=True).bets}["perfect_pair"]
    assert (got.win, got.edge) == (win, edge)
    assert {p.bet: p for p in prices(1, rule_set("standard"), exact=True).bets}["perfect_pair"].edge == 1


ROW = re.compile(r"^  (\w+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)(?:\s+(-?\d+/\d+))?$")


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_NAMES)
def test_every_printed_digit(
    rules: str, brute: dict[str, dict[str, tuple[Fraction, ...]]], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "odds", "--bets", "--decks", "1", "--rules", rules, "--exact")
    assert status == 0
    rows = {m.group(1): m.groups()[1:] for line in out.splitlines() if (m := ROW.match(line))}
    assert set(rows) >= set(brute[rules])
    for bet, (win, push, edge) in brute[rules].items():
        printed = rows[bet]
        assert printed[:4] == (percent(win), percent(push), percent(1 - win - push), percent(edge)), bet
        assert printed[4] == f"{edge.numerator}/{edge.denominator}", bet


def test_published_eight_deck_edges() -> None:
    """Sanity check against the well-known published 8-deck house edges (percent, 2 decimals)."""
    published = {
        ("standard", "banker"): "1.06",
        ("standard", "player"): "1.24",
        ("standard", "tie"): "14.36",
        ("super6", "banker"): "1.46",
        ("ez", "banker"): "1.02",
        ("standard", "dragon_7"): "7.61",
        ("standard", "panda_8"): "10.19",
        ("standard", "player_pair"): "10.36",
        ("standard", "banker_pair"): "10.36",
        ("standard", "dragon_bonus_player"): "2.65",
        ("standard", "dragon_bonus_banker"): "9.37",
        ("standard", "big"): "4.35",
        ("standard", "either_pair"): "13.71",
        ("standard", "perfect_pair"): "13.03",
    }
    for (rules, bet), edge in published.items():
        got = {p.bet: p.edge for p in prices(8, rule_set(rules), exact=True).bets}[bet]
        assert got is not None
        assert percent(got, 2) == edge, (rules, bet)


@pytest.mark.slow
def test_the_docs_table_one_deck_column(brute: dict[str, dict[str, tuple[Fraction, ...]]]) -> None:
    """docs/variants.md's 1-deck column, digit for digit, against the brute force."""
    page = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    cells = {m.group(1): m.group(2) for m in re.finditer(r"^\| `([\w ()]+)` \| [^|]+ \| (-?\d+\.\d+) \|", page, re.M)}
    expected = {bet: percent(edge, 4) for bet, (_, _, edge) in brute["standard"].items()}
    expected["banker (super6)"] = percent(brute["super6"]["banker"][2], 4)
    expected["banker (ez)"] = percent(brute["ez"]["banker"][2], 4)
    for label, digits in expected.items():
        assert cells[label] == digits, label


@pytest.mark.slow
def test_a_part_dealt_shoe_equals_the_brute_force() -> None:
    """What is left of a 2-deck shoe after two coups, priced by roads and by the brute force."""
    from roads.bets import prices_through
    from roads.cards import RANKS, SUITS
    from roads.shoe import deal_shoe

    coups = deal_shoe(2, seed=5).coups[:2]
    left = [8] * 13
    suits = [2] * 52
    for coup in coups:
        for card in coup.dealt:
            left[RANKS.index(card.rank)] -= 1
            suits[RANKS.index(card.rank) * 4 + SUITS.index(card.suit or "")] -= 1
    by_value = [left[9] + left[10] + left[11] + left[12], *left[:9]]
    expected = {
        **brute_by_value("ez", tuple(by_value)),
        **brute_pairs(2, suited=False, counts=tuple(left)),
        **brute_pairs(2, suited=True, counts=tuple(suits)),
    }
    got = {p.bet: p for p in prices_through(coups, 2, rule_set("ez"), exact=True)[-1].bets}
    for bet, (win, push, edge) in expected.items():
        assert (got[bet].win, got[bet].push, got[bet].edge) == (win, push, edge), bet
