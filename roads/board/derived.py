"""Big Eye Boy, Small Road and Cockroach Pig: marks read from the Big Road's logical columns.

Rulebook section 7. For a new Big Road bead at logical column c, row r, and a
road with offset k:

- Rule 1 (r = 1): compare the depth of column c-1 with that of column c-1-k;
  same depth is red, different is blue.
- Rule 2 (r >= 2): look at column c-k. A bead at row r: red. Depth exactly
  r-1: blue. Depth r-2 or less (the straight drop): red.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import overload

from .grid import TailGrid


class Color(str, Enum):
    """A derived mark's colour: red, the pattern repeats; blue, it breaks."""

    RED = "red"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        """Return R or B, the short form the examples use."""
        return "R" if self is Color.RED else "B"


RED, BLUE = Color.RED, Color.BLUE

OFFSETS: dict[str, int] = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}
"""Each derived road's offset k."""

TITLES: dict[str, str] = {"big_eye_boy": "Big Eye Boy", "small_road": "Small Road", "cockroach_pig": "Cockroach Pig"}


@dataclass(slots=True)
class Mark:
    """One derived-road mark: colour, rule, its source bead (logical) and its drawn place."""

    road: str
    mark: int
    """Its number on its road, from 1."""
    color: Color
    rule: int
    column: int
    """Logical column of the Big Road bead that produced it."""
    row: int
    """Logical row of that bead."""
    x: int
    """Drawn column on the road's own grid."""
    y: int
    """Drawn row on the road's own grid."""


def reaches(k: int, column: int, row: int) -> bool:
    """Return True when a bead at (column, row) is at or past the start of the road with offset k."""
    return column > k + 1 or (column == k + 1 and row >= 2)


def judge(k: int, column: int, row: int, depths: list[int]) -> tuple[Color, int]:
    """Return (colour, rule) for a bead at (column, row), given the depths of columns 1..column-1.

    ``depths[i]`` is the depth of logical column i+1; the bead's own column is
    not read. The caller checks :func:`reaches` first.
    """
    if row == 1:
        return (RED if depths[column - 2] == depths[column - 2 - k] else BLUE), 1
    depth = depths[column - 1 - k]
    return (BLUE if depth == row - 1 else RED), 2


class DerivedRoad(Sequence[Mark]):
    """One derived road, built as Big Road beads arrive; a sequence of :class:`Mark`.

    The road keeps plain parallel lists and makes a Mark only when one is read,
    so building a 100,000-coup shoe allocates almost nothing per mark.
    """

    __slots__ = ("name", "k", "colors", "rules", "columns", "rows", "xs", "ys", "grid")

    def __init__(self, name: str) -> None:
        self.name = name
        self.k = OFFSETS[name]
        self.colors: list[Color] = []
        self.rules: list[int] = []
        self.columns: list[int] = []
        self.rows: list[int] = []
        self.xs: list[int] = []
        self.ys: list[int] = []
        self.grid = TailGrid()

    def add(self, column: int, row: int, depths: list[int]) -> bool:
        """Add the mark a new bead at (column, row) makes, if it reaches this road; return True if it did."""
        k = self.k
        if row == 1:
            if column < k + 2:
                return False
            color = RED if depths[column - 2] == depths[column - 2 - k] else BLUE
            rule = 1
        else:
            if column < k + 1:
                return False
            color = BLUE if depths[column - 1 - k] == row - 1 else RED
            rule = 2
        colors = self.colors
        if colors and colors[-1] is color:
            x, y = self.grid.continue_streak()
        else:
            x, y = self.grid.start_streak()
        colors.append(color)
        self.rules.append(rule)
        self.columns.append(column)
        self.rows.append(row)
        self.xs.append(x)
        self.ys.append(y)
        return True

    @property
    def title(self) -> str:
        """Return the road's name as a dealer says it."""
        return TITLES[self.name]

    @property
    def width(self) -> int:
        """Return the number of drawn columns."""
        return self.grid.width

    def __len__(self) -> int:
        return len(self.colors)

    @overload
    def __getitem__(self, index: int) -> Mark: ...
    @overload
    def __getitem__(self, index: slice) -> list[Mark]: ...

    def __getitem__(self, index: int | slice) -> Mark | list[Mark]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self.colors)
        if not 0 <= index < len(self.colors):
            raise IndexError(f"{self.title} has {len(self.colors)} marks")
        return Mark(self.name, index + 1, self.colors[index], self.rules[index], self.columns[index],
                    self.rows[index], self.xs[index], self.ys[index])

    def __iter__(self) -> Iterator[Mark]:
        name = self.name
        for i, fields in enumerate(zip(self.colors, self.rules, self.columns, self.rows, self.xs, self.ys), 1):
            yield Mark(name, i, *fields)
