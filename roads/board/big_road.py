"""The Big Road: streaks of one winner as columns, ties as slashes (rulebook section 6)."""

from __future__ import annotations

from dataclasses import dataclass

from ..outcome import Outcome, Winner
from .grid import TailGrid


@dataclass(slots=True)
class Bead:
    """A Banker or Player result on the Big Road, with its logical and drawn place."""

    coup: int
    """The coup number (from 1, ties included) this bead records."""
    winner: Winner
    column: int
    """Logical column: which streak, from 1."""
    row: int
    """Logical row: depth in the streak, from 1 (may pass 6)."""
    x: int
    """Drawn column after dragon tails."""
    y: int
    """Drawn row after dragon tails (1-6)."""
    outcome: Outcome
    ties: int = 0
    """Ties that followed this bead, up to the next bead."""

    @property
    def banker_pair(self) -> bool:
        """Return True when this coup had a Banker pair."""
        return self.outcome.banker_pair

    @property
    def player_pair(self) -> bool:
        """Return True when this coup had a Player pair."""
        return self.outcome.player_pair

    @property
    def natural(self) -> bool:
        """Return True when this coup was a natural."""
        return self.outcome.natural


class BigRoad:
    """The Big Road, built one result at a time; ``depths[c-1]`` is the depth of column c."""

    __slots__ = ("beads", "depths", "leading_ties", "tie_coups", "_grid")

    def __init__(self) -> None:
        self.beads: list[Bead] = []
        self.depths: list[int] = []
        self.leading_ties = 0
        self.tie_coups: list[int] = []
        self._grid = TailGrid()

    def add(self, coup: int, outcome: Outcome) -> Bead | None:
        """Record one coup; return the new bead, or None for a tie."""
        winner = outcome.winner
        beads = self.beads
        if winner is Winner.TIE:
            self.tie_coups.append(coup)
            if beads:
                beads[-1].ties += 1
            else:
                self.leading_ties += 1
            return None
        depths = self.depths
        if beads and beads[-1].winner is winner:
            depths[-1] += 1
            x, y = self._grid.continue_streak()
        else:
            depths.append(1)
            x, y = self._grid.start_streak()
        bead = Bead(coup, winner, len(depths), depths[-1], x, y, outcome)
        beads.append(bead)
        return bead

    def next_place(self, winner: Winner) -> tuple[int, int]:
        """Return the logical (column, row) a new bead of ``winner`` would take."""
        if not self.beads:
            return 1, 1
        if self.beads[-1].winner is winner:
            return len(self.depths), self.depths[-1] + 1
        return len(self.depths) + 1, 1

    @property
    def width(self) -> int:
        """Return the number of drawn columns."""
        return self._grid.width

    def __len__(self) -> int:
        return len(self.beads)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.beads)

    def __getitem__(self, index: int) -> Bead:
        return self.beads[index]
