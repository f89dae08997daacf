"""roads report wrote no page at all when one shoe of an archive was bad: one bad shoe cost all the good ones.

Now the page holds the other shoes, says at its top how many were left out and
why (each error line as said on standard error), and the command still exits 1
with the summary line, as ``roads stats`` does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.shoe import deal_shoe


def archive(tmp_path: Path, bad: int) -> Path:
    """Twelve dealt shoes on two tables, ``bad`` of them broken (a Q among the results)."""
    lines = []
    for seed in range(12):
        line = json.loads(write_shoe_line(seed, deal_shoe(8, seed=seed).coups, results=False))
        line["table"] = f"T{seed % 2 + 1}"
        lines.append(json.dumps(line) + "\n")
    for n in range(bad):
        lines.insert(3 + n, json.dumps({"shoe": f"broken-{n}", "table": "T1", "results": "B P Q"}) + "\n")
    path = tmp_path / "month.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("by", [None, "table"])
def test_a_bad_shoe_leaves_out_only_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str], by: str | None) -> None:
    log = archive(tmp_path, bad=1)
    out = tmp_path / "report.html"
    grouping = ["--by", by] if by else []
    code = main(["report", str(log), "-o", str(out), *grouping])
    err = capsys.readouterr().err
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("roads: error: ")]
    assert len(errors) == 1 and "broken-0" in errors[0]  # said once, also when --by reads the log again
    assert "12 of 13 shoes counted (1 failed: see above)" in err
    page = out.read_text(encoding="utf-8")
    assert '<section id="left-out">' in page and "1 shoe could not be read and is left out" in page
    assert "broken-0" in page
    # It heads the page, above the flags, which keep their own place before the plots.
    assert page.index('id="left-out"') < page.index('id="flags"') < page.index('class="plots"')
    # The figures are those of the twelve good shoes: the same as roads stats of the good shoes alone.
    good = tmp_path / "good.jsonl"
    good.write_text("".join(line for line in log.read_text().splitlines(True) if "broken" not in line))
    assert main(["stats", str(good), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert f"Archive report: 12 shoes, {stats['total']['coups']:,} coups" in page


def test_a_clean_archive_has_no_left_out_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(archive(tmp_path, bad=0)), "-o", str(out)]) == 0
    assert "left-out" not in out.read_text(encoding="utf-8")


def test_many_bad_shoes_are_all_counted_and_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(archive(tmp_path, bad=3)), "-o", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert "3 shoes could not be read and are left out" in page
    assert all(f"broken-{n}" in page for n in range(3))
