"""The report's shuffle-integrity section: the findings of ``roads stats --integrity``, from the report's one pass."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run

from roads.pages.safe import esc


def _section(tmp_path: Path, capsys: pytest.CaptureFixture[str], log: Path, *options: str) -> str:
    out = tmp_path / "report.html"
    status, _, err = run(capsys, "report", str(log), "-o", str(out), *options)
    assert status == 0, err
    found = re.findall(r'<section id="integrity">.*?</section>', out.read_text(encoding="utf-8"), re.S)
    assert len(found) <= 1
    return found[0] if found else ""


def test_a_repeated_shoe_is_named_as_roads_stats_integrity_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dealt = tmp_path / "dealt.jsonl"
    assert run(capsys, "deal", "--shoes", "3", "--seed", "1", "-o", str(dealt))[0] == 0
    lines = dealt.read_text(encoding="utf-8").splitlines(keepends=True)
    again = json.loads(lines[0])
    again["shoe"] = 9
    archive = tmp_path / "repeated.jsonl"
    archive.write_text("".join(lines) + json.dumps(again) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "stats", str(archive), "--integrity", "--json")
    assert status == 0, err
    found = json.loads(out)
    assert [f["kind"] for f in found["findings"]] == ["repeat"]
    section = _section(tmp_path, capsys, archive, "--integrity")
    assert f"The cards of the {found['shoes']} shoes" in section and f"({found['cards']:,} cards" in section
    assert "<strong>1 finding:</strong> 1 repeated." in section
    assert f'<li data-kind="repeat">{esc(found["findings"][0]["text"])}</li>' in section


def test_a_fair_card_archive_finds_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "fair.jsonl"
    assert run(capsys, "deal", "--shoes", "3", "--seed", "4", "-o", str(archive))[0] == 0
    assert "<strong>Nothing found:</strong>" in _section(tmp_path, capsys, archive, "--integrity")


def test_the_section_is_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --integrity the report keeps no shoe's cards (about 160 KB a shoe) and has no section."""
    archive = tmp_path / "fair.jsonl"
    assert run(capsys, "deal", "--shoes", "2", "--seed", "4", "-o", str(archive))[0] == 0
    assert _section(tmp_path, capsys, archive) == ""


def test_a_results_log_has_no_integrity_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "results.txt"
    log.write_text("B P P T B P B B P\n", encoding="utf-8")
    assert _section(tmp_path, capsys, log, "--integrity") == ""
