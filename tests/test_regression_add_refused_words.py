"""board.add("banker") was refused although JSON logs name the winner "banker"."""

from __future__ import annotations

from roads import Scoreboard, Winner


def test_regression_add_takes_the_words_json_logs_use() -> None:
    board = Scoreboard()
    board.add("banker", "player", "tie", "Banker")
    assert [o.winner for o in board.bead_plate.outcomes] == [Winner.BANKER, Winner.PLAYER, Winner.TIE, Winner.BANKER]
    assert board.stats.banker == 2 and board.stats.player == 1 and board.stats.tie == 1
