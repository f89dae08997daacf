"""Big Eye Boy, Small Road and Cockroach Pig: marks read from the Big Road's logical columns.

Rulebook section 7. For a new Big Road bead at logical column c, row r, and a
road with offset k:

- Rule 1 (r = 1): compare the depth of column c-1 with that of column c-1-k;
  same depth is red, different is blue.
- Rule 2 (r >= 2): look at column c-k. A bead at row r: red. Depth exactly
  r-1: blue. Depth r-2 or less (the straight drop): red.

:func:`verdict` is the one place these rules are written: the Scoreboard calls
it for every bead, and asks and proofs through :func:`judge`. Big batches take
:func:`verdicts`, the same two expressions on arrays, right beside it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain, islice
from operator import ne
from typing import TYPE_CHECKING, overload

from ..errors import RoadError
from .big_road import BigRoad
from .grid import BULK, CHUNK, TailGrid
from .names import Road

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from .explain import Proof


class Color(StrEnum):
    """A derived mark's colour: red, the pattern repeats; blue, it breaks."""

    RED = "red"
    BLUE = "blue"

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    @property
    def letter(self) -> str:
        """Return R or B, the short form the examples use."""
        return "R" if self is Color.RED else "B"


RED, BLUE = Color.RED, Color.BLUE


@dataclass(slots=True)
class Mark:
    """One derived-road mark: colour, rule, its source bead (logical) and its drawn place; ``proof()`` says why."""

    road: Road
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
    on: DerivedRoad | None = field(default=None, repr=False, compare=False)
    """The road it was read from (made on read, so it costs a board nothing per coup)."""

    def proof(self) -> Proof:
        """Return why this mark has its colour; RoadError for a mark not read from a board."""
        from .explain import prove  # proofs are prose: only a caller who asks pays for them

        if self.on is None:
            raise RoadError(f"{self.road.title} mark {self.mark} was not read from a board: it has no proof")
        return prove(self.on, self.mark)


def reaches(k: int, column: int, row: int) -> bool:
    """Return True when a bead at (column, row) is at or past the start of the road with offset k."""
    return column > k + 1 or (column == k + 1 and row >= 2)


VERDICTS: tuple[tuple[Color, int], ...] = ((RED, 1), (BLUE, 1), (RED, 2), (BLUE, 2))
"""(colour, rule) by mark code: bit 0 set is blue, bit 1 set is Rule 2."""


def verdict(k: int, column: int, row: int, depths: list[int]) -> int:
    """Return the mark code (an index into VERDICTS) for a bead at (column, row), given the depths.

    The rules live here and only here. ``depths[i]`` is the depth of logical
    column i+1; the bead's own column is not read. The caller checks
    :func:`reaches` first.
    """
    if row == 1:
        return depths[column - 2] != depths[column - 2 - k]
    return 2 + (depths[column - 1 - k] == row - 1)


def verdicts(
    k: int, columns: NDArray[np.int64], rows: NDArray[np.int64], depth: NDArray[np.int64]
) -> NDArray[np.uint8]:
    """Return the mark codes of many beads at once: :func:`verdict` applied to each (column, row) pair.

    The same two rules, written with the same indices, on arrays: ``depth[c]``
    is the depth of logical column c (index 0 unused), so ``depths[column - 2]``
    above is ``depth[columns - 1]`` here. Every bead must reach the road
    (:func:`reaches`). The bulk builder calls this for a batch of beads; a
    property test (tests/test_bulk_build.py) holds both paths to the same
    boards on 100,000 random shoes.
    """
    import numpy as np

    rule_1 = depth[columns - 1] != depth[np.maximum(columns - 1 - k, 0)]
    rule_2 = 2 + (depth[columns - k] == rows - 1)
    codes: NDArray[np.uint8] = np.where(rows == 1, rule_1, rule_2).astype(np.uint8)
    return codes


def judge(k: int, column: int, row: int, depths: list[int]) -> tuple[Color, int]:
    """Return (colour, rule) for a bead at (column, row), given the depths of columns 1..column-1."""
    return VERDICTS[verdict(k, column, row, depths)]


_COLORS = (RED, BLUE, RED, BLUE)
_RULES = (1, 1, 2, 2)
_COLOR_BIT = bytes(code & 1 for code in range(256))
"""A translate table from mark codes to 0 (red) and 1 (blue)."""


class Colors(Sequence[Color]):
    """A derived road's colours in order, read from its one-byte mark codes."""

    __slots__ = ("_codes",)

    def __init__(self, codes: bytearray) -> None:
        self._codes = codes

    def __len__(self) -> int:
        return len(self._codes)

    @overload
    def __getitem__(self, index: int) -> Color: ...
    @overload
    def __getitem__(self, index: slice) -> list[Color]: ...

    def __getitem__(self, index: int | slice) -> Color | list[Color]:
        if isinstance(index, slice):
            return [_COLORS[code] for code in self._codes[index]]
        return _COLORS[self._codes[index]]

    def __iter__(self) -> Iterator[Color]:
        return map(_COLORS.__getitem__, self._codes)

    def count(self, value: object) -> int:
        """Return how many marks have colour ``value``."""
        if value is RED or value is BLUE:
            return self._codes.translate(_COLOR_BIT).count(value is BLUE)
        return 0


