"""Big Eye Boy, Small Road and Cockroach Pig: marks read from the Big Road's logical columns.

Rulebook section 7; the rules themselves are in :mod:`.marks`. A road keeps
one byte a mark and makes a :class:`Mark` (and, when asked, its proof) on read.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from operator import ne
from typing import TYPE_CHECKING, overload

from ..errors import RoadError
from .big_road import BigRoad
from .cells import Drawn
from .grid import BULK, CHUNK
from .marks import BLUE, RED, VERDICTS, Color
from .names import Road

if TYPE_CHECKING:
    from .explain import Proof


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
        if self.on is None:
            raise RoadError(f"{self.road.title} mark {self.mark} was not read from a board: it has no proof")
        return self.on.proof(self.mark)


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


class DerivedRoad(Drawn[Mark]):
    """One derived road, built as Big Road beads arrive; a sequence of :class:`Mark`.

    Every Big Road bead from the road's start on makes exactly one mark, so mark
    i comes from bead ``first + i`` and its source (column, row) is read from
    the Big Road. The road keeps one byte per mark (its code, see
    :data:`VERDICTS`) and its drawn place, and makes a Mark only when one is
    read. The :class:`~roads.board.Board` adds the codes; drawn places are
    worked out on the first read after that, for every new mark at once.
    """

    __slots__ = ("big_road", "codes", "first", "k", "name")

    def __init__(self, name: Road, big_road: BigRoad) -> None:
        super().__init__()
        self.name = Road.parse(name, derived=True)
        self.k = self.name.k
        self.big_road = big_road
        self.first = -1
        """Index of the Big Road bead that made mark 1 (-1 until the road starts)."""
        self.codes = bytearray()

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
    def title(self) -> str:
        """Return the road's name as a dealer says it."""
        return self.name.title

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

    def drawn_source(self, index: int) -> tuple[int, int]:
        """Return where the board draws (column, row) the Big Road bead that made the mark at ``index`` (from 0)."""
        if index < 0:
            index += len(self.codes)
        road, bead = self.big_road, self.first + index
        return road.xs[bead], road.ys[bead]

    def proof(self, mark: int) -> Proof:
        """Return why mark number ``mark`` (from 1) has its colour; RoadError if there is no such mark."""
        from .explain import explain, road_start  # proofs are prose: only a caller who asks pays for them

        count = len(self.codes)
        if isinstance(mark, bool) or not isinstance(mark, int) or not 1 <= mark <= count:
            if count == 0:
                raise RoadError(f"{self.title} has no marks yet: it starts with the bead at {road_start(self.k)}")
            marks = "1 mark" if count == 1 else f"{count} marks"
            raise RoadError(f"{self.title} has {marks}: there is no mark {mark} (choose 1 to {count})")
        column, row = self.source(mark - 1)
        drawn = self.drawn_source(mark - 1)
        return explain(self.name, mark - 1, self.codes[mark - 1], column, row, self.big_road.depths, drawn)

    def proofs(self) -> Iterator[Proof]:
        """Yield the proof of every mark, in order."""
        from .explain import explain

        name, depths = self.name, self.big_road.depths
        start = max(self.first, 0)
        drawn = zip(islice(self.big_road.xs, start, None), islice(self.big_road.ys, start, None), strict=False)
        for i, (code, (column, row), place) in enumerate(zip(self.codes, self._sources(), drawn, strict=False)):
            yield explain(name, i, code, column, row, depths, place)

    def _sources(self) -> Iterator[tuple[int, int]]:
        """Return the logical (column, row) of every mark's source bead, in order: Big Road beads from the first."""
        start = max(self.first, 0)
        return zip(islice(self.big_road.columns, start, None), islice(self.big_road.rows, start, None), strict=False)

    def __len__(self) -> int:
        return len(self.codes)

    def _too_far(self) -> str:
        """Return what an index past the end is told."""
        return f"{self.title} has {len(self.codes)} marks"

    def _item(self, index: int) -> Mark:
        """Return mark ``index + 1``, with its proof's way back to this road."""
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
        for i, (code, (column, row), x, y) in enumerate(
            zip(self.codes, self._sources(), self._xs, self._ys, strict=False), 1
        ):
            color, rule = VERDICTS[code]
            yield Mark(name, i, color, rule, column, row, x, y, self)
