"""Counting shoes: one Tally per group adds up coups, pairs, card counts, Big Road columns and derived marks.

The results, pairs and naturals are the board's own counts (``Scoreboard.stats``),
added shoe by shoe; the Tally adds what the panel does not count. Testing the
counts against theory is roads.analytics.verdicts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..board import Board, Stats
from ..errors import StatsError as StatsError  # noqa: PLC0414  (it lives in roads.errors; imports from here keep working)
from ..outcome import Outcome, Winner
from .theory import SIM_FIGURES


@dataclass
class Tally:
    """The counts of one group of shoes (or of the whole archive)."""

    key: str
    unit: str | None = None
    """What the group is (``shoe``, ``file``, ``table``, ``date``: the --by word); None for the total."""
    shoes: int = 0
    counts: Stats = field(default_factory=Stats)
    """Coups, results, pairs and naturals: the board's own counts of each shoe, added up."""
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
    runs: list[Any] = field(default_factory=lambda: [0, Fraction(0), Fraction(0)])
    """Runs test, ties left out: [sum of R, of E[R], of Var[R]] over the shoes (exact: any order adds alike)."""
    lag: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Lag-1 pairs of non-tie coups in one shoe: [pairs, Banker first, Banker second, Banker both]."""
    date: str | None = None
    """The date (or timestamp) the log names for the group's first shoe, if any: the drift orders shoes by it."""

    def add(self, outcomes: Iterable[Outcome], board: Board) -> None:
        """Count one shoe: its outcomes in order and the board built from them (which counts the results)."""
        self.shoes += 1
        self.counts.add(board.stats)
        side: Winner | None = None
        first: Winner | None = None
        run = ties = columns = banker_columns = 0
        for o in outcomes:
            w = o.winner
            if w is Winner.TIE:
                ties += 1
                self.longest_tie_run = max(self.longest_tie_run, ties)
            else:
                ties = 0
                if w is side:
                    run += 1
                else:
                    if side is not None:
                        self.depths[side.value.lower()][run] += 1
                    else:
                        first = w
                    side, run = w, 1
                    columns += 1
                    banker_columns += w is Winner.BANKER
            if o.cards is not None:
                self.with_cards += 1
                self.card_pairs[0] += o.banker_pair
                self.card_pairs[1] += o.player_pair
                self.card_pairs[2] += o.natural
                if 4 <= o.cards <= 6:
                    self.cards[o.cards - 4] += 1
        if side is not None:
            self.depths[side.value.lower()][run] += 1
        self._add_runs(board.stats.banker, board.stats.player, columns, banker_columns, first, side)
        for road in board.derived_roads():
            marks = self.derived.setdefault(str(road.name.value), [0, 0])
            marks[0] += len(road)
            marks[1] += road.red

    def _add_runs(
        self, banker: int, player: int, columns: int, banker_columns: int, first: Winner | None, last: Winner | None
    ) -> None:
        """Add one shoe's runs (its Big Road columns: ties left out) and lag-1 pairs, from its counts alone.

        A run of the Banker/Player sequence is a Big Road column; a Banker
        column of depth d holds d - 1 Banker-Banker pairs, so the pairs need
        no pass of their own.
        """
        n = banker + player
        if n < 2:
            return
        both = 2 * banker * player
        self.runs[0] += columns
        self.runs[1] += 1 + Fraction(both, n)
        self.runs[2] += Fraction(both * (both - n), n * n * (n - 1))
        lag = self.lag
        lag[0] += n - 1
        lag[1] += banker - (last is Winner.BANKER)
        lag[2] += banker - (first is Winner.BANKER)
        lag[3] += banker - banker_columns

    def merge(self, other: Tally) -> None:
        """Add another group's counts to this one (the total is the sum of its groups)."""
        self.shoes += other.shoes
        self.date = self.date if self.date is not None else other.date
        self.counts.add(other.counts)
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
        self.runs = [a + b for a, b in zip(self.runs, other.runs, strict=True)]
        self.lag = [a + b for a, b in zip(self.lag, other.lag, strict=True)]

    def simulated_counts(self) -> dict[str, tuple[int, int]]:
        """Return (hits, trials) of every simulated figure: column depth shares by side, red shares by road."""
        out: dict[str, tuple[int, int]] = {}
        for side in ("banker", "player"):
            depths = self.depths[side]
            columns = sum(depths.values())
            for name in SIM_FIGURES:
                if not name.startswith(f"{side}_depth_"):
                    continue
                label = name.removeprefix(f"{side}_depth_")
                if label.endswith("+"):
                    hits = sum(n for d, n in depths.items() if d >= int(label[:-1]))
                else:
                    hits = depths.get(int(label), 0)
                out[name] = (hits, columns)
        for name in SIM_FIGURES:
            if name.endswith("_red"):
                marks, red = self.derived.get(name.removesuffix("_red"), [0, 0])
                out[name] = (red, marks)
        return out

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
