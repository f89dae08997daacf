"""RenderOptions: the one table of drawing options, shared by the SVG, PNG and PDF back-ends, the CLI and the docs.

Each option (its name, type, default, bounds or choices, one line of help and
its command-line spelling) is written once, as a field of :class:`RenderOptions`;
:data:`OPTIONS` reads the option table back. The checks, the CLI options
(``roads.cli.flags.render_option``), the options listed by ``help(board.svg)``
and the option table in docs/rendering.md all come from it, and every path refuses a
bad value with the same :class:`~roads.errors.RenderError` and message. The
converters are small and plain: drawing one picture never imports pydantic.
"""

from __future__ import annotations

import inspect
import math
import re
import textwrap
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Literal, TypedDict, TypeVar, Unpack

from ..board.names import DERIVED, Road
from ..bounds import LEGIBLE_CELL, MAX_CELL, TooLong, cell_size, number_text, whole_number
from ..errors import RenderError, excerpt, one_line, unknown_choice
from .themes import THEMES

ROADS: tuple[str, ...] = ("scoreboard", *(road.cli for road in Road))
"""What can be drawn, as users spell it: scoreboard, bead-plate, big-road, big-eye-boy, small-road, cockroach-pig."""

DERIVED_ROADS: tuple[str, ...] = tuple(road.cli for road in DERIVED)

MOST_COLUMNS = 10_000
"""The most columns ``last`` may show."""
MOST_COUPS = 10_000_000
"""The largest coup number ``bead`` may name."""
SCALES = (0.1, 16)
"""The smallest and largest PNG pixel multiplier."""
WIDTHS = (16, 30_000)
"""The narrowest and widest picture, in pixels."""

BASE_CELL = 24.0
"""Model units of a Big Road cell: a picture drawn at ``cell`` px has ``cell / BASE_CELL`` px per unit."""
LEGIBLE_TEXT = 9.0
"""The smallest size, in pixels, a board draws its words and figures at: one that would be smaller is left out."""
SMALLEST_TEXT = 9.0
"""Model units of a board's smallest words and figures: the statistics' B/P/T letters and a tie count."""
TEXT_CELL = BASE_CELL * LEGIBLE_TEXT / SMALLEST_TEXT
"""The smallest cell, in pixels, at which a board draws all of its text (24): below it the statistics panel
(with the asks), the tie counts and every other word smaller than :data:`LEGIBLE_TEXT` are left out."""


def legible(size: float, cell: float | None) -> bool:
    """Return True when text of ``size`` model units is at least :data:`LEGIBLE_TEXT` px at ``cell`` px a cell.

    No ``cell`` (the default, or a picture sized by ``width``) counts as the base cell of 24 px.
    """
    return size * (cell or BASE_CELL) / BASE_CELL >= LEGIBLE_TEXT - 1e-9


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold at all, escaped or not: one in a title made an SVG no parser would open."""

Kind = Literal["choice", "whole", "decimal", "flag", "text", "highlight"]
"""How an option's value is read: the converter :meth:`OptionRow.convert` applies."""


def fold(text: str) -> str:
    """Return ``text`` as choices are compared: any case, hyphens, underscores or spaces (``Big_Eye Boy``)."""
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def road_key(name: str) -> str | None:
    """Return what ``name`` draws in its hyphenated spelling (``Big_Eye Boy`` -> ``big-eye-boy``); None if unknown."""
    key = fold(name)
    return key if key in ROADS else None


def check_title(value: str | None) -> str | None:
    """Return the title without the characters XML cannot hold."""
    return None if value is None else _NOT_XML.sub("", value)


def check_highlight(value: Any) -> tuple[str, int] | None:
    """Return ``ROAD:MARK`` or ``(road, mark)`` as (road key, mark number); RenderError saying what is wrong."""
    if value is None:
        return None
    if isinstance(value, str):
        road, sep, mark = value.rpartition(":")
        if not sep or not road:
            raise RenderError(f"highlight '{excerpt(one_line(value))}' should be ROAD:MARK, e.g. big-eye-boy:5")
        value = (road, mark)
    try:
        road, mark = value
    except (TypeError, ValueError):
        raise RenderError("highlight should be (road, mark), e.g. ('big-eye-boy', 5)") from None
    key = road_key(str(road))
    if key is None or key not in DERIVED_ROADS:
        raise RenderError(
            f"cannot highlight '{excerpt(one_line(str(road)))}': choose one of {', '.join(DERIVED_ROADS)}"
        )
    try:
        number = mark if isinstance(mark, int) and not isinstance(mark, bool) else whole_number(str(mark), "a mark")
    except TooLong as exc:
        raise RenderError(f"highlight mark: {exc}") from None
    if number is None:
        raise RenderError(f"highlight mark '{excerpt(one_line(str(mark)))}' is not a number")
    if number < 1:
        raise RenderError(f"highlight mark must count from 1, got {number}")
    return key, number


