"""Exact prices of every bet of a rule set for the next coup: win, push and lose chances and the house edge.

Bets that card values decide (main bets, Tie, Big/Small, Dragon Bonus,
Dragon 7, Panda 8, Lucky 6) go through the exact engine of ``roads.odds``
with masks built by the bets' own settle functions. Pair bets depend only on
the first four cards dealt, which are any four distinct cards of the shoe
(exchangeability), so they are priced in closed form from the counts by
rank, or for a Perfect Pair by rank and suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Generic, Literal, TypeVar, overload

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..cards import RANKS, SUITS, Card
from ..coup import Coup
from ..errors import BetError, OddsError
from ..odds.api import MIN_CARDS, compositions_through, shoe_phrase
from ..odds.composition import Composition
from ..odds.engine import Masks, Weights, falling, masks, weights
from .kinds import KINDS, Deal
from .paytable import Bet, RuleSet, pay_json

T = TypeVar("T", float, Fraction)


class BetPrice(BaseModel, Generic[T]):
    """One bet's chances on the next coup and its house edge (expected loss per unit, pushes returning the stake)."""

    model_config = ConfigDict(frozen=True)

    bet: str = Field(description="The bet id.")
    pays: dict[str, int | float | str] = Field(description='What each event pays per unit, or "push"; others lose.')
    win: T | None = Field(description="Chance the bet wins. None when the shoe does not say (suits unknown).")
    push: T | None = Field(description="Chance the stake comes back.")
    lose: T | None = Field(description="Chance the bet loses.")
    edge: T | None = Field(description="House edge: expected loss per unit staked, a push counted as a bet.")


class Prices(BaseModel, Generic[T]):
    """Every bet of a rule set priced for the next coup from one composition."""

    model_config = ConfigDict(frozen=True)

    rules: str = Field(description="The rule set's name (standard, super6, ez).")
    title: str = Field(description="The rule set's title.")
    cards_left: int = Field(description="Cards in the composition the prices were computed from.")
    bets: list[BetPrice[T]]


FloatPrices = Prices[float]
ExactPrices = Prices[Fraction]
# Parametrised once: pydantic's generic lookup costs more than building a price (roads odds --each builds 1,000s).
_ExactBet = BetPrice[Fraction]
_FloatBet = BetPrice[float]

_RULES_IN_ORDER = ("win", "push", "net")


@cache
def _chains(kind: str, side: str) -> tuple[Masks, tuple[tuple[str, ...], ...]]:
    """Return, for one kind and side, each engine cell's event chain as an id (0: no such cell) and the chains.

    Built once per kind and side from its settle function; a paytable then
    only maps each of a few dozen chains to what it pays.
    """
    chains: dict[tuple[str, ...], int] = {}

    def row(p: int, b: int, p3: int | None, b3: int | None) -> list[int]:
        chain = KINDS[kind](Deal(p, b, p3, b3), side)
        return [chains.setdefault(chain, len(chains) + 1)]

    ids = masks(row, 1)
    return ids, tuple(sorted(chains, key=chains.__getitem__))


@cache
def _value_masks(bets: tuple[Bet, ...]) -> tuple[Masks, tuple[int, ...]]:
    """Return the engine masks (win, push, scaled net per bet) and each bet's scale, from its settle function."""
    scales = tuple(net_scale(b) for b in bets)
    rows4, rows5, rows6 = [], [], []
    for bet, scale in zip(bets, scales, strict=True):
        ids, chains = _chains(bet.kind, bet.side)
        nets = [Fraction(0)] + [_net(bet, chain) for chain in chains]
        win = np.array([0] + [int(n > 0) for n in nets[1:]], dtype=np.int64)
        push = np.array([0] + [int(n == 0) for n in nets[1:]], dtype=np.int64)
        net = np.array([int(n * scale) for n in nets], dtype=np.int64)
        for lut in (win, push, net):
            rows4.append(lut[ids.m4[0]])
            rows5.append(lut[ids.m5[0]])
            rows6.append(lut[ids.m6[0]])
    return Masks(np.stack(rows4), np.stack(rows5), np.stack(rows6)), scales


def _net(bet: Bet, chain: tuple[str, ...]) -> Fraction:
    """Return what ``bet`` nets on a coup whose events are ``chain``, as its settle function decides."""
    table = dict(bet.pays)
    for event in chain:
        if event in table:
            pay = table[event]
            return Fraction(0) if pay is None else pay
    return Fraction(-1)


def net_scale(bet: Bet) -> int:
    """Return the least integer that makes every pay of ``bet`` whole."""
    scale = 1
    for _, pay in bet.pays:
        if pay is not None:
            scale = scale * pay.denominator // np.gcd(scale, pay.denominator)
    return int(scale)


