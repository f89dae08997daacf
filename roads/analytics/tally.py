"""Counting shoes: one Tally per group adds up coups, pairs, card counts, Big Road columns and derived marks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..board import Board
from ..errors import StatsError as StatsError  # noqa: PLC0414  (it lives in roads.errors; imports from here keep working)
from ..outcome import Outcome, Winner
from .theory import (
    CARD_FIGURES,
    SIM_FIGURES,
    ChiSquare,
    Figure,
    chi_reading,
    chi_square,
    expected_shares,
    holm,
    judge,
    judge_simulated,
    reading,
)


@dataclass
class Tally:
    """The counts of one group of shoes (or of the whole archive)."""

    key: str
    shoes: int = 0
    coups: int = 0
    banker: int = 0
    player: int = 0
    tie: int = 0
    banker_pair: int = 0
    player_pair: int = 0
    natural: int = 0
    with_cards: int = 0
    """Coups whose cards are known: pairs, naturals and card counts are tested on these only."""
    card_pairs: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Banker pairs, Player pairs and naturals among the coups with cards."""
    cards: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Coups of 4, 5 and 6 cards."""
    depths: dict[str, Counter[int]] = field(default_factory=lambda: {"banker": Counter(), "player": Counter()})
    """Big Road column depth -> columns of that depth, by side."""
    longest_tie_run: int = 0
    derived: dict[str, list[int]] = field(default_factory=dict)
    """Derived road -> [marks, red]."""

    def add(self, outcomes: Iterable[Outcome], board: Board) -> None:
        """Count one shoe: its outcomes in order and its built board."""
        self.shoes += 1
        side: Winner | None = None
        run = ties = 0
        for o in outcomes:
            self.coups += 1
            w = o.winner
            if w is Winner.TIE:
                self.tie += 1
                ties += 1
                self.longest_tie_run = max(self.longest_tie_run, ties)
            else:
                ties = 0
                if w is Winner.BANKER:
                    self.banker += 1
                else:
                    self.player += 1
                if w is side:
                    run += 1
                else:
                    if side is not None:
                        self.depths[side.value.lower()][run] += 1
                    side, run = w, 1
            self.banker_pair += o.banker_pair
            self.player_pair += o.player_pair
            self.natural += o.natural
            if o.cards is not None:
                self.with_cards += 1
                self.card_pairs[0] += o.banker_pair
                self.card_pairs[1] += o.player_pair
                self.card_pairs[2] += o.natural
                if 4 <= o.cards <= 6:
                    self.cards[o.cards - 4] += 1
        if side is not None:
            self.depths[side.value.lower()][run] += 1
        for road in board.derived_roads():
            marks = self.derived.setdefault(str(road.name.value), [0, 0])
            marks[0] += len(road)
            marks[1] += road.red

    def merge(self, other: Tally) -> None:
        """Add another group's counts to this one (the total is the sum of its groups)."""
        for name in ("shoes", "coups", "banker", "player", "tie", "banker_pair", "player_pair", "natural"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.with_cards += other.with_cards
        self.card_pairs = [a + b for a, b in zip(self.card_pairs, other.card_pairs, strict=True)]
        self.cards = [a + b for a, b in zip(self.cards, other.cards, strict=True)]
        for s in ("banker", "player"):
            self.depths[s].update(other.depths[s])
        self.longest_tie_run = max(self.longest_tie_run, other.longest_tie_run)
        for road, (marks, red) in other.derived.items():
            mine = self.derived.setdefault(road, [0, 0])
            mine[0] += marks
            mine[1] += red

    def tests(self, decks: int) -> tuple[list[Figure], list[ChiSquare]]:
        """Return every figure tested against theory for ``decks`` decks, flags set by Holm over all.

        Exact figures come first, then the simulated ones (column depths, red shares).
        """
        from .simulated import expectations, simulated_counts

        shares = expected_shares(decks)
        figures = [judge(name, getattr(self, name), self.coups, shares[name]) for name in ("banker", "player", "tie")]
        chis = [
            chi_square(
                "banker/player/tie",
                [self.banker, self.player, self.tie],
                [shares[n] for n in ("banker", "player", "tie")],
            )
        ]
        if self.with_cards:
            known = [*self.card_pairs, *self.cards]
            figures += [judge(n, k, self.with_cards, shares[n]) for n, k in zip(CARD_FIGURES, known, strict=True)]
            names = ("cards_4", "cards_5", "cards_6")
            chis.append(chi_square("4/5/6 cards", self.cards, [shares[n] for n in names]))
        sim = expectations(decks).figures
        counts = simulated_counts(self)
        for name in SIM_FIGURES:
            e = sim[name]
            figures.append(judge_simulated(name, *counts[name], e.expected, e.se, e.deff))
        flags = holm([f.p for f in figures] + [c.p for c in chis])
        figures = [_flagged(f, flag) for f, flag in zip(figures, flags, strict=False)]
        chis = [_flagged_chi(c, flag) for c, flag in zip(chis, flags[len(figures) :], strict=True)]
        return figures, chis

    def to_dict(self, decks: int) -> dict[str, Any]:
        """Return this group as the JSON contract of ``roads stats --json``."""
        figures, chis = self.tests(decks)
        known = self.with_cards > 0
        counts = {
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "banker_pair": self.banker_pair,
            "player_pair": self.player_pair,
            "natural": self.natural,
            "cards_4": self.cards[0] if known else None,
            "cards_5": self.cards[1] if known else None,
            "cards_6": self.cards[2] if known else None,
        }
        shares = {
            name: (round(n / self.coups, 6) if self.coups and n is not None else None) for name, n in counts.items()
        }
        if known:
            for name, n in zip(("cards_4", "cards_5", "cards_6"), self.cards, strict=True):
                shares[name] = round(n / self.with_cards, 6)
        flags = [reading(f) for f in figures if f.flag] + [chi_reading(c) for c in chis if c.flag]
        return {
            "key": self.key,
            "shoes": self.shoes,
            "coups": self.coups,
            "coups_with_cards": self.with_cards,
            "counts": counts,
            "shares": shares,
            "tests": [f.to_dict() for f in figures],
            "chi_square": chis[0].to_dict(),
            "chi_square_cards": chis[1].to_dict() if len(chis) > 1 else None,
            "meaningful": any(f.p is not None for f in figures),
            "flags": flags,
            "streaks": self.streaks(),
            "derived": {
                road: {"marks": marks, "red": red, "red_share": round(red / marks, 6) if marks else None}
                for road, (marks, red) in sorted(self.derived.items())
            },
        }

    def streaks(self) -> dict[str, Any]:
        """Return the Big Road column depths by side, the longest of each, and the longest run of ties."""
        return {
            "columns": sum(sum(c.values()) for c in self.depths.values()),
            "banker_depths": {str(d): n for d, n in sorted(self.depths["banker"].items())},
            "player_depths": {str(d): n for d, n in sorted(self.depths["player"].items())},
            "longest_banker": max(self.depths["banker"], default=0),
            "longest_player": max(self.depths["player"], default=0),
            "longest_tie_run": self.longest_tie_run,
        }


def _flagged(figure: Figure, flag: bool | None) -> Figure:
    return replace(figure, flag=flag)


def _flagged_chi(test: ChiSquare, flag: bool | None) -> ChiSquare:
    return ChiSquare(test.name, test.statistic, test.dof, test.p, flag)
