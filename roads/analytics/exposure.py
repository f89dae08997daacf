"""Side-bet exposure: before every coup of a card log, the exact house edge of each chosen bet.

A side bet such as Dragon 7 or Panda 8 can turn in the player's favour late
in a shoe, given the cards already seen; surveillance reviews exactly those
moments. Each coup is priced from what is left of the shoe before it (the
burned cards the log names taken out too) by the exact engine of
``roads.odds`` through ``roads.bets.price``, and a moment whose house edge is
below zero is settled with that coup's real outcome (``roads.bets.settle``):
``ideal_net`` is what one unit on each such bet would have netted.

What counts as known is ``known``: ``"seen"`` (the default) takes out only
the cards a player sees, the first burned card (turned face up) and the coups
dealt; the face-down burns stay among the unknown cards, which is exact: an
unseen card is as likely to be any of the cards not seen, whether it was
burned or is still in the shoe. ``"all"`` takes every burned card out too, the
edge for a house that knows its burns.

Nothing is cached: the cards left by value almost never repeat (183 of
81,079 coups of 1,000 dealt shoes, benchmarks/bench_exposure.py), so the
speed is the engine's.

>>> from roads.bets import rule_set
>>> from roads.shoe import deal_shoe
>>> dealt = deal_shoe(8, seed=1)
>>> scan = Exposure(rule_set("standard"), ("dragon_7", "panda_8"), 8)
>>> found = scan.shoe(ShoeCards(1, "shoe 1", dealt.coups, dealt.burned))
>>> len(found.coups) == len(dealt.coups), found.coups[0].edges[0] > 0
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..bets.paytable import MAIN_BETS, Bet, RuleSet
from ..bets.price import bet_chances, suits_through
from ..bets.settle import settle
from ..cards import RANKS, SUITS, Card, rank_value
from ..coup import Coup
from ..errors import LogError, OddsError, RoadsError
from ..logs.archive import needs_cards
from ..odds.api import MIN_CARDS, compositions_through, shoe_phrase

if TYPE_CHECKING:
    from ..logs.archive import Shoe
    from ..logs.records import Entry


KNOWN = ("seen", "all")
"""What a scan counts as known: the cards a player sees (the first burned card and the coups), or every burned
card too."""

KNOWN_WORDS = {
    "seen": "the cards a player sees (the first burn, face up, and the coups; face-down burns unknown)",
    "all": "every burned card and the coups (--known all: a house that knows its burns)",
}
"""How ``roads exposure``'s totals and the report name what the edges counted as known (``Exposure.known``)."""


def side_bets(rules: RuleSet) -> tuple[str, ...]:
    """Return the ids of the rule set's side bets (every bet but Banker, Player and Tie): the default bets."""
    return tuple(bet.id for bet in rules.bets if bet.id not in MAIN_BETS)


