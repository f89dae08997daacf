"""The Big Road: streaks of one winner as columns, ties as slashes (rulebook section 6)."""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, islice

from ..outcome import Outcome, Winner
from .cells import Drawn
from .grid import BULK, CHUNK


def place_words(column: int, row: int, x: int, y: int) -> str:
    """Return a bead's place in words: ``column 3, row 7``, and where it is drawn when a dragon tail moved it."""
    logical = f"column {column}, row {row}"
    if (x, y) == (column, row):
        return logical
    return f"{logical} of its streak, drawn at column {x}, row {y} in the dragon tail"


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

    def __repr__(self) -> str:
        extras = "".join(
            f", {name}=True" for name in ("banker_pair", "player_pair", "natural") if getattr(self.outcome, name)
        )
        return (
            f"Bead(coup={self.coup}, winner={self.winner!r}, column={self.column}, row={self.row}, "
            f"x={self.x}, y={self.y}, ties={self.ties}{extras})"
        )

    @property
    def where(self) -> str:
        """Return the bead's place in words: its streak's column and row, and its drawn cell if a tail moved it."""
        return place_words(self.column, self.row, self.x, self.y)

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


class BigRoad(Drawn[Bead]):
    """The Big Road as a sequence of :class:`Bead`; ``depths[c-1]`` is the depth of column c.

    The road keeps one compact array per field (``coups``, ``columns``,
    ``rows``, ``xs``, ``ys``) and makes a Bead only when one is read. A bead's
    outcome and winner come from ``outcomes``, the list of every coup that the
    Bead Plate keeps; its ties are the coups between it and the next bead. The
    :class:`~roads.board.Board` adds the logical places; drawn places are
    worked out on the first read after that, for every new bead at once.
    """

    __slots__ = ("_head", "columns", "coups", "depths", "outcomes", "rows")

    def __init__(self, outcomes: list[Outcome]) -> None:
        super().__init__()
        self.outcomes = outcomes
        """Every coup's outcome, ties included (shared with the Bead Plate)."""
        self.coups = array("i")
        self.columns = array("i")
        self.rows = array("i")
        self.depths: list[int] = []
        self._head: Bead | None = None

    def place(self) -> None:
        """Give every bead added since the last call its drawn cell (a new column starts at row 1)."""
        placed = len(self._xs)
        if len(self.coups) - placed >= BULK:
            import numpy as np

            for start in range(placed, len(self.coups), CHUNK):
                rows = np.array(self.rows[start : start + CHUNK], np.int32)
                self._grid.place_many(rows == 1, self._xs, self._ys)
        elif placed < len(self.coups):
            self._grid.place(map((1).__eq__, self.rows[placed:]), self._xs, self._ys)

    @property
    def beads(self) -> BigRoad:
        """Return the beads in order: the road itself, a sequence made on access."""
        return self

    @property
    def leading_ties(self) -> int:
        """Return the ties before the first Banker or Player result."""
        return self.coups[0] - 1 if self.coups else len(self.outcomes)

    def ties(self, index: int) -> int:
        """Return the ties that followed bead number ``index`` (from 0), up to the next bead."""
        coups = self.coups
        following = coups[index + 1] if index + 1 < len(coups) else len(self.outcomes) + 1
        return following - coups[index] - 1

    def next_place(self, winner: Winner) -> tuple[int, int]:
        """Return the logical (column, row) a new bead of ``winner`` would take."""
        if not self.coups:
            return 1, 1
        if self.outcomes[self.coups[-1] - 1].winner is winner:
            return len(self.depths), self.depths[-1] + 1
        return len(self.depths) + 1, 1

    def __len__(self) -> int:
        return len(self.coups)

    def __repr__(self) -> str:
        return f"<Big Road: {len(self.coups)} beads in {len(self.depths)} columns>"

    def _bead(self, index: int) -> Bead:
        self.place()
        outcome = self.outcomes[self.coups[index] - 1]
        return Bead(
            self.coups[index],
            outcome.winner,
            self.columns[index],
            self.rows[index],
            self._xs[index],
            self._ys[index],
            outcome,
            self.ties(index),
        )

    def _first(self) -> Bead:
        # The first bead is kept as one object, so `bead is road.beads[0]` picks it out
        # (the scene draws the leading ties on it); its ties are refreshed on every read.
        head = self._head
        if head is None:
            head = self._head = self._bead(0)
        else:
            head.ties = self.ties(0)
        return head

    def _too_far(self) -> str:
        """Return what an index past the end is told."""
        return f"the Big Road has {len(self.coups)} beads"

    def _item(self, index: int) -> Bead:
        """Return bead ``index`` (from 0); the first is always the same object."""
        return self._first() if index == 0 else self._bead(index)

    def __iter__(self) -> Iterator[Bead]:
        if not self.coups:
            return
        self.place()
        yield self._first()
        outcomes = self.outcomes
        coups = self.coups
        following = chain(islice(coups, 2, None), (len(outcomes) + 1,))
        for coup, column, row, x, y, after in zip(
            islice(coups, 1, None),
            islice(self.columns, 1, None),
            islice(self.rows, 1, None),
            islice(self._xs, 1, None),
            islice(self._ys, 1, None),
            following,
            strict=False,
        ):
            outcome = outcomes[coup - 1]
            yield Bead(coup, outcome.winner, column, row, x, y, outcome, after - coup - 1)
