"""``stats --by date`` and ``--drift`` took ``9999-99-99`` and ``2024-02-30`` for dates, and sorted dates as text.

A shoe's date (jsonl ``date``, a date column, a ``# date:`` header) is now a
real ISO 8601 date (a time may follow) or an error naming the file, line and
shoe; in an archive the bad shoe alone is left out. Drift orders by the date.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run


@pytest.mark.parametrize("date", ["9999-99-99", "2024-02-30", "2024-03-01T25:00", "March 1", "2024-3-1"])
def test_a_date_that_is_not_a_date_costs_its_shoe(
    date: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "month.jsonl"
    lines = [{"shoe": "a", "date": "2024-03-01", "results": "BBP"}, {"shoe": "b", "date": date, "results": "PPB"}]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    status, out, err = run(capsys, "stats", str(log), "--by", "date", "--json")
    assert status == 1
    assert [g["key"] for g in json.loads(out)["groups"]] == ["2024-03-01"]
    assert f"{log}, shoe 'b', line 2: date '{date}' is not" in err, err


def test_a_bad_date_header_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("# format: results\n# date: 2024-02-30\nB P B\n")
    status, _, err = run(capsys, "stats", str(log), "--by", "date")
    assert status == 1 and f"{log}, line 2" in err and "2024-02-30" in err, err


def test_drift_leaves_out_a_shoe_of_no_real_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "month.jsonl"
    dates = ["2024-03-10", "2024-02-30", "2024-03-09 23:00", "2024-03-09T08:00"]
    log.write_text("".join(json.dumps({"shoe": n, "date": d, "results": "BPB"}) + "\n" for n, d in enumerate(dates)))
    status, out, err = run(capsys, "stats", str(log), "--drift", "--json")
    assert status == 1 and "shoe 1, line 2: date '2024-02-30' is not a real date" in err, err
    assert [row["shoe"] for row in json.loads(out)["drift"]["rows"]] == [f"{log}, shoe {n}" for n in (3, 2, 0)]


def test_by_date_groups_come_in_calendar_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "month.jsonl"
    dates = ["2024-10-02", "2024-09-30T23:59", "2024-10-01 08:00", "2023-12-31"]
    log.write_text("".join(json.dumps({"shoe": n, "date": d, "results": "BPB"}) + "\n" for n, d in enumerate(dates)))
    status, out, _ = run(capsys, "stats", str(log), "--by", "date", "--json")
    assert status == 0
    assert [g["key"] for g in json.loads(out)["groups"]] == ["2023-12-31", "2024-09-30", "2024-10-01", "2024-10-02"]
