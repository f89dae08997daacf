"""``roads build``: a log's scoreboard as a summary or as JSON (how a road command reads a shoe: roads.cli.boards)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..enums import Game
from ..logs import ShoeLog
from ..logs.archive import Shoe
from ..scoreboard import Scoreboard
from ..terminal import ColorMode, summary, use_color
from .app import cli
from .boards import shoe_board
from .flags import choice, json_option, log_inputs
from .good_roads import board_and_coups, good_roads_option, patterns, priced_dicts
from .inputs import Inputs
from .output.build import shoe_line, shoes_total

F = TypeVar("F", bound=Callable[..., Any])


def color_option(command: F) -> F:
    """Add --color always|never|auto."""
    return click.option(
        "--color",
        "color_mode",
        type=choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        help="ANSI colour: auto colours a terminal unless NO_COLOR is set.",
    )(command)


def shoe_stats(shoe: ShoeLog, board: Scoreboard | None = None) -> dict[str, Any]:
    """Return one shoe's statistics panel as JSON-ready data: id, where it starts, stats, road sizes."""
    board = board if board is not None else Scoreboard.from_outcomes(shoe.outcomes)
    data: dict[str, Any] = {
        "shoe": shoe.id,
        "line": shoe.line,
        **board.stats.to_dict(),
        "leading_ties": board.leading_ties,
        "big_road_columns": len(board.big_road.depths),
    }
    for road in board.derived_roads():
        data[road.name] = {"red": road.red, "blue": len(road) - road.red}
    return data


def shoe_events(shoe: Shoe, inputs: Inputs) -> dict[str, int] | None:
    """Return the events the shoe's coups made (Super 6 wins, Dragon 7, ...); None for a shoe without cards."""
    from ..bets.events import count_events

    if shoe.results is not None:
        return None
    coups = [entry.coup for entry in shoe.entries()]
    if any(coup is None for coup in coups):
        return None
    return count_events(inputs.cut(coups))


def echo(text: str, color: bool = False) -> None:
    """Print ``text`` as is: with ``color`` the ANSI codes are kept even where click would strip them."""
    click.echo(text, nl=False, color=True if color else None)


def wants_color(mode: ColorMode) -> bool:
    """Return True when standard output should be coloured under ``mode``."""
    return use_color(mode, sys.stdout)


@cli.command("build")
@log_inputs(coups=True, verb="built", game=True)
@json_option("Print the whole board as JSON (docs/roads.md), streamed.")
@click.option(
    "--per-shoe",
    is_flag=True,
    help="One line of statistics per shoe of every LOG (archives of many shoes too), streamed "
    "(with --json: one JSON object a line).",
)
@color_option
@click.option(
    "--events",
    is_flag=True,
    help="Also count the events tables mark: Super 6 wins, Dragon 7, Panda 8, Lucky 6 (a card log).",
)
@good_roads_option("The good roads --json lists, priced (docs/good-roads.md); the built-in ones by default.")
def build_command(
    inputs: Inputs, as_json: bool, per_shoe: bool, color_mode: ColorMode, events: bool, good_roads: str | None
) -> None:
    """Build every road of a shoe LOG and print a summary, or the whole board as JSON.

    LOG is a file in any log format (results letters, cards, raw card stream,
    JSON, JSON Lines, a spreadsheet), or - to read standard input. Card logs
    are dealt through the drawing rules, so pairs, naturals and totals come
    along. Without --per-shoe the command reads one shoe: pick one of an
    archive with --shoe ID or --shoe N.

    The summary gives the statistics panel, the Big Road as letters (one word
    per column) and each derived road as = (red: the pattern repeats) and
    ≠ (blue: it breaks), then the Banker and Player asks.

    \b
    Examples:
      roads build shoe.txt                 summary of a results or card log
      echo "B P P B B B P T P" | roads build -
      roads build shoe.jsonl --json > board.json
      roads build shoe.txt --from cards    force the format
      roads build shoes.jsonl --per-shoe --json > stats.jsonl
      roads build logs/*.csv --per-shoe    every shoe of every file
      roads build shoes.jsonl --shoe 7 --coups 1-40
      roads build cards.txt --events      the summary, then Super 6, Dragon 7, Panda 8, Lucky 6 counts
      roads build dt.txt --game dragon-tiger   a Dragon Tiger log (D T Tie, 龙 虎 和, or two cards a line)

    With --per-shoe each shoe of every LOG (a multi-shoe JSON Lines log, a
    spreadsheet with a shoe column, or a one-shoe log) is built and reported
    as soon as it is read, so a file of any number of shoes streams in the
    memory of one shoe. A shoe that cannot be read is reported on one line and
    the others still come out; the exit status is then 1 (--fail-fast stops).
    """
    if events and inputs.game is Game.DRAGON_TIGER:
        raise click.UsageError(
            "--events counts baccarat's events (Super 6, Dragon 7, ...): not with --game dragon-tiger"
        )
    if per_shoe:
        from .output.jsontext import json_line  # deferred, as json is: the text summary, the usual output, needs none

        shoes = coups = 0

        def report(shoe: Shoe) -> None:
            nonlocal shoes, coups
            board = shoe_board(shoe, inputs)
            stats = shoe_stats(ShoeLog(shoe.id, (), None, shoe.line), board)
            if events:
                stats["events"] = shoe_events(shoe, inputs)
            if inputs.game is Game.DRAGON_TIGER:
                stats = {"game": inputs.game.value, **stats}
            click.echo(json_line(stats) if as_json else shoe_line(stats, inputs.game))
            shoes += 1
            coups += stats["coups"]

        inputs.each(report, summary=False)
        if not as_json:
            click.echo(shoes_total(shoes, coups))
        inputs.finish()
        return
    if events:
        _build_with_events(inputs, as_json, color_mode)
        return
    if as_json:
        from ..board.jsonview import write_board_json

        if inputs.game is Game.DRAGON_TIGER:
            # Good roads are baccarat's patterns and prices: a Dragon Tiger board lists none.
            with inputs.one("build") as shoe:
                write_board_json(shoe_board(shoe, inputs), sys.stdout)
            return
        chosen = patterns(good_roads)
        with inputs.one("build", ", or build them all with --per-shoe") as shoe:
            board, dealt = board_and_coups(shoe, inputs)
            found = priced_dicts(board, shoe, dealt, chosen)
        write_board_json(board, sys.stdout, found)
        return
    with inputs.one("build", ", or build them all with --per-shoe") as shoe:
        board = shoe_board(shoe, inputs)
    color = wants_color(color_mode)
    echo(summary(board, color=color), color)


def _build_with_events(inputs: Inputs, as_json: bool, color_mode: ColorMode) -> None:
    """Print the board of a card log as usual, then the events its coups made (in JSON under "events")."""
    from ..bets.events import count_events, events_line

    with inputs.one("build", ", or build them all with --per-shoe") as shoe:
        coups = inputs.cut(shoe.coups())
    board = Scoreboard.from_outcomes([c.outcome() for c in coups])
    counts = count_events(coups)
    if as_json:
        import json  # deferred: a text summary, the usual output, never needs it

        from ..board.jsonview import board_json
        from .output.jsontext import json_text

        data = json.loads(board_json(board))
        data["events"] = counts
        click.echo(json_text(data))
        return
    color = wants_color(color_mode)
    echo(summary(board, color=color), color)
    click.echo(f"Events: {events_line(counts)}")
