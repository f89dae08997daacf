"""``roads build``: a log's scoreboard as a summary or as JSON; also how every road command reads its LOG."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..board import Scoreboard
from ..board.text import ColorMode, summary, use_color
from ..logs import FORMATS, iter_entries
from .app import cli

F = TypeVar("F", bound=Callable[..., Any])

FORMAT_NAMES = ("auto", *FORMATS)
"""``--format`` values: auto-detect, or one of the log formats in docs/logs.md."""


def log_argument(command: F) -> F:
    """Add the LOG argument and the --format option shared by build, explain and show."""
    command = click.option(
        "--format", "fmt", type=click.Choice(FORMAT_NAMES), default="auto", show_default=True,
        help="Log format; auto tells results, cards, raw streams, JSON and JSON Lines apart.")(command)
    return click.argument("log", metavar="LOG")(command)


def color_option(command: F) -> F:
    """Add --color always|never|auto."""
    return click.option(
        "--color", "color_mode", type=click.Choice(["auto", "always", "never"]), default="auto",
        show_default=True,
        help="ANSI colour: auto colours a terminal unless NO_COLOR is set.")(command)


def load_board(log: str, fmt: str) -> Scoreboard:
    """Return the scoreboard of LOG (a path or ``-`` for stdin); card logs are resolved by the engine."""
    board = Scoreboard()
    add = board.add
    for entry in iter_entries(log, None if fmt == "auto" else fmt):
        add(entry.outcome)
    return board


def echo(text: str, color: bool = False) -> None:
    """Print ``text`` as is: with ``color`` the ANSI codes are kept even where click would strip them."""
    click.echo(text, nl=False, color=True if color else None)


def wants_color(mode: ColorMode) -> bool:
    """Return True when standard output should be coloured under ``mode``."""
    return use_color(mode, sys.stdout)


@cli.command("build")
@log_argument
@click.option("--json", "as_json", is_flag=True, help="Print the whole board as JSON (docs/roads.md).")
@color_option
def build_command(log: str, fmt: str, as_json: bool, color_mode: ColorMode) -> None:
    """Build every road of a shoe LOG and print a summary, or the whole board as JSON.

    LOG is a file in any log format (results letters, cards, raw card stream,
    JSON, JSON Lines), or - to read standard input. Card logs are dealt through
    the drawing rules, so pairs, naturals and totals come along.

    The summary gives the statistics panel, the Big Road as letters (one word
    per column) and each derived road as = (red: the pattern repeats) and
    ≠ (blue: it breaks), then the Banker and Player asks.

    \b
    Examples:
      roads build shoe.txt                 summary of a results or card log
      echo "B P P B B B P T P" | roads build -
      roads build shoe.jsonl --json > board.json
      roads build shoe.txt --format cards  force the format
    """
    board = load_board(log, fmt)
    if as_json:
        from ..board.jsonview import board_json

        click.echo(board_json(board))
        return
    color = wants_color(color_mode)
    echo(summary(board, color=color), color)
