"""``roads tableau``: the Banker drawing chart as an SVG or PNG figure."""

from __future__ import annotations

import click

from .app import cli, wrote
from .flags import check_picture, checked, render_option


def _check_cell(text: str) -> None:
    from ..lesson.tableau import parse_cell  # the chart is only needed when it is drawn

    parse_cell(text)


@cli.command("tableau")
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="OUT",
    callback=checked(check_picture),
    help="The picture to write: OUT.svg or OUT.png.",
)
@click.option(
    "--highlight",
    metavar="BANKER:THIRD",
    callback=checked(_check_cell),
    help="Highlight one cell: 3:8 (Banker 3, Player's third card 8) or 5:stood (Player stood).",
)
@render_option("theme")
@click.option("--title", help="A title over the chart instead of the default one.")
@render_option("scale")
def tableau_command(output: str, highlight: str | None, theme: str, title: str | None, scale: float) -> None:
    """Draw the chart of when Banker takes a third card: Banker totals 0-7 down, what Player did across.

    The first column is for a Player who stood (Banker draws on 0-5); the
    others are the value of Player's third card. Draw cells are filled and
    marked D, stand cells are pale and marked S, so the chart reads in grey
    print too.

    \b
    Examples:
      roads tableau -o tableau.svg
      roads tableau -o tableau.png --scale 2 --highlight 3:8
      roads tableau -o stood.svg --highlight 5:stood --theme print
    """
    from ..lesson.tableau import parse_cell, tableau_scene
    from ..render import format_of, save_scene
    from ..scene import render_options

    render_options(theme=theme, scale=scale)  # the same checks and messages as roads render
    kind = format_of(output)
    cell = parse_cell(highlight) if highlight is not None else None
    save_scene(tableau_scene(highlight=cell, theme=theme, title=title), output, kind, scale=scale)
    wrote(output)
