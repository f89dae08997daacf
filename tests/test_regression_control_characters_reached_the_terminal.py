"""NUL, escape and bidi characters in a table name, shoe id or paytable title are shown escaped (issue 24, item 14).

Before, ``roads stats --by table`` printed a table name's NUL and right-to-left override raw, and
``roads odds --paytable`` a title's, so a log could hide or reorder what the terminal showed.
The one function for text safe to print is ``roads.errors.one_line``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

HOSTILE = "T\x00\u202eab\x1b[2J"
RAW = ("\x00", "\u202e", "\x1b")


def archive(tmp_path: Path) -> Path:
    log = tmp_path / "shoes.jsonl"
    lines = [
        {"shoe": "S" + HOSTILE, "table": HOSTILE, "results": "BPB"},
        {"shoe": "Q", "table": HOSTILE, "results": "BP"},
    ]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return log


@pytest.mark.parametrize("by", ["table", "shoe"])
def test_stats_shows_log_text_escaped(by: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "stats", str(archive(tmp_path)), "--by", by)
    assert status == 0, err
    assert not any(ch in out + err for ch in RAW)
    assert "T\\x00\\u202eab\\x1b[2J" in out


def test_odds_shows_a_paytable_title_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paytable = tmp_path / "table.json"
    paytable.write_text(json.dumps({"rules": "ez", "title": HOSTILE}), encoding="utf-8")
    status, out, err = run(capsys, "odds", "--paytable", str(paytable))
    assert status == 0, err
    assert not any(ch in out for ch in RAW)
    assert out.startswith("Bets under T\\x00\\u202eab\\x1b[2J rules:")
