"""Regression: ``roads course -o site`` wrote over the user's own ``site/index.html`` without a word.

A course is written only into a new or empty folder, or one it wrote before (its ``.roads-course`` mark); a taken
page name elsewhere is one error line and nothing is written. ``-o`` naming a file says so in words.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run


def test_a_folder_with_the_users_index_is_left_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("mine", encoding="utf-8")
    status, out, err = run(capsys, "course", "-o", str(site))
    assert (status, out) == (1, "")
    assert "index.html exists and roads course did not write it" in err
    assert (site / "index.html").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]


@pytest.mark.slow
def test_a_course_folder_is_written_again(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run(capsys, "course", "-o", str(site))[0] == 0
    first = (site / "index.html").read_bytes()
    assert run(capsys, "course", "-o", str(site))[0] == 0
    assert (site / "index.html").read_bytes() == first


def test_o_naming_a_file_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("B P B\n", encoding="utf-8")
    status, _out, err = run(capsys, "course", "-o", str(log))
    assert status == 1
    assert "is a file, not a folder" in err
    assert log.read_text(encoding="utf-8") == "B P B\n"