def _pair_chances(counts: Sequence[int]) -> tuple[int, int, int]:
    """Return (one hand's first two cards share a cell, both hands' do, over) for counts by rank (or rank and suit).

    The two chances are numerators over the third, the ordered ways to deal four
    cards. P1, P2 (or B1, B2) are two distinct cards of the shoe taken at random,
    and P1 P2 B1 B2 four: the order of dealing does not matter to who holds what.
    """
    n = sum(counts)
    pairs = [c * (c - 1) for c in counts]
    same = sum(pairs)
    # Both hands pair in the same cell: the second pair comes from the c - 2 cards left of it.
    overlap = sum(p * (p - (c - 2) * (c - 3)) for p, c in zip(pairs, counts, strict=True))
    return same * (n - 2) * (n - 3), same * same - overlap, falling(n, 4)


@cache
def pair_nets(bet: Bet) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Return what a pair bet nets when both hands pair, only Player's, only Banker's, neither: its settle function."""
    suited = bet.kind == "suited_pair"

    def deal(player: bool, banker: bool) -> Deal:
        return Deal(0, 0, None, None, player, banker, player if suited else False, banker if suited else False)

    return (
        bet.net(deal(True, True)),
        bet.net(deal(True, False)),
        bet.net(deal(False, True)),
        bet.net(deal(False, False)),
    )


def _pair_price(bet: Bet, one: int, both: int, over: int) -> tuple[Fraction, Fraction, Fraction]:
    """Return (win, push, expected net) of a pair bet from the ways one hand pairs and both do, over ``over``."""
    chances = (both, one - both, one - both, over - 2 * one + both)
    win = push = net = 0
    scale = net_scale(bet)
    for value, ways in zip(pair_nets(bet), chances, strict=True):
        win += ways if value > 0 else 0
        push += ways if value == 0 else 0
        net += ways * int(value * scale)
    return Fraction(win, over), Fraction(push, over), Fraction(net, over * scale)


@overload
def prices_for(
    composition: Composition | Sequence[int],
    rules: RuleSet,
    *,
    suited: Sequence[int] | None = ...,
    exact: Literal[False] = ...,
    w: Weights | None = ...,
) -> FloatPrices: ...
@overload
def prices_for(
    composition: Composition | Sequence[int],
    rules: RuleSet,
    *,
    suited: Sequence[int] | None = ...,
    exact: Literal[True],
    w: Weights | None = ...,
) -> ExactPrices: ...
@overload
def prices_for(
    composition: Composition | Sequence[int],
    rules: RuleSet,
    *,
    suited: Sequence[int] | None = ...,
    exact: bool,
    w: Weights | None = ...,
) -> FloatPrices | ExactPrices: ...


def prices_for(
    composition: Composition | Sequence[int],
    rules: RuleSet,
    *,
    suited: Sequence[int] | None = None,
    exact: bool = False,
    w: Weights | None = None,
) -> FloatPrices | ExactPrices:
    """Return every bet of ``rules`` priced for the next coup from ``composition``.

    ``composition`` counts ranks (a Composition or 13 counts A..K) or values
    (10 counts 0..9: pair bets are then None). ``suited`` counts the 52 cards
    by rank then suit (A♠ A♥ A♦ A♣ 2♠ ...); without it a Perfect Pair is None.
    """
    if isinstance(composition, Composition) or len(composition) == len(RANKS):
        comp = Composition.of(composition)
        by_value, ranks = comp.by_value, comp.counts
    elif len(composition) == 10:
        by_value, ranks = tuple(composition), None
    else:
        raise OddsError(f"a composition is 13 counts A..K or 10 counts by value, got {len(composition)} counts")
    total = sum(by_value)
    if total < MIN_CARDS:
        raise OddsError(
            f"only {total} cards left: a coup can need {MIN_CARDS}, so the next coup's odds are not defined"
        )
    if suited is not None and (len(suited) != len(RANKS) * len(SUITS) or sum(suited) != total):
        raise OddsError("the counts by rank and suit must be 52 counts adding up to the cards left")
    priced = bet_chances(rules.bets, by_value, ranks, suited, w=w)
    out = []
    for bet in rules.bets:
        got = priced[bet.id]
        pays = _pays_json(bet)
        if got is None:
            out.append(_ExactBet(bet=bet.id, pays=pays, win=None, push=None, lose=None, edge=None))
            continue
        win, push, net = got
        out.append(_ExactBet(bet=bet.id, pays=pays, win=win, push=push, lose=1 - win - push, edge=-net))
    result = ExactPrices(rules=rules.name, title=rules.title, cards_left=total, bets=out)
    return result if exact else to_float(result)


Chances = tuple[Fraction, Fraction, Fraction]
"""A bet's (win chance, push chance, expected net per unit) on the next coup."""


