"""repr(board) was '<roads.board.scoreboard.Scoreboard object at 0x...>': nothing a user could read or paste."""

from __future__ import annotations

from roads import Scoreboard


def test_regression_board_repr_is_the_call_that_builds_it() -> None:
    board = Scoreboard.from_results("BPPT")
    assert repr(board) == "Scoreboard.from_results('BPPT')"
    assert repr(eval(repr(board), {"Scoreboard": Scoreboard})) == repr(board)
