"""Do good roads work? Over an archive, how often each pattern's next decisive coup continued it, against the odds.

After every coup of a shoe, each pattern active or under way
(:func:`~roads.board.good_roads.in_play`: a pattern whose newest column is
still growing into the depth it asks, as ``sticky`` after a new column's first
bead) whose next coup is decisive and could go either way (one result
continues it, the other breaks it) is a trial: a hit when that coup continued
it. A pattern the next coup cannot break (``sticky`` with its newest column
already stuck) is no trial: it is decided later, under way. Its
expected chance is the exact chance of continuing given the coup is decisive,
from the cards left when the log has cards, from a full shoe otherwise. A tie
next is no trial; the pattern is still active after it and is counted again at
the next coup, so every trial is "the next decisive coup".

Each pattern's hits are tested against the mean of its trials' chances with
the archive tests' binomial helper (:func:`~.theory.judge`): the chances vary
a little from coup to coup, and a binomial of the mean chance has at least the
variance of the true count, so the test errs on the side of flagging less.
Holm's adjustment runs over the patterns tested.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..board.good_roads import Pattern, columns_of, in_play, price
from ..outcome import Outcome, Winner
from .theory import ALPHA, holm_adjusted, judge


@dataclass(slots=True)
class PatternCount:
    """One pattern's counts over an archive."""

    active: int
    """Coups after which the pattern was active (a coup followed by another)."""
    waiting: int
    """Coups after which the pattern was under way: held through the column before, the newest still growing."""
    trials: int
    """Of the coups after which it was active or under way, those whose next coup was decisive and could
    continue or break it."""
    continued: int
    """Trials whose next coup continued the pattern."""
    expected: float
    """The sum of the trials' exact chances of continuing."""


@dataclass(slots=True)
class GoodRoadCounts:
    """Every pattern's counts over the shoes added so far."""

    patterns: Sequence[Pattern]
    shoes: int = 0
    coups: int = 0
    counts: dict[str, PatternCount] = field(default_factory=dict)

    def add_shoe(self, outcomes: Sequence[Outcome], odds_after: Callable[[int], tuple[float, float, float]]) -> None:
        """Count one shoe; ``odds_after(n)`` gives the (Banker, Player, Tie) chances of the coup after coup ``n``."""
        self.shoes += 1
        self.coups += len(outcomes)
        board = Board()
        for n, outcome in enumerate(outcomes[:-1], 1):
            board.add(outcome)
            found = in_play(columns_of(board), self.patterns) if board.big_road.depths else []
            if not found:
                continue
            following = outcomes[n].winner
            chances: tuple[float, float, float] | None = None
            for one in found:
                count = self.counts.setdefault(one.pattern.id, PatternCount(0, 0, 0, 0, 0.0))
                if one.waiting:
                    count.waiting += 1
                else:
                    count.active += 1
                if following is Winner.TIE or len(one.continues) != 1:
                    continue
                chances = chances or odds_after(n)
                count.trials += 1
                count.continued += following in one.continues
                count.expected += float(price(one, *chances).decisive())

    def merge(self, other: GoodRoadCounts) -> None:
        """Add ``other``'s shoes, coups and counts (the same patterns, counted elsewhere: a worker's shoe)."""
        self.shoes += other.shoes
        self.coups += other.coups
        for id, theirs in other.counts.items():
            mine = self.counts.setdefault(id, PatternCount(0, 0, 0, 0, 0.0))
            mine.active += theirs.active
            mine.waiting += theirs.waiting
            mine.trials += theirs.trials
            mine.continued += theirs.continued
            mine.expected += theirs.expected

    def report(self) -> list[dict[str, Any]]:
        """Return one JSON-ready row a pattern: counts, observed and expected shares, z, p, Holm p, flag."""
        rows: list[dict[str, Any]] = []
        for pattern in self.patterns:
            count = self.counts.get(pattern.id, PatternCount(0, 0, 0, 0, 0.0))
            mean = count.expected / count.trials if count.trials else None
            test = judge(pattern.id, count.continued, count.trials, mean or 0.0) if count.trials else None
            rows.append(
                {
                    "id": pattern.id,
                    "name": pattern.name,
                    "active": count.active,
                    "waiting": count.waiting,
                    "trials": count.trials,
                    "continued": count.continued,
                    "observed": count.continued / count.trials if count.trials else None,
                    "expected": mean,
                    "z": None if test is None else test.z,
                    "p": None if test is None else test.p,
                    "p_method": None if test is None or test.p is None else test.p_method,
                }
            )
        adjusted = holm_adjusted([row["p"] for row in rows])
        for row, p in zip(rows, adjusted, strict=True):
            row["p_adjusted"] = p
            row["flag"] = None if p is None else p <= ALPHA
        return rows
