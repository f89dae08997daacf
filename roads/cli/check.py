"""``roads check``: audit a log's cards against the drawing rules, coup by coup, and the shoe as a whole."""

from __future__ import annotations

import click

from ..audit import AuditReport, audit_log, audit_records
from ..logs.archive import Shoe
from .app import cli
from .flags import json_option, log_inputs
from .inputs import Inputs
from .output.jsontext import json_line, json_text


@cli.command("check", short_help="Audit a log's cards against the drawing rules, coup by coup.")
@log_inputs(verb="checked")
@json_option("Print the report as JSON (one object a line for many shoes).")
@click.option(
    "--decks",
    type=click.IntRange(min=0, max=1000),
    default=8,
    show_default=True,
    metavar="N",
    help="Decks the shoe held: report the first coup that deals a rank more often than they hold (0: skip).",
)
def check_command(inputs: Inputs, as_json: bool, decks: int) -> None:
    """Check every coup of each LOG against the drawing rules and report each one that breaks a rule.

    LOG is a file, or - for standard input; an archive (JSON Lines of shoes, a
    spreadsheet with a shoe column) is checked shoe by shoe. A coup the rules
    forbid (Banker drew where it must stand, a required third card missing, 3
    or 7 cards on a line, a stated winner the cards contradict) is reported
    with the rule it broke, never corrected. With --decks (8 unless told) the
    shoe is audited as a whole too: the first coup at which a rank has been
    dealt more often than the decks hold, and a dealt log's burn and cut-card
    header lines. Exit status: 0 when every coup is legal, 1 when any coup or
    shoe breaks a rule, when a log ends in the middle of a coup, or when a
    log or shoe cannot be read (the others are still checked).

    \b
    Examples:
      roads check shoe.txt               one line per broken coup, then a summary
      roads check shoe.json --json       the same as JSON
      roads deal --seed 7 | roads check -
      roads check cards.txt --from stream
      roads check logs/*.txt shoes.jsonl  every shoe of every file
      roads check nines.txt --decks 1    a one-deck shoe holds four of each rank
    """
    broken = 0
    reports = 0
    many = len(inputs.logs) > 1

    def audit(shoe: Shoe) -> None:
        nonlocal broken, reports, many
        many = many or shoe.archive
        if shoe.source is not None:
            report = audit_log(shoe.source, shoe.format, decks=decks, header=shoe.head(), name=shoe.file)
        else:
            report = audit_records(shoe.iter_records(), shoe.label(), shoe.format, decks=decks)
        reports += 1
        show(report, as_json, many)
        if not report.clean or report.warnings:
            broken += 1

    inputs.each(audit, summary=False)
    inputs.finish()
    if broken:
        raise click.exceptions.Exit(1)


def show(report: AuditReport, as_json: bool, many: bool) -> None:
    """Print one report: text lines, or JSON (indented for one log, one object a line for many shoes)."""
    if as_json:
        data = report.to_dict()
        click.echo(json_line(data) if many else json_text(data))
        return
    for warning in report.warnings:
        click.echo(f"roads: warning: {warning}", err=True)
    for line in report.lines():
        click.echo(line)
