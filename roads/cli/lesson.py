"""``roads lesson``: a shoe log as one self-contained HTML page that proves every derived mark."""

from __future__ import annotations

import io
import itertools
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import LessonError, LogError
from ..files import OutputNames, atomic_write, make_folder, name_limit, refuse_inputs, safe_stem
from .app import cli, wrote
from .flags import DECIMAL, checked, derived_road_option, dir_option, html_output, log_inputs, render_option
from .inputs import Inputs

if TYPE_CHECKING:
    from ..lesson.page import Played
    from ..logs.archive import Shoe
    from ..logs.source import LogSource

MAX_LOG = 2 << 20
"""A lesson is read by a person: a log bigger than this is a data set, not a lesson (2,000 coups fit in far less)."""


def read_lesson_log(log: LogSource, fmt: str, *, whole: bool = False) -> tuple[list[Played], tuple[str, ...], str]:
    """Return the coups of LOG as lesson rows (with each line's comment), its header notes and its name.

    The page's coup cap is checked while reading, unless ``whole`` (``--coups`` picks a part afterwards).
    """
    from ..lesson.page import line_notes
    from ..logs import detect_format, iter_entries
    from ..logs.source import open_source

    with open_source(log) as opened:  # the same messages as every other command for a missing or closed log
        name = opened.name
        try:
            data = opened.stream.read(MAX_LOG + 1)
        except OSError as exc:
            raise LogError(f"cannot read: {exc.strerror or exc}", file=name) from None
    if not opened.binary:
        data = data.encode("utf-8")
    if len(data) > MAX_LOG:
        raise LessonError(f"{name} is over {MAX_LOG >> 20} MB: a lesson page is for one shoe a person reads")

    def stream() -> io.BytesIO:
        buffer = io.BytesIO(data)
        buffer.name = name  # errors name the log, not "<stream>"
        return buffer

    from ..lesson.plan import MAX_COUPS

    # The page's coup cap is checked while reading: a log of a million coups stops at coup 2,001.
    read = iter_entries(stream(), None if fmt == "auto" else fmt)
    entries = list(read if whole else itertools.islice(read, MAX_COUPS + 1))
    if len(entries) > MAX_COUPS and not whole:
        raise LessonError(
            f"a lesson page shows every coup and proof: {name} has more than the {MAX_COUPS} coups "
            "one page holds; keep the part of the log you teach"
        )
    found = fmt if fmt != "auto" else detect_format(stream())
    header: tuple[str, ...] = ()
    notes: dict[int, str] = {}
    if found in ("results", "cards", "stream"):
        header, notes = line_notes(data.decode("utf-8-sig", errors="replace"))
    from ..lesson.page import Played

    rows = []
    for e in entries:
        # A results line holds many coups: its comment goes beside the first of them only.
        note = notes.pop(e.line, "") if found != "stream" else ""
        rows.append(Played(e.number, e.outcome, e.coup, note))
    return rows, header, name


def _parse_marks(text: str) -> None:
    from ..lesson.page import parse_marks  # the page module is only needed when a page is written

    parse_marks(text)


def shoe_rows(shoe: Shoe, inputs: Inputs) -> tuple[list[Played], tuple[str, ...], str]:
    """Return one shoe's lesson rows (only those ``--coups`` keeps, numbered from 1), notes and source name."""
    from ..lesson.page import Played

    if shoe.source is not None:
        rows, header, name = read_lesson_log(shoe.source, shoe.format, whole=inputs.coups is not None)
        source = None if name == "<stdin>" else Path(name).name
    else:
        rows = [Played(e.number, e.outcome, e.coup) for e in shoe.entries()]
        header = ()
        source = shoe.label().replace(shoe.file, Path(shoe.file).name, 1)
    if inputs.coups is not None:
        rows = [Played(n, r.outcome, r.coup, r.note) for n, r in enumerate(inputs.cut(rows), 1)]
    return rows, header, source or ""


def _check_cell(value: float) -> None:
    from ..lesson.plan import check_cell

    check_cell(value)


@cli.command("lesson")
@log_inputs(coups=True)
@click.option("-o", "--output", metavar="PAGE.html", help="The HTML page to write (one shoe).")
@dir_option("One page per shoe of every LOG, into FOLDER.")
@derived_road_option("Only this road's proofs")
@click.option(
    "--marks",
    metavar="N-M",
    callback=checked(_parse_marks),
    help="Only marks N to M of each road (from 1), e.g. 1-10; a road with fewer shows what it has.",
)
@click.option("--title", help="The page title (default: from the log's name).")
@render_option("theme", "Colours of the pictures")
@render_option("last", "Show only the board's newest N columns", "every proof stays")
@click.option(
    "--cell",
    type=DECIMAL,
    metavar="PX",
    callback=checked(_check_cell),
    help="Pixels per Big Road cell on the board (48-400, default 48: 24 px tap targets).",
)
def lesson_command(
    inputs: Inputs,
    output: str | None,
    folder: str | None,
    road: str | None,
    marks: str | None,
    title: str | None,
    theme: str,
    last: int | None,
    cell: float | None,
) -> None:
    """Write a lesson page for a shoe LOG: the scoreboard, a proof for every derived mark, and the coups.

    The page is one HTML file with everything inline (no network, opens from
    disk). Each proof sits beside a small picture of the Big Road columns its
    mark compared; pointing at a mark on the board, or tabbing to it, shows its
    proof and lights up those columns. With JavaScript off every proof is
    still there. Comments in a text log (# ...) become notes: the lines at the
    top introduce the page, a comment after a coup appears beside it.

    \b
    Examples:
      roads lesson shoe.txt -o lesson.html
      roads lesson shoe.txt -o bey.html --road big-eye-boy --marks 1-10
      roads lesson shoe.txt -o page.html --title "Reading a dragon" --theme print
      roads lesson shoes.jsonl --shoe 3 --coups 1-30 -o shoe3.html
      roads lesson shoes.jsonl -d pages/       one page per shoe
      roads lesson shoe.txt -o phone.html --last 12 --cell 56
    """
    from ..lesson.page import lesson_page, parse_marks

    if (output is None) == (folder is None):
        raise click.UsageError("say where the page goes: -o PAGE.html for one shoe, or -d FOLDER for one per shoe")
    refuse_inputs([output], inputs.logs)  # before anything is read: a log is never replaced by its page
    html_output(output, "a lesson")
    wanted = parse_marks(marks) if marks is not None else None

    def write(shoe: Shoe, out: str) -> None:
        rows, header, source = shoe_rows(shoe, inputs)
        page = lesson_page(
            rows,
            road=road,
            marks=wanted,
            title=title,
            theme=theme,
            source=source or None,
            notes=header,
            last=last,
            cell=cell,
        )
        atomic_write(out, page)
        wrote(out)

    if output is not None:
        with inputs.one("lesson", ", or write a page per shoe with -d FOLDER") as shoe:
            write(shoe, output)
        return
    assert folder is not None
    target = make_folder(folder, LessonError)
    names = OutputNames(inputs.logs)  # one name each, never a log's: a clash gets -2
    room = name_limit(target) - len(f"-{sys.maxsize}.html".encode())

    def page_of(shoe: Shoe) -> None:
        stem = safe_stem(str(shoe.id), room) or f"shoe-line{shoe.line}"
        write(shoe, names.claim(str(target / f"{stem}.html")))

    inputs.each(page_of)
