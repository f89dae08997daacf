"""The 6-row grid that the Big Road and the derived roads share: columns, dragon tails.

A streak goes down; at the bottom row, or when the cell below is already taken
by an earlier tail, it turns right and keeps going right on that row. A new
streak starts on the top row of the column after the previous streak's first
column, further right only if that top cell is taken (rulebook section 6).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
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
        """Place the items of ``starts`` as :meth:`place` does, for a big batch: a pass per tail, not per item.

        A streak starts one column right of the last one (further only past a
        tail along the top row) and goes down its length, unless it is longer
        than the free depth it finds there: then it turns a tail. Only the
        streaks whose tail another streak turns under are walked one by one
        (see :meth:`_walk`); every column, item, cell and tail is then written
        out with array arithmetic.
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
        ones, below, skip = self._walk(lengths)
        down_of_ones = below - 2
        # Each streak's column: one right of the last, and past each tail along the top row.
        columns = np.arange(first_x + 1 + skip, first_x + 1 + skip + streaks, dtype=np.int64)
        along_top = ones[down_of_ones == 0]
        along_top = along_top[along_top + 1 < streaks]
        if len(along_top):
            jumps = np.zeros(streaks, np.int64)
            jumps[along_top + 1] = lengths[along_top] - 1
            columns += np.cumsum(jumps)
        downs = lengths - 1
        downs[ones] = down_of_ones
        # Items: down the streak's column to its depth, then right along that row.
        streak = np.cumsum(starts[int(begin[0]) :]) - 1
        step = np.arange(count - int(begin[0])) - (begin - begin[0])[streak]
        down_of = downs[streak]
        item_x = columns[streak] + np.maximum(step - down_of, 0)
        item_y = np.minimum(step, down_of) + 1
        # Every streak owns its column's cells down to its depth (all of a streak that fits).
        view = np.frombuffer(taken, np.uint8)
        view[columns] |= (((1 << (downs + 1)) - 1) << 1).astype(np.uint8)
        # A tail: the row below its last move down, from the column after its streak's to before tail_high.
        # Tails on one row never overlap, so a running sum of row bits, added where each starts and taken
        # away where it ends, is every column's taken rows (two tails never start at one column).
        if len(ones):
            alone_x = columns[ones]
            tail_low, tail_high = alone_x + 1, alone_x + lengths[ones] - down_of_ones
            tail_bit = (1 << (down_of_ones + 1)).astype(np.uint8)
            low, high = int(tail_low.min()), int(tail_high.max())
            # In bytes: a column's running sum is its tails' distinct row bits (at most 254), so sums modulo 256
            # are exact, and the array is an eighth of an int64 one (fewer fresh pages a build).
            cover = np.zeros(high - low + 1, np.uint8)
            cover[tail_low - low] = tail_bit
            np.subtract.at(cover, tail_high - low, tail_bit)
            view[low:high] |= np.cumsum(cover[:-1], dtype=np.uint8)
        del view
        end = max(size, int(item_x.max()) + 2)
        del taken[end:]
        # Through a byte view (.data) of the converted array: tobytes() would copy it once more.
        xs.frombytes(item_x.astype(np.int32).data.cast("B"))
        ys.frombytes(item_y.astype(np.int8).data.cast("B"))
        self.x, self.y, self.first_x = int(item_x[-1]), int(item_y[-1]), int(columns[-1])
        self.turned = bool(lengths[-1] - 1 > downs[-1])

    def _drawn_ends(self) -> list[int]:
        """Return where each row's tail already drawn right of the last streak's column ends (index: the row).

        A row without one gets an ended tail (its end is the first column), so
        that the stack's rows go up one at a time and ``ends[row]`` is the end
        of the stacked tail on that row; past the bottom row, one never ends.
        """
        rows, taken, first_x = self.rows, self.taken, self.first_x
        ends = [0] * (rows + 2)
        ends[rows + 1] = 1 << 62
        for row in range(rows, 0, -1):
            bit, end = 1 << row, first_x + 1
            while taken[end] & bit:
                end += 1
            ends[row] = end
        return ends

    # One loop with its state in locals on purpose: it runs once a streak that turns a tail.
    def _walk(self, lengths: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
        """Find the streaks of ``lengths`` that turn a tail; return them, the row of the tail below each, and a skip.

        The tails still running at a column lie one under another, the latest
        on top: a streak turns along the row just above the highest, so the
        rows on the stack go up one at a time, and only the top tail that has
        not ended by a streak's column sets the depth it finds. Ended tails
        are dropped from the top only, when they reach it (columns only grow:
        an ended tail stays ended). While no tail is added that depth only
        grows, so the next streak that can turn is the next one at least as
        long as the top tail's row: a byte search finds it.

        A tail that ends before the next streak long enough to turn under it
        (a leaf) places no other streak differently, so it is never stacked:
        the search that tells a leaf finds the next turn when it is not one.
        With no tail running, the leaves along the bottom row are not even
        visited: the search skips to the next streak that stacks a tail, and
        :func:`_turns` finds the others. Under a tail on row 2 each streak
        runs along the top row (one cell, or a tail there: the next one
        starts where it ends), so a tight loop walks those.

        Returns the streaks that turn, the row of the tail each turns above
        (its moves down are that row less 2; 2 for a tail along the top row),
        in no particular order, and the columns the first streak skips past a
        tail drawn before.
        """
        import numpy as np

        runs = array("q")
        runs.frombytes(np.ascontiguousarray(lengths, np.int64).data.cast("B"))  # no ints for streaks never read
        streaks = len(runs)
        first_x, bottom = self.first_x, self.rows + 1
        ends = self._drawn_ends()
        skip = ends[1] - first_x - 1  # the top row's: the first streak starts where it ends
        short, next_long, next_stacking, long = _searches(lengths, bottom - 1)
        top_row, top_end = 2, ends[2]
        alone: list[int] = []
        add = alone.append
        along: list[int] = []  # runs of streaks under a tail on row 2: (first, past the last), one after the other
        off = first_x + 1 + skip  # a streak's column less its number
        s = 0
        while s < streaks:
            x = s + off
            while top_end <= x:
                top_row += 1
                top_end = ends[top_row]
            if top_row == 2:
                # Along the top row, each streak one column further than its length, until one reaches top_end.
                along.append(s)
                while s < streaks:
                    x += runs[s]
                    s += 1
                    if x >= top_end:
                        break
                along.append(s)
                off = x - s
                continue
            if top_row == bottom:
                s = next_stacking(1, s)  # the leaves before it are found afterwards
            elif short[s] < top_row:
                s = next_long[top_row](1, s + 1)
            if s >= streaks:
                break
            x = s + off
            if top_end <= x:
                continue  # the top tail ends first: the search starts again from here, one row further down
            # Streak s turns above the top tail, and so does each one found below until that tail ends.
            while True:
                run = runs[s]
                add(s << 4 | top_row)
                row = top_row - 1
                after = s + 1
                if short[after] < row:
                    after = next_long[row](1, after + 1)
                if after - s <= run - row:  # its tail reaches a streak long enough to turn under it: stack it
                    top_row, top_end = row, x + run - row + 1
                    ends[row] = top_end
                    s = after
                    if row == 2 or s >= streaks:
                        break
                    x = s + off
                    continue
                # A leaf, not stacked: the next streak that can turn is as long as the top tail's row.
                s = after
                if short[s] < top_row:
                    s = next_long[top_row](1, s + 1)
                if s >= streaks or top_end <= s + off:
                    break
                x = s + off
        return (*_turns(lengths, alone, along, long, bottom), skip)

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


def _searches(
    lengths: NDArray[np.int64], rows: int
) -> tuple[bytes, list[Callable[[int, int], int]], Callable[[int, int], int], NDArray[np.intp]]:
    """Return what :meth:`TailGrid._walk` searches: the streaks' lengths, the long ones, the ones that stack a tail.

    ``short[s]``: streak s's length up to ``rows + 1`` (255 past the last, as
    long as any), a look before a search, as most end at the next streak.
    ``next_long[c](1, s)``: the first streak from s on at least c long (one
    that turns under a tail on row c), or the number of streaks: a search
    through one byte a streak, 1 where it is that long. ``next_stacking(1,
    s)``: the same for a streak longer than the grid whose tail, along the
    bottom row, reaches a streak at least ``rows`` long (the others are
    leaves). Last, every streak longer than the grid.
    """
    import numpy as np

    streaks, bottom = len(lengths), rows + 1
    clipped = np.empty(streaks + 1, np.uint8)
    np.minimum(lengths, bottom, out=clipped[:-1], casting="unsafe")
    clipped[streaks] = 255
    next_long: list[Callable[[int, int], int]] = [b"".find] * 2  # no streak finds a tail on the top row
    next_long += ((clipped >= row).tobytes().find for row in range(2, bottom))
    deep = np.flatnonzero(clipped[:-1] >= rows)
    deep_runs = lengths[deep]
    over = deep_runs > rows
    marks = np.zeros(streaks + 1, np.bool_)
    marks[deep[over & (np.diff(deep, append=1 << 62) <= deep_runs - rows)]] = True
    marks[streaks] = True
    return clipped.tobytes(), next_long, marks.tobytes().find, deep[over]


def _turns(
    lengths: NDArray[np.int64], alone: list[int], along: list[int], long: NDArray[np.intp], bottom: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Return every streak that turns and the row of the tail it turns above, from what the walk found.

    ``alone``: the streaks the walk met, as ``streak * 16 + row``; ``along``:
    the runs of streaks under a tail on row 2, where each longer than 1 turns
    along the top row. A streak longer than the grid always turns: one the
    walk did not meet is a leaf along the bottom row (above row ``bottom``).
    """
    import numpy as np

    turns = np.fromiter(alone, np.int64, len(alone))
    met = np.zeros(len(lengths), np.bool_)
    met[turns >> 4] = True
    on_top = np.zeros(0, np.int64)
    if along:
        bounds = np.array(along, np.int64)
        first, sizes = bounds[0::2], bounds[1::2] - bounds[0::2]
        under = np.repeat(first - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))
        met[under] = True
        on_top = under[lengths[under] >= 2]
    leaves = long[~met[long]]
    ones = np.concatenate((turns >> 4, leaves, on_top))
    rows = np.concatenate((turns & 15, np.full(len(leaves), bottom, np.int64), np.full(len(on_top), 2, np.int64)))
    return ones, rows
