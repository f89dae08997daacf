"""Regression: ``roads render --bead 500`` of an 81-coup shoe exited 0 and outlined the last bead.

A coup past the board's end is one RenderError (as ``--highlight small-road:999`` is), and the bound reads as a
number (``1-10000000``), not ``1-1e+07``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.board import Board
from roads.errors import RenderError
from roads.logs.writer import write_log
from roads.scene import lay_out
from roads.simulate import deal_shoe


def test_a_coup_past_the_end_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(write_log(deal_shoe(8, seed=2026).coups[:80], "cards"), encoding="utf-8")
    picture = tmp_path / "b.svg"
    status, out, err = run(capsys, "render", str(log), "--bead", "500", "-o", str(picture))
    assert (status, out) == (1, "")
    assert err.splitlines() == ["roads: error: cannot outline coup 500: the board has 80 coups"]
    assert not picture.exists()


def test_the_last_coup_is_outlined() -> None:
    board = Board.from_results("BBPPB")
    assert lay_out(board, bead=5).width > 0
    with pytest.raises(RenderError, match="cannot outline coup 6"):
        lay_out(board, bead=6)


def test_the_bound_reads_as_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "render", "--help")
    assert status == 0
    assert "1-10000000" in out and "e+0" not in out
