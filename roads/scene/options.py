"""RenderOptions: the one validated set of drawing options, shared by both back-ends and the CLI.

A plain frozen dataclass: every command that draws builds one, and a pydantic
model here cost about 85 ms of each command's start-up (its import and the
model's schema). Values of the types the fields hold are checked here; any
other value (``"5"`` for ``last``, an unknown keyword, a check that fails) goes
to the pydantic model in :mod:`roads.scene.option_model`, imported only then,
which converts it or raises the same ValidationError it always did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal, TypedDict, Unpack

from ..board.names import DERIVED, Road
from ..bounds import TooLong, cell_size, whole_number
from ..errors import RenderError, RoadError, excerpt
from .themes import THEMES

if TYPE_CHECKING:
    from pydantic import ValidationError

ROADS: tuple[str, ...] = ("scoreboard", *(road.cli for road in Road))
"""What can be drawn, as users spell it: scoreboard, bead-plate, big-road, big-eye-boy, small-road, cockroach-pig."""

DERIVED_ROADS: tuple[str, ...] = tuple(road.cli for road in DERIVED)

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold at all, escaped or not: one in a title made an SVG no parser would open."""


def road_key(name: str) -> str | None:
    """Return what ``name`` draws in its hyphenated spelling (``Big_Eye Boy`` -> ``big-eye-boy``); None if unknown."""
    if "".join(name.lower().replace("-", " ").replace("_", " ").split()) == "scoreboard":
        return "scoreboard"
    try:
        return Road.parse(name).cli
    except RoadError:
        return None


class OptionChanges(TypedDict, total=False):
    """The keyword options of ``svg()``, ``png()``, ``save()`` and ``lay_out()``, for type checkers."""

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
    highlight: tuple[str, int] | str | None
    title: str | None


@dataclass(frozen=True, init=False)
class RenderOptions:
    """How to draw a board; every field is optional and checked here, at the edge (keywords only)."""

    road: str = "scoreboard"
    """``scoreboard`` or one road: bead-plate, big-road, big-eye-boy, small-road, cockroach-pig."""
    last: int | None = None
    """Show only the newest N columns (a scrolling window: it never changes a mark)."""
    cell: float | None = None
    """Pixels per Big Road cell (24 when neither this nor ``width`` is given)."""
    width: int | None = None
    """Overall picture width in pixels, instead of ``cell``."""
    scale: float = 1.0
    """PNG only: pixel multiplier on top of ``cell`` or ``width`` (2 for high-density screens)."""
    theme: str = "classic"
    labels: Literal["en", "zh"] = "en"
    pairs: bool = True
    """Pair dots on the Big Road (the Bead Plate always shows them)."""
    naturals: bool = False
    """A small marker on Big Road beads that were naturals."""
    totals: bool = False
    """The winning total in each Bead Plate disc instead of the letter."""
    highlight: tuple[str, int] | None = None
    """A derived mark to explain: ``("big-eye-boy", 5)``."""
    title: str | None = None
    """A caption drawn above the board and used as the SVG title."""

    def __init__(self, **options: Unpack[OptionChanges]) -> None:
        """Check ``options``; a pydantic ValidationError (a ValueError) names the first one that is wrong."""
        values = _plain(options)
        if values is None:
            from .option_model import checked  # pydantic: only for a value it has to convert, or refuse

            values = checked(options)
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def model_dump(self) -> dict[str, Any]:
        """Return every option as a dict (the name pydantic gave it, kept for callers of the model)."""
        return {name: getattr(self, name) for name in FIELDS}

    def model_copy(self, *, update: dict[str, Any] | None = None) -> RenderOptions:
        """Return a copy with ``update`` applied and checked (``render_options`` is the usual way)."""
        return RenderOptions(**{**self.model_dump(), **(update or {})})


FIELDS: tuple[str, ...] = tuple(field.name for field in fields(RenderOptions))
_DEFAULTS: dict[str, Any] = {name: getattr(RenderOptions, name) for name in FIELDS}
_EXACT = 2**53
"""Whole numbers up to this become the same float however they are converted."""


MOST_COLUMNS = 10_000
"""The most columns ``last`` may show."""
SCALES = (0.1, 16)
"""The smallest and largest PNG pixel multiplier."""


def check_road(value: str) -> str:
    """Return the road's key; ValueError naming the choices when it draws nothing."""
    key = road_key(value)
    if key is None:
        raise ValueError(f"unknown road '{value}': choose one of {', '.join(ROADS)}")
    return key


def check_title(value: str | None) -> str | None:
    """Return the title without the characters XML cannot hold."""
    return None if value is None else _NOT_XML.sub("", value)


def check_theme(value: str) -> str:
    """Return the theme's name; ValueError naming the choices when there is no such theme."""
    if value not in THEMES:
        raise ValueError(f"unknown theme '{value}': choose one of {', '.join(THEMES)}")
    return value


