"""A log whose only line is a title says what that line is, not that the log is empty (issue 24, item 14).

Before, a log of the one line ``Bankers Players`` said "no coups: the log is empty or holds only
comments and blank lines", and ``convert --to csv`` of it wrote an empty sheet and exited 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run


@pytest.mark.parametrize("command", [["build"], ["check"], ["convert", "--to", "csv"], ["odds", "--after"]])
def test_a_lone_title_line_is_named(command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("Bankers Players\n", encoding="utf-8")
    status, out, err = run(capsys, *command, str(log))
    assert (status, out) == (1, "")
    assert err == (
        f"roads: error: {log}, line 1: no coups: 'Bankers Players' was read as a title line (like 'Shoe 1'), "
        "and no result or card follows it\n"
    )


def test_a_log_of_blank_lines_is_still_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("\n# nothing yet\n\n", encoding="utf-8")
    status, _, err = run(capsys, "build", str(log))
    assert status == 1 and "the log is empty or holds only comments and blank lines" in err
