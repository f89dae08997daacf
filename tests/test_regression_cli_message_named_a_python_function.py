"""Regression: `roads check|show|explain|lesson archive.jsonl` said "read multi-shoe logs with iter_shoes".

A CLI message named a Python function, and no command could pick one shoe.
Now every command reads archives, the one-shoe commands name --shoe, and a
shoe line among coup lines says what is wrong in words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.cli import main

ARCHIVE = '{"shoe": 1, "results": "BPPB"}\n{"shoe": 2, "results": "PPBT"}\n'


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "{log}"],
        ["show", "{log}"],
        ["explain", "{log}"],
        ["lesson", "{log}", "-o", "{tmp}/x.html"],
        ["odds", "--after", "{log}"],
        ["render", "{log}", "-o", "{tmp}/x.svg"],
        ["build", "{mixed}"],
    ],
)
def test_regression_no_message_names_a_python_function(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, mixed = tmp_path / "a.jsonl", tmp_path / "m.jsonl"
    log.write_text(ARCHIVE)
    mixed.write_text('{"winner": "banker"}\n' + ARCHIVE)
    main([a.format(log=log, mixed=mixed, tmp=tmp_path) for a in argv])
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "iter_shoes" not in text and "iter_entries" not in text and "Traceback" not in text
    assert "--shoe" in text or "a shoe line" in text or "results only: no cards" in text