def check_last(value: int | None) -> int | None:
    """Return ``last`` if it is a number of columns roads can show."""
    if value is not None and not 1 <= value <= MOST_COLUMNS:
        raise ValueError(f"last must be a number of columns from 1 to {MOST_COLUMNS}, got {value}")
    return value


def check_cell(value: float | None) -> float | None:
    """Return ``cell`` if it is a size in pixels roads can draw."""
    return None if value is None else cell_size(value)


def check_width(value: int | None) -> int | None:
    """Return ``width`` if it is a width in pixels roads can draw."""
    if value is not None and not 16 <= value <= 30_000:
        raise ValueError(f"width must be from 16 to 30000 pixels, got {value}")
    return value


def check_scale(value: float) -> float:
    """Return ``scale`` if it is a pixel multiplier roads can draw."""
    if not SCALES[0] <= value <= SCALES[1]:
        raise ValueError(f"scale must be from {SCALES[0]:g} to {SCALES[1]:g}, got {value:g}")
    return value


def check_highlight(value: Any) -> Any:
    """Return ``ROAD:MARK`` or ``(road, mark)`` as (road key, mark number); ValueError saying what is wrong."""
    if value is None:
        return None
    if isinstance(value, str):
        road, sep, mark = value.rpartition(":")
        if not sep or not road:
            raise ValueError(f"highlight '{value}' should be ROAD:MARK, e.g. big-eye-boy:5")
        value = (road, mark)
    try:
        road, mark = value
    except (TypeError, ValueError):
        raise ValueError("highlight should be (road, mark), e.g. ('big-eye-boy', 5)") from None
    key = road_key(str(road))
    if key is None or key not in DERIVED_ROADS:
        raise ValueError(f"cannot highlight '{road}': choose one of {', '.join(DERIVED_ROADS)}")
    try:
        number = mark if isinstance(mark, int) and not isinstance(mark, bool) else whole_number(str(mark), "a mark")
    except TooLong as exc:
        raise ValueError(f"highlight mark: {exc}") from None
    if number is None:
        raise ValueError(f"highlight mark '{excerpt(str(mark))}' is not a number")
    if number < 1:
        raise ValueError(f"highlight mark must count from 1, got {number}")
    return key, number


def check_size(cell: float | None, width: int | None) -> None:
    """Refuse ``cell`` and ``width`` together: each alone sets the picture's size."""
    if cell is not None and width is not None:
        raise ValueError("give cell or width, not both")


def _number(value: Any) -> float | None:
    """Return a float field's value as pydantic gives it, or None when only pydantic can say."""
    kind = type(value)
    if kind is float or (kind is int and -_EXACT <= value <= _EXACT):
        return float(value)
    return None


def _typed(values: dict[str, Any]) -> bool:
    """Return True when every value already has the exact type pydantic would make of it."""
    return (
        all(type(values[name]) is str for name in ("road", "theme", "labels"))
        and values["labels"] in ("en", "zh")
        and all(type(values[name]) is bool for name in ("pairs", "naturals", "totals"))
        and all(values[name] is None or type(values[name]) is int for name in ("last", "width"))
        and (values["title"] is None or type(values["title"]) is str)
        and (values["cell"] is None or _number(values["cell"]) is not None)
        and _number(values["scale"]) is not None
    )


def _plain(options: OptionChanges) -> dict[str, Any] | None:
    """Return the checked values when every option already has its field's type and passes; else None.

    None sends the options to pydantic, which converts what it can and
    raises its ValidationError on the rest, the first problem first.
    """
    values = {**_DEFAULTS, **options}
    if len(values) != len(_DEFAULTS) or not _typed(values):
        return None
    try:
        highlight = check_highlight(values["highlight"])
        if highlight is not None and type(highlight[1]) is not int:
            return None
        cell = values["cell"]
        values.update(
            road=check_road(values["road"]),
            last=check_last(values["last"]),
            cell=None if cell is None else check_cell(float(cell)),
            width=check_width(values["width"]),
            scale=check_scale(float(values["scale"])),
            theme=check_theme(values["theme"]),
            highlight=highlight,
            title=check_title(values["title"]),
        )
        check_size(values["cell"], values["width"])
    except ValueError:
        return None  # pydantic raises it again, as the error of its field, in the fields' order
    return values


def render_options(options: RenderOptions | None = None, **changes: Any) -> RenderOptions:
    """Return validated options (``options`` updated by ``changes``); RenderError on anything invalid."""
    try:
        if options is None:
            return RenderOptions(**changes)
        if not changes:
            return options
        return RenderOptions(**{**options.model_dump(), **changes})
    except ValueError as exc:
        from pydantic import ValidationError  # loaded already: only the pydantic model raises it

        if isinstance(exc, ValidationError):
            raise RenderError(first_problem(exc)) from None
        raise


def first_problem(exc: ValidationError) -> str:
    """Return the first validation problem as one plain sentence."""
    error = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "extra_forbidden":
        return f"unknown option '{where}'"
    if error["type"] in ("value_error", "assertion_error") or not where:
        return message
    return f"{where}: {message}"