def _legible(value: float) -> float:
    """Return ``cell`` when it can be read: below the legible size the message says why, not only the range."""
    try:
        return cell_size(value)
    except ValueError as exc:
        raise RenderError(str(exc)) from None


def _number(bound: float) -> str:
    """Return a bound as help and messages write it: ``10000000``, ``0.5`` (never ``1e+07``)."""
    return f"{bound:,.10g}".replace(",", "")


@dataclass(frozen=True)
class OptionRow:
    """One row of the option table: a drawing option, how it is read and checked, spelled and explained."""

    name: str
    kind: Kind
    default: Any
    help: str
    """One line for ``help()``, --help and the docs, without a final period."""
    flag: str
    """The command-line spelling: ``--theme``; for a flag on by default, the one that turns it off (``--no-pairs``)."""
    metavar: str | None = None
    choices: tuple[str, ...] = ()
    bounds: tuple[float, float] | None = None
    """The smallest and largest value, both allowed."""
    unit: str = ""
    """What the bounds count (``columns``, ``pixels``), for the messages."""
    remark: str = ""
    """A few words after the bounds: what no value means, a value worth knowing."""
    check: Callable[[Any], Any] | None = None
    """A check beyond the type and the bounds (a title's characters, the legible cell)."""

    def convert(self, value: Any) -> Any:
        """Return ``value`` as this option holds it; RenderError with the one message every path gives."""
        if value is None and self.default is None:
            return None
        value = _READERS[self.kind](self, value)
        if self.check is not None:
            value = self.check(value)
        if self.bounds is not None and not self.bounds[0] <= value <= self.bounds[1]:
            raise RenderError(f"{self.name} must be from {self.span()}, got {value:g}")
        return value

    def span(self) -> str:
        """Return the bounds as the messages say them: ``1 to 10000 columns``; empty without bounds."""
        if self.bounds is None:
            return ""
        return f"{_number(self.bounds[0])} to {_number(self.bounds[1])}{' ' + self.unit if self.unit else ''}"

    def limits(self) -> str:
        """Return what the option accepts, for help: ``classic, dark, print``, ``1-10000``; empty when anything."""
        if self.choices:
            return ", ".join(self.choices)
        if self.bounds is not None:
            return f"{_number(self.bounds[0])}-{_number(self.bounds[1])}"
        return ""

    def describe(self, what: str | None = None, note: str | None = None) -> str:
        """Return the help as one phrase: ``what`` (else the help), what it accepts, ``note`` (else the remark).

        The CLI's --help, ``help(board.svg)`` and the docs all say it this way.
        """
        limits = self.limits()
        accepts = f": {limits}" if self.choices else f", {limits}" if limits else ""
        remark = self.remark if note is None else note
        return f"{what or self.help}{accepts}{f' ({remark})' if remark else ''}"

    def line(self) -> str:
        """Return the option as ``help(board.svg)`` lists it: ``name=default: help, bounds (remark).``"""
        return f"{self.name}={self.default!r}: {self.describe()}."


def _shown(value: Any) -> str:
    """Return a bad value as a message quotes it: short, on one line."""
    return f"'{excerpt(one_line(value))}'" if isinstance(value, str) else excerpt(one_line(repr(value)))


def _choice(option: OptionRow, value: Any) -> str:
    key = fold(value) if isinstance(value, str) else None
    for choice in option.choices:
        if fold(choice) == key:
            return choice
    raise RenderError(unknown_choice(option.name, value, option.choices))


