"""The 6-row grid that the Big Road and the derived roads share: columns, dragon tails.

A streak goes down; at the bottom row, or when the cell below is already taken
by an earlier tail, it turns right and keeps going right on that row. A new
streak starts on the top row of the column after the previous streak's first
column, further right only if that top cell is taken (rulebook section 6).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

ROWS = 6

BULK = 4096
"""Items placed at once from which :meth:`TailGrid.place_many` (arrays) beats :meth:`TailGrid.place` (a loop)."""
CHUNK = 1 << 17
"""Items a bulk placement handles at a time, so its temporary arrays stay about a megabyte (and in cache:
10 million coups built about 10% faster than at 1 << 18)."""


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

    def place_many(self, starts: NDArray[np.bool_], xs: array[int], ys: array[int]) -> None:
        """Place the items of ``starts`` as :meth:`place` does, for a big batch: a pass per streak, not per item.

        Where nothing is taken to the right of the last streak's first column,
        every streak up to the next one longer than the grid is one column from
        the top, one column further right: those are placed in bulk. From a
        streak that turns a dragon tail until the streaks have passed its end,
        each streak is placed as :meth:`place` does it, by its free depth. The
        items of each streak are then written out with array arithmetic.
        """
        import numpy as np

        begin = np.flatnonzero(starts)
        if len(begin) == 0 or begin[0]:
            head = len(starts) if len(begin) == 0 else int(begin[0])
            self.place((False,) * head, xs, ys)  # the streak the batch continues, item by item
            if len(begin) == 0:
                return
        count = len(starts)
        lengths = np.diff(np.append(begin, count))
        streaks = len(lengths)
        taken = self.taken
        size = len(taken)  # its last column with anything taken is at most size - 2
        first_x = self.first_x
        # Room for every item one column further right than anything so far.
        taken.extend(bytes(max(size - 2, first_x) + count + 2 - size))
        plain_s, plain_j, plain_base, one_s, one_x, one_down, tails = self._walk(lengths, first_x, size - 2)
        # Each streak's column: a bulk run's base plus the streak's place in the run, or its own.
        shift = np.zeros(streaks + 1, np.int64)
        starts_at = np.array(plain_s, np.int64)
        offset = np.array(plain_base, np.int64) - starts_at
        np.add.at(shift, starts_at, offset)
        np.add.at(shift, np.array(plain_j, np.int64), -offset)
        inside = np.zeros(streaks + 1, np.int64)
        np.add.at(inside, starts_at, 1)
        np.add.at(inside, np.array(plain_j, np.int64), -1)
        bulk = np.cumsum(inside[:-1]) > 0
        columns = np.cumsum(shift[:-1]) + np.arange(streaks)
        downs = lengths - 1
        ones = np.array(one_s, np.int64)
        columns[ones] = one_x
        downs[ones] = one_down
        # Items: down the streak's column to its depth, then right along that row.
        streak = np.cumsum(starts[int(begin[0]) :]) - 1
        step = np.arange(count - int(begin[0])) - (begin - begin[0])[streak]
        down_of = downs[streak]
        item_x = columns[streak] + np.maximum(step - down_of, 0)
        item_y = np.minimum(step, down_of) + 1
        # A streak placed in bulk owns its column: its cells are rows 1..length.
        view = np.frombuffer(taken, np.uint8)
        view[columns[bulk]] |= (((1 << lengths[bulk]) - 1) << 1).astype(np.uint8)
        # Tails: first column, column after the last, row bit; a row at a time as coverage counts.
        tail_low, tail_high, tail_bit = (np.array(part, np.int64) for part in tails)
        for bit in set(tails[2]):
            row = tail_bit == bit
            starts_of, ends_of = tail_low[row], tail_high[row]
            low, high = int(starts_of.min()), int(ends_of.max())
            cover = np.zeros(high - low + 1, np.int32)
            np.add.at(cover, starts_of - low, 1)
            np.add.at(cover, ends_of - low, -1)
            view[low:high] |= (np.cumsum(cover[:-1]) > 0).astype(np.uint8) * np.uint8(bit)
        del view
        end = max(size, int(item_x.max()) + 2)
        del taken[end:]
        # Through a byte view (.data) of the converted array: tobytes() would copy it once more.
        xs.frombytes(item_x.astype(np.int32).data.cast("B"))
        ys.frombytes(item_y.astype(np.int8).data.cast("B"))
        self.x, self.y, self.first_x = int(item_x[-1]), int(item_y[-1]), int(columns[-1])
        self.turned = bool(lengths[-1] - 1 > downs[-1])

    # One loop with its state in locals on purpose: it runs once a streak placed alone.
    def _walk(  # noqa: PLR0915
        self, lengths: NDArray[np.int64], first_x: int, frontier: int
    ) -> tuple[list[int], list[int], list[int], list[int], list[int], list[int], _Tails]:
        """Go through the streaks of ``lengths`` in order; return the bulk runs and the streaks placed one by one.

        ``frontier`` is the rightmost column with anything taken. A bulk run is
        (first streak, streak after the last, column of the first); a streak
        placed alone is (streak, column, moves down), its column's cells set in
        ``taken``; its tail, if any, is (first column, column after the last,
        row bit), kept aside: a streak only ever reads the column it starts in,
        which the tails still running (at most one a row) tell it. Each is
        returned as one list per field (what numpy reads fastest).
        """
        import numpy as np

        rows, taken = self.rows, self.taken
        free_below = _free_below(rows)
        streaks = len(lengths)
        runs = lengths.tolist()
        long = np.flatnonzero(lengths > rows).tolist()
        long.append(streaks)
        ahead = 0  # index into long of the next streak longer than the grid
        plain_s: list[int] = []
        plain_j: list[int] = []
        plain_base: list[int] = []
        one_s: list[int] = []
        one_x: list[int] = []
        one_down: list[int] = []
        tail_low: list[int] = []
        tail_high: list[int] = []
        tail_bit: list[int] = []
        # Bound once: a big shoe places hundreds of thousands of streaks alone.
        add_s, add_x, add_down = one_s.append, one_x.append, one_down.append
        add_low, add_high, add_bit = tail_low.append, tail_high.append, tail_bit.append
        running: list[tuple[int, int]] = []  # (column after the last, row bit) of tails not yet passed
        s = 0
        while s < streaks:
            if first_x >= frontier:
                # Nothing taken ahead: plain streaks until the next long one.
                if running:
                    running.clear()
                while long[ahead] < s:
                    ahead += 1
                j = long[ahead]
                if j > s:
                    plain_s.append(s)
                    plain_j.append(j)
                    plain_base.append(first_x + 1)
                    first_x += j - s
                    s = j
                    if s == streaks:
                        break
            x = first_x + 1
            while True:
                cell = taken[x]
                for end, bit in running:
                    if end > x:
                        cell |= bit
                if not cell & 2:
                    break
                x += 1
            length = runs[s]
            down = free_below[cell]
            if down >= length:
                down = length - 1
            row = down + 1
            taken[x] |= ((1 << row) - 1) << 1
            end = x + length - down
            if end > x + 1:
                bit = 1 << row
                add_low(x + 1)
                add_high(end)
                add_bit(bit)
                if len(running) > 8:  # tails passed are only skipped over: dropped now and then
                    running = [tail for tail in running if tail[0] > x]
                running.append((end, bit))
                frontier = max(frontier, end - 1)
            add_s(s)
            add_x(x)
            add_down(down)
            first_x = x
            s += 1
        return plain_s, plain_j, plain_base, one_s, one_x, one_down, (tail_low, tail_high, tail_bit)

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


_Tails = tuple[list[int], list[int], list[int]]
"""Dragon tails as three lists: first column, column after the last, row bit."""


@cache
def _free_below(rows: int) -> tuple[int, ...]:
    """Return, for each byte of taken rows, how many cells are free below row 1 before a taken one or the bottom."""
    out = []
    for cell in range(256):
        free = 0
        while free < rows - 1 and not (cell >> (free + 2)) & 1:
            free += 1
        out.append(free)
    return tuple(out)
