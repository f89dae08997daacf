"""A spreadsheet log of a header and no rows is one clear line and exit 1 in every command (issue 24, item 7).

Before, ``shoe,coup,result`` alone was ``RuntimeError: generator raised StopIteration`` in build,
show, render, explain, lesson, ``odds --after`` and ``convert --to results``; ``check`` exited 0
printing nothing and ``convert --to csv`` exited 0 writing nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

HEADERS = {
    "archive.csv": "shoe,coup,result\n",
    "one-shoe.csv": "coup,result\n",
    "comments-after.csv": "shoe,coup,result\n\n# nothing yet\n",
}

COMMANDS = {
    "build": ["build", "{log}"],
    "show": ["show", "{log}"],
    "render": ["render", "{log}", "-o", "{out}/board.svg"],
    "explain": ["explain", "{log}"],
    "lesson": ["lesson", "{log}", "-o", "{out}/page.html"],
    "odds": ["odds", "--after", "{log}"],
    "check": ["check", "{log}"],
    "convert-csv": ["convert", "{log}", "--to", "csv"],
    "convert-results": ["convert", "{log}", "--to", "results"],
    "convert-jsonl": ["convert", "{log}", "--to", "jsonl", "-o", "{out}/out.jsonl"],
    "stats": ["stats", "{log}"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted(HEADERS))
def test_a_header_and_no_rows_is_one_line(
    name: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / name
    log.write_text(HEADERS[name], encoding="utf-8")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    argv = [a.format(log=log, out=out_dir) for a in COMMANDS[command]]
    status, out, err = run(capsys, *argv)
    assert status == 1, (status, out, err)
    assert "StopIteration" not in err and "Traceback" not in err
    assert err == f"roads: error: {log}, line 1: no coups: the log has a header and no rows under it\n"
    assert out == ""
    assert list(out_dir.iterdir()) == []