class DerivedRoad(Sequence[Mark]):
    """One derived road, built as Big Road beads arrive; a sequence of :class:`Mark`.

    Every Big Road bead from the road's start on makes exactly one mark, so mark
    i comes from bead ``first + i`` and its source (column, row) is read from
    the Big Road. The road keeps one byte per mark (its code, see
    :data:`VERDICTS`) and its drawn place, and makes a Mark only when one is
    read. The :class:`~roads.board.Scoreboard` adds the codes; drawn places are
    worked out on the first read after that, for every new mark at once.
    """

    __slots__ = ("_grid", "_xs", "_ys", "big_road", "codes", "first", "k", "name")

    def __init__(self, name: Road, big_road: BigRoad) -> None:
        self.name = Road.parse(name, derived=True)
        self.k = self.name.k
        self.big_road = big_road
        self.first = -1
        """Index of the Big Road bead that made mark 1 (-1 until the road starts)."""
        self.codes = bytearray()
        self._xs = array("i")
        self._ys = array("b")
        self._grid = TailGrid()

    def place(self) -> None:
        """Give every mark added since the last call its drawn cell (a change of colour opens a column)."""
        placed = len(self._xs)
        if placed == len(self.codes):
            return
        if len(self.codes) - placed >= BULK:
            import numpy as np

            for start in range(placed, len(self.codes), CHUNK):
                bits = np.frombuffer(self.codes[max(start - 1, 0) : start + CHUNK].translate(_COLOR_BIT), np.uint8)
                if start:
                    opens = bits[1:] != bits[:-1]
                else:
                    opens = np.empty(len(bits), np.bool_)
                    opens[0] = True
                    np.not_equal(bits[1:], bits[:-1], out=opens[1:])
                self._grid.place_many(opens, self._xs, self._ys)
            return
        if placed:
            colors = self.codes[placed - 1 :].translate(_COLOR_BIT)
            starts = map(ne, colors[1:], colors)
        else:
            colors = self.codes.translate(_COLOR_BIT)
            starts = map(ne, colors, chain((None,), colors))
        self._grid.place(starts, self._xs, self._ys)

    @property
    def xs(self) -> array[int]:
        """Return every mark's drawn column on the road's own grid."""
        self.place()
        return self._xs

    @property
    def ys(self) -> array[int]:
        """Return every mark's drawn row on the road's own grid."""
        self.place()
        return self._ys

    @property
    def title(self) -> str:
        """Return the road's name as a dealer says it."""
        return self.name.title

    @property
    def width(self) -> int:
        """Return the number of drawn columns."""
        self.place()
        return self._grid.width

    @property
    def colors(self) -> Colors:
        """Return the marks' colours in order, as a sequence of :class:`Color`."""
        return Colors(self.codes)

    def color_bits(self) -> bytes:
        """Return one byte a mark, in order: 0 red, 1 blue."""
        return bytes(self.codes.translate(_COLOR_BIT))

    @property
    def red(self) -> int:
        """Return the number of red marks."""
        return self.color_bits().count(0)

    @property
    def rules(self) -> list[int]:
        """Return the rule (1 or 2) of every mark, in order."""
        return [_RULES[code] for code in self.codes]

    @property
    def columns(self) -> array[int]:
        """Return the logical column of every mark's source bead (a copy)."""
        return self.big_road.columns[self.first : self.first + len(self.codes)] if self.codes else array("i")

    @property
    def rows(self) -> array[int]:
        """Return the logical row of every mark's source bead (a copy)."""
        return self.big_road.rows[self.first : self.first + len(self.codes)] if self.codes else array("i")

    def color(self, index: int) -> Color:
        """Return the colour of the mark at ``index`` (from 0)."""
        return _COLORS[self.codes[index]]

    def source(self, index: int) -> tuple[int, int]:
        """Return the logical (column, row) of the Big Road bead that made the mark at ``index`` (from 0)."""
        if index < 0:
            index += len(self.codes)
        bead = self.first + index
        return self.big_road.columns[bead], self.big_road.rows[bead]

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, index: int) -> Mark: ...
    @overload
    def __getitem__(self, index: slice) -> list[Mark]: ...

    def __getitem__(self, index: int | slice) -> Mark | list[Mark]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self.codes)
        if not 0 <= index < len(self.codes):
            raise IndexError(f"{self.title} has {len(self.codes)} marks")
        color, rule = VERDICTS[self.codes[index]]
        column, row = self.source(index)
        self.place()
        return Mark(self.name, index + 1, color, rule, column, row, self._xs[index], self._ys[index], self)

    def __repr__(self) -> str:
        return f"<{self.title}: {len(self.codes)} marks>"

    def __deepcopy__(self, memo: dict[int, object]) -> DerivedRoad:
        # Every mark read from a road points back at it (for its proof): deep-copying a mark, or
        # dataclasses.asdict(mark), must not copy the whole board with it.
        return self

    def __iter__(self) -> Iterator[Mark]:
        self.place()
        name = self.name
        start = max(self.first, 0)
        sources = zip(islice(self.big_road.columns, start, None), islice(self.big_road.rows, start, None), strict=False)
        for i, (code, (column, row), x, y) in enumerate(zip(self.codes, sources, self._xs, self._ys, strict=False), 1):
            color, rule = VERDICTS[code]
            yield Mark(name, i, color, rule, column, row, x, y, self)
