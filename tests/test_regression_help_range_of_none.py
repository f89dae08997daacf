"""``roads render --help`` said ``[default: 1.0; x<=None]`` after --scale, --last and --width.

Every whole or decimal option is a range type (its text is bounded before
conversion); one without bounds was described by click as ``x<=None``. An
option with no range says nothing about one; one with bounds still says them.
"""

from __future__ import annotations

import click
import pytest

from roads.cli.app import CONTEXT, all_commands
from roads.cli.flags import Whole


@pytest.mark.parametrize("name", sorted(all_commands()))
def test_no_help_shows_a_range_of_none(name: str) -> None:
    command = all_commands()[name]
    text = command.get_help(click.Context(command, info_name=name, **CONTEXT))
    assert "None]" not in text
    assert "None;" not in text


def test_a_bounded_option_still_shows_its_range() -> None:
    option = click.Option(["--jobs"], type=Whole(min=1))
    record = option.get_help_record(click.Context(click.Command("x")))
    assert record is not None
    assert "x>=1" in record[1]
