"""``roads report``: the archive's statistics as one self-contained HTML page of tables and plots."""

from __future__ import annotations

import collections
import contextlib
import functools
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from ..analytics import StatsError, Tally
from ..errors import RoadsError
from ..pool import run_tasks, worker_count
from .app import cli, wrote
from .flags import choice, decks_option, log_inputs, render_option
from .gather import GROUPINGS, archive_file
from .inputs import Inputs
from .output.stats import CSV_COLUMNS, csv_report, group_csv, stats_data
from .progress import Progress

if TYPE_CHECKING:
    from ..analytics.archive_pass import Reading, ShoeNumbers
    from ..analytics.gathered import Spool


@cli.command("report")
@log_inputs(verb="counted")
@click.option("-o", "--output", metavar="OUT", required=True, help="The page to write: OUT.html.")
@decks_option()
@click.option("--by", "by", type=choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
@render_option("theme", "Colours of the page and its plots", "classic also follows a reader who prefers dark")
@click.option(
    "--integrity",
    is_flag=True,
    help="Add the shuffle-integrity section (card logs): keeps every shoe's cards, about 160 KB a shoe.",
)
def report_command(inputs: Inputs, output: str, decks: int, by: str | None, theme: str, integrity: bool) -> None:
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
    player, and what one unit on each netted, from the cards a player could
    see), and with --integrity their shuffle integrity (roads stats
    --integrity: repeated shoes, slugs, new-deck order, card counts; it keeps
    every shoe's cards until the page is written); the tables as CSV
    downloads. Each LOG is read once. It needs no network and opens from
    disk. A bad shoe is named on one line and left out: the page holds the
    others and lists it (exit 1); with --fail-fast, or when no shoe can be
    read, no page is written.

    \b
    Examples:
      roads report shoes.jsonl -o report.html
      roads report logs/*.csv --by table --decks 6 -o tables.html
      roads report shoes.jsonl --theme dark -o dark.html
      roads report shoes.jsonl --integrity -o audit.html
    """
    from ..analytics.archive_pass import Reading
    from ..analytics.gathered import LeftOut
    from ..files import TextOutput, refuse_inputs
    from ..pages.report.laws import sections
    from ..pages.report.page import exposure_section, integrity_section, write_report

    refuse_inputs([output], inputs.logs)  # before anything is read: a log is never replaced by its report
    kept = Kept(by, decks, integrity)
    try:
        with Progress("read") as progress:
            for found in read_once(inputs, Reading(by, decks, kept.scan, integrity), progress):
                kept.add(found)
            if kept.total.counts.coups == 0:
                if inputs.failed == 1:
                    raise click.exceptions.Exit(1)  # its one error line already says why
                reason = f"{inputs.failed} failed: see above" if inputs.failed else "it holds no coups"
                raise StatsError(f"{', '.join(inputs.logs)}: no shoe could be read ({reason})")
            data, tests_csv = kept.document()
            left_out = LeftOut(inputs.failed, tuple(inputs.errors))
            exposure = kept.exposure.to_report(kept.scan) if kept.exposure.shoes else None
            checked = kept.integrity
            shuffle = checked.document() if checked is not None and checked.shoes else None
            with TextOutput(output) as page:
                progress.say(f"writing {output}")  # the plots and sections: the last seconds of a long run
                write_report(
                    page.write,
                    data,
                    kept.shoes,
                    logs=inputs.logs,
                    by=by,
                    tests_csv=tests_csv,
                    left_out=left_out,
                    extra=[
                        *sections(kept.seen, data),
                        *([] if exposure is None else [exposure_section(exposure)]),
                        *([] if shuffle is None else [integrity_section(shuffle)]),
                    ],
                    theme=theme,
                )
                page.commit()
    finally:
        kept.close()
    wrote(output)
    inputs.finish()  # a bad shoe among good ones: the page of the others, its summary line and exit 1


REPORTED_BETS = ("dragon_7", "panda_8")
"""The side bets the report's exposure section follows (``roads exposure`` prices any)."""


class Kept:
    """What the page keeps of the shoes as they come, one at a time: counts, samples, spooled CSV rows."""

    def __init__(self, by: str | None, decks: int, integrity: bool = False) -> None:
        from ..analytics.exposure import Exposure, Summary
        from ..analytics.gathered import Seen, ShoeSummary
        from ..analytics.integrity import Integrity
        from ..analytics.verdicts import Across
        from ..bets import rule_set

        self.by, self.decks = by, decks
        self.shoes = ShoeSummary()
        self.seen = Seen()
        self.across = Across()
        self.total = Tally("total")
        self.groups: dict[str, Tally] = {}
        self.scan = Exposure(rule_set("standard"), REPORTED_BETS, decks)
        self.exposure = Summary()
        self.integrity = Integrity(decks) if integrity else None

    def add(self, found: ShoeNumbers) -> None:
        """Keep what the page needs of one good shoe's numbers."""
        from ..analytics.verdicts import group_document

        tally = found.tally
        assert tally is not None  # a good shoe has its counts
        document = group_document(tally, self.decks)
        self.total.merge(tally)
        self.shoes.add(document)
        self.seen.add(document, tally.date)
        if self.by == "shoe":
            self.across.add(document)
            self.shoes.group(document, group_csv(document))
        elif found.group is not None:
            mine = self.groups.get(found.group)
            if mine is None:
                mine = self.groups[found.group] = Tally(found.group, unit=self.by)
            mine.merge(tally)
        if found.exposure is not None:
            self.exposure.add(found.exposure)
        if found.sequence is not None and self.integrity is not None:
            self.integrity.add(*found.sequence)

    def document(self) -> tuple[dict[str, Any], str | Spool]:
        """Return ``roads stats --json``'s document of what was kept, and the tests CSV."""
        from ..analytics.gathered import Spool
        from ..analytics.simulated import expectations
        from ..analytics.verdicts import group_document
        from ..logs.csvcell import line

        if self.by != "shoe":
            data = stats_data(self.groups, self.total, self.decks, self.by)
            return data, csv_report(data)
        # The shoes were not kept: what they say together was counted as they went.
        whole = {**group_document(self.total, self.decks), "homogeneity": self.across.homogeneity()}
        data = {
            "decks": self.decks,
            "simulation": expectations(self.decks).about(),
            "groups": [],
            "flagged_groups": self.across.flagged_groups(),
            "total": whole,
        }
        tests_csv = Spool(line(CSV_COLUMNS))
        for chunk in self.shoes.group_csv.chunks() if self.shoes.group_csv else ():
            tests_csv.write(chunk)
        tests_csv.write(group_csv(whole, total=True))
        return data, tests_csv

    def close(self) -> None:
        """Drop the spooled tables."""
        self.shoes.close()


def read_once(inputs: Inputs, reading: Reading, progress: Progress) -> Iterator[ShoeNumbers]:
    """Yield the numbers of every good shoe of the logs, in order, each shoe read once; bad ones go to ``inputs``.

    A JSON Lines archive file is read a block at a time on the workers; any
    other log (a one-shoe file, a sheet, a table's log, standard input) here.
    A log with no group for a shoe under ``--by`` ends the command (StatsError).
    """
    from ..analytics.archive_pass import gather_shoe
    from ..logs.archive import open_archive

    for log in inputs.logs:
        try:
            if archive_file(log, inputs):
                yield from _read_blocks(log, inputs, reading, progress)
                continue
            with open_archive(log, inputs.fmt) as found:
                for shoe in inputs.pick(found, log):
                    progress.update()
                    if shoe.error is not None:
                        inputs.fail(shoe.error, shoe)
                        continue
                    try:
                        numbers = gather_shoe(shoe, reading)
                    except StatsError:
                        raise
                    except RoadsError as exc:
                        inputs.fail(exc, shoe)
                        continue
                    inputs.done += 1
                    yield numbers
        except StatsError:
            raise
        except RoadsError as exc:
            inputs.fail(exc, None)


def _read_blocks(log: str, inputs: Inputs, reading: Reading, progress: Progress) -> Iterator[ShoeNumbers]:
    """Read one archive file a block at a time on the workers, yielding its good shoes' numbers in order."""
    from ..analytics.archive_pass import READ_BYTES, gather_block, lost_numbers
    from ..analytics.counting import blocks
    from ..logs.archive import Shoe, _numbered

    found = blocks(log, None, READ_BYTES)
    first = list(itertools.islice(found, 2))
    workers = worker_count(None)[0] if len(first) == 2 else 1  # one block is read before a worker would start
    answers = run_tasks(itertools.chain(first, found), workers, functools.partial(gather_block, reading), lost_numbers)
    pending: collections.deque[ShoeNumbers] = collections.deque()

    def shoes() -> Iterator[Shoe]:
        for _, part in answers:
            for numbers in part.shoes:
                pending.append(numbers)
                yield Shoe(log, numbers.id, 0, numbers.line, "jsonl", (), error=numbers.error)
            if part.stop is not None:
                raise part.stop
            if part.broken is not None:
                raise part.broken

    with contextlib.closing(answers):
        for shoe in _numbered(shoes(), log):  # numbered as open_archive numbers them: a repeated id is said
            numbers = pending.popleft()
            progress.update()
            if inputs.settle(shoe.error, shoe):
                yield numbers
