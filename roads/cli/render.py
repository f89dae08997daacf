"""``roads render``: scoreboards of shoe logs as SVG or PNG pictures, one file or a whole folder at once."""

from __future__ import annotations

import os
import re
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from tqdm import tqdm

from ..board import Scoreboard
from ..errors import RenderError, RoadsError
from ..outcome import Outcome
from ..render import WRITERS, RenderOptions, format_of, save
from ..scene import ROADS, THEMES, render_options
from .app import cli
from .options import checked, option_error, render_field, usage_for

if TYPE_CHECKING:
    from ..logs.source import LogSource


def load_board(log: str, log_format: str | None) -> Scoreboard:
    """Return the scoreboard of the shoe in ``log`` (a path or ``-`` for standard input)."""
    from ..logs import read_outcomes  # only this command and its workers need the log readers

    return Scoreboard.from_outcomes(read_outcomes(log, log_format))


def _check_format(fmt: str) -> None:
    from ..logs.detect import check_format  # only this command and its workers need the log readers

    check_format(fmt)


Job = tuple[str, str, str, RenderOptions, str | None, bool]
"""(log, output file, format, options, log format, name the log in errors)."""


def draw_one(job: Job) -> str | None:
    """Draw one log to one file; return None, or the error as one line (workers never raise)."""
    log, out, kind, options, log_format, batch = job
    try:
        board = load_board(log, log_format)
    except RoadsError as exc:
        return str(exc)
    try:
        save(board, out, kind, options)
    except RoadsError as exc:
        # Among many logs, say which one a drawing problem (say, no such mark) belongs to.
        return f"{log}: {exc}" if batch else str(exc)
    return None


def plan(logs: Sequence[str], output: str | None, folder: str | None, kind: str | None) -> list[tuple[str, str, str]]:
    """Return (log, output file, format) for every log; RenderError for outputs that cannot work."""
    if output is not None:
        if folder is not None:
            raise click.UsageError("give -o OUT for one picture or -d FOLDER for many, not both")
        if len(logs) != 1:
            raise click.UsageError(f"-o names one file but {len(logs)} logs were given: use -d FOLDER")
        with usage_for("output"):
            name = format_of(output, kind)
        suffix = Path(output).suffix.lower().lstrip(".")
        if kind is not None and suffix in WRITERS and suffix != name:
            raise option_error("output", f"'{output}' ends in .{suffix} but --format is {name}")
        return [(logs[0], output, name)]
    if folder is None:
        raise click.UsageError("say where the picture goes: -o OUT.svg|OUT.png, or -d FOLDER for many logs")
    name = format_of("", kind or "svg")
    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RenderError(f"cannot create folder {folder}: {exc.strerror or exc}") from None
    jobs: list[tuple[str, str, str]] = []
    seen: dict[str, str] = {}
    for log in logs:
        stem = "stdin" if log == "-" else Path(log).stem
        out = str(target / f"{stem}.{name}")
        if out in seen:
            raise RenderError(f"{seen[out]} and {log} would both be drawn to {out}: rename one")
        seen[out] = log
        jobs.append((log, out, name))
    return jobs