@dataclass(frozen=True, slots=True)
class ShoeCards:
    """One shoe to scan: its id, how messages name it, its coups and the burned cards the log names."""

    shoe: str | int
    label: str
    coups: tuple[Coup, ...]
    burned: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class CoupEdges:
    """The house edge of each chosen bet before one coup (None where the cards left do not say)."""

    coup: int
    edges: tuple[float | None, ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """A coup at which a bet's house edge was below zero, and what one unit on it netted."""

    coup: int
    bet: str
    edge: float
    net: Fraction


@dataclass(frozen=True, slots=True)
class ShoeExposure:
    """What a scan found in one shoe: every coup's edges, and the moments in the player's favour."""

    shoe: str | int
    label: str
    coups: tuple[CoupEdges, ...]
    positive: tuple[Moment, ...]
    error: RoadsError | None = None
    """Set when the shoe could not be scanned (its coups and moments are then empty)."""

    @property
    def net(self) -> Fraction:
        """Return what one unit on every positive moment netted."""
        return sum((m.net for m in self.positive), Fraction(0))

    @property
    def positive_coups(self) -> int:
        """Return how many coups had at least one bet in the player's favour."""
        return len({m.coup for m in self.positive})


class Exposure:
    """Scans shoes for the edges of ``bets`` under ``rules``, for shoes of ``decks`` decks."""

    def __init__(self, rules: RuleSet, bets: Sequence[str], decks: int, known: str = "seen") -> None:
        """Price ``bets`` of ``rules`` for shoes of ``decks`` decks, from the cards ``known`` says (see KNOWN)."""
        if known not in KNOWN:
            raise ValueError(f"known must be one of {', '.join(KNOWN)}, not {known!r}")
        self.known = known
        self.rules = rules
        self.bets: tuple[Bet, ...] = tuple(rules.bet(b) for b in bets)
        self.ids = tuple(b.id for b in self.bets)
        self.decks = decks
        self._value = tuple(b for b in self.bets if b.by_value)
        self._pairs = tuple(b for b in self.bets if not b.by_value)

    def shoe(self, cards: ShoeCards) -> ShoeExposure:
        """Return the edges before every coup of one shoe and its positive moments; a bad shoe carries its error."""
        try:
            return self._scan(cards)
        except RoadsError as exc:
            return ShoeExposure(cards.shoe, cards.label, (), (), error=exc.located(file=cards.label))

    def _scan(self, cards: ShoeCards) -> ShoeExposure:
        coups = cards.coups
        comps = compositions_through(coups, self.decks)
        suits = suits_through(coups, self.decks) if any(b.kind == "suited_pair" for b in self._pairs) else None
        burned_ranks, burned_suits = _counted(cards.burned)
        seen_ranks, seen_suits = _counted(cards.burned[:1] if self.known == "seen" else cards.burned)
        rows: list[CoupEdges] = []
        moments: list[Moment] = []
        for number, coup in enumerate(coups, 1):
            ranks = [c - b for c, b in zip(comps[number - 1].counts, burned_ranks, strict=True)]
            if min(ranks) < 0:
                rank = RANKS[min(range(len(ranks)), key=ranks.__getitem__)]
                raise OddsError(
                    f"the burned cards and the coups before this one show more of rank {rank} than "
                    f"{shoe_phrase(self.decks)} holds: wrong --decks, or a misread card",
                    coup=number,
                )
            suited = None
            if suits is not None and suits[number - 1] is not None and burned_suits is not None:
                suited = [c - b for c, b in zip(suits[number - 1] or (), burned_suits, strict=True)]
                if min(suited) < 0:
                    i = suited.index(min(suited))
                    named = f"{RANKS[i // len(SUITS)]}{SUITS[i % len(SUITS)]}"
                    raise OddsError(
                        f"the burned cards and the coups before this one show more {named} than "
                        f"{shoe_phrase(self.decks)} holds: wrong --decks, or a misread card",
                        coup=number,
                    )
            if self.known == "seen":  # the log was checked with every burn; the price counts only the seen ones
                ranks = [c - b for c, b in zip(comps[number - 1].counts, seen_ranks, strict=True)]
                if suits is not None and suited is not None and seen_suits is not None:
                    suited = [c - b for c, b in zip(suits[number - 1] or (), seen_suits, strict=True)]
            edges = self._edges(ranks, suited)
            rows.append(CoupEdges(number, tuple(None if e is None else float(e) for e in edges)))
            favoured = [bet for bet, e in zip(self.bets, edges, strict=True) if e is not None and e < 0]
            if favoured:
                moments += self._settled(number, coup, favoured, dict(zip(self.ids, edges, strict=True)))
        return ShoeExposure(cards.shoe, cards.label, tuple(rows), tuple(moments))

    def _edges(self, ranks: Sequence[int], suited: Sequence[int] | None) -> list[Fraction | None]:
        """Return each bet's exact house edge for the next coup from the cards left, None where unknown."""
        if sum(ranks) < MIN_CARDS:
            return [None] * len(self.bets)
        by_value = [0] * 10
        for rank, count in zip(RANKS, ranks, strict=True):
            by_value[rank_value(rank)] += count
        found: dict[str, Fraction | None] = dict(self._value_edges(tuple(by_value)))
        if self._pairs:
            for bet, chances in bet_chances(self._pairs, by_value, ranks, suited).items():
                found[bet] = None if chances is None else -chances[2]
        return [found[b] for b in self.ids]

    def _value_edges(self, by_value: tuple[int, ...]) -> dict[str, Fraction]:
        """Return the value bets' edges for the cards left, counted by value."""
        if not self._value:
            return {}
        priced = bet_chances(self._value, by_value, None, None)
        return {bet: -chances[2] for bet, chances in priced.items() if chances is not None}

    def _settled(
        self, number: int, coup: Coup, favoured: Sequence[Bet], edges: dict[str, Fraction | None]
    ) -> Iterator[Moment]:
        """Yield the positive moments of one coup, each settled with what the coup really did."""
        chosen = dataclasses.replace(self.rules, bets=tuple(favoured))
        settled, _ = settle(coup, chosen)
        nets = {s.bet: s.net for s in settled}
        for bet in favoured:
            edge = edges[bet.id]
            if bet.id in nets and edge is not None:  # a Perfect Pair whose suits are unknown is not settled
                yield Moment(number, bet.id, float(edge), nets[bet.id])


def _counted(burned: Sequence[Card]) -> tuple[list[int], list[int] | None]:
    """Return burned cards counted by rank, and by rank and suit (None when a card has no suit)."""
    ranks = [0] * len(RANKS)
    suits: list[int] | None = [0] * (len(RANKS) * len(SUITS))
    for card in burned:
        ranks[RANKS.index(card.rank)] += 1
        if card.suit is None or suits is None:
            suits = None
        else:
            suits[RANKS.index(card.rank) * len(SUITS) + SUITS.index(card.suit)] += 1
    return ranks, suits


def number(value: Fraction) -> int | float:
    """Return a net as JSON carries it: a whole number, or a float."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass
class Totals:
    """What the scanned shoes add up to."""

    shoes: int = 0
    coups: int = 0
    positive_coups: int = 0
    moments: int = 0
    ideal_net: Fraction = Fraction(0)
    by_bet: dict[str, list[Fraction]] = dataclasses.field(default_factory=dict)
    """Each bet's positive moments and what they netted: [count, net]."""

    def add(self, found: ShoeExposure) -> None:
        """Count one scanned shoe in."""
        self.shoes += 1
        self.coups += len(found.coups)
        self.positive_coups += found.positive_coups
        self.moments += len(found.positive)
        self.ideal_net += found.net
        for m in found.positive:
            kept = self.by_bet.setdefault(m.bet, [Fraction(0), Fraction(0)])
            kept[0] += 1
            kept[1] += m.net

    def to_json(self) -> dict[str, object]:
        """Return the ``total`` object of the JSON document."""
        return {
            "shoes": self.shoes,
            "coups": self.coups,
            "positive_coups": self.positive_coups,
            "ideal_net": number(self.ideal_net),
        }


STRONGEST = 10
"""Positive moments the report lists: the strongest, by house edge."""


@dataclass
class Summary(Totals):
    """The totals of a scan with what the report shows: per-bet counts and the strongest moments."""

    strongest: list[tuple[float, str, int, str, Fraction]] = dataclasses.field(default_factory=list)
    """(edge, shoe, coup, bet, net) of the strongest moments so far, at most STRONGEST of them."""

    def add(self, found: ShoeExposure) -> None:
        """Count one scanned shoe in, keeping its moments if they are among the strongest."""
        super().add(found)
        for m in found.positive:
            self.strongest.append((m.edge, found.label, m.coup, m.bet, m.net))
        self.strongest.sort(key=lambda s: s[0])
        del self.strongest[STRONGEST:]

    def to_report(self, scan: Exposure) -> dict[str, object]:
        """Return what the report's exposure section shows, as plain data."""
        return {
            **self.to_json(),
            "decks": scan.decks,
            "rules": scan.rules.title,
            "known": scan.known,
            "bets": {bet: self._bet(bet) for bet in scan.ids},
            "strongest": [
                {"shoe": shoe, "coup": coup, "bet": bet, "edge": edge, "net": number(net)}
                for edge, shoe, coup, bet, net in self.strongest
            ],
        }

    def _bet(self, bet: str) -> dict[str, object]:
        count, net = self.by_bet.get(bet, [Fraction(0), Fraction(0)])
        return {"positive": int(count), "net": number(net)}


def shoe_cards(shoe: Shoe, decks: int, entries: Iterable[Entry] | None = None) -> ShoeCards:
    """Return a shoe's coups and burned cards; LogError when a coup has no cards (a results log), or when the log
    names other decks than ``decks`` (the edges would be those of another shoe). ``entries``: the shoe's coups
    already read (else they are read here)."""
    named = shoe.named_decks()  # first: a one-shoe file's header is gone once its coups are read
    if named is not None and named != decks:
        raise LogError(
            f"the log says this shoe was dealt from {named} decks, but --decks is {decks}: "
            f"give --decks {named} (every edge depends on it)",
            file=shoe.file,
        )
    burned = shoe.burned_cards()
    coups = shoe.coups(needs_cards("roads exposure needs"), entries)
    return ShoeCards(shoe.id, shoe.label(), tuple(coups), burned)
