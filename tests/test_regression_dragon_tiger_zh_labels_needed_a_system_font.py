"""``roads render dt.txt --game dragon-tiger --labels zh`` failed on a machine with no CJK font of its own.

The bundled CJK subset carried 龙 (for the Dragon 7 bet) and 和, but not 虎:
Dragon Tiger's Chinese labels (龙 虎 和) drew Tiger from a system font, and
with none the picture was refused ("no font can draw '虎'"), docs/dragon-
tiger.md's own example among them. The subset now carries 虎, and every
character of every label set of every game is drawn by a bundled face.
"""

from __future__ import annotations

from dataclasses import astuple

import pytest

from roads import Scoreboard
from roads.enums import Game
from roads.render import fonts, render
from roads.scene.labels import LABEL_SETS, labels_for
from roads.scene.options import RenderOptions


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with no fonts of its own: only the bundled chain."""
    monkeypatch.delenv(fonts.ENV, raising=False)
    monkeypatch.delenv(fonts.LEGACY_ENV, raising=False)
    monkeypatch.setattr(fonts, "_fontconfig", lambda command: [])


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("name", LABEL_SETS)
def test_every_label_of_every_game_is_drawn_by_a_bundled_face(name: str, game: Game, no_system_fonts: None) -> None:
    words = "".join(word for word in astuple(labels_for(name, game)) if isinstance(word, str))
    missing = sorted({ch for ch in words if fonts.face_for(ch) not in fonts.CHAIN})
    assert missing == []


def test_a_dragon_tiger_board_with_chinese_labels_draws_without_a_system_font(no_system_fonts: None) -> None:
    board = Scoreboard.from_outcomes("BPTPB", game=Game.DRAGON_TIGER)
    png = render(board, "png", RenderOptions(labels="zh"))
    assert png.startswith(b"\x89PNG")
    assert "虎" in render(board, "svg", RenderOptions(labels="zh")).decode()
