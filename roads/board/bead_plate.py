"""The Bead Plate: one cell per coup, ties included, 6 rows then the next column (section 5)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..outcome import Outcome
from .cells import Cells

PLATE_ROWS = 6


@dataclass(slots=True)
class BeadCell:
    """One coup on the Bead Plate."""

    coup: int
    column: int
    row: int
    outcome: Outcome


def plate_place(coup: int) -> tuple[int, int]:
    """Return the (column, row) of coup number ``coup`` (from 1) on the Bead Plate."""
    return (coup - 1) // PLATE_ROWS + 1, (coup - 1) % PLATE_ROWS + 1


class BeadPlate(Cells[BeadCell]):
    """The Bead Plate as a sequence of cells, made on access from the stored outcomes.

    ``outcomes`` holds one reference a coup; the board fills it, and logs
    and letters give shared Outcome objects, so a coup costs 8 bytes here.
    """

    __slots__ = ("outcomes",)

    def __init__(self) -> None:
        self.outcomes: list[Outcome] = []

    def __len__(self) -> int:
        return len(self.outcomes)

    def _too_far(self) -> str:
        """Return what an index past the end is told."""
        return f"the Bead Plate has {len(self.outcomes)} cells"

    def _item(self, index: int) -> BeadCell:
        """Return the cell of coup ``index + 1``."""
        column, row = plate_place(index + 1)
        return BeadCell(index + 1, column, row, self.outcomes[index])

    def __iter__(self) -> Iterator[BeadCell]:
        for i, outcome in enumerate(self.outcomes):
            yield BeadCell(i + 1, i // PLATE_ROWS + 1, i % PLATE_ROWS + 1, outcome)

    @property
    def width(self) -> int:
        """Return the number of columns the plate fills."""
        return (len(self.outcomes) + PLATE_ROWS - 1) // PLATE_ROWS
