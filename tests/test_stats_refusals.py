"""``roads stats --laws``, ``--integrity`` and ``--hold`` refuse what they cannot take in one form (issue 30):
exit 2, what the mode does, then ``give no`` and every refused option given, Dragon Tiger included."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

MODES = {
    "--laws": "--laws compares the archive's shoes with dealt shoes: give no ",
    "--integrity": "--integrity reads the archive's cards in order: give no ",
    "--hold": "--hold settles baccarat's bets a shoe at a time: give no ",
}


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """Return a short results log."""
    path = tmp_path / "shoe.txt"
    path.write_text("BPBBPTPPB\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_names_every_refused_option_given(capsys: pytest.CaptureFixture[str], log: Path, mode: str) -> None:
    code, out, err = run(capsys, "stats", str(log), mode, "--drift", "--csv-tables", str(log.parent / "t"))
    assert code == 2 and out == ""
    assert MODES[mode] + "--csv-tables, --drift" in err


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_refuses_dragon_tiger(capsys: pytest.CaptureFixture[str], log: Path, mode: str) -> None:
    code, _, err = run(capsys, "stats", str(log), mode, "--game", "dragon-tiger")
    assert code == 2
    assert MODES[mode] + "--game dragon-tiger" in err  # one space: it read "give no  --game dragon-tiger"


@pytest.mark.parametrize("mode", ["--laws", "--integrity"])
def test_laws_and_integrity_refuse_hold_and_by(capsys: pytest.CaptureFixture[str], log: Path, mode: str) -> None:
    code, _, err = run(capsys, "stats", str(log), mode, "--hold", "--by", "table")
    assert code == 2
    assert MODES[mode] + "--hold, --by" in err
