"""Regression: two user errors were bare RoadsError, not one of the documented classes.

`roads coup X` raised RoadsError("card 1: ...") and Scoreboard.add("X") (via
Winner.from_letter) RoadsError("'X' is not a result"). Every user error is a
documented subclass (docs/reliability.md), so a caller can tell a bad card
from a bad log.
"""

from __future__ import annotations

import ast

import pytest
from helpers import ROADS, roads_sources, roads_tree

from roads import Scoreboard
from roads.cli.app import cli
from roads.errors import CardError, LogError, RoadsError


def test_regression_coup_card_error_was_a_bare_roads_error() -> None:
    with pytest.raises(CardError, match="card 2: 'X' is not a card"):
        cli.main(["coup", "3", "X", "K", "K"], standalone_mode=False)


def test_regression_unknown_letter_was_a_bare_roads_error() -> None:
    with pytest.raises(LogError, match="'X' is not a result"):
        Scoreboard().add("X")


def test_no_code_raises_the_base_class() -> None:
    """Checked in the source: `raise RoadsError(` appears nowhere but in errors.py."""
    offenders = []
    for path in roads_sources():
        for node in ast.walk(roads_tree(path)):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                if isinstance(func, ast.Name) and func.id == RoadsError.__name__:
                    offenders.append(f"{path.relative_to(ROADS.parent)}:{node.lineno}")
    assert offenders == []
