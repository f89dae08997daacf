"""Regression: a Dragon Tiger card log read as baccarat said "2 cards: a coup uses at least 4" and no more.

``roads deal --game dragon-tiger`` writes two cards a line; ``roads build`` of it without ``--game dragon-tiger``
now names the option, as a baccarat log read as Dragon Tiger already did.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run


def test_two_cards_a_line_points_at_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "dt.txt"
    assert run(capsys, "deal", "--game", "dragon-tiger", "--seed", "4", "-o", str(log))[0] == 0
    status, out, err = run(capsys, "build", str(log))
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        f"roads: error: {log}, line 8, coup 1: 2 cards: a coup uses at least 4 "
        "(Player 1st, Banker 1st, Player 2nd, Banker 2nd); two a line is a Dragon Tiger log: "
        "read it with --game dragon-tiger"
    ]
