"""``roads show``: every road of a shoe as a grid in the terminal."""

from __future__ import annotations

import click

from ..board.names import ROAD_NAMES, Road
from ..terminal import ColorMode, show
from .app import cli
from .boards import shoe_board
from .build import color_option, echo, wants_color
from .flags import Whole, checked, log_inputs
from .inputs import Inputs


@cli.command("show")
@log_inputs(coups=True, game=True)
@color_option
@click.option(
    "--road",
    metavar="ROAD",
    multiple=True,
    callback=checked(Road.parse),
    help=f"Only this road (repeatable): {', '.join(road.cli for road in Road)}.",
)
@click.option(
    "--last",
    type=Whole(min=1),
    metavar="N",
    help="Only the last N drawn columns of each road, as a scoreboard that scrolls.",
)
def show_command(inputs: Inputs, color_mode: ColorMode, road: tuple[str, ...], last: int | None) -> None:
    """Draw the roads of a shoe LOG as 6-row grids: Bead Plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig.

    Without colour: B Banker, P Player, T Tie; after a Big Road bead, / is one
    tie and 2-9 that many; derived marks are = (red) and ≠ (blue). With colour
    the letters are painted and the derived roads take their symbols: ○ Big
    Eye Boy, ● Small Road, ╱ Cockroach Pig. The numbers under a grid count its
    drawn columns (after dragon tails).

    \b
    Examples:
      roads show shoe.txt
      roads show shoe.txt --road big-road --road big-eye-boy
      roads show shoe.txt --last 20 --color always | less -R
      NO_COLOR=1 roads show shoe.txt
      roads show shoes.jsonl --shoe 3 --coups 41-
      roads show dt.txt --game dragon-tiger    D Dragon, T Tiger, / Tie
    """
    names = tuple(Road.parse(r) for r in road) or ROAD_NAMES
    with inputs.one("show") as shoe:
        board = shoe_board(shoe, inputs)
    color = wants_color(color_mode)
    echo(show(board, color=color, last=last, roads=names), color)
