"""Regression: `roads check` passed 40 coups of `9 9 9 9`: 160 nines from an 8-deck shoe, which holds 32."""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.cli import main


def test_regression_check_counts_the_ranks_of_the_whole_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "nines.txt"
    log.write_text("9 9 9 9\n" * 40)
    assert main(["check", str(log)]) == 1
    out = capsys.readouterr().out
    assert f"{log}: coup 9 (line 9): the 33rd 9 dealt, but 8 decks hold 32" in out
    assert main(["check", str(log), "--decks", "40"]) == 0
