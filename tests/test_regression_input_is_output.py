"""An output that is one of the inputs is refused before anything is read (issue 11, defect 8).

On v0.1.0 ``roads lesson shoe.txt -o shoe.txt`` replaced the log with HTML;
``render victim.svg -d .`` and ``odds --after c.png --plot c.png`` did the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import refused_as_input

LOG = "3 6 K K 6 2\n7 2 Q 5\n"


def test_lesson_onto_its_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(LOG)
    refused_as_input(capsys, "lesson", str(log), "-o", str(log))
    assert log.read_text() == LOG


def test_lesson_onto_a_link_to_its_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(LOG)
    (tmp_path / "page.html").symlink_to(log)
    refused_as_input(capsys, "lesson", str(log), "-o", str(tmp_path / "page.html"))
    assert log.read_text() == LOG


def test_render_a_folder_onto_its_logs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim.svg"
    victim.write_text("BPPB")  # a results log that happens to be named .svg
    monkeypatch.chdir(tmp_path)
    refused_as_input(capsys, "render", "victim.svg", "-d", ".")
    refused_as_input(capsys, "render", "victim.svg", str(tmp_path / "other.txt"), "-d", ".")
    refused_as_input(capsys, "render", str(victim), "-o", str(victim))
    assert victim.read_text() == "BPPB"


def test_odds_plot_onto_its_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "c.png"
    log.write_text(LOG)
    refused_as_input(capsys, "odds", "--after", str(log), "--plot", str(log))
    assert log.read_text() == LOG
