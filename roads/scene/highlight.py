"""What a highlighted derived mark points at: its source bead and the Big Road columns it compared."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ..board import Bead, BigRoad, Board, Mark
from ..board.names import Road
from ..errors import RenderError, RoadError


@dataclass(frozen=True, slots=True)
class Focus:
    """One derived mark and, on the Big Road, the bead that made it and the cells its rule read."""

    road: str
    """Hyphenated road name: ``big-eye-boy``."""
    mark: Mark
    rule: int
    source: Bead
    compared: tuple[tuple[int, int], ...]
    """(column, depth) pairs as the proof gives them."""
    compared_cells: tuple[tuple[int, int], ...]
    """Drawn (x, y) of every bead in the compared columns."""
    looked_at: tuple[int, int] | None
    """Rule 2: the drawn cell of the row looked at in column c-k, when it can be drawn."""
    text: str


def focus(board: Board, road: str, number: int) -> Focus:
    """Return the focus of mark ``number`` on ``road``; RenderError if the road has no such mark."""
    try:
        name = Road.parse(road, derived=True)
        why = board.proof(name, number)
    except RoadError as exc:
        raise RenderError(f"cannot highlight {road}:{number}: {exc.message}") from None
    mark = board.road(name)[number - 1]
    big = board.big_road
    # Logical columns never decrease along the Big Road, so a column's beads are one run: find it by bisection
    # instead of walking the road (a lesson asks for every mark's focus).
    by_column = {column: _column(big, column) for column, _ in why.compared}
    source = big[bisect_left(big.columns, why.column) + why.row - 1]
    assert (source.column, source.row) == (why.column, why.row), "every derived mark comes from a Big Road bead"
    cells = tuple((b.x, b.y) for column, _ in why.compared for b in by_column.get(column, ()))
    looked_at = None
    if why.rule == 2:
        back, depth = why.compared[0]
        beads = by_column.get(back, [])
        if depth >= why.row:
            hit = beads[why.row - 1]
            looked_at = (hit.x, hit.y)
        elif beads and why.row <= 6 and all(b.y == b.row for b in beads):
            # An untailed column: the empty row sits straight below its last bead.
            looked_at = (beads[0].x, why.row)
    return Focus(road, mark, why.rule, source, why.compared, cells, looked_at, why.text)


def _column(big: BigRoad, column: int) -> list[Bead]:
    """Return the beads of logical ``column`` in row order."""
    return big[bisect_left(big.columns, column) : bisect_right(big.columns, column)]
