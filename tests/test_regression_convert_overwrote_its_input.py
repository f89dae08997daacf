"""``roads convert -o`` onto one of its own inputs is refused before anything is read (issue 24, item 1).

On 6f90dd1 ``roads convert m.jsonl --to jsonl -o m.jsonl`` on a 5-shoe archive
with two bad shoes left 3 lines (the bad shoes gone for good), through a
symbolic link too, and ``convert shoe.txt --to results -o shoe.txt`` replaced
a card log with its results.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import refused_as_input

from roads.cli import main

ARCHIVE = (
    '{"shoe": 1, "results": "BPB"}\n{"shoe": 2, "results": "BXQ"}\n{"shoe": 3, "results": "PPT"}\n'
    '{"shoe": 4, "results": "ZZ"}\n{"shoe": 5, "results": "BB"}\n'
)
CARDS = "3 6 K K 6 2\n7 2 Q 5\n"


def test_convert_an_archive_onto_itself_keeps_every_shoe(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    log.write_text(ARCHIVE)
    refused_as_input(capsys, "convert", str(log), "--to", "jsonl", "-o", str(log))
    assert log.read_text() == ARCHIVE


def test_convert_onto_a_link_to_its_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    log.write_text(ARCHIVE)
    (tmp_path / "out.jsonl").symlink_to(log)
    refused_as_input(capsys, "convert", str(log), "--to", "csv", "-o", str(tmp_path / "out.jsonl"))
    assert log.read_text() == ARCHIVE


def test_convert_a_card_log_onto_itself_keeps_the_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(CARDS)
    refused_as_input(capsys, "convert", str(log), "--to", "results", "-o", str(log))
    assert log.read_text() == CARDS


def test_convert_onto_the_second_of_several_inputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(CARDS)
    second.write_text("BPPB\n")
    refused_as_input(capsys, "convert", str(first), str(second), "--to", "jsonl", "-o", str(second))
    assert second.read_text() == "BPPB\n"


def test_convert_to_another_file_still_writes_the_good_shoes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log, out = tmp_path / "m.jsonl", tmp_path / "out.jsonl"
    log.write_text(ARCHIVE)
    assert main(["convert", str(log), "--to", "jsonl", "-o", str(out)]) == 1
    assert "3 of 5 shoes written" in capsys.readouterr().err
    assert [line.split(",")[0] for line in out.read_text().splitlines()] == ['{"shoe": 1', '{"shoe": 3', '{"shoe": 5']
    assert not list(tmp_path.glob("*.part"))
