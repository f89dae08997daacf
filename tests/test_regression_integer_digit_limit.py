"""A number past Python's 4,300-digit limit is one located error, from every reader and option (issue 11, defect 6).

On v0.1.0 a JSON integer of more than 4,300 digits (a coup field, a JSON
Lines line, a shoe id) and ``deal --seed``/``drill --seed`` of 5,000 digits
ended in ``ValueError: Exceeds the limit (4300 digits)``; a 2 M-digit number
in metadata was accepted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from roads.bounds import MAX_DIGITS
from roads.cli import main

LIMIT = sys.get_int_max_str_digits() or 4300
SIZES = [LIMIT, LIMIT + 1, 100_000]


def one_error(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Exceeds the limit" not in err
    return status, err


@pytest.mark.parametrize("digits", SIZES)
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("field.json", '[{{"winner": "banker", "player_total": {n}}}]'),
        ("float.json", '[{{"winner": "banker", "player_total": 1.{n}}}]'),
        ("metadata.json", '{{"seed": {n}, "coups": [{{"winner": "banker"}}]}}'),
        ("metadata-float.json", '{{"seed": 0.{n}, "coups": [{{"winner": "banker"}}]}}'),
        ("line.jsonl", '{{"winner": "banker", "cards": {n}}}\n'),
        ("shoe.jsonl", '{{"shoe": {n}, "results": "BP"}}\n'),
    ],
)
def test_a_huge_json_number_is_a_located_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, digits: int
) -> None:
    log = tmp_path / name
    log.write_text(text.format(n="9" * digits))
    for command in (["build", str(log)], ["check", str(log)], ["render", str(log), "-d", str(tmp_path / "out")]):
        status, err = one_error(capsys, *command)
        assert status == 1
        assert err.startswith(f"roads: error: {log}, line 1") and f"at most {MAX_DIGITS}" in err, err


@pytest.mark.parametrize("digits", SIZES)
@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "{n}"],
        ["drill", "--seed", "{n}"],
        ["drill", "--seed", "-{n}"],
        ["render", "{log}", "-o", "{out}/x.svg", "--highlight", "big-eye-boy:{n}"],
        ["lesson", "{log}", "-o", "{out}/x.html", "--marks", "1-{n}"],
        ["tableau", "-o", "{out}/t.svg", "--highlight", "{n}:8"],
        ["tableau", "-o", "{out}/t.svg", "--highlight", "3:{n}"],
        ["odds", "--decks", "{n}"],
        ["render", "{log}", "-o", "{out}/x.svg", "--last", "{n}"],
    ],
)
def test_a_huge_number_on_the_command_line_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], digits: int
) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("BPPBBPBPPPBB")
    status, err = one_error(capsys, *(a.format(n="9" * digits, log=log, out=tmp_path) for a in args))
    assert status == 2 and "Usage:" in err, err


def test_numbers_within_the_cap_still_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "ok.json"
    log.write_text(json.dumps({"seed": int("9" * MAX_DIGITS), "coups": [{"winner": "banker", "player_total": 3}]}))
    assert main(["build", str(log)]) == 0
    assert main(["deal", "--seed", "9" * MAX_DIGITS, "-o", str(tmp_path / "d.txt")]) == 0
