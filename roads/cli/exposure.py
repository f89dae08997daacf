"""``roads exposure``: before every coup of card logs, the exact house edge of each chosen side bet."""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import click

from ..errors import LogError
from .app import cli
from .inputs import Inputs
from .options import bet_option, decks_option, jobs_option, json_option, log_inputs
from .progress import Progress
from .table_rules import chosen_rules, rules_options

if TYPE_CHECKING:
    from ..analytics.exposure import Exposure, ShoeCards, ShoeExposure
    from ..logs.archive import Shoe

Job = tuple["Shoe", "ShoeCards"]
"""A shoe to scan: the shoe as messages name it (its coups left out), and its cards."""


@cli.command("exposure", short_help="Each side bet's exact house edge before every coup of card logs.")
@log_inputs(verb="scanned", old_format_flags=())
@decks_option("Decks the logged shoes started with (1-1000).")
@rules_options
@bet_option(
    "A bet to price before every coup (repeatable; default: every side bet of the rules, that is all "
    "but banker, player and tie); ids as roads odds --bets lists them, e.g. dragon_7."
)
@json_option("Print JSON: every coup's edges and the positive moments.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per coup and bet.")
@jobs_option("Processes pricing the shoes (default: all cores)")
def exposure_command(
    inputs: Inputs,
    decks: int,
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
    follow: tuple[str, ...],
    as_json: bool,
    as_csv: bool,
    jobs: int | None,
) -> None:
    """Price each chosen bet before every coup of card logs, and list the coups where one favoured the player.

    Before each coup the cards left in the shoe are known: every card of the
    coups before it, and the burned cards when the log names them (a
    '# burned:' header, or a shoe line's "burned" list, as roads deal writes).
    From them each bet's house edge is counted exactly, as roads odds --after
    does for one moment. A positive moment is a coup where a bet's house edge
    is below zero: the bet favoured the player. Each is settled with what the
    coup really did; the ideal net is what one unit on every positive moment
    would have netted. Logs of results only are refused: this needs cards;
    so is a shoe whose log names other decks than --decks.

    The default bets are the rule set's side bets: player_pair, banker_pair,
    either_pair, perfect_pair, big, small, dragon_bonus_player,
    dragon_bonus_banker, dragon_7, panda_8, lucky_6.

    Text: a short table per shoe of its positive moments, then the totals.
    --json: {"rules", "decks", "bets", "shoes": [{"shoe", "coups": [{"coup",
    "edges"}], "positive": [{"coup", "bet", "edge", "net"}]}], "total":
    {"shoes", "coups", "positive_coups", "ideal_net"}}. --csv: shoe, coup,
    bet, edge, positive, net. A bad shoe is one error line and the others go on (exit status 1).

    \b
    Examples:
      roads exposure shoe.txt --decks 6             every side bet, a 6-deck shoe
      roads exposure shoes.jsonl --bet dragon_7 --bet panda_8
      roads exposure shoes.jsonl --bet dragon_7 --json > d7.json
      roads exposure shoes.jsonl --rules ez --csv -j 2 > exposure.csv
    """
    from ..analytics import exposure as ex
    from ..bets import rule_set
    from ..pool import worker_count

    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    table = chosen_rules(rules, paytable, tie_pays) or rule_set("standard")
    scan = ex.Exposure(table, follow or ex.side_bets(table), decks)
    fmt = "json" if as_json else "csv" if as_csv else "text"
    write = functools.partial(click.echo, nl=False)
    writer = Writer(fmt, scan, write)
    with Progress("scanned") as progress:
        for found in scanned(inputs, scan, worker_count(jobs)[0], progress):
            progress.clear()  # what is printed starts on a clean line
            writer.shoe(found)
    writer.finish()
    inputs.finish()


def scanned(inputs: Inputs, scan: Exposure, workers: int, progress: Progress | None = None) -> Iterator[ShoeExposure]:
    """Yield every good shoe of the logs scanned, in order, on ``workers`` processes; bad shoes go to ``inputs``.

    The shoes scanned so far show on a terminal (``progress``, else a line of its own).
    """
    from ..pool import run_tasks

    jobs = shoe_jobs(inputs, scan.decks)
    first = list(itertools.islice(jobs, 2))
    if len(first) < 2:
        workers = 1  # one shoe is done before a worker would have started
    task = functools.partial(_scan, scan)
    with progress or Progress("scanned") as shown:
        for (shoe, _), found in run_tasks(itertools.chain(first, jobs), workers, task, _lost):
            shown.update()
            if found.error is not None:
                inputs.fail(found.error, shoe)
                continue
            inputs.done += 1
            yield found


def _scan(scan: Exposure, job: Job) -> ShoeExposure:
    """Scan one shoe (on a worker): never raises, a bad shoe carries its error."""
    return scan.shoe(job[1])


def _lost(job: Job) -> ShoeExposure:
    from ..analytics.exposure import ShoeExposure

    error = LogError("the process scanning this shoe stopped (killed from outside, or out of memory)")
    return ShoeExposure(job[1].shoe, job[1].label, (), (), error=error)


def shoe_jobs(inputs: Inputs, decks: int) -> Iterator[Job]:
    """Yield each shoe of the logs with its coups read; a shoe that cannot be read is one error line in ``inputs``."""
    from ..analytics.exposure import shoe_cards

    for shoe, cards in inputs.read(lambda shoe: shoe_cards(shoe, decks)):
        yield dataclasses.replace(shoe, records=(), source=None, results=None), cards


class Writer:
    """Writes the scan a shoe at a time as text, CSV or JSON; nothing at all when no shoe could be scanned."""

    def __init__(self, fmt: str, scan: Exposure, write: Callable[[str], object]) -> None:
        from ..analytics.exposure import Totals

        self.fmt, self.scan, self.write = fmt, scan, write
        self.totals = Totals()
        self._json: list[str] = []

    def shoe(self, found: ShoeExposure) -> None:
        """Write one scanned shoe."""
        from ..analytics import exposure as ex
        from ..logs.csvcell import line
        from . import exposure_output as out

        first = self.totals.shoes == 0
        self.totals.add(found)
        if self.fmt == "json":
            head = self._head_json() if first else ","
            self.write(head + "\n  " + out.json_shoe(found, self.scan.ids))
        elif self.fmt == "csv":
            rows = "".join(line(row) for row in ex.csv_rows(found, self.scan.ids))
            self.write((line(ex.CSV_COLUMNS) if first else "") + rows)
        else:
            self.write(out.shoe_text(found))

    def _head_json(self) -> str:
        from .exposure_output import json_head

        return json_head(self.scan)

    def finish(self) -> None:
        """Write the totals (the JSON's end); nothing when no shoe was written."""
        from . import exposure_output as out

        if self.totals.shoes == 0:
            return
        if self.fmt == "json":
            self.write(out.json_tail(self.totals))
        elif self.fmt == "text":
            self.write(out.totals_text(self.totals, self.scan))
