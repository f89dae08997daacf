"""``roads stats --csv`` left a lone carriage return in a table name bare: its own CSV could not be read back.

``csv.writer`` with a ``\\n`` line ending quotes fields with commas, quotes and
newlines but not a lone ``\\r``; ``csv.reader`` then refuses the file. The
stats CSV, the report's downloads and the CSV tables all write fields through
``roads.logs.csvcell`` now, which quotes it.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from roads.cli import main
from roads.logs.csvcell import cell, line


def test_stats_csv_reads_back_with_a_carriage_return_in_a_table_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "odd.jsonl"
    shoes = [
        {"shoe": "1", "table": "a\rb", "results": "B P B T P P B"},
        {"shoe": "2", "table": 'c,"d"', "results": "P P B"},
    ]
    log.write_text("".join(json.dumps(s) + "\n" for s in shoes), encoding="utf-8")
    assert main(["stats", str(log), "--by", "table", "--csv"]) == 0
    text = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert {row[0] for row in rows[1:]} == {"a\rb", 'c,"d"', "total"}
    assert all(len(row) == len(rows[0]) for row in rows)


@pytest.mark.parametrize(
    "values",
    [["plain", 1, 2.5, True, None, ""], ["a,b", 'q"uote', "line\nbreak", "crlf\r\n"], [0.1 + 0.2, False, -3]],
)
def test_a_line_is_what_csv_writer_writes(values: list[object]) -> None:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(values)
    assert line(values) == buf.getvalue()


def test_a_lone_carriage_return_is_quoted() -> None:
    assert cell("a\rb") == '"a\rb"'
    assert next(csv.reader(io.StringIO(line(["a\rb", "x"]), newline=""))) == ["a\rb", "x"]
