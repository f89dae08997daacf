"""The 6-row grid that the Big Road and the derived roads share: columns, dragon tails.

A streak goes down; at the bottom row, or when the cell below is already taken
by an earlier tail, it turns right and keeps going right on that row. A new
streak starts on the top row of the column after the previous streak's first
column, further right only if that top cell is taken (rulebook section 6).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable

ROWS = 6


class TailGrid:
    """Places the items of consecutive streaks on a grid of up to 7 rows; coordinates count from 1.

    Taken cells are kept as one byte per drawn column (bit y set: row y taken),
    so a 10-million-coup shoe's grids cost a few megabytes.
    """

    __slots__ = ("first_x", "rows", "taken", "turned", "x", "y")

    def __init__(self, rows: int = ROWS) -> None:
        if not 1 <= rows <= 7:
            raise ValueError(f"a grid has 1 to 7 rows (one bit each in a byte), not {rows}")
        self.rows = rows
        self.taken = bytearray(2)
        self.first_x = 0
        self.x = 0
        self.y = 0
        self.turned = False

    @property
    def width(self) -> int:
        """Return the number of drawn columns used so far."""
        return len(self.taken) - 2

    def place(self, starts: Iterable[bool], xs: array[int], ys: array[int]) -> None:
        """Place one item per entry of ``starts`` (True: it opens a new streak), appending its cell to xs, ys."""
        taken = self.taken
        size = len(taken)
        rows = self.rows
        x, y, first_x, turned = self.x, self.y, self.first_x, self.turned
        add_x, add_y = xs.append, ys.append
        for start in starts:
            if start:
                x = first_x + 1
                while taken[x] & 2:
                    x += 1
                first_x = x
                y = 1
                turned = False
            elif not turned and y < rows and not (taken[x] >> (y + 1)) & 1:
                y += 1
            else:
                turned = True
                x += 1
            if x + 1 == size:
                taken.append(0)
                size += 1
            taken[x] |= 1 << y
            add_x(x)
            add_y(y)
        self.x, self.y, self.first_x, self.turned = x, y, first_x, turned

    def peek(self, new_streak: bool) -> tuple[int, int]:
        """Return where the next item would go, without placing it."""
        taken = self.taken
        if new_streak:
            x = self.first_x + 1
            while taken[x] & 2:
                x += 1
            return x, 1
        x, y = self.x, self.y
        if not self.turned and y < self.rows and not (taken[x] >> (y + 1)) & 1:
            return x, y + 1
        return x + 1, y
