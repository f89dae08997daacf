"""``roads convert`` dropped a shoe's burned cards, decks, seed, cut, table and date (issue 29, item 1).

The exposure scan of a converted dealt archive found 59 positive coups instead
of 61 (the burned cards were gone), and ``stats --by table`` failed on it (no
table). Every shoe field now goes into every format: jsonl keys, csv columns,
``# key: value`` headers (json: keys beside "coups").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.logs.archive import open_archive

LINE = (
    '{"shoe": 1, "table": "T7", "date": "2024-03-01", "decks": 8, "seed": 5, "cut": 16, "burned": ["9H", "3S"], '
    '"coups": [{"cards": ["3", "6", "K", "K", "6", "2"]}, {"cards": ["9H", "2S", "KD", "3C"]}]}\n'
)
FIELDS = {"table": "T7", "date": "2024-03-01", "decks": 8, "seed": 5, "cut": 16, "burned": ["9H", "3S"]}


@pytest.mark.parametrize(
    ("target", "one"),
    [("csv", False), ("jsonl", False), ("json", True), ("cards", True), ("stream", True), ("results", True)],
)
def test_every_field_is_kept(target: str, one: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "dealt.jsonl"
    log.write_text(LINE + LINE.replace('"shoe": 1', '"shoe": 2'))
    out = tmp_path / f"out.{target}"
    status, _, err = run(capsys, "convert", str(log), "--to", target, "-o", str(out), *(["--shoe", "1"] if one else []))
    assert status == 0, err
    with open_archive(str(out)) as shoes:
        assert [shoe.fields() for shoe in shoes] == [FIELDS] * (1 if one else 2)


def test_stats_by_table_reads_a_converted_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "dealt.jsonl"
    log.write_text(LINE)
    out = tmp_path / "out.csv"
    assert run(capsys, "convert", str(log), "--to", "csv", "-o", str(out))[0] == 0
    status, text, err = run(capsys, "stats", str(out), "--by", "table")
    assert status == 0 and "T7" in text, err
