"""Text and pictures show the same drawn columns: the terminal grids and the layout share one window."""

from __future__ import annotations

import random
import re

import pytest

from roads import Road, Scoreboard
from roads.board.window import drawn_width, window
from roads.scene import lay_out
from roads.terminal import grid


def _board(seed: int) -> Scoreboard:
    rng = random.Random(seed)
    return Scoreboard.from_results("".join(rng.choices("BPT", weights=(46, 45, 9), k=rng.randrange(1, 160))))


def _text_first(board: Scoreboard, road: Road, last: int) -> int:
    header = grid(board, road, last=last).splitlines()[0]
    found = re.search(r"drawn columns (\d+)-(\d+) of (\d+)", header)
    return int(found.group(1)) if found else 1


def _picture_first(board: Scoreboard, road: Road, last: int) -> int:
    desc = lay_out(board, road=road.cli, last=last).desc
    found = re.search(rf"{road.title} \(from drawn column (\d+)\)", desc)
    return int(found.group(1)) if found else 1


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("road", list(Road))
def test_text_and_picture_of_one_road_start_at_the_same_column(seed: int, road: Road) -> None:
    board = _board(seed)
    width = drawn_width(board, road)
    for last in (1, 2, 5, 9, 30):
        expected = window(width, width, last)
        assert _text_first(board, road, last) == expected
        assert _picture_first(board, road, last) == expected


def test_drawn_width_counts_the_cell_leading_ties_take() -> None:
    board = Scoreboard.from_results("TT")
    assert drawn_width(board, Road.BIG_ROAD) == 1 and board.big_road.width == 0
    assert drawn_width(board, Road.BEAD_PLATE) == 1
    assert drawn_width(board, Road.BIG_EYE_BOY) == 0
