"""Which drawn columns a view of a road shows: its drawn width and the window of its newest columns.

The terminal grids (:mod:`roads.terminal`) and the pictures
(:mod:`roads.scene.layout`) both ask here, so ``--last N`` shows the same
columns as text and as a picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .names import Road

if TYPE_CHECKING:
    from .board import Board


def drawn_width(board: Board, road: Road) -> int:
    """Return the drawn columns of ``road`` on ``board``; leading ties alone take the Big Road's first cell."""
    if road is Road.BEAD_PLATE:
        return board.bead_plate.width
    if road is Road.BIG_ROAD:
        big = board.big_road
        return max(big.width, 1 if big.leading_ties else 0)
    return board.road(road).width


def window(content: int, grid: int, last: int | None) -> int:
    """Return the first drawn column to show so the newest ``min(grid, last)`` of ``content`` columns are in view."""
    shown = grid if last is None else min(grid, last)
    return max(1, content - shown + 1)