@cli.command("render")
@click.argument("logs", nargs=-1, required=True, metavar="LOG...")
@click.option("-o", "--output", metavar="OUT", help="The picture to write: OUT.svg or OUT.png (one LOG).")
@click.option(
    "-d", "--dir", "folder", metavar="FOLDER", help="Write one picture per LOG into FOLDER (made if missing)."
)
@click.option("--format", "kind", type=click.Choice(sorted(WRITERS)), help="svg or png (default: from -o, else svg).")
@click.option(
    "--road",
    default="scoreboard",
    show_default=True,
    metavar="ROAD",
    callback=render_field("road"),
    help=f"What to draw: {', '.join(ROADS)}.",
)
@click.option(
    "--last",
    type=int,
    metavar="N",
    callback=render_field("last"),
    help="Only the newest N columns (the whole shoe without it).",
)
@click.option(
    "--theme",
    default="classic",
    show_default=True,
    metavar="THEME",
    callback=render_field("theme"),
    help=f"{', '.join(THEMES)}.",
)
@click.option(
    "--labels",
    type=click.Choice(["en", "zh"]),
    default="en",
    show_default=True,
    help="B/P/T or 庄/闲/和 (PNG needs a CJK font for zh).",
)
@click.option(
    "--highlight",
    metavar="ROAD:MARK",
    callback=render_field("highlight"),
    help="Highlight a derived mark, its bead and what it compared.",
)
@click.option(
    "--cell", type=float, metavar="PX", callback=render_field("cell"), help="Pixels per Big Road cell (default 24)."
)
@click.option(
    "--width",
    type=int,
    metavar="PX",
    callback=render_field("width"),
    help="Overall width in pixels, instead of --cell.",
)
@click.option(
    "--scale",
    type=float,
    default=1.0,
    show_default=True,
    callback=render_field("scale"),
    help="PNG pixel multiplier (2 for sharp screens).",
)
@click.option("--totals", is_flag=True, help="Bead Plate shows the winning total instead of the letter.")
@click.option("--naturals", is_flag=True, help="Mark naturals on the Big Road.")
@click.option("--no-pairs", is_flag=True, help="No pair dots on the Big Road.")
@click.option("--title", help="A caption over the board (also the SVG title).")
@click.option(
    "--log-format", metavar="FMT", callback=checked(_check_format), help="Force the log format (default: detected)."
)
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Processes for many logs (default: all cores).")
def render_command(
    logs: tuple[str, ...],
    output: str | None,
    folder: str | None,
    kind: str | None,
    road: str,
    last: int | None,
    theme: str,
    labels: str,
    highlight: str | None,
    cell: float | None,
    width: int | None,
    scale: float,
    totals: bool,
    naturals: bool,
    no_pairs: bool,
    title: str | None,
    log_format: str | None,
    jobs: int | None,
) -> None:
    """Draw the scoreboard of each shoe LOG as an SVG or PNG picture.

    The full scoreboard is the casino arrangement: Bead Plate on the left with
    the statistics and the Banker/Player ask icons under it, Big Road on the
    right, and under it Big Eye Boy, Small Road and Cockroach Pig at half size.

    \b
    Examples:
      roads render shoe.txt -o board.svg
      roads render shoe.txt -o board.png --last 20 --theme dark --scale 2
      roads render shoe.txt -o bey.svg --road big-eye-boy
      roads render shoe.txt -o why.png --highlight big-eye-boy:5
      roads render logs/*.txt -d out/ --format png
    """
    if cell is not None and width is not None:
        raise click.UsageError("give --cell or --width, not both")
    options = render_options(
        road=road,
        last=last,
        theme=theme,
        labels=labels,
        highlight=highlight,
        cell=cell,
        width=width,
        scale=scale,
        totals=totals,
        naturals=naturals,
        pairs=not no_pairs,
        title=title,
    )
    planned = plan(logs, output, folder, kind)
    if folder is not None and len(planned) == 1:
        # One log into a folder: it may hold many shoes (multi-shoe JSON Lines), drawn as they are read.
        draw_shoes(logs[0], folder, planned[0], options, log_format, jobs)
        return
    work = [(log, out, name, options, log_format, len(planned) > 1) for log, out, name in planned]
    if len(work) == 1:
        problem = draw_one(work[0])
        if problem:
            raise RenderError(problem)
        click.echo(f"wrote {work[0][1]}")
        return
    failures = run_batch(work, jobs)
    done = len(work) - len(failures)
    click.echo(f"wrote {done} picture{'s' if done != 1 else ''} to {folder}")
    if failures:
        for problem in failures:
            click.echo(f"roads: error: {problem}", err=True)
        raise RenderError(f"{len(failures)} of {len(work)} logs could not be drawn")


