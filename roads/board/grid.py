"""The 6-row grid that the Big Road and the derived roads share: columns, dragon tails.

A streak goes down; at the bottom row, or when the cell below is already taken
by an earlier tail, it turns right and keeps going right on that row. A new
streak starts on the top row of the column after the previous streak's first
column, further right only if that top cell is taken (rulebook section 6).
"""

from __future__ import annotations

ROWS = 6


class TailGrid:
    """Places the items of consecutive streaks on a 6-row grid; coordinates count from 1.

    Taken cells are kept as one bitmask per drawn column (bit y set: row y taken),
    which is far cheaper than a set of (x, y) tuples on a 100,000-coup shoe.
    """

    __slots__ = ("rows", "taken", "first_x", "x", "y", "turned")

    def __init__(self, rows: int = ROWS) -> None:
        self.rows = rows
        self.taken: list[int] = [0, 0]
        self.first_x = 0
        self.x = 0
        self.y = 0
        self.turned = False

    @property
    def width(self) -> int:
        """Return the number of drawn columns used so far."""
        return len(self.taken) - 2

    def start_streak(self) -> tuple[int, int]:
        """Return the drawn cell of the first item of a new streak."""
        taken = self.taken
        x = self.first_x + 1
        while taken[x] & 2:
            x += 1
        self.first_x = self.x = x
        self.y = 1
        self.turned = False
        taken[x] |= 2
        if x + 1 == len(taken):
            taken.append(0)
        return x, 1

    def continue_streak(self) -> tuple[int, int]:
        """Return the drawn cell of the next item of the current streak (down, or right on a tail)."""
        x, y = self.x, self.y
        taken = self.taken
        if not self.turned and y < self.rows and not (taken[x] >> (y + 1)) & 1:
            y += 1
            self.y = y
        else:
            self.turned = True
            x += 1
            self.x = x
            if x + 1 == len(taken):
                taken.append(0)
        taken[x] |= 1 << y
        return x, y

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
