"""``roads convert --to csv`` merged shoes that shared an id (issue 29, item 1).

The user saw an archive of 16 shoes read back as 14 after ``convert --to csv``:
two shoes with the same id (or none: two one-shoe files of the same name) were
written under one shoe column value, and the reader took their rows as one
shoe. Ids are now made unique (``7``, ``7-2``...) and one stderr line says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.logs import iter_shoes


def test_two_shoes_with_one_id_stay_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "a.jsonl"
    log.write_text('{"shoe": 7, "results": "BBP"}\n{"shoe": 7, "results": "PT"}\n{"shoe": "x", "results": "B"}\n')
    out = tmp_path / "a.csv"
    status, _, err = run(capsys, "convert", str(log), "--to", "csv", "-o", str(out))
    assert status == 0
    shoes = list(iter_shoes(str(out)))
    assert [(s.id, "".join(o.winner.letter for o in s.outcomes)) for s in shoes] == [
        (7, "BBP"),
        ("7-2", "PT"),
        ("x", "B"),
    ]
    said = [line for line in err.splitlines() if "made unique" in line]
    assert said == [f"roads: convert: shoe ids made unique: 7 (file {log} line 2) -> 7-2"]


def test_one_shoe_files_of_one_name_stay_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for folder, text in (("a", "B B P\n"), ("b", "T P\n")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "shoe.txt").write_text(text)
    out = tmp_path / "all.csv"
    status, _, _ = run(
        capsys,
        "convert",
        str(tmp_path / "a" / "shoe.txt"),
        str(tmp_path / "b" / "shoe.txt"),
        "--to",
        "csv",
        "-o",
        str(out),
    )
    assert status == 0
    assert [(s.id, len(s.outcomes)) for s in iter_shoes(str(out))] == [("shoe", 3), ("shoe-2", 2)]