def bet_chances(
    bets: Sequence[Bet],
    by_value: Sequence[int],
    ranks: Sequence[int] | None,
    suited: Sequence[int] | None,
    *,
    w: Weights | None = None,
) -> dict[str, Chances | None]:
    """Return each bet's (win, push, expected net) from the counts left, None where the counts do not say.

    ``by_value`` counts values 0..9, ``ranks`` the 13 ranks (None: pair bets
    unknown), ``suited`` the 52 cards (None: a Perfect Pair unknown); at least
    MIN_CARDS cards, checked by the caller. The value engine runs only when a
    bet needs it (``w``: its weights, already computed).
    """
    value_bets = tuple(b for b in bets if b.by_value)
    priced: dict[str, Chances | None] = {}
    if value_bets:
        mask, scales = _value_masks(value_bets)
        weight = w if w is not None else weights(by_value)
        counts = mask.apply(weight)
        den = weight.denominator
        for i, (bet, scale) in enumerate(zip(value_bets, scales, strict=True)):
            wins, pushes, nets = counts[3 * i : 3 * i + 3]
            priced[bet.id] = (Fraction(wins, den), Fraction(pushes, den), Fraction(nets, den * scale))
    pair_bets = [b for b in bets if not b.by_value]
    rank_pairs = None if ranks is None or not pair_bets else _pair_chances(ranks)
    suit_pairs = None if suited is None or not pair_bets else _pair_chances(suited)
    for bet in pair_bets:
        chances = suit_pairs if bet.kind == "suited_pair" else rank_pairs
        priced[bet.id] = None if chances is None else _pair_price(bet, *chances)
    return priced


@cache
def _pays_json(bet: Bet) -> dict[str, int | float | str]:
    """Return a bet's paytable as JSON carries it (a fresh copy is made by each model that holds it)."""
    return {event: pay_json(pay) for event, pay in bet.pays}


def to_float(prices: ExactPrices) -> FloatPrices:
    """Return exact prices as floats, each correctly rounded."""
    bets = [
        _FloatBet(
            bet=p.bet,
            pays=p.pays,
            **{k: (None if getattr(p, k) is None else float(getattr(p, k))) for k in ("win", "push", "lose", "edge")},
        )
        for p in prices.bets
    ]
    return FloatPrices(rules=prices.rules, title=prices.title, cards_left=prices.cards_left, bets=bets)


def full_suits(decks: int) -> list[int]:
    """Return the counts by rank and suit of a full shoe of ``decks`` decks."""
    return [decks] * (len(RANKS) * len(SUITS))


@overload
def prices(decks: int, rules: RuleSet, *, exact: Literal[False] = ...) -> FloatPrices: ...
@overload
def prices(decks: int, rules: RuleSet, *, exact: Literal[True]) -> ExactPrices: ...
@overload
def prices(decks: int, rules: RuleSet, *, exact: bool) -> FloatPrices | ExactPrices: ...


def prices(decks: int, rules: RuleSet, *, exact: bool = False) -> FloatPrices | ExactPrices:
    """Return every bet of ``rules`` priced for the first coup of a full shoe of ``decks`` decks."""
    return prices_for(Composition.shoe(decks), rules, suited=full_suits(decks), exact=exact)


def suits_through(coups: Sequence[Coup], decks: int, under_way: Sequence[Card] = ()) -> list[list[int] | None]:
    """Return the counts by rank and suit left before the first coup and after each; None once a card has no suit."""
    start = full_suits(decks)
    counts: list[int] | None = start
    out: list[list[int] | None] = [list(start)]
    dealt = [coup.dealt for coup in coups] + ([tuple(under_way)] if under_way else [])
    for cards in dealt:
        if counts is not None:
            for card in cards:
                if card.suit is None:
                    counts = None
                    break
                i = RANKS.index(card.rank) * len(SUITS) + SUITS.index(card.suit)
                counts[i] -= 1
                if counts[i] < 0:
                    raise BetError(
                        f"the log shows more {card} than {shoe_phrase(decks)} holds: wrong --decks, or a misread card"
                    )
        out.append(None if counts is None else list(counts))
    return out


def prices_through(
    coups: Sequence[Coup], decks: int, rules: RuleSet, *, exact: bool = False, under_way: Sequence[Card] = ()
) -> list[FloatPrices | ExactPrices]:
    """Return every bet priced before the first coup, after each coup of a log, and after ``under_way``."""
    comps = compositions_through(coups, decks, under_way)
    suits = suits_through(coups, decks, under_way)
    out = []
    for number, (comp, suit) in enumerate(zip(comps, suits, strict=True)):
        try:
            out.append(prices_for(comp, rules, suited=suit, exact=exact))
        except OddsError as exc:
            raise exc.located(coup=number or None) from None
    return out
