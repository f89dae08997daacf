"""``roads report``: the archive's statistics as one self-contained HTML page of tables and plots."""

from __future__ import annotations

import dataclasses

import click

from .app import cli, wrote
from .inputs import Inputs
from .options import choice, decks_option, log_inputs
from .stats import GROUPINGS, collect_stats, csv_report


@cli.command("report")
@log_inputs(verb="counted")
@click.option("-o", "--output", metavar="OUT", required=True, help="The page to write: OUT.html.")
@decks_option()
@click.option("--by", "by", type=choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
def report_command(inputs: Inputs, output: str, decks: int, by: str | None) -> None:
    """Write the statistics of every shoe of LOG... as one HTML page: tables, plots, flags.

    The page holds what `roads stats --json` gives (same --decks, same --by),
    drawn for reading: the totals and every test as a table with the flagged
    figures in plain words; each coup share with its 99% interval against the
    exact odds; the Big Road column depths and the derived roads' red shares
    against the simulated expectation; the spread of the Banker share shoe by
    shoe; the tables as CSV downloads. It needs no network and opens from
    disk. A bad shoe is named on one line and left out: the page holds the
    others and lists it (exit 1); with --fail-fast, or when no shoe can be
    read, no page is written.

    \b
    Examples:
      roads report shoes.jsonl -o report.html
      roads report logs/*.csv --by table --decks 6 -o tables.html
    """
    from ..analytics.report_page import LeftOut, report_html
    from ..files import atomic_write, refuse_inputs

    refuse_inputs([output], inputs.logs)  # before anything is read: a log is never replaced by its report
    again = by not in (None, "shoe")
    if again and "-" in inputs.logs:
        raise click.UsageError(f"--by {by} reads each LOG twice: give files, not - (standard input)")
    per_shoe = collect_stats(inputs, decks, "shoe")
    if again:
        # The same shoes again, grouped: their errors have been said once already.
        second = dataclasses.replace(inputs, done=0, failed=0, errors=[], echo=False)
        data = collect_stats(second, decks, by)
    else:
        data = per_shoe if by == "shoe" else {**per_shoe, "groups": []}
    left_out = LeftOut(inputs.failed, tuple(inputs.errors))
    page = report_html(data, per_shoe["groups"], logs=inputs.logs, by=by, tests_csv=csv_report(data), left_out=left_out)
    atomic_write(output, page)
    wrote(output)
    inputs.finish()  # a bad shoe among good ones: the page of the others, its summary line and exit 1
