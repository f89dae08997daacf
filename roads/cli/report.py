"""``roads report``: the archive's statistics as one self-contained HTML page of tables and plots."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from ..analytics import Tally
from ..pool import worker_count
from .app import cli, wrote
from .flags import choice, decks_option, log_inputs, render_option
from .gather import GROUPINGS, collect_stats, scanned
from .inputs import Inputs
from .output.stats import CSV_COLUMNS, csv_report, group_csv
from .progress import Progress


@cli.command("report")
@log_inputs(verb="counted")
@click.option("-o", "--output", metavar="OUT", required=True, help="The page to write: OUT.html.")
@decks_option()
@click.option("--by", "by", type=choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
@render_option("theme", "Colours of the page and its plots", "classic also follows a reader who prefers dark")
def report_command(inputs: Inputs, output: str, decks: int, by: str | None, theme: str) -> None:
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
    the shoes' own p-values; for card logs, the side-bet exposure of Dragon 7
    and Panda 8 (roads exposure: the coups where the cards left favoured the
    player, and what one unit on each netted; read from each LOG a second
    time); the tables as CSV downloads. It needs no network and opens from
    disk. A bad shoe is named on one line and left out: the page holds the
    others and lists it (exit 1); with --fail-fast, or when no shoe can be
    read, no page is written.

    \b
    Examples:
      roads report shoes.jsonl -o report.html
      roads report logs/*.csv --by table --decks 6 -o tables.html
      roads report shoes.jsonl --theme dark -o dark.html
    """
    from ..analytics.gathered import LeftOut, Seen, ShoeSummary, Spool
    from ..analytics.verdicts import Across, group_document
    from ..files import TextOutput, refuse_inputs
    from ..logs.csvcell import line
    from ..pages.report.laws import sections
    from ..pages.report.page import exposure_section, write_report

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
        exposure = exposure_of(inputs, decks)
        with TextOutput(output) as page, Progress("written") as progress:
            progress.say(f"writing {output}")  # the plots and sections: the last seconds of a long run
            write_report(
                page.write,
                data,
                shoes,
                logs=inputs.logs,
                by=by,
                tests_csv=tests_csv,
                left_out=left_out,
                extra=[*sections(seen, data), *([] if exposure is None else [exposure_section(exposure)])],
                theme=theme,
            )
            page.commit()
    finally:
        shoes.close()
    wrote(output)
    inputs.finish()  # a bad shoe among good ones: the page of the others, its summary line and exit 1


REPORTED_BETS = ("dragon_7", "panda_8")
"""The side bets the report's exposure section follows (``roads exposure`` prices any)."""


def exposure_of(inputs: Inputs, decks: int) -> dict[str, Any] | None:
    """Return the exposure section's data for the shoes with cards, None when none has them (or the log is -).

    The logs are read again, silently: their errors were said once already,
    and a shoe of results only is simply not in the section.
    """
    if "-" in inputs.logs:
        return None  # standard input cannot be read a second time
    from ..analytics.exposure import Exposure, Summary
    from ..bets import rule_set

    logs = tuple(log for log in inputs.logs if _opens_with_cards(log, inputs))
    if not logs:
        return None
    again = dataclasses.replace(inputs, logs=logs, done=0, failed=0, errors=[], echo=False, fail_fast=False)
    scan = Exposure(rule_set("standard"), REPORTED_BETS, decks)
    summary = Summary()
    for found in scanned(again, scan, worker_count(None)[0]):
        summary.add(found)
    return summary.to_report(scan) if summary.shoes else None


def _opens_with_cards(log: str, inputs: Inputs) -> bool:
    """Return True when the first coup of ``log``'s first shoe has cards: a results archive is not read again."""
    from ..errors import RoadsError
    from ..logs.archive import open_archive

    try:
        with open_archive(log, inputs.fmt) as shoes:
            first = next(shoes, None)
            if first is None or first.error is not None:
                return first is not None  # a bad first shoe: the others may have cards
            record = next(first.iter_records(), None)
            return record is not None and record.has_cards
    except RoadsError:
        return False  # said once already, by the statistics' pass
