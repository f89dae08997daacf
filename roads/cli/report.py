"""``roads report``: the archive's statistics as one self-contained HTML page of tables and plots."""

from __future__ import annotations

import dataclasses

import click

from ..analytics import Tally
from .app import cli, wrote
from .inputs import Inputs
from .options import choice, decks_option, log_inputs
from .stats import CSV_COLUMNS, GROUPINGS, collect_stats, csv_report, group_csv


@cli.command("report")
@log_inputs(verb="counted")
@click.option("-o", "--output", metavar="OUT", required=True, help="The page to write: OUT.html.")
@decks_option()
@click.option("--by", "by", type=choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
def report_command(inputs: Inputs, output: str, decks: int, by: str | None) -> None:
    """Write the statistics of every shoe of LOG... as one HTML page: tables, plots, flags.

    The page holds what `roads stats --json` gives (same --decks, same --by),
    drawn for reading: the totals and every test as a table with the flagged
    figures in plain words; each coup share's z against the exact odds, on one
    axis; the Big Road column depths (a log scale) and the derived roads' red
    shares against the simulated expectation; the runs test and lag-1; the
    spread of the Banker share shoe by shoe; with --by, the groups together
    (flagged against chance, homogeneity, a forest plot of their Banker
    shares); the drift of the Banker share over shoes with its CUSUM; ties,
    pairs and the longest column per shoe against dealt shoes; a P-P plot of
    the shoes' own p-values; the tables as CSV downloads. It needs no network and opens from
    disk. A bad shoe is named on one line and left out: the page holds the
    others and lists it (exit 1); with --fail-fast, or when no shoe can be
    read, no page is written.

    \b
    Examples:
      roads report shoes.jsonl -o report.html
      roads report logs/*.csv --by table --decks 6 -o tables.html
    """
    from ..analytics.report_laws import Seen, sections
    from ..analytics.report_page import LeftOut, ShoeSummary, Spool, write_report
    from ..analytics.verdicts import Across, group_document
    from ..files import TextOutput, refuse_inputs
    from ..logs.csvcell import line

    refuse_inputs([output], inputs.logs)  # before anything is read: a log is never replaced by its report
    again = by not in (None, "shoe")
    if again and "-" in inputs.logs:
        raise click.UsageError(f"--by {by} reads each LOG twice: give files, not - (standard input)")
    shoes = ShoeSummary()
    seen = Seen()
    across = Across()

    def each(tally: Tally) -> None:
        # One shoe at a time: the page keeps its spread counts and spools its CSV rows, never the shoe.
        document = group_document(tally, decks)
        shoes.add(document)
        seen.add(document, tally.date)
        if by == "shoe":
            across.add(document)
            shoes.group(document, group_csv(document))

    try:
        per_shoe = collect_stats(inputs, decks, "shoe", emit=each)
        tests_csv: str | Spool
        if again:
            # The same shoes again, grouped: their errors have been said once already.
            second = dataclasses.replace(inputs, done=0, failed=0, errors=[], echo=False)
            data = collect_stats(second, decks, by)
            tests_csv = csv_report(data)
        elif by == "shoe":
            # The shoes were not kept: what they say together was counted as they went.
            total = {**per_shoe["total"], "homogeneity": across.homogeneity()}
            data = {**per_shoe, "flagged_groups": across.flagged_groups(), "total": total}
            tests_csv = Spool(line(CSV_COLUMNS))
            for chunk in shoes.group_csv.chunks() if shoes.group_csv else ():
                tests_csv.write(chunk)
            tests_csv.write(group_csv(data["total"], total=True))
        else:
            data = {**per_shoe, "groups": []}
            tests_csv = csv_report(data)
        left_out = LeftOut(inputs.failed, tuple(inputs.errors))
        with TextOutput(output) as page:
            write_report(
                page.write,
                data,
                shoes,
                logs=inputs.logs,
                by=by,
                tests_csv=tests_csv,
                left_out=left_out,
                extra=sections(seen, data),
            )
            page.commit()
    finally:
        shoes.close()
    wrote(output)
    inputs.finish()  # a bad shoe among good ones: the page of the others, its summary line and exit 1
