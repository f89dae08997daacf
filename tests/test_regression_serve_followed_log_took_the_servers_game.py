"""Regression: a followed table took the server's ``--game``, not the game its log's ``# game:`` header names:
``roads serve --follow dt.txt`` of a ``roads deal --game dragon-tiger`` log failed ("two a line is a Dragon Tiger
log") while ``roads serve --help`` says a table keeps the game its log names. The server's game is for a log
that names none."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.enums import Game
from roads.serve.follow import Follower, add_followed
from roads.serve.store import Store


def test_a_dealt_dragon_tiger_log_followed_by_a_baccarat_server_is_dragon_tiger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in ("results", "cards"):
        log = tmp_path / f"dt-{fmt}.txt"
        assert run(capsys, "deal", "--game", "dragon-tiger", "--seed", "5", "--format", fmt, "-o", str(log))[0] == 0
        follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
        assert follower.look() == "coup", capsys.readouterr().err
        assert follower.table.game is Game.DRAGON_TIGER and follower.table.coups > 60


def test_a_log_naming_baccarat_is_baccarat_under_a_dragon_tiger_server_and_one_naming_none_is_the_servers(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "data", game=Game.DRAGON_TIGER)
    named = tmp_path / "b.txt"
    named.write_text("# game: baccarat\nB P B\n")
    follower = Follower(add_followed(store, str(named)))
    assert follower.look() == "coup" and follower.table.game is Game.BACCARAT
    plain = tmp_path / "d.txt"
    plain.write_text("D T Tie\n")
    follower = Follower(add_followed(store, str(plain)))
    assert follower.look() == "coup" and follower.table.game is Game.DRAGON_TIGER


def test_a_header_naming_no_game_keeps_the_table_and_says_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "x.txt"
    log.write_text("# shoe 1\n# game: poker\nB P\n")
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    assert follower.look() is None and follower.table.coups == 0
    assert f"{log}, line 2: '# game: poker' names no game" in capsys.readouterr().err
