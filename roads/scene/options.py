"""RenderOptions: the one validated set of drawing options, shared by both back-ends and the CLI."""

from __future__ import annotations

import re
from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from ..board.names import DERIVED, Road
from ..bounds import TooLong, cell_size, whole_number
from ..errors import RenderError, RoadError, excerpt
from .themes import THEMES

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


class RenderOptions(BaseModel):
    """How to draw a board; every field is optional and checked here, at the edge."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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

    @field_validator("road")
    @classmethod
    def _road(cls, value: str) -> str:
        key = road_key(value)
        if key is None:
            raise ValueError(f"unknown road '{value}': choose one of {', '.join(ROADS)}")
        return key

    @field_validator("title")
    @classmethod
    def _title(cls, value: str | None) -> str | None:
        return None if value is None else _NOT_XML.sub("", value)

    @field_validator("theme")
    @classmethod
    def _theme(cls, value: str) -> str:
        if value not in THEMES:
            raise ValueError(f"unknown theme '{value}': choose one of {', '.join(THEMES)}")
        return value

    @field_validator("last")
    @classmethod
    def _last(cls, value: int | None) -> int | None:
        if value is not None and not 1 <= value <= 10_000:
            raise ValueError(f"last must be a number of columns from 1 to 10000, got {value}")
        return value

    @field_validator("cell")
    @classmethod
    def _cell(cls, value: float | None) -> float | None:
        return None if value is None else cell_size(value)

    @field_validator("width")
    @classmethod
    def _width(cls, value: int | None) -> int | None:
        if value is not None and not 16 <= value <= 30_000:
            raise ValueError(f"width must be from 16 to 30000 pixels, got {value}")
        return value

    @field_validator("scale")
    @classmethod
    def _scale(cls, value: float) -> float:
        if not 0.1 <= value <= 16:
            raise ValueError(f"scale must be from 0.1 to 16, got {value:g}")
        return value

    @field_validator("highlight", mode="before")
    @classmethod
    def _highlight(cls, value: Any) -> Any:
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

    @model_validator(mode="after")
    def _size(self) -> RenderOptions:
        if self.cell is not None and self.width is not None:
            raise ValueError("give cell or width, not both")
        return self


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


def render_options(options: RenderOptions | None = None, **changes: Any) -> RenderOptions:
    """Return validated options (``options`` updated by ``changes``); RenderError on anything invalid."""
    try:
        if options is None:
            return RenderOptions(**changes)
        if not changes:
            return options
        return RenderOptions(**{**options.model_dump(), **changes})
    except ValidationError as exc:
        raise RenderError(_first_problem(exc)) from None


def _first_problem(exc: ValidationError) -> str:
    """Return the first validation problem as one plain sentence."""
    error = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "extra_forbidden":
        return f"unknown option '{where}'"
    if error["type"] in ("value_error", "assertion_error") or not where:
        return message
    return f"{where}: {message}"
