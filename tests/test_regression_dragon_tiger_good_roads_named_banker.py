"""Regression: a Dragon Tiger board listed and tagged baccarat's good roads ("长庄 long Banker", "Column 86 (Banker)").

Good roads are baccarat's lobby patterns, named and priced for Banker and Player: a Dragon Tiger board lists none in
its JSON, and ``roads render --game dragon-tiger --good-roads`` is refused in one line (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from roads.logs.dragon_tiger import write_dragon_tiger_log
from roads.shoe import deal_dragon_tiger_shoe


@pytest.fixture
def dt_log(tmp_path: Path) -> Path:
    path = tmp_path / "dt.txt"
    path.write_text(write_dragon_tiger_log(deal_dragon_tiger_shoe(8, seed=4).coups, "cards"), encoding="utf-8")
    return path


def test_a_dragon_tiger_board_lists_no_good_roads(capsys: pytest.CaptureFixture[str], dt_log: Path) -> None:
    status, out, err = run(capsys, "build", "--game", "dragon-tiger", str(dt_log), "--json")
    assert status == 0, err
    assert json.loads(out)["good_roads"] == []
    assert "Banker" not in out


def test_render_refuses_good_road_tags_on_dragon_tiger(
    capsys: pytest.CaptureFixture[str], dt_log: Path, tmp_path: Path
) -> None:
    picture = tmp_path / "dt.png"
    status, _out, err = run(capsys, "render", str(dt_log), "--game", "dragon-tiger", "--good-roads", "-o", str(picture))
    assert status == 2
    assert "--good-roads" in err and "dragon-tiger" in err
    assert not picture.exists()
