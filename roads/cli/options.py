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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import LogError, RoadsError, excerpt, one_line
from .inputs import Inputs

if TYPE_CHECKING:
    import logging

F = TypeVar("F", bound=Callable[..., Any])

Callback = Callable[[click.Context, click.Parameter, Any], Any]


class Whole(click.IntRange):
    """A whole-number option (optionally in a range), its text bounded before conversion (roads.bounds)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Return the value as an int; a usage error past MAX_DIGITS characters, before ``int()`` sees it."""
        _bounded(self, value, param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        return _range(self, super()._describe_range())


class Decimal(click.FloatRange):
    """A decimal option (optionally in a range), its text bounded before conversion (roads.bounds)."""

    name = "float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Return the value as a float; a usage error past MAX_DIGITS characters."""
        _bounded(self, value, param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        return _range(self, super()._describe_range())


def _range(kind: click.IntRange | click.FloatRange, described: str) -> str:
    """Return the range for --help; none without bounds (click would print ``x<=None``)."""
    return "" if kind.min is None and kind.max is None else described


def _bounded(kind: click.ParamType[Any], value: Any, param: click.Parameter | None, ctx: click.Context | None) -> None:
    from ..bounds import TooLong, number_text

    if isinstance(value, str):
        try:
            number_text(value.strip())
        except TooLong as exc:
            kind.fail(str(exc), param, ctx)


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


def seed_value(*, signed: bool = False) -> Callback:
    """Return a callback reading a seed: a whole number (``signed``: with a sign, spaces around) is an int, else text.

    Bounded before conversion: more than MAX_DIGITS digits or MAX_TEXT characters is a usage error.
    """
    from ..bounds import TooLong, short_text, whole_number

    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> int | str | None:
        if value is None:
            return None
        try:
            short_text(value, "a seed")
            if signed or (value.isascii() and value.isdigit()):
                number = whole_number(value, "a seed")
                if number is not None:
                    return number
        except TooLong as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
        return value

    return callback


def render_field(name: str) -> Callback:
    """Return a callback that checks one drawing option (``last``, ``theme``, ``scale``...) as RenderOptions does."""

    def check(value: Any) -> None:
        from ..scene import render_options

        render_options(**{name: value})

    return checked(check)


# --- Drawing options: spelled alike in every command that draws, so their help and bounds are written here once ---


def theme_option(what: str = "Colours") -> Callable[[F], F]:
    """Add ``--theme THEME`` (default classic), checked as RenderOptions checks it; ``what`` starts its help."""
    from ..scene.themes import THEMES

    return click.option(
        "--theme",
        default="classic",
        show_default=True,
        metavar="THEME",
        callback=render_field("theme"),
        help=f"{what}: {', '.join(THEMES)}.",
    )


def last_option(what: str = "Only the newest N columns", then: str = "the whole shoe without it") -> Callable[[F], F]:
    """Add ``--last N``, a number of columns RenderOptions can show; the help says ``what``, the bounds, ``then``."""
    from ..scene.options import MOST_COLUMNS

    return click.option(
        "--last",
        type=WHOLE,
        metavar="N",
        callback=render_field("last"),
        help=f"{what}, 1-{MOST_COLUMNS} ({then}).",
    )


def cell_option(help: str, check: Callable[[Any], object] | None = None) -> Callable[[F], F]:
    """Add ``--cell PX``, checked by ``check`` (default: as RenderOptions checks it)."""
    return click.option(
        "--cell",
        type=DECIMAL,
        metavar="PX",
        callback=render_field("cell") if check is None else checked(check),
        help=help,
    )


def decks_option(help: str = "Decks each shoe was dealt from (1-1000).") -> Callable[[F], F]:
    """Add ``--decks N`` (default 8), refused outside 1-1000 as the dealer refuses it; ``help`` says what it counts."""

    def check(decks: int) -> None:
        from ..shoe import check_decks  # the dealer loads only once a deck count is checked

        check_decks(decks)

    return click.option(
        "--decks", type=WHOLE, default=8, show_default=True, metavar="N", callback=checked(check), help=help
    )


def scale_option(what: str = "PNG pixel multiplier") -> Callable[[F], F]:
    """Add ``--scale`` (default 1), a PNG pixel multiplier RenderOptions accepts; ``what`` starts its help."""
    from ..scene.options import SCALES

    return click.option(
        "--scale",
        type=DECIMAL,
        default=1.0,
        show_default=True,
        callback=render_field("scale"),
        help=f"{what}, {SCALES[0]:g}-{SCALES[1]:g} (2 for sharp screens or print).",
    )


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
"""``--format`` values: auto-detect, or one of the log formats in docs/logs.md."""

_COUPS = re.compile(r"\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*")


def parse_coups(text: str) -> tuple[int, int | None]:
    """Return (first, last) of a coup range ``1-40``, ``41-`` or ``7`` (last None: to the end of the shoe)."""
    match = _COUPS.fullmatch(text)
    if match is None:
        raise LogError(f"'{excerpt(text)}' is not a coup range: write 1-40, 41- or 7")
    first = int(match.group(1))
    last = int(match.group(3)) if match.group(3) else (None if match.group(2) else first)
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
    format_flags: tuple[str, ...] = ("--format",),
    coups: bool = False,
    shoe_help: str | None = None,
    verb: str = "written",
) -> Callable[[F], F]:
    """Add LOG... and the options every log-reading command shares; the command gets them as ``inputs``.

    --format, --shoe ID|N, --fail-fast and --verbose (and --coups with ``coups``);
    ``verb`` says in the summary line what was done with each shoe.
    """

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            coups_text = kwargs.pop("coups_range", None) if coups else None
            inputs = Inputs(
                kwargs.pop("logs"),
                None if kwargs.get("fmt", "auto") == "auto" else kwargs.get("fmt"),
                kwargs.pop("shoe"),
                kwargs.pop("fail_fast"),
                parse_coups(coups_text) if coups_text else None,
                coups_text,
                verb=verb,
            )
            kwargs.pop("fmt", None)
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
        wrapped = click.option(
            *format_flags,
            "fmt",
            type=click.Choice(FORMAT_NAMES),
            default="auto",
            show_default=True,
            help="Log format; auto tells results, cards, streams, JSON, JSON Lines and spreadsheets (csv) apart.",
        )(wrapped)
        wrapped = click.argument("logs", nargs=-1, required=True, metavar="LOG...")(wrapped)
        return wrapped  # type: ignore[no-any-return]

    return decorate
