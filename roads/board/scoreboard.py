"""The Scoreboard: all five roads, ask roads and statistics, built one coup at a time."""

from __future__ import annotations

from collections.abc import Iterable

from ..display import NotebookDisplay
from ..outcome import Outcome, Winner
from .bead_plate import BeadPlate
from .big_road import BigRoad
from .derived import OFFSETS, Color, DerivedRoad, judge, reaches
from .stats import Stats

DERIVED = tuple(OFFSETS)
"""The derived roads in board order: big_eye_boy, small_road, cockroach_pig."""

ROAD_NAMES = ("bead_plate", "big_road") + DERIVED


class Scoreboard(NotebookDisplay):
    """A shoe's scoreboard: ``bead_plate``, ``big_road``, the three derived roads, ``ask()``, ``stats``.

    Adding a coup costs O(1): nothing is rebuilt.
    """

    __slots__ = ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig", "stats", "_derived")

    def __init__(self) -> None:
        self.bead_plate = BeadPlate()
        self.big_road = BigRoad()
        self.big_eye_boy = DerivedRoad("big_eye_boy")
        self.small_road = DerivedRoad("small_road")
        self.cockroach_pig = DerivedRoad("cockroach_pig")
        self._derived = (self.big_eye_boy, self.small_road, self.cockroach_pig)
        self.stats = Stats()

    @classmethod
    def from_results(cls, results: str) -> "Scoreboard":
        """Return the board of a plain run of B/P/T letters (spaces and commas ignored)."""
        board = cls()
        for letter in results:
            if letter in " ,\t\n":
                continue
            board.add(letter)
        return board

    @classmethod
    def from_outcomes(cls, outcomes: Iterable[Outcome | object]) -> "Scoreboard":
        """Return the board of a sequence of outcomes, coups or letters."""
        board = cls()
        for outcome in outcomes:
            board.add(outcome)  # type: ignore[arg-type]
        return board

    def add(self, result: "Outcome | str | object") -> None:
        """Add one coup: an Outcome, an engine Coup, or a letter B, P or T."""
        if isinstance(result, Outcome):
            outcome = result
        elif isinstance(result, str):
            outcome = _LETTERS.get(result) or Outcome.from_letter(result)
        else:
            outcome = result.outcome()  # type: ignore[attr-defined]
        plate = self.bead_plate
        plate.append(outcome)
        bead = self.big_road.add(len(plate), outcome)
        if bead is None:
            self.stats.add(outcome, 0)
            return
        depths = self.big_road.depths
        column, row = bead.column, bead.row
        self.big_eye_boy.add(column, row, depths)
        self.small_road.add(column, row, depths)
        self.cockroach_pig.add(column, row, depths)
        self.stats.add(outcome, row)

    @property
    def coups(self) -> int:
        """Return the number of coups added, ties included."""
        return len(self.bead_plate)

    @property
    def leading_ties(self) -> int:
        """Return the ties before the first Banker or Player result."""
        return self.big_road.leading_ties

    def road(self, name: str) -> DerivedRoad:
        """Return a derived road by name (``big_eye_boy``, ``small_road``, ``cockroach_pig``)."""
        return getattr(self, name)  # type: ignore[no-any-return]

    def derived_roads(self) -> tuple[DerivedRoad, DerivedRoad, DerivedRoad]:
        """Return the three derived roads in board order."""
        return self._derived

    def ask(self, winner: Winner | str) -> dict[str, Color | None]:
        """Return, per derived road, the mark it would add if the next result were ``winner``.

        None where that result would not yet reach the road's start.
        """
        if isinstance(winner, str):
            winner = Winner(winner) if winner in ("banker", "player") else Winner.from_letter(winner)
        if winner is Winner.TIE:
            raise ValueError("a tie adds no derived mark: ask for banker or player")
        column, row = self.big_road.next_place(winner)
        depths = self.big_road.depths
        answer: dict[str, Color | None] = {}
        for road in self._derived:
            if reaches(road.k, column, row):
                answer[road.name] = judge(road.k, column, row, depths)[0]
            else:
                answer[road.name] = None
        return answer

    def asks(self) -> dict[str, dict[str, Color | None]]:
        """Return both ask roads: ``{"banker": {...}, "player": {...}}``."""
        return {"banker": self.ask(Winner.BANKER), "player": self.ask(Winner.PLAYER)}


_LETTERS = {letter: Outcome(w) for letter, w in (("B", Winner.BANKER), ("P", Winner.PLAYER), ("T", Winner.TIE),
                                                  ("b", Winner.BANKER), ("p", Winner.PLAYER), ("t", Winner.TIE))}
