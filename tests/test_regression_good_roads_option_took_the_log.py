"""Regression: ``--good-roads [FILE]`` took the log after it as its pattern file.

``roads explain --good-roads shoe.txt`` said "Missing argument 'LOG...'", and ``roads stats --good-roads a.jsonl b.txt``
read the archive as TOML ("not TOML: Invalid statement"). A FILE that is not a .toml file is now one usage line that
says where to put the flag; after the logs, or as ``--good-roads=``, it takes the built-in patterns.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.logs.writer import write_log
from roads.simulate import deal_shoe


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "shoe.txt"
    path.write_text(write_log(deal_shoe(8, seed=2026).coups[:80], "cards"), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["build", "explain", "stats"])
def test_a_log_after_the_flag_is_not_taken_for_a_pattern_file(
    capsys: pytest.CaptureFixture[str], log: Path, command: str
) -> None:
    status, _out, err = run(capsys, command, "--good-roads", str(log))
    assert status == 2
    assert ".toml" in err and "after the logs" in err
    assert "Missing argument" not in err and "not TOML" not in err


@pytest.mark.parametrize("argv", [["LOG", "--good-roads"], ["--good-roads=", "LOG"]])
def test_the_built_in_patterns_before_or_after_the_log(
    capsys: pytest.CaptureFixture[str], log: Path, argv: list[str]
) -> None:
    status, out, err = run(capsys, "explain", *[str(log) if a == "LOG" else a for a in argv])
    assert status == 0, err
    assert "long-banker" in out