def run_batch(work: list[Job], jobs: int | None) -> list[str]:
    """Draw every job on all cores (or ``jobs`` processes) with a progress bar; return the errors."""
    workers = min(jobs or os.cpu_count() or 1, len(work))
    bar: Any = tqdm(total=len(work), unit="log", file=sys.stderr, disable=not sys.stderr.isatty(), dynamic_ncols=True)
    failures: list[str] = []
    with bar:
        if workers == 1:
            results: Any = map(draw_one, work)
        else:
            pool = ProcessPoolExecutor(max_workers=workers)
            # Chunks amortise the pickling round trip; small enough that the bar still moves.
            results = pool.map(draw_one, work, chunksize=max(1, min(32, len(work) // (workers * 8))))
        try:
            for problem in results:
                if problem:
                    failures.append(problem)
                bar.update(1)
        finally:
            if workers != 1:
                pool.shutdown(cancel_futures=True)
    return failures


ShoeJob = tuple[tuple[Outcome, ...], str, str, RenderOptions, str]
"""(outcomes, output file, format, options, how errors name the shoe)."""

_UNSAFE_NAME = re.compile(r"[/\\\x00-\x1f\x7f]")


def draw_shoe(job: ShoeJob) -> str | None:
    """Draw one shoe already read; return None, or the error as one line (workers never raise)."""
    outcomes, out, kind, options, label = job
    try:
        save(Scoreboard.from_outcomes(outcomes), out, kind, options)
    except RoadsError as exc:
        return f"{label}: {exc}"
    return None


def shoe_jobs(
    log: LogSource, folder: str, planned: tuple[str, str, str], options: RenderOptions, log_format: str | None
) -> Iterator[ShoeJob]:
    """Yield a job per shoe of ``log`` as it is read; a one-shoe log keeps the file name ``plan`` gave it."""
    from ..logs import iter_shoes

    name = planned[2]
    shown = log if isinstance(log, str) else getattr(log, "name", "<stream>")
    own_stem = Path(planned[1]).stem
    taken: set[str] = set()
    for shoe in iter_shoes(log, log_format):
        stem = _UNSAFE_NAME.sub("_", str(shoe.id))[:150]
        if stem in ("", ".", ".."):
            stem = f"shoe-line{shoe.line}"
        out = str(Path(folder) / f"{stem}.{name}")
        if out in taken:
            # Two shoes with one id (or ids that clean to one name): never draw one over the other.
            out = str(Path(folder) / f"{stem}-line{shoe.line}.{name}")
        taken.add(out)
        label = shown if str(shoe.id) == own_stem else f"{shown}, line {shoe.line} (shoe {shoe.id})"
        yield shoe.outcomes, out, name, options, label


def draw_shoes(
    log: str,
    folder: str,
    planned: tuple[str, str, str],
    options: RenderOptions,
    log_format: str | None,
    jobs: int | None,
) -> None:
    """Draw every shoe of one log into ``folder``, streaming: memory holds a few shoes, not the file."""
    failures: list[str] = []
    written: list[str] = []
    seen = 0
    bar: Any = tqdm(unit="shoe", file=sys.stderr, disable=not sys.stderr.isatty(), dynamic_ncols=True)
    try:
        with bar:
            for job, problem in _stream(shoe_jobs(log, folder, planned, options, log_format), jobs):
                if problem:
                    failures.append(problem)
                elif len(written) < 2:
                    written.append(job[1])
                else:
                    written[1] = job[1]  # only the count and one name are needed: keep memory flat
                seen += 1
                bar.update(1)
    except BaseException:
        # The log turned bad halfway (or Ctrl-C): say what was drawn before it, then the error.
        _report(seen - len(failures), written, folder, failures)
        raise
    _report(seen - len(failures), written, folder, failures)
    if failures:
        raise RenderError(f"{len(failures)} of {seen} shoes could not be drawn")


def _report(done: int, written: list[str], folder: str, failures: list[str]) -> None:
    if done == 1:
        click.echo(f"wrote {written[0]}")
    elif done:
        click.echo(f"wrote {done} pictures to {folder}")
    for problem in failures:
        click.echo(f"roads: error: {problem}", err=True)


def _stream(work: Iterator[ShoeJob], jobs: int | None) -> Iterator[tuple[ShoeJob, str | None]]:
    """Yield (job, draw_shoe's answer) in order, with at most a few jobs per worker in flight."""
    workers = jobs or os.cpu_count() or 1
    if workers == 1:
        for job in work:
            yield job, draw_shoe(job)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    pending: deque[tuple[ShoeJob, Future[str | None]]] = deque()
    try:
        for job in work:
            pending.append((job, pool.submit(draw_shoe, job)))
            if len(pending) >= 4 * workers:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
    finally:
        pool.shutdown(cancel_futures=True)
