"""Regression: three `roads deal --format jsonl` outputs run together were counted as one shoe of 244 coups.

No shoe holds that many cards; the reader now refuses such a log, naming the
line where the next shoe seems to begin, and points to `roads deal --shoes`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.errors import LogError
from roads.logs import read_coups


def _dealt(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, _ = run(capsys, "deal", *args)
    assert code == 0
    return out


def test_regression_concatenated_jsonl_shoes_are_refused_at_the_second_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    parts = [_dealt(capsys, "--seed", str(seed), "--format", "jsonl") for seed in (1, 2, 3)]
    log = tmp_path / "all.jsonl"
    log.write_text("".join(parts), encoding="utf-8")
    second = len(parts[0].splitlines()) + 1
    assert log.read_text().splitlines()[second - 1] == "# format: jsonl"
    code, out, err = run(capsys, "stats", str(log))
    assert code == 1 and out == "" and "Traceback" not in err
    assert f"{log}, line {second}: the header block ('# format: ...') comes again after coups" in err
    assert "roads deal --shoes N" in err
    for part in parts:  # each one alone reads as before
        (tmp_path / "one.jsonl").write_text(part, encoding="utf-8")
        assert len(read_coups(tmp_path / "one.jsonl")) == len(part.splitlines()) - 6


def test_regression_a_log_without_headers_is_refused_at_the_rank_too_many(tmp_path: Path) -> None:
    log = tmp_path / "nines.txt"
    log.write_text("# decks: 1\n" + "9 9 9 9\n" * 2, encoding="utf-8")
    with pytest.raises(LogError) as caught:
        read_coups(log)
    assert str(caught.value).startswith(f"{log}, line 3, coup 2: the 5th 9 dealt, but 1 deck holds 4: ")
    assert "roads deal --shoes N" in str(caught.value)
    log.write_text("9 9 9 9\n" * 2, encoding="utf-8")  # no '# decks:': only more than any shoe holds is refused
    assert len(read_coups(log)) == 2


def test_regression_a_lone_comment_after_coups_is_no_header(tmp_path: Path) -> None:
    log = tmp_path / "notes.txt"
    log.write_text("# format: cards\n# decks: 8\n9 9 9 9\n# shoe 14, table 3\n9 9 9 9\n", encoding="utf-8")
    assert len(read_coups(log)) == 2
