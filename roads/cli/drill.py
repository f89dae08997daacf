"""``roads drill``: third-card situations to practise on, with answers and the rule behind each."""

from __future__ import annotations

import click

from ..files import atomic_write
from .app import cli, wrote
from .flags import choice, count_option, json_option, seed_option, warn_renamed, written_format


def _check_count(count: int) -> None:
    from ..lesson.drill import check_count  # the drill module is only needed when it runs

    check_count(count)


DRILL_SUFFIXES = {".html": "html", ".htm": "html", ".json": "json", ".txt": "text"}
"""The drill each ``-o`` extension writes: the page, JSON or text; any other name gets text."""


@cli.command("drill")
@count_option(10, _check_count, "How many situations (1-1000).")
@seed_option()
@json_option("Print the situations and answers as JSON (the same as -o FILE.json).")
@click.option(
    "--format",
    "output_format",
    type=choice(["text", "html", "json"]),
    metavar="[text|html]",
    show_default="-o's extension: .html, .json; else text",
    help="text (questions, then answers) or html (a self-checking quiz page); JSON is --json.",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write to FILE instead of printing: FILE.html a self-checking quiz page, FILE.json JSON, else text.",
)
@click.option("--title", help="With -o FILE.html: the page title.")
def drill_command(
    count: int,
    seed: int | str | None,
    as_json: bool,
    output_format: str | None,
    output: str | None,
    title: str | None,
) -> None:
    """Practise the drawing rules: given both two-card totals and Player's third card, who draws?

    Each situation gives Player's and Banker's two-card totals and the card
    Player would take. The answer says whether Player draws and whether Banker
    draws, with the rule: the natural check, Player's 0-5 rule, and Banker's
    tableau (or 0-5 when Player stood). What is written follows -o's
    extension: .html a quiz page that checks each answer, .json JSON, any
    other name text (questions, then answers); without -o, --json prints
    JSON.

    \b
    Examples:
      roads drill                                  10 situations, answers at the end
      roads drill --count 20 --seed 7 --json
      roads drill --count 30 --seed 7 -o quiz.html
    """
    from ..lesson.drill import drill, drill_html, drill_json, drill_text
    from ..shoe import random_seed

    if output_format == "json":  # JSON is --json in every command; the old spelling still works this release
        warn_renamed("--format json", "--json")
    if as_json and output_format not in (None, "json"):
        raise click.UsageError(f"--json and --format {output_format} ask for two formats: give one")
    asked = "json" if as_json else output_format
    fmt = written_format(output, DRILL_SUFFIXES, asked, "--json" if as_json else f"--format {asked}") or "text"
    if fmt == "html" and output is None:
        raise click.UsageError("an HTML drill is a page: give -o FILE.html")
    chosen: int | str = seed if seed is not None else random_seed()
    situations = drill(count, chosen)
    if fmt == "html":
        text = drill_html(situations, chosen, title)
    elif fmt == "json":
        text = drill_json(situations, chosen)
    else:
        text = drill_text(situations, chosen)
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    wrote(output)
