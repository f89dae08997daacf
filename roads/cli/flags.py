"""Option values checked as click reads them: one out of range or malformed is bad usage, status 2.

A value that cannot work whatever the log holds (``--decks 0``, ``--last 0``,
``--theme neon``, ``--marks 5-2``) is a usage error naming the option, exactly
as a value of the wrong kind already is. What depends on the log (a mark the
shoe has not made yet) stays bad input, status 1. Each check is the library's
own, so the CLI and the Python API give the same message.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.core import ParameterSource

from ..bet_ids import BET_IDS
from ..board.names import DERIVED, Road
from ..bounds import TooLong, number_text, short_text
from ..enums import Game
from ..errors import LogError, RoadsError, excerpt, one_line
from ..scene.options import BY_NAME, FIELDS, OptionRow, RenderOptions, render_options
from .inputs import Inputs

if TYPE_CHECKING:
    import logging

F = TypeVar("F", bound=Callable[..., Any])

Callback = Callable[[click.Context, click.Parameter, Any], Any]


class _Bounded(click.types._NumberRangeBase):  # type: ignore[type-arg]
    """A number option whose text is bounded before conversion (roads.bounds), and shows no empty range in --help."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Return the value as a number; a usage error past MAX_DIGITS characters, before ``int()`` sees it."""
        _bounded(self, value, param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        # click would print ``x<=None`` for a range without bounds.
        return "" if self.min is None and self.max is None else super()._describe_range()


class Whole(_Bounded, click.IntRange):
    """A whole-number option (optionally in a range), its text bounded before conversion (roads.bounds)."""

    name = "integer"


class Decimal(_Bounded, click.FloatRange):
    """A decimal option (optionally in a range), its text bounded before conversion (roads.bounds)."""

    name = "float"


def _bounded(kind: click.ParamType[Any], value: Any, param: click.Parameter | None, ctx: click.Context | None) -> None:

    if isinstance(value, str):
        try:
            number_text(value.strip())
        except TooLong as exc:
            kind.fail(str(exc), param, ctx)
        if not value.isascii():
            # int() and float() read Arabic-Indic and full-width digits too; a number here is ASCII, as in the logs.
            kind.fail(f"'{excerpt(one_line(value))}' is not a number: write it in the digits 0-9", param, ctx)


WHOLE = Whole()
"""Any whole number, bounded: the type of every integer option."""
DECIMAL = Decimal()
"""Any decimal number, bounded: the type of every float option."""


def checked(check: Callable[[Any], object]) -> Callback:
    """Return a click callback that runs ``check`` on the option's value (each value of a repeated option).

    The value is kept as given; a RoadsError from ``check`` becomes a usage
    error that names the option.
    """

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is None:
            return value
        for one in value if param.multiple else (value,):
            try:
                check(one)
            except RoadsError as exc:
                raise click.BadParameter(exc.message, ctx=ctx, param=param) from None
        return value

    return callback


_SEED_NUMBER = re.compile(r"\s*[+-]?[0-9]+\s*")


def seed_value(ctx: click.Context, param: click.Parameter, value: str | None) -> int | str | None:
    """Read a seed: any text; one that reads as a whole number (a sign, spaces around) is that int.

    Numbers are read as the integer options of demo and simulate read them, so
    their seeds deal the shoes they always dealt. Bounded before conversion:
    more than MAX_DIGITS digits or MAX_TEXT characters is a usage error.
    """

    if value is None:
        return None
    try:
        short_text(value, "a seed")
        if _SEED_NUMBER.fullmatch(value):
            return int(number_text(value.strip(), "a seed"))
    except TooLong as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
    return value


SEED_HELP = "Seed: any text or number; the same seed gives the same result."
"""The one help of ``--seed``, in every command that takes one (deal, drill, demo, simulate)."""


def seed_option(default: int | None = None) -> Callable[[F], F]:
    """Add ``--seed S``/``-s S``: text or a whole number, read by ``seed_value``; without ``default``, a fresh one."""
    return click.option(
        "--seed",
        "-s",
        metavar="S",
        default=None if default is None else str(default),
        show_default=True if default is not None else "a fresh one, printed",
        callback=seed_value,
        help=SEED_HELP,
    )


def cut_option() -> Callable[[F], F]:
    """Add ``--cut N`` (default 16): where the cut card goes, checked against the deck count by the command."""
    from ..shoe import DEFAULT_CUT, MIN_CUT

    return click.option(
        "--cut",
        type=WHOLE,
        default=DEFAULT_CUT,
        show_default=True,
        metavar="N",
        help=f"Cut card position, in cards from the end of the shoe (at least {MIN_CUT}).",
    )


def seed_number(seed: int | str) -> int:
    """Return ``seed`` as a whole number 0 or more for numpy's generator: itself when it is one, else a hash of it."""
    if isinstance(seed, int) and seed >= 0:
        return seed
    import hashlib  # only a text seed needs it

    return int.from_bytes(hashlib.blake2b(str(seed).encode("utf-8"), digest_size=8).digest(), "big")


def choice(values: Sequence[str]) -> click.Choice[str]:
    """Return a choice of ``values`` that ignores case (``EZ``, ``Big-Road``), given on as the canonical spelling."""
    return click.Choice(values, case_sensitive=False)


# --- Old spellings: kept for this release, each with a one-line warning naming the new one ---

GOES_IN = "0.4"
"""The release in which the old spellings of renamed options go."""


def warn_renamed(old: str, new: str) -> None:
    """Say on standard error that option ``old`` is now ``new`` (one line; nothing on standard output)."""
    click.echo(f"roads: warning: {old} is now {new}; the old name goes in {GOES_IN}", err=True)


def renamed(old: str, new: str, into: str, **attrs: Any) -> Callable[[F], F]:
    """Add ``old`` as a hidden, warned spelling of the option ``new`` whose Python name is ``into``.

    ``attrs`` are the new option's type and callback, so the old spelling takes
    the same values with the same messages. Given alone, its value goes to
    ``into``; given with ``new``, it is a usage error.
    """
    hidden_name = f"renamed_{old.lstrip('-').replace('-', '_')}_{into}"

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            value = kwargs.pop(hidden_name)
            if value is not None and value != ():
                ctx = click.get_current_context()
                if ctx.get_parameter_source(into) not in (ParameterSource.DEFAULT, None):
                    raise click.UsageError(f"{old} is the old name of {new}: give {new} alone")
                warn_renamed(old, new)
                kwargs[into] = value
            return command(*args, **kwargs)

        return click.option(old, hidden_name, hidden=True, default=None, **attrs)(run)  # type: ignore[return-value]

    return decorate


SHARED_OPTIONS: dict[str, str] = {
    "--bet": "a bet, by id, to price",
    "--bets": "every bet of the table's rules",
    "--by": "the groups the figures are given for (stats --hold: any column of the archive too)",
    "--cell": "pixels per Big Road cell",
    "--count": "how many questions",
    "--decks": "decks in the shoe",
    "--dir": "an output folder",
    "--format": "the format of what the command writes",
    "--game": "the game: a log's, or (serve) the tables' the server makes",
    "--good-roads": "the good roads, built in or from a TOML pattern file",
    "--highlight": "one thing lit up in the picture",
    "--integrity": "the shuffle-integrity check: repeated shoes, slugs, new-deck order",
    "--jobs": "worker processes",
    "--csv": "print CSV instead of text",
    "--json": "print JSON instead of text",
    "--last": "only the newest columns",
    "--output": "the file to write",
    "--road": "which road",
    "--scale": "PNG pixel multiplier",
    "--shoe": "which shoe of an archive",
    "--shoes": "how many shoes to deal",
    "--theme": "the colours",
    "--title": "the title of what is written",
}
"""Options spelled alike in several commands whose help says the one meaning in each command's own terms.

Any other option used by more than one command has the same help in all
(tests/test_cli_vocabulary.py); a name always has one Python name, and a
short name always stands for the same long one.
"""


class RenderValue(click.ParamType[Any]):
    """A drawing option's value, read by the table's own converter: ``--last x`` says what ``last="x"`` says."""

    def __init__(self, row: OptionRow) -> None:
        self.row = row
        self.name = row.kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Return the value as RenderOptions holds it (``DARK`` -> ``dark``); a usage error naming the option."""
        try:
            return self.row.convert(value)
        except RoadsError as exc:
            self.fail(exc.message, param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        """Complete a choice from the table."""
        from click.shell_completion import CompletionItem

        return [CompletionItem(c) for c in self.row.choices if c.startswith(incomplete.lower())]


class DrawingOption(click.Option):
    """A drawing option on the command line, made from its row of the table (tests walk every command for these)."""

    def __init__(self, *args: Any, row: OptionRow, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.row = row


# --- Drawing options: every one is a row of the table in roads.scene.options, spelled alike in every command ---


def render_option(name: str, what: str | None = None, note: str | None = None) -> Callable[[F], F]:
    """Add the drawing option ``name`` as the table writes it: its flag, type, default, bounds and help.

    ``what`` and ``note`` say it in the words of a command that draws something
    else (``Colours of the pictures``); the bounds, choices and default stay the table's.
    """
    row = BY_NAME[name]
    help = f"{row.describe(what, note)}."
    if row.kind == "flag" and row.default is None:
        # A flag whose default is decided by the picture (road_labels: on with a highlight) can be said either way.
        return click.option(
            f"{row.flag}/--no-{row.flag.removeprefix('--')}",
            name,
            cls=DrawingOption,
            row=row,
            default=None,
            help=help,
        )
    if name == "good_roads":
        # One meaning in every command: --good-roads [FILE]. A picture tags the built-in patterns.
        def tags(ctx: click.Context, param: click.Parameter, value: str | None) -> bool:
            if value:
                raise click.BadParameter(
                    f"a picture tags the built-in patterns: give --good-roads alone, not {value!r} "
                    "(a pattern file is for build, explain and stats)",
                    param_hint="'--good-roads'",
                )
            return value is not None

        return click.option(
            row.flag,
            name,
            cls=DrawingOption,
            row=row,
            is_flag=False,
            flag_value="",
            default=None,
            metavar="",
            callback=tags,
            help=f"{help} A picture tags the built-in patterns: no FILE.",
        )
    if row.kind == "flag":
        # A flag on by default is turned off by its spelling (--no-pairs): the value is the table's name.
        return click.option(
            row.flag,
            name,
            cls=DrawingOption,
            row=row,
            is_flag=True,
            flag_value=not row.default,
            default=row.default,
            help=f"No {help[0].lower()}{help[1:]}" if row.default else help,
        )
    return click.option(
        row.flag,
        name,
        cls=DrawingOption,
        row=row,
        type=RenderValue(row),
        default=row.default,
        show_default=row.default is not None,
        metavar=row.metavar,
        help=help,
    )


def drawing_options(order: Sequence[str] = FIELDS) -> Callable[[F], F]:
    """Add every drawing option of the table as its flag; the command gets them as one ``options`` (RenderOptions).

    ``order`` is the order --help lists them in (every name of the table, once).
    ``--cell`` with ``--width`` is bad usage (status 2), as any other pair of flags that exclude each other.
    """
    if sorted(order) != sorted(FIELDS):
        raise ValueError(f"drawing_options takes every option of the table once, not {order}")

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            given = {name: kwargs.pop(name) for name in FIELDS}
            if given["cell"] is not None and given["width"] is not None:
                raise click.UsageError("give --cell or --width, not both")
            options: RenderOptions = render_options(**given)
            return command(*args, options=options, **kwargs)

        wrapped: Any = run
        for name in reversed(order):
            wrapped = render_option(name)(wrapped)
        return wrapped  # type: ignore[no-any-return]

    return decorate


def jobs_option(help: str) -> Callable[[F], F]:
    """Add ``-j/--jobs N``: worker processes, every core without it, capped at cores x 4 with one line saying so."""

    def cap(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
        if value is None:
            return None
        from ..pool import worker_count  # only -j N loads the pool

        workers, note = worker_count(value)
        if note is not None:
            click.echo(f"roads: warning: {note}", err=True)
        return workers

    return click.option("-j", "--jobs", type=Whole(min=1), callback=cap, help=f"{help} (at most cores x 4).")


def json_option(help: str) -> Callable[[F], F]:
    """Add ``--json`` (a flag, into ``as_json``): print JSON instead of text; ``help`` says what the JSON holds."""
    return click.option("--json", "as_json", is_flag=True, help=help)


KNOWN_HELP = (
    "What counts as known before each coup: seen (the default), the cards a player sees, the first burned card "
    "(turned face up) and the coups dealt, the face-down burns unknown; all, every burned card too, the edge for "
    "a house that knows its burns."
)


def known_option(help: str = KNOWN_HELP) -> Callable[[F], F]:
    """Add ``--known seen|all`` (into ``known``, default ``seen``): which burned cards an exposure scan counts out."""
    return click.option("--known", type=choice(("seen", "all")), default="seen", show_default=False, help=help)


def bet_option(help: str) -> Callable[[F], F]:
    """Add ``--bet ID`` (repeatable, into ``bet_ids``): a bet of ``roads odds --bets``'s list; ``help``: what for."""
    return click.option("--bet", "bet_ids", multiple=True, type=choice(BET_IDS), metavar="ID", help=help)


def decks_option(help: str = "Decks each shoe was dealt from (1-1000).") -> Callable[[F], F]:
    """Add ``--decks N`` (default 8), refused outside 1-1000 as the dealer refuses it; ``help`` says what it counts."""

    def check(decks: int) -> None:
        from ..shoe import check_decks  # the dealer loads only once a deck count is checked

        check_decks(decks)

    return click.option(
        "--decks", type=WHOLE, default=8, show_default=True, metavar="N", callback=checked(check), help=help
    )


GAME_HELP = (
    "Game the log or cards were dealt in: baccarat, or dragon-tiger (one card to Dragon, one to Tiger, "
    "the higher rank wins; Dragon is drawn red, Tiger blue)."
)
"""The one help of ``--game``, in every command that takes one."""


def game_option(help: str = GAME_HELP) -> Callable[[F], F]:
    """Add ``--game baccarat|dragon-tiger`` (default baccarat), given on as a :class:`roads.enums.Game`."""

    def to_game(ctx: click.Context, param: click.Parameter, value: str) -> Game:
        return Game(value.lower())

    return click.option(
        "--game",
        type=choice([game.value for game in Game]),
        default=Game.BACCARAT.value,
        show_default=True,
        callback=to_game,
        help=help,
    )


def count_option(default: int, check: Callable[[int], None], help: str) -> Callable[[F], F]:
    """Add ``--count N``: how many questions or situations a page asks; ``check`` refuses what it cannot give."""
    return click.option(
        "--count", type=WHOLE, default=default, show_default=True, metavar="N", callback=checked(check), help=help
    )


def dir_option(help: str, **attrs: Any) -> Callable[[F], F]:
    """Add ``-d/--dir FOLDER``: always an output folder, in every command (``attrs``: a default, say)."""
    return click.option("-d", "--dir", "folder", metavar="FOLDER", help=help, **attrs)


def derived_road_option(help: str) -> Callable[[F], F]:
    """Add ``--road ROAD``: one of the derived roads (big-eye-boy, small-road, cockroach-pig); ``help`` says what."""

    return click.option(
        "--road",
        "road",
        metavar="ROAD",
        callback=checked(Road.parse_derived),
        help=f"{help}: {', '.join(road.cli for road in DERIVED)}.",
    )


def written_format(output: str | None, by_suffix: dict[str, str], asked: str | None, option: str) -> str | None:
    """Return the format to write: the one ``output``'s extension names (``by_suffix``: ``.json`` -> ``json``).

    ``asked`` is the format an option (``option``: ``--format json``) asked
    for, or None; it is the answer when the extension names none. When both
    name one and they differ, a usage error: ``-o d.html`` never writes text.
    """
    from pathlib import Path

    named = by_suffix.get(Path(output).suffix.lower()) if output else None
    if named is not None and asked is not None and named != asked:
        raise click.UsageError(f"-o {output} writes {named}, but {option} asks for {asked}: give one")
    return named or asked


def html_output(output: str | None, what: str) -> None:
    """Refuse an ``-o`` that does not end in ``.html`` (or ``.htm``): ``what`` is a page, and the extension says what
    a file holds (``-o quiz.txt`` would be HTML under a text file's name). A stream (``-``, ``/dev/stdout``) is
    no file name, so it passes: the page goes down the pipe."""
    from ..files import stream_fd

    if output is not None and not output.lower().endswith((".html", ".htm")) and stream_fd(output) is None:
        raise click.UsageError(f"{what} is an HTML page: give -o NAME.html, not {output}")


def check_picture(path: str) -> None:
    """Raise RenderError unless ``path`` names a picture roads can write (.svg, .png or .pdf)."""
    from ..render import format_of  # the writers are only needed once a picture is drawn

    format_of(path)


def option_error(name: str, message: str) -> click.BadParameter:
    """Return a usage error about the running command's option ``name`` (its Python name: ``cut``, ``output``)."""
    ctx = click.get_current_context()
    param = next(p for p in ctx.command.params if p.name == name)
    return click.BadParameter(message, ctx=ctx, param=param)


@contextmanager
def usage_for(name: str) -> Iterator[None]:
    """Turn a RoadsError raised inside into a usage error about option ``name``: for limits that hang on another."""
    try:
        yield
    except RoadsError as exc:
        raise option_error(name, exc.message) from None


# --- Logs: one mechanism for every command that reads LOG arguments (archives, --shoe, keep-going) ---

FORMAT_NAMES = ("auto", "results", "cards", "stream", "json", "jsonl", "csv")
"""``--from`` values: auto-detect, or one of the log formats in docs/logs.md."""

FROM_HELP = "Log format to read; auto tells results, cards, streams, JSON, JSON Lines and spreadsheets (csv) apart."

_COUPS = re.compile(r"\s*([0-9]+)\s*(?:(-)\s*([0-9]+)?)?\s*")
"""ASCII digits only (``\\d`` and ``int()`` take Arabic-Indic and full-width digits too)."""


def parse_coups(text: str) -> tuple[int, int | None]:
    """Return (first, last) of a coup range ``1-40``, ``41-`` or ``7`` (last None: to the end of the shoe)."""
    match = _COUPS.fullmatch(text)
    if match is None:
        raise LogError(f"'{excerpt(text)}' is not a coup range: write 1-40, 41- or 7")

    try:
        first = int(number_text(match.group(1), "a coup number"))
        last = int(number_text(match.group(3), "a coup number")) if match.group(3) else None
    except TooLong as exc:
        raise LogError(f"'{excerpt(text)}': {exc}") from None
    if last is None and not match.group(2):
        last = first
    if first < 1:
        raise LogError("coups count from 1")
    if last is not None and last < first:
        raise LogError(f"the range {first}-{last} ends before it starts")
    return first, last


def _notes(verbose: bool) -> logging.Handler:
    """Return a handler printing what the log readers report: warnings always, how a sheet was read with --verbose."""
    import logging  # only once a reader has something to say (roads.logs.notes)

    class Notes(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            """Print one note to standard error."""
            kind = "warning" if record.levelno >= logging.WARNING else "note"
            click.echo(f"roads: {kind}: {one_line(record.getMessage())}", err=True)

    return Notes(logging.INFO if verbose else logging.WARNING)


def log_inputs(
    *,
    old_format_flags: tuple[str, ...] = ("--format",),
    coups: bool = False,
    shoe_help: str | None = None,
    verb: str = "written",
    required: bool = True,
    game: bool = False,
) -> Callable[[F], F]:
    """Add LOG... and the options every log-reading command shares; the command gets them as ``inputs``.

    --from, --shoe ID|N, --fail-fast and --verbose (and --coups with ``coups``);
    ``verb`` says in the summary line what was done with each shoe. Each of
    ``old_format_flags`` is a warned old spelling of --from (``--format`` in a
    command whose output has no format to choose, render's ``--log-format``).
    Without ``required`` a command may be given no LOG (it makes its own shoe). With ``game``,
    --game too (the command's ``inputs.game``).
    """

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            coups_text = kwargs.pop("coups_range", None) if coups else None
            log_format = kwargs.pop("log_format")
            inputs = Inputs(
                kwargs.pop("logs"),
                None if log_format == "auto" else log_format,
                kwargs.pop("shoe"),
                kwargs.pop("fail_fast"),
                parse_coups(coups_text) if coups_text else None,
                coups_text,
                verb=verb,
            )
            if game:
                inputs.game = kwargs.pop("game")
            verbose = kwargs.pop("verbose")
            from ..logs import notes  # a command that reads logs loads roads.logs anyway

            attached: list[tuple[logging.Logger, logging.Handler]] = []

            def attach(logger: logging.Logger) -> None:
                handler = _notes(verbose)
                logger.addHandler(handler)
                logger.setLevel(20)  # logging.INFO: the handler's own level says what is shown
                logger.propagate = False
                attached.append((logger, handler))

            notes.when_used(attach)
            try:
                return command(*args, inputs=inputs, **kwargs)
            finally:
                notes.forget(attach)
                for logger, handler in attached:
                    logger.removeHandler(handler)

        wrapped: Any = run
        if game:
            wrapped = game_option()(wrapped)
        if coups:
            wrapped = click.option(
                "--coups",
                "coups_range",
                metavar="N-M",
                callback=checked(parse_coups),
                help="Only coups N to M (1-40, or 41- to the end): the board as if the shoe was logged from N.",
            )(wrapped)
        wrapped = click.option("--verbose", "-v", is_flag=True, help="Say how each log was read (a sheet's columns).")(
            wrapped
        )
        wrapped = click.option(
            "--fail-fast", is_flag=True, help="Stop at the first bad shoe or file instead of going on."
        )(wrapped)
        wrapped = click.option(
            "--shoe",
            metavar="ID|N",
            help=shoe_help or "Only this shoe of an archive: its id, or its number in the file (from 1).",
        )(wrapped)
        for old in old_format_flags:
            wrapped = renamed(old, "--from", "log_format", type=choice(FORMAT_NAMES))(wrapped)
        wrapped = click.option(
            "--from",
            "log_format",
            type=choice(FORMAT_NAMES),
            default="auto",
            show_default=True,
            help=FROM_HELP,
        )(wrapped)
        wrapped = click.argument("logs", nargs=-1, required=required, metavar="[LOG...]" if not required else "LOG...")(
            wrapped
        )
        return wrapped  # type: ignore[no-any-return]

    return decorate
