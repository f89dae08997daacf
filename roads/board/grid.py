"""The 6-row grid that the Big Road and the derived roads share: columns, dragon tails.

A streak goes down; at the bottom row, or when the cell below is already taken
by an earlier tail, it turns right and keeps going right on that row. A new
streak starts on the top row of the column after the previous streak's first
column, further right only if that top cell is taken (rulebook section 6).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
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

        Every streak up to the next one longer than the free depth it finds is
        one column from the top, one column further right: those are placed
        in bulk. Only a streak that turns a dragon tail is placed alone, by its
        free depth, as :meth:`place` does it (see :meth:`_walk`). The items of
        each streak, the cells and the tails are then written out with array
        arithmetic.
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
        plain_s, plain_j, plain_base, one_s, one_x, one_down = self._walk(lengths)
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
        # A streak placed alone owns its column's cells down to its depth, then turns its tail:
        # first column, column after the last, row bit; set a row at a time as coverage counts.
        alone_x, alone_down = np.array(one_x, np.int64), np.array(one_down, np.int64)
        view[alone_x] |= (((1 << (alone_down + 1)) - 1) << 1).astype(np.uint8)
        tail_low, tail_high = alone_x + 1, alone_x + lengths[ones] - alone_down
        tail_bit = 1 << (alone_down + 1)
        for bit in np.unique(tail_bit).tolist():
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

    # One loop with its state in locals on purpose: it runs once a streak that turns a tail.
    def _walk(self, lengths: NDArray[np.int64]) -> tuple[list[int], ...]:
        """Go through the streaks of ``lengths`` in order; return the bulk runs and the streaks placed one by one.

        A bulk run is (first streak, streak after the last, column of the
        first): streaks that each fit in their column, one column further right
        each. A streak placed alone is (streak, column, moves down): it turns a
        tail along the row below its last move down. A streak only ever reads
        the column it starts in, which ``taken`` (before this batch) and the
        tails still running (at most one a row, as a bit mask) tell it. Those
        tails all began at or left of that column, so going right they only
        end: the free depth a streak finds never shrinks until the next tail,
        and every streak up to the next one longer than that depth fits. Only
        streaks that turn a tail are walked one by one; the rest are found by
        a bisection. Each is returned as one list per field (what numpy reads
        fastest).
        """
        import numpy as np

        rows, taken = self.rows, self.taken
        free_below = _free_below(rows)
        streaks = len(lengths)
        runs = lengths.tolist()
        # longer[d]: the streaks longer than d + 1 (those that turn a tail at free depth d), then an end mark.
        longer = [[*np.flatnonzero(lengths > depth + 1).tolist(), streaks] for depth in range(rows)]
        seen = [0] * rows
        plain_s: list[int] = []
        plain_j: list[int] = []
        plain_base: list[int] = []
        one_s: list[int] = []
        one_x: list[int] = []
        one_down: list[int] = []
        # Bound once: a streak-heavy shoe places most of its streaks alone.
        add_s, add_x, add_down = one_s.append, one_x.append, one_down.append
        expire = bytearray(len(taken) + 2)  # row bits of the running tails that end at each column
        ends = [0] * 8  # column after the last of each row's latest tail
        mask = 0  # rows taken at column ``at`` by running tails
        first_x = at = self.first_x
        s = 0
        while s < streaks:
            x = first_x + 1
            if x == at + 1:
                mask &= ~expire[x]
            else:
                mask = 0
                for bit_row in range(1, rows + 1):
                    if ends[bit_row] > x:
                        mask |= 1 << bit_row
            cell = taken[x] | mask
            while cell & 2:
                x += 1
                mask &= ~expire[x]
                cell = taken[x] | mask
            at = x
            down = free_below[cell]
            if runs[s] <= down + 1:
                # Streaks s .. j - 1 fit: one column each from x, no tail.
                after = longer[down]
                at_depth = bisect_left(after, s, seen[down])
                seen[down] = at_depth  # s only grows: the next search at this depth starts here
                j = after[at_depth]
                plain_s.append(s)
                plain_j.append(j)
                plain_base.append(x)
                first_x = x + j - s - 1
                s = j
                continue
            row = down + 1
            end = x + runs[s] - down
            bit = 1 << row
            mask |= bit
            expire[end] |= bit
            ends[row] = end
            add_s(s)
            add_x(x)
            add_down(down)
            first_x = x
            s += 1
        return plain_s, plain_j, plain_base, one_s, one_x, one_down

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
