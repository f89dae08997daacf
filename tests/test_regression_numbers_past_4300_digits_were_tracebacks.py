"""Numbers past Python's 4,300-digit limit in a sheet or an option are one located line (issue 24, item 8).

Before, a CSV shoe cell, a ``player_total`` cell or a headerless number column of 5,000 digits,
``--shoe <5000 digits>`` and ``--coups 2-<5000 digits>`` ended in ``ValueError: Exceeds the limit
(4300 digits) for integer string conversion``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

BIG = "1" * 5000

LOGS = {
    "shoe-cell.csv": (f"shoe,coup,result\n{BIG},1,B\n", "line 2: a shoe number of 5000 characters: at most 100"),
    "total-cell.csv": (
        f"coup,result,player_total\n1,B,{BIG}\n",
        "line 2, column 5, coup 1: player_total of 5000 characters: at most 100",
    ),
    "headerless.csv": (f"{BIG},B\n2,P\n", "line 1: column 1 holds a number of 5000 characters: at most 100"),
}


@pytest.mark.parametrize("name", sorted(LOGS))
def test_a_long_number_in_a_sheet_is_one_line(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, said = LOGS[name]
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "build", str(log), "--from", "csv")
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith(f"roads: error: {log}") and said in err, err


def test_a_long_shoe_number_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.csv"
    log.write_text("shoe,coup,result\n1,1,B\n2,1,P\n", encoding="utf-8")
    status, out, err = run(capsys, "build", str(log), "--shoe", BIG)
    assert (status, out) == (1, "")
    assert err == f"roads: error: {log}: --shoe: a shoe number of 5000 characters: at most 100\n"


def test_a_long_coup_range_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("BPB\n", encoding="utf-8")
    status, out, err = run(capsys, "build", str(log), "--coups", f"2-{BIG}")
    assert (status, out) == (2, "")
    assert "Traceback" not in err and "a coup number of 5000 characters: at most 100" in err
