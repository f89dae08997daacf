"""A headerless sheet of very wide rows is refused at its first row, in bounded memory (issue 24, item 12).

Before, 50 rows of 500,000 columns (50 MB) with ``--from csv`` took 617 MB and 135 s: the layout
sample took 50 whole rows, past its own 256 K-character cap, and split every cell of each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run
from peak_memory import run_peak

from roads.logs.csvlog import MAX_COLUMNS


def wide(path: Path, columns: int, rows: int = 50) -> Path:
    path.write_text((",".join(["1"] * columns) + "\n") * rows, encoding="utf-8")
    return path


def test_a_row_past_the_column_cap_is_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = wide(tmp_path / "wide.csv", MAX_COLUMNS + 1, rows=3)
    status, out, err = run(capsys, "build", str(log), "--from", "csv")
    assert (status, out) == (1, "")
    said = "a row of more than 1,000 columns: not a spreadsheet log (one row is one coup)"
    assert err == f"roads: error: {log}, line 1: {said}\n"


def test_many_result_columns_are_named_in_a_short_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "results.csv"
    log.write_text((",".join(["B"] * 900) + "\n") * 3, encoding="utf-8")
    status, _, err = run(capsys, "build", str(log), "--from", "csv")
    assert status == 1 and len(err) < 300 and "columns 1, 2, 3, 4, 5, ... all look like results" in err, err


@pytest.mark.slow
def test_wide_rows_cost_the_same_memory_at_two_sizes(tmp_path: Path) -> None:
    peaks = []
    for columns in (50_000, 500_000):
        log = wide(tmp_path / f"wide-{columns}.csv", columns)
        result = run_peak(["build", str(log), "--from", "csv"], timeout=120)
        assert result.status == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
        peaks.append(result.peak_mb)
    assert peaks[1] < peaks[0] + 30, peaks
