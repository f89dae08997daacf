"""``roads convert``: a log, or every shoe of an archive, written in another log format."""

from __future__ import annotations

import click

from ..coup import Coup
from ..files import to_stdout
from ..logs.archive import Shoe
from ..outcome import Outcome
from .app import cli
from .inputs import Inputs
from .options import choice, log_inputs

TARGETS = ("csv", "jsonl", "json", "cards", "results", "stream")
ARCHIVES = ("csv", "jsonl")
"""The formats that hold many shoes (a shoe column, a shoe a line)."""


def shoe_items(shoe: Shoe) -> list[Coup | Outcome]:
    """Return a shoe's coups when every one has cards, else its outcomes: all the log knew, nothing made up."""
    entries = list(shoe.entries())
    if entries and all(entry.coup is not None for entry in entries):
        return [entry.coup for entry in entries if entry.coup is not None]
    return [entry.outcome for entry in entries]


@cli.command("convert", short_help="Write a log, or every shoe of an archive, in another log format.")
@log_inputs()
@click.option("--to", "target", type=choice(TARGETS), required=True, help="The log format to write.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (whole, or not at all) instead of standard output.")
def convert_command(inputs: Inputs, target: str, output: str | None) -> None:
    """Convert each LOG (any format, or an archive of many shoes) to another log format.

    Cards are kept when the log has them for every coup of a shoe, otherwise
    the results (with pairs, naturals and totals when known). Reading the
    converted log gives the same coups back. csv and jsonl hold many shoes (a
    shoe column, a shoe a line), so every shoe of every LOG goes into one
    output; results, cards, stream and json hold one shoe: pick it with
    --shoe. A shoe that cannot be read (or lacks the cards a format needs) is
    reported on one line and left out; the exit status is then 1.

    \b
    Examples:
      roads convert export.csv --to results        a spreadsheet as a results log
      roads convert shoe.txt --to csv -o shoe.csv
      roads convert month.jsonl --to csv -o month.csv
      roads convert logs/*.txt --to jsonl -o all.jsonl
      roads convert month.jsonl --shoe 7 --to cards
    """
    from ..files import TextOutput, refuse_inputs
    from ..logs import write_log
    from ..logs.writer import CsvSheet, write_shoe_line

    # Before anything is read: converting a log onto itself would lose it (and its bad shoes) for good.
    refuse_inputs([output], inputs.logs)
    with TextOutput(output if output is not None else "-") as out:
        if target not in ARCHIVES:
            with inputs.one(f"convert --to {target}", ", or convert them all --to jsonl or --to csv") as shoe:
                out.write(write_log(shoe_items(shoe), target))
            out.commit()
            if output is not None and not to_stdout(output):
                click.echo(f"roads: wrote {output}", err=True)
            return
        sheet: CsvSheet | None = None
        archive = len(inputs.logs) > 1

        def write(shoe: Shoe) -> None:
            nonlocal sheet, archive
            items = shoe_items(shoe)
            archive = archive or shoe.archive
            if target == "jsonl":
                if not archive:
                    out.write(write_log(items, "jsonl"))
                    return
                totals = any(isinstance(i, Outcome) and i.player_total is not None for i in items)
                results = all(isinstance(i, Outcome) for i in items) and not totals
                out.write(write_shoe_line(shoe.id, items, results=results))
                return
            if sheet is None:
                # Columns are chosen by the first shoe: later shoes stream out under the same header.
                sheet = CsvSheet(
                    shoe_column=archive,
                    cards=all(isinstance(i, Coup) for i in items),
                    totals=any(isinstance(i, Outcome) and i.player_total is not None for i in items),
                )
                out.write(sheet.head())
            if not sheet.cards and any(isinstance(i, Coup) for i in items):
                items = [i.outcome() if isinstance(i, Coup) else i for i in items]
            out.write(sheet.rows(shoe.id if sheet.shoe_column else None, items))

        # Only a run that reads every log to its end commits: the good shoes, whole, even when some
        # were bad; an interrupted run (Ctrl-C, SIGTERM, --fail-fast) leaves an old file as it was.
        inputs.each(write, summary=False)
        if out.written:
            out.commit()
    inputs.finish()
    if output is not None and not to_stdout(output):
        click.echo(f"roads: wrote {inputs.done} shoe{'' if inputs.done == 1 else 's'} to {output}", err=True)
