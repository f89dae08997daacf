"""``roads drill``: third-card situations to practise on, with answers and the rule behind each."""

from __future__ import annotations

import click

from ..files import atomic_write
from .app import cli, wrote
from .options import choice, count_option, seed_option


def _check_count(count: int) -> None:
    from ..lesson.drill import check_count  # the drill module is only needed when it runs

    check_count(count)


@cli.command("drill")
@count_option(10, _check_count, "How many situations (1-1000).")
@seed_option()
@click.option(
    "--format",
    "output_format",
    type=choice(["text", "json", "html"]),
    default="text",
    show_default=True,
    help="text (questions, then answers), json, or html (a self-checking quiz page).",
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of printing (html always needs it).")
@click.option("--title", help="With --format html: the page title.")
def drill_command(
    count: int, seed: int | str | None, output_format: str, output: str | None, title: str | None
) -> None:
    """Practise the drawing rules: given both two-card totals and Player's third card, who draws?

    Each situation gives Player's and Banker's two-card totals and the card
    Player would take. The answer says whether Player draws and whether Banker
    draws, with the rule: the natural check, Player's 0-5 rule, and Banker's
    tableau (or 0-5 when Player stood).

    \b
    Examples:
      roads drill                                  10 situations, answers at the end
      roads drill --count 20 --seed 7 --format json
      roads drill --count 30 --seed 7 --format html -o quiz.html
    """
    from ..lesson.drill import drill, drill_html, drill_json, drill_text
    from ..shoe import random_seed

    if output_format == "html" and output is None:
        raise click.UsageError("--format html writes a page: give -o FILE.html")
    chosen: int | str = seed if seed is not None else random_seed()
    situations = drill(count, chosen)
    if output_format == "html":
        text = drill_html(situations, chosen, title)
    elif output_format == "json":
        text = drill_json(situations, chosen)
    else:
        text = drill_text(situations, chosen)
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    wrote(output)
