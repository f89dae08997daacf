"""``roads convert``: a log, or every shoe of an archive, written in another log format."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

import click

from ..coup import Coup
from ..errors import one_line
from ..files import TextOutput, refuse_inputs, to_stdout
from ..logs import write_log
from ..logs.archive import Shoe
from ..logs.fields import FIELDS
from ..logs.writer import CsvSheet, write_shoe_line
from ..outcome import Outcome
from .app import cli
from .flags import choice, log_inputs
from .inputs import Inputs

TARGETS = ("csv", "jsonl", "json", "cards", "results", "stream")
ARCHIVES = ("csv", "jsonl")
"""The formats that hold many shoes (a shoe column, a shoe a line)."""


MIXED = ("csv", "jsonl", "json")
"""The formats that hold coups with cards and results side by side: a shoe keeps each as the log had it."""

SHOWN_RENAMES = 10
"""Renamed shoe ids named on the one stderr line; the rest are counted."""


def shoe_items(shoe: Shoe, target: str = "results") -> list[Coup | Outcome]:
    """Return what ``target`` can keep of a shoe's coups: all the log knew, nothing made up.

    csv, jsonl and json keep each coup as it is (cards when it has them, else its result); the other
    formats get the coups when every one has cards, else the outcomes.
    """
    entries = list(shoe.entries())
    if target in MIXED:
        return [entry.coup if entry.coup is not None else entry.outcome for entry in entries]
    if entries and all(entry.coup is not None for entry in entries):
        return [entry.coup for entry in entries if entry.coup is not None]
    return [entry.outcome for entry in entries]


class UniqueIds:
    """Shoe ids made unique as shoes are written: the second ``7`` becomes ``7-2``, the third ``7-3``.

    Ids are compared as text (a sheet cannot tell ``7`` from ``"7"``); a made-up id that is taken
    already takes the next number, so the scheme depends on the order of the shoes alone.
    """

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.next: dict[str, int] = {}
        self.renamed: list[str] = []
        """Each rename as the stderr line says it: ``7 (file a.jsonl line 12) -> 7-2``."""

    def __call__(self, shoe: Shoe) -> str | int:
        """Return the id ``shoe`` is written under."""
        key = str(shoe.id)
        if key not in self.seen:
            self.seen.add(key)
            return shoe.id
        n = self.next.get(key, 2)
        while f"{key}-{n}" in self.seen:
            n += 1
        self.next[key] = n + 1
        made = f"{key}-{n}"
        self.seen.add(made)
        self.renamed.append(f"{one_line(key)} (file {shoe.file} line {shoe.line}) -> {one_line(made)}")
        return made

    def say(self) -> None:
        """Print the one stderr line naming the renamed ids, when any was."""
        if not self.renamed:
            return
        shown = ", ".join(self.renamed[:SHOWN_RENAMES])
        more = len(self.renamed) - SHOWN_RENAMES
        click.echo(f"roads: convert: shoe ids made unique: {shown}{f', and {more} more' if more > 0 else ''}", err=True)


@cli.command("convert", short_help="Write a log, or every shoe of an archive, in another log format.")
@log_inputs()
@click.option("--to", "target", type=choice(TARGETS), required=True, help="The log format to write.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (whole, or not at all) instead of standard output.")
def convert_command(inputs: Inputs, target: str, output: str | None) -> None:
    """Convert each LOG (any format, or an archive of many shoes) to another log format.

    Each coup keeps its cards when it has them (csv, jsonl, json; cards and
    stream need cards for every coup, results keeps the results), with
    pairs, naturals and totals when known. Every shoe keeps its fields
    (table, date, decks, seed, cut, burned): a jsonl shoe line's keys, csv
    columns, or in one-shoe formats '# key: value' header lines (json: keys
    beside "coups"). A date must be a real ISO 8601 date: YYYY-MM-DD,
    optionally with a time (2024-03-01T20:15 or 2024-03-01 20:15); it is
    written as it was given. Reading the converted log gives the same
    shoes, coups and fields back.

    csv and jsonl hold many shoes (a shoe column, a shoe a line), so every
    shoe of every LOG goes into one output, each shoe apart: when two shoes
    share an id (compared as text) the later ones are renamed 7-2, 7-3, ...
    and one line on standard error says which. results, cards, stream and
    json hold one shoe (named by its file, not its id): pick it with --shoe.
    A shoe that cannot be read (a bad date, say, or lacks the cards a format
    needs) is reported on one line and left out; the exit status is then 1.

    \b
    Examples:
      roads convert export.csv --to results        a spreadsheet as a results log
      roads convert shoe.txt --to csv -o shoe.csv
      roads convert month.jsonl --to csv -o month.csv
      roads convert logs/*.txt --to jsonl -o all.jsonl
      roads convert month.jsonl --shoe 7 --to cards
    """
    import pickle
    import tempfile

    # Before anything is read: converting a log onto itself would lose it (and its bad shoes) for good.
    refuse_inputs([output], inputs.logs)
    with TextOutput(output if output is not None else "-") as out:
        if target not in ARCHIVES:
            with inputs.one(f"convert --to {target}", ", or convert them all --to jsonl or --to csv") as shoe:
                out.write(write_log(shoe_items(shoe, target), target, meta=shoe.fields()))
            out.commit()
            if output is not None and not to_stdout(output):
                click.echo(f"roads: wrote {output}", err=True)
            return
        archive = len(inputs.logs) > 1
        ids = UniqueIds()
        # A sheet's columns depend on every shoe (cards, totals, fields): its shoes wait in a spool file.
        spool = tempfile.TemporaryFile()  # noqa: SIM115 (closed below)
        cards = totals = False
        named: set[str] = set()

        def write(shoe: Shoe) -> None:
            nonlocal archive, cards, totals
            items = shoe_items(shoe, target)
            fields = shoe.fields()
            archive = archive or shoe.archive
            if target == "jsonl":
                if not archive:
                    out.write(write_log(items, "jsonl", meta=fields))
                    return
                outcomes = [i for i in items if isinstance(i, Outcome)]
                results = len(outcomes) == len(items) and all(i.player_total is None for i in outcomes)
                out.write(write_shoe_line(ids(shoe), items, results=results, meta=fields))
                return
            cards = cards or any(isinstance(i, Coup) for i in items)
            totals = totals or any(isinstance(i, Outcome) and i.player_total is not None for i in items)
            named.update(fields)
            pickle.dump((ids(shoe) if archive else None, items, fields), spool)

        try:
            # Only a run that reads every log to its end commits: the good shoes, whole, even when some
            # were bad; an interrupted run (Ctrl-C, SIGTERM, --fail-fast) leaves an old file as it was.
            inputs.each(write, summary=False)
            if target == "csv" and spool.tell():
                spool.seek(0)
                shoes = _spooled(spool)
                if not archive:
                    _, items, fields = next(shoes)
                    out.write(write_log(items, "csv", meta=fields))
                else:
                    sheet = CsvSheet(True, cards, totals, tuple(key for key in FIELDS if key in named))
                    out.write(sheet.head())
                    for shoe_id, items, fields in shoes:
                        out.write(sheet.rows(shoe_id, items, fields))
        finally:
            spool.close()
        ids.say()
        if out.written:
            out.commit()
    inputs.finish()
    if output is not None and not to_stdout(output):
        click.echo(f"roads: wrote {inputs.done} shoe{'' if inputs.done == 1 else 's'} to {output}", err=True)


def _spooled(spool: IO[bytes]) -> Iterator[tuple[str | int | None, list[Coup | Outcome], dict[str, object]]]:
    """Yield the shoes pickled into ``spool``, in order."""
    import pickle

    while True:
        try:
            yield pickle.load(spool)
        except EOFError:
            return
