"""``roads render``: scoreboards of shoe logs as SVG or PNG pictures, one file or a whole folder at once."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..board.bead_plate import PLATE_ROWS
from ..enums import Game
from ..errors import OutputError, RenderError, RoadsError
from ..files import (
    OutputNames,
    PendingFile,
    atomic_write,
    check_name,
    make_folder,
    name_limit,
    refuse_inputs,
    safe_stem,
    shown,
)
from ..logs.archive import open_archive
from ..outcome import Outcome
from ..render import WRITERS, RenderOptions, format_of, save
from ..scene.layout import MAX_COLUMNS, check_columns
from .app import cli, wrote
from .boards import shoe_board
from .flags import choice, dir_option, drawing_options, jobs_option, log_inputs, option_error, renamed, usage_for
from .inputs import Inputs
from .signals import Stopped
from .table_rules import RULE_CHOICES

if TYPE_CHECKING:
    from ..logs.source import LogSource
    from .batch import Job


def plan(logs: Sequence[str], output: str | None, folder: str | None, kind: str | None) -> list[tuple[str, str, str]]:
    """Return (log, output file, format) for every log; errors for outputs that cannot work.

    An output that is one of the logs is refused here, before anything is read.
    """
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
        refuse_inputs([output], logs)
        return [(logs[0], output, name)]
    if folder is None:
        raise click.UsageError("say where the picture goes: -o OUT.svg|OUT.png, or -d FOLDER for many logs")
    name = format_of("", kind or "svg")
    target = Path(folder)
    planned = [(log, str(target / f"{'stdin' if log == '-' else Path(log).stem}.{name}"), name) for log in logs]
    refuse_inputs([out for _, out, _ in planned], logs)
    make_folder(target, RenderError)
    # Names are claimed shoe by shoe as they are read (shoe_jobs): a clash gets -2, never an overwrite.
    return planned


HELP_ORDER = (
    *("road", "last", "theme", "labels", "highlight", "bead"),
    *("cell", "width", "scale"),
    *("totals", "road_labels", "column_numbers", "naturals", "pairs", "title", "good_roads", "background"),
)
"""The order ``roads render --help`` lists the drawing options in: what is drawn, its size, then the marks."""


@cli.command("render")
@log_inputs(old_format_flags=("--log-format",), coups=True, game=True)
@click.option("-o", "--output", metavar="OUT", help="The picture to write: OUT.svg, OUT.png or OUT.pdf (one shoe).")
@dir_option("One picture per shoe of every LOG, into FOLDER (made if missing).")
@click.option(
    "--format",
    "output_format",
    type=choice(sorted(WRITERS)),
    help="The picture's format: svg, png or pdf (default: from -o, else svg).",
)
@drawing_options(HELP_ORDER)
@jobs_option("Processes for many logs (default: all cores)")
@click.option(
    "--animate",
    is_flag=True,
    help="One frame per coup, the last held: -o shoe.gif, shoe.webp or shoe.png (APNG).",
)
@click.option(
    "--fps",
    type=click.FloatRange(0.1, 60),
    default=2.0,
    show_default=True,
    help="Frames a second of --animate.",
)
@click.option(
    "--mark-events",
    type=choice(RULE_CHOICES),
    default=None,
    help="Mark the events a table of these rules marks on the Bead Plate (super6: Super 6 wins; ez: Dragon 7, "
    "Panda 8).",
)
@renamed("--rules", "--mark-events", "mark_events", type=choice(RULE_CHOICES))
@click.option("--lucky-6", "lucky_6", is_flag=True, help="Also mark Lucky 6 (Banker wins with 6) on the Bead Plate.")
def render_command(
    inputs: Inputs,
    output: str | None,
    folder: str | None,
    output_format: str | None,
    options: RenderOptions,
    jobs: int | None,
    animate: bool,
    fps: float,
    mark_events: str | None,
    lucky_6: bool,
) -> None:
    """Draw the scoreboard of each shoe LOG as an SVG, PNG or PDF picture, or as an animation.

    The full scoreboard is the casino arrangement: Bead Plate on the left with
    the statistics and the Banker/Player ask icons under it, Big Road on the
    right, and under it Big Eye Boy, Small Road and Cockroach Pig at half size.

    \b
    Examples:
      roads render shoe.txt -o board.svg
      roads render shoe.txt -o board.png --last 20 --theme dark --scale 2
      roads render shoe.txt -o bey.svg --road big-eye-boy
      roads render shoe.txt -o why.png --highlight big-eye-boy:5
      roads render shoe.txt -o board.pdf --theme print   vector PDF for a book
      roads render logs/*.txt -d out/ --format png
      roads render shoes.jsonl -d out/     one picture per shoe of an archive
      roads render shoes.jsonl --shoe 7 --coups 1-40 -o first40.svg
      roads render shoe.txt -o shoe.gif --animate --fps 4   the shoe coup by coup
      roads render cards.txt -o board.svg --mark-events ez --lucky-6
      roads render dt.txt --game dragon-tiger -o dt.png   Dragon red, Tiger blue, on the same roads

    With -d every shoe of every LOG is drawn; a shoe that cannot be read or
    drawn is reported on one line, the others are still drawn, and the exit
    status is then 1 (--fail-fast stops at the first).
    """
    if inputs.game is Game.DRAGON_TIGER and (animate or mark_events is not None or lucky_6):
        raise click.UsageError("--game dragon-tiger draws still boards: not with --animate, --mark-events or --lucky-6")
    if inputs.game is Game.DRAGON_TIGER and options.good_roads:
        raise click.UsageError(
            "--good-roads tags baccarat's lobby patterns (Banker, Player): not with --game dragon-tiger"
        )
    if animate and (mark_events is not None or lucky_6):
        raise click.UsageError("--mark-events and --lucky-6 mark a still board: they cannot be combined with --animate")
    if animate:
        _animate(inputs, output, folder, output_format, options, fps)
        return
    from ..extras import require_picture  # a missing extra: one line, before any folder is made

    require_picture(output, output_format)
    planned = plan(inputs.logs, output, folder, output_format)
    if mark_events is not None or lucky_6:
        if folder is not None:
            raise click.UsageError("--mark-events and --lucky-6 mark one card log's board: give -o OUT, not -d FOLDER")
        _draw_marked(inputs, planned[0], options, mark_events or "standard", lucky_6)
        return
    if folder is None:
        with inputs.one("render", ", or draw every shoe with -d FOLDER") as shoe:
            board = shoe_board(shoe, inputs, coup_check(options))
            save(board, planned[0][1], planned[0][2], options)
        wrote(planned[0][1])
        return
    draw_shoes(inputs, folder, planned, options, jobs)


def _animate(
    inputs: Inputs, output: str | None, folder: str | None, kind: str | None, options: RenderOptions, fps: float
) -> None:
    """Write one shoe as an animation to ``output``: checked before any work, written whole or not at all."""
    from ..render.animate import animate, animation_format, write_animation

    if output is None or folder is not None or kind is not None:
        raise click.UsageError("--animate draws one shoe to one -o file (.gif, .webp or .png), without -d or --format")
    try:
        fmt = animation_format(output)
    except RenderError as exc:
        raise click.BadParameter(exc.message, param_hint="'--animate'") from None
    refuse_inputs([output], inputs.logs)
    with inputs.one("render", "") as shoe:
        outcomes = inputs.cut(list(shoe.outcomes()))
    target = Path(output)
    if target.is_file() or not target.exists():
        # Frame by frame into a file beside it, renamed only once whole: a long shoe's GIF is tens of MB.
        with PendingFile(output) as pending:
            try:
                with open(pending.temp, "wb") as handle:
                    write_animation(outcomes, options, fmt, handle, fps)
            except OSError as exc:
                raise OutputError(f"cannot write {shown(output)}: {exc.strerror or exc}") from None
            pending.commit()
    else:
        atomic_write(output, animate(outcomes, options, fmt, fps))  # a device or a pipe: written as it is
    wrote(output)


def _draw_marked(
    inputs: Inputs, planned: tuple[str, str, str], options: RenderOptions, events: str, lucky_6: bool
) -> None:
    """Draw one card log's board with the events the ``events`` rule set marks (and Lucky 6) on its Bead Plate."""
    from ..bets import save_events

    with inputs.one("render", "") as shoe:
        coups = inputs.cut(shoe.coups())
    save_events(coups, planned[1], events, lucky_6=lucky_6, kind=planned[2], options=options)
    wrote(planned[1])


def coup_check(options: RenderOptions) -> Callable[[int], None] | None:
    """Return a check of a coup count against the widest picture ``options`` can draw, or None when any will do.

    Without ``last`` the Bead Plate alone is a column per 6 coups: past the
    picture limit no picture of the shoe can be drawn, so reading can stop.
    """

    if options.last is not None or options.road not in ("scoreboard", "bead-plate"):
        return None
    most = PLATE_ROWS * MAX_COLUMNS

    def check(coups: int) -> None:
        if coups > most:
            check_columns(-(-coups // PLATE_ROWS))

    return check


def bounded(options: RenderOptions) -> Callable[[Iterable[Outcome]], Iterator[Outcome]]:
    """Return a filter that passes outcomes on, raising RenderError once too many for one picture have come."""
    check = coup_check(options)

    def take(outcomes: Iterable[Outcome]) -> Iterator[Outcome]:
        if check is None:
            yield from outcomes
            return
        for count, outcome in enumerate(outcomes, 1):
            if count % 4096 == 0:
                check(count)
            yield outcome

    return take


def shoe_jobs(
    log: LogSource,
    folder: str,
    planned: tuple[str, str, str],
    options: RenderOptions,
    log_format: str | None,
    inputs: Inputs | None = None,
    names: OutputNames | None = None,
) -> Iterator[Job]:
    """Yield a job per shoe of ``log`` as it is read; a one-shoe log keeps the file name ``plan`` gave it.

    With ``inputs`` a shoe that cannot be read is reported there and skipped
    (and ``--shoe``/``--coups`` apply); without, its error is raised. A shoe's
    file name keeps only safe characters of its id (no slash, control or
    right-to-left mark), cut to the folder's limit in bytes, and is claimed
    once in ``names``: shoes with one id (or ids that clean to one name) never
    draw over each other or over a log. A name still too long is that job's error.
    """

    from .batch import Job  # the batch (with its pool) loads only for pictures of many shoes

    name = planned[2]
    names = OutputNames([log] if isinstance(log, str) else []) if names is None else names
    room = name_limit(folder) - len(f"-{sys.maxsize}.{name}".encode())
    most = bounded(options)
    game = Game.BACCARAT if inputs is None else inputs.game
    dragon_tiger = inputs is not None and game is Game.DRAGON_TIGER
    with inputs.archive(str(log)) if inputs is not None and dragon_tiger else open_archive(log, log_format) as found:
        shoes = inputs.pick(found, str(planned[0])) if inputs is not None else found
        for shoe in shoes:
            try:
                if shoe.error is not None:
                    raise shoe.error
                read = most(shoe.outcomes())
                outcomes = tuple(inputs.cut(list(read)) if inputs is not None else read)
            except RoadsError as exc:
                if inputs is None:
                    raise
                inputs.fail(exc, shoe)
                continue
            own = Path(planned[1])
            stem = own.stem if str(shoe.id) == own.stem else safe_stem(str(shoe.id), room)
            wanted = str(Path(folder) / f"{stem or f'shoe-line{shoe.line}'}.{name}")
            out = names.claim(wanted)
            if out != wanted:
                click.echo(f"roads: note: {shoe.label()} is drawn to {shown(out)}: {shown(wanted)} is taken", err=True)
            yield Job(out, name, options, shoe.label(), outcomes, _name_problem(out), game)


def _name_problem(out: str) -> str | None:
    """Return why ``out`` cannot be a file name (too long in bytes), or None: checked before drawing."""
    try:
        check_name(out)
    except OutputError as exc:
        return str(exc)
    return None


def draw_shoes(
    inputs: Inputs, folder: str, planned: list[tuple[str, str, str]], options: RenderOptions, jobs: int | None
) -> None:
    """Draw every shoe of every log into ``folder``, streaming: memory holds a few shoes, not the files."""
    from tqdm import tqdm  # only drawing many pays for the bar and the pool (a one-picture run skips both)

    from ..pool import worker_count
    from . import batch

    written: list[str] = []

    def work() -> Iterator[Job]:
        names = OutputNames(inputs.logs)
        for one in planned:
            try:
                yield from shoe_jobs(one[0], folder, one, options, inputs.fmt, inputs, names)
            except RoadsError as exc:
                inputs.fail(exc, None)

    answers = batch.run(work(), worker_count(jobs)[0])  # workers start before the bar's thread does
    bar: Any = tqdm(unit="shoe", file=sys.stderr, disable=not sys.stderr.isatty(), dynamic_ncols=True)
    stopped = False
    try:
        with bar, contextlib.closing(answers):
            for job, problem in answers:
                if problem:
                    inputs.failed += 1
                    click.echo(f"roads: error: {problem}", err=True)
                    if inputs.fail_fast:
                        raise click.exceptions.Exit(1)
                else:
                    inputs.done += 1
                    if len(written) < 2:
                        written.append(job.out)
                    else:
                        written[1] = job.out  # only the count and one name are needed: keep memory flat
                bar.update(1)
    except (KeyboardInterrupt, click.Abort, Stopped):
        stopped = True  # a stop is one line, said by main: no report here
        raise
    finally:
        if not stopped:
            # The log turned bad halfway: say what was drawn before it, then the error.
            _report(inputs.done, written, folder)
    inputs.finish()


def _report(done: int, written: list[str], folder: str) -> None:
    if done == 1:
        wrote(written[0])
    elif done:
        click.echo(f"wrote {done} pictures to {folder}")
