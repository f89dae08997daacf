"""The rules of the derived roads (rulebook section 7): a bead's place and the columns' depths make a mark's colour.

For a new Big Road bead at logical column c, row r, and a road with offset k:

- Rule 1 (r = 1): compare the depth of column c-1 with that of column c-1-k;
  same depth is red, different is blue.
- Rule 2 (r >= 2): look at column c-k. A bead at row r: red. Depth exactly
  r-1: blue. Depth r-2 or less (the straight drop): red.

:func:`verdict` is the one place these rules are written: the board calls it
for every bead, and asks and proofs through :func:`judge`. Big batches take
:func:`verdicts`, the same two expressions on arrays, right beside it. The
roads (:mod:`.derived`) and the proofs (:mod:`.explain`) both read them here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..enums import NamedEnum

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


class Color(NamedEnum):
    """A derived mark's colour: red, the pattern repeats; blue, it breaks."""

    RED = "red"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        """Return R or B, the short form the examples use."""
        return "R" if self is Color.RED else "B"


RED, BLUE = Color.RED, Color.BLUE


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
