"""What every road shares as a sequence: items made on read, indexed as a list is, and drawn places on a grid.

The Bead Plate, the Big Road and the derived roads keep compact arrays and
make a cell, bead or mark only when one is read; :class:`Cells` gives them one
``__getitem__`` (negative indexes, slices, an IndexError that says how many
there are). The Big Road and the derived roads also share :class:`Drawn`: a
:class:`~.grid.TailGrid` and the drawn columns and rows it gives.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TypeVar, overload

from .grid import TailGrid

T = TypeVar("T")


class Cells(Sequence[T]):
    """A sequence whose item ``i`` (from 0, already in range) is made by ``_item``."""

    __slots__ = ()

    def _item(self, index: int) -> T:
        """Return the item at ``index``, which the caller has checked is in range."""
        raise NotImplementedError

    def _too_far(self) -> str:
        """Return the IndexError's message: what the sequence holds and how many."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        size = len(self)
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(self._too_far())
        return self._item(index)


class Drawn(Cells[T]):
    """A road drawn on a 6-row grid: :meth:`place` gives new items their cells on the first read after they come."""

    __slots__ = ("_grid", "_xs", "_ys")

    def __init__(self) -> None:
        self._xs = array("i")
        self._ys = array("b")
        self._grid = TailGrid()

    def place(self) -> None:
        """Give every item added since the last call its drawn cell."""
        raise NotImplementedError

    @property
    def xs(self) -> array[int]:
        """Return every item's drawn column (after dragon tails, on the road's own grid)."""
        self.place()
        return self._xs

    @property
    def ys(self) -> array[int]:
        """Return every item's drawn row (1-6, after dragon tails)."""
        self.place()
        return self._ys

    @property
    def width(self) -> int:
        """Return the number of drawn columns."""
        self.place()
        return self._grid.width