def _whole(option: OptionRow, value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            number = whole_number(value, f"{option.name}: a number")
        except TooLong as exc:
            raise RenderError(str(exc)) from None
        if number is not None:
            return number
    raise RenderError(f"{option.name} should be a whole number, got {_shown(value)}")


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""A decimal in ASCII digits: ``float()`` alone takes ``1_0``, Arabic-Indic and full-width digits too."""


def _decimal(option: OptionRow, value: Any) -> float:
    number: float | None = None
    try:
        if isinstance(value, str):
            text = number_text(value.strip(), f"{option.name}: a number")
            number = float(text) if _DECIMAL.fullmatch(text) else None
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
    except TooLong as exc:
        raise RenderError(str(exc)) from None
    except (ValueError, OverflowError):
        number = None
    if number is None or not math.isfinite(number):
        raise RenderError(f"{option.name} should be a number, got {_shown(value)}")
    return number


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def _flag(option: OptionRow, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if type(value) is int and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise RenderError(f"{option.name} should be true or false, got {_shown(value)}")


def _text(option: OptionRow, value: Any) -> str:
    if isinstance(value, str):
        return value
    raise RenderError(f"{option.name} should be text, got {_shown(value)}")


def _highlight(option: OptionRow, value: Any) -> tuple[str, int] | None:
    return check_highlight(value)


_READERS: dict[Kind, Callable[[OptionRow, Any], Any]] = {
    "choice": _choice,
    "whole": _whole,
    "decimal": _decimal,
    "flag": _flag,
    "text": _text,
    "highlight": _highlight,
}


def option_field(kind: Kind, default: Any, help: str, flag: str, **row: Any) -> Any:
    """Return a field of the option table: ``default``, and the rest of the row (:class:`OptionRow`) as metadata."""
    return field(
        default=default, metadata={"row": {"kind": kind, "default": default, "help": help, "flag": flag, **row}}
    )


class OptionChanges(TypedDict, total=False):
    """The keyword options of ``svg()``, ``png()``, ``save()`` and ``lay_out()``, for type checkers.

    tests/test_option_table.py keeps it in step with the option table: the same names and types.
    """

    road: str
    last: int | None
    cell: float | None
    width: int | None
    scale: float
    theme: str
    labels: Literal["en", "zh"]
    pairs: bool
    naturals: bool
    totals: bool
    road_labels: bool | None
    highlight: tuple[str, int] | str | None
    column_numbers: bool
    bead: int | None
    title: str | None
    good_roads: bool
    background: bool


@dataclass(frozen=True, init=False)
class RenderOptions:
    """How to draw a board: the option table; every one optional, keyword-only and checked here, at the edge."""

    road: str = option_field("choice", "scoreboard", "What to draw", "--road", metavar="ROAD", choices=ROADS)
    last: int | None = option_field(
        "whole",
        None,
        "Only the newest N columns",
        "--last",
        metavar="N",
        bounds=(1, MOST_COLUMNS),
        unit="columns",
        remark="the whole shoe without it; a window, no mark changes",
    )
    cell: float | None = option_field(
        "decimal",
        None,
        "Pixels per Big Road cell",
        "--cell",
        metavar="PX",
        bounds=(LEGIBLE_CELL, MAX_CELL),
        unit="pixels",
        check=_legible,
        remark=f"24 without it or width; below {TEXT_CELL:g}, where its smallest text would be under "
        f"{LEGIBLE_TEXT:g} px, the statistics panel, tie counts and road names are left out",
    )
    width: int | None = option_field(
        "whole",
        None,
        "Overall width in pixels",
        "--width",
        metavar="PX",
        bounds=WIDTHS,
        unit="pixels",
        remark="instead of cell",
    )
    scale: float = option_field(
        "decimal",
        1.0,
        "PNG pixel multiplier",
        "--scale",
        metavar="X",
        bounds=SCALES,
        remark="2 for sharp screens or print",
    )
    theme: str = option_field("choice", "classic", "Colours", "--theme", metavar="THEME", choices=tuple(THEMES))
    labels: Literal["en", "zh"] = option_field(
        "choice",
        "en",
        "Letters",
        "--labels",
        metavar="LANG",
        choices=("en", "zh"),
        remark="B/P/T or 庄/闲/和; the fonts ship with roads",
    )
    pairs: bool = option_field(
        "flag", True, "Pair dots on the Big Road", "--no-pairs", remark="the Bead Plate always shows them"
    )
    naturals: bool = option_field(
        "flag", False, "Mark naturals on the Big Road", "--naturals", remark="a small gold dot"
    )
    totals: bool = option_field("flag", False, "Bead Plate shows the winning total instead of the letter", "--totals")
    road_labels: bool | None = option_field(
        "flag",
        None,
        "Each road's name over its strip",
        "--road-labels",
        remark="Bead Plate, Big Road, ... or 珠盘路, 大路, ... with labels zh; unset, on with a highlight only",
    )
    highlight: tuple[str, int] | None = option_field(
        "highlight",
        None,
        "Highlight a derived mark, its bead and what it compared",
        "--highlight",
        metavar="ROAD:MARK",
        remark="e.g. big-eye-boy:5, or ('big-eye-boy', 5) from Python",
    )
    column_numbers: bool = option_field(
        "flag",
        False,
        "Number the Big Road's columns under it",
        "--column-numbers",
        remark="as the proofs count them: a streak's column, wherever a dragon tail draws it",
    )
    bead: int | None = option_field(
        "whole",
        None,
        "Outline the Big Road bead a coup made",
        "--bead",
        metavar="COUP",
        bounds=(1, MOST_COUPS),
        unit="coups",
        remark="a tie's coup outlines the bead it sits on; nothing is compared or explained",
    )
    title: str | None = option_field(
        "text",
        None,
        "A caption over the board",
        "--title",
        metavar="TEXT",
        check=check_title,
        remark="also the SVG title",
    )
    good_roads: bool = option_field(
        "flag",
        False,
        "Tag the good roads active on the Big Road",
        "--good-roads",
        remark="long Banker, single jump, ...: each one's Chinese and English name in a band over the board "
        "as docs/good-roads.md lists them",
    )
    background: bool = option_field(
        "flag",
        True,
        "Fill the picture with the theme's background",
        "--no-background",
        remark="off: transparent, for a stream overlay",
    )

    def __init__(self, **options: Unpack[OptionChanges]) -> None:
        """Check ``options``; a RenderError (a ValueError) names the first one that is wrong, in the table's order."""
        unknown = [name for name in options if name not in BY_NAME]
        if unknown:
            raise RenderError(unknown_choice("option", unknown[0], FIELDS))
        given: dict[str, Any] = dict(options)
        for row in OPTIONS:
            value = row.convert(given[row.name]) if row.name in given else row.default
            object.__setattr__(self, row.name, value)
        if self.cell is not None and self.width is not None:
            raise RenderError("give cell or width, not both")

    def model_dump(self) -> dict[str, Any]:
        """Return every option as a dict (the name pydantic gave it, kept for its callers)."""
        return {name: getattr(self, name) for name in FIELDS}

    def model_copy(self, *, update: dict[str, Any] | None = None) -> RenderOptions:
        """Return a copy with ``update`` applied and checked (``render_options`` is the usual way)."""
        return RenderOptions(**{**self.model_dump(), **(update or {})})


OPTIONS: tuple[OptionRow, ...] = tuple(OptionRow(name=f.name, **f.metadata["row"]) for f in fields(RenderOptions))
"""The option table: every drawing option in the order RenderOptions holds, checks and lists them."""
BY_NAME: dict[str, OptionRow] = {row.name: row for row in OPTIONS}
FIELDS: tuple[str, ...] = tuple(BY_NAME)


def options_from_text(
    given: Mapping[str, str], *, ignore: Collection[str] = (), options: RenderOptions | None = None
) -> RenderOptions:
    """Return the options a set of texts names (a web query: ``?theme=dark&last=20``), read by the option table.

    Each value is read as the command line reads its flag's value (``pairs=no``,
    ``highlight=big-eye-boy:5``); a key of ``ignore`` is skipped. Anything
    unknown or bad is the one-line RenderError every other path gives.
    """
    return render_options(options, **{key: value for key, value in given.items() if key not in ignore})


def render_options(options: RenderOptions | None = None, **changes: Any) -> RenderOptions:
    """Return validated options (``options`` updated by ``changes``); RenderError on anything invalid."""
    if options is None:
        return RenderOptions(**changes)
    if not changes:
        return options
    return RenderOptions(**{**options.model_dump(), **changes})


@cache
def option_lines() -> str:
    """Return the option table as ``help()`` shows it: one indented paragraph per option, wrapped at 100 columns.

    Made once: eight functions list it in their docstrings as they are defined, at import.
    """
    return "\n".join(
        textwrap.fill(row.line(), 100, initial_indent="    ", subsequent_indent="        ") for row in OPTIONS
    )


F = TypeVar("F", bound=Callable[..., Any])

OPTIONS_HEADING = "Options (keyword-only, checked as RenderOptions checks them):"
"""The line above the options in ``help()``."""


def lists_options(function: F) -> F:
    """Append the option table to ``function``'s docstring, so ``help()`` lists every option it takes."""
    function.__doc__ = f"{inspect.cleandoc(function.__doc__ or '')}\n\n{OPTIONS_HEADING}\n\n{option_lines()}\n"
    return function


def option_table() -> str:
    """Return the option table as docs/rendering.md shows it (Markdown): option, command line, default, what it does."""
    rows = ["| option | command line | default | what it does |", "|---|---|---|---|"]
    for row in OPTIONS:
        flag = f"`{row.flag} {row.metavar}`" if row.metavar else f"`{row.flag}`"
        rows.append(f"| `{row.name}` | {flag} | `{row.default!r}` | {row.describe()} |")
    return "\n".join(rows)
