"""``roads check``: audit a log's cards against the drawing rules, coup by coup."""

from __future__ import annotations

import json

import click

from ..audit import audit_log
from ..logs import FORMATS
from .app import cli


@cli.command("check", short_help="Audit a log's cards against the drawing rules, coup by coup.")
@click.argument("log")
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(("auto", *FORMATS)),
    default="auto",
    show_default=True,
    help="Read LOG in this format instead of detecting it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(log: str, fmt: str, as_json: bool) -> None:
    """Check every coup of LOG against the drawing rules and report each one that breaks a rule.

    LOG is a file, or - for standard input. A coup the rules forbid (Banker drew
    where it must stand, a required third card missing, 3 or 7 cards on a line,
    a stated winner the cards contradict) is reported with the rule it broke,
    never corrected. Exit status: 0 when every coup is legal, 1 when any coup
    breaks a rule, when the log ends in the middle of a coup,
    or when LOG cannot be read.

    \b
    Examples:
      roads check shoe.txt               one line per broken coup, then a summary
      roads check shoe.json --json       the same as JSON
      roads deal --seed 7 | roads check -
      roads check cards.txt --format stream
    """
    report = audit_log(log, None if fmt == "auto" else fmt)
    if as_json:
        click.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        for warning in report.warnings:
            click.echo(f"roads: warning: {warning}", err=True)
        for line in report.lines():
            click.echo(line)
    if not report.clean or report.warnings:
        raise click.exceptions.Exit(1)
