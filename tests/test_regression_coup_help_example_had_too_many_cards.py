"""Regression: ``roads coup --help`` showed ``roads coup 2 3 4 K 3 4 --rules ez``, which fails: too many cards.

Player 2 4 stands on 6, Banker 3 K draws one card: the fourth card was one
too many. Every help example now runs in tests/test_cli_docs.py; this pins
the one that broke, quickly.
"""

from __future__ import annotations

import pytest
from helpers import run

from roads.cli.app import all_commands


def test_regression_coup_help_example_had_too_many_cards(capsys: pytest.CaptureFixture[str]) -> None:
    example = next(line for line in (all_commands()["coup"].help or "").splitlines() if "--rules ez" in line)
    argv = example.strip().split("  ")[0].split()[1:]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert "Dragon 7 pays 40 to 1" in out
