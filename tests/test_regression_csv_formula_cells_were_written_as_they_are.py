"""No CSV roads writes holds a cell a spreadsheet would run as a formula (issue 24, item 10).

Before, a table named ``+cmd|' /C calc'!A0`` (or a shoe id ``=1+1``) was written as it was by
``stats --csv --by table``, ``--csv-tables`` (coups.csv), ``convert --to csv`` and the report's CSV
downloads. Every writer now goes through ``roads.logs.csvcell.cell`` (a leading ``'``, OWASP),
and roads' own reader takes exactly that ``'`` off again.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers import run

from roads.logs.csvcell import FORMULA, cell, defused, restored

HOSTILE = ["+cmd|' /C calc'!A0", "=1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]


def archive(tmp_path: Path) -> Path:
    log = tmp_path / "shoes.jsonl"
    lines = [{"shoe": name, "table": name, "results": "BPBT"} for name in HOSTILE]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return log


def formula_cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text, newline="")) for c in row if c[:1] in FORMULA and c[:1] != "-"]


def test_every_written_text_cell_is_defused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path)
    texts = []
    for argv in (["stats", str(log), "--by", "table", "--csv"], ["convert", str(log), "--to", "csv"]):
        status, out, err = run(capsys, *argv)
        assert status == 0, err
        texts.append(out)
    tables = tmp_path / "tables"
    status, _, err = run(capsys, "stats", str(log), "--csv-tables", str(tables))
    assert status == 0, err
    texts += [(tables / "coups.csv").read_text(encoding="utf-8"), (tables / "marks.csv").read_text(encoding="utf-8")]
    page = tmp_path / "report.html"
    status, _, err = run(capsys, "report", str(log), "--by", "table", "-o", str(page))
    assert status == 0, err
    links = re.findall(r'href="data:text/csv;charset=utf-8,([^"]*)"', page.read_text(encoding="utf-8"))
    assert len(links) == 2
    for text in texts:
        cells = {c for row in csv.reader(io.StringIO(text, newline="")) for c in row}
        assert "'+cmd|' /C calc'!A0" in cells and "'=1+1" in cells
    for text in [*texts, *map(unquote, links)]:
        assert formula_cells(text) == []


def test_numbers_the_tool_computes_stay_numbers() -> None:
    assert cell(-0.5) == "-0.5" and cell(-3) == "-3"
    assert cell("-0.5") == "'-0.5"  # text is text: it may come from a log


@pytest.mark.parametrize("text", [*HOSTILE, "'=x", "''@y", "'plain", "plain", "", "'", "-"])
def test_defused_text_is_restored_exactly(text: str) -> None:
    assert restored(defused(text)) == text
    assert defused(text)[:1] not in FORMULA or text == ""


def test_convert_reads_its_defused_sheet_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path)
    _, sheet, _ = run(capsys, "convert", str(log), "--to", "csv")
    back = tmp_path / "back.csv"
    back.write_text(sheet, encoding="utf-8")
    status, out, err = run(capsys, "convert", str(back), "--to", "jsonl")
    assert status == 0, err
    assert [json.loads(line)["shoe"] for line in out.splitlines()] == HOSTILE
