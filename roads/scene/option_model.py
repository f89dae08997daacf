"""The pydantic model behind RenderOptions, for the values a plain check cannot take as they are.

``RenderOptions`` checks values of its fields' own types itself; anything else
(``"5"`` for ``last``, ``1`` for ``pairs``, an unknown keyword, a value that
fails) comes here, so it is converted or refused exactly as pydantic always
did, with the same messages. Only that path pays for importing pydantic.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from . import options as checks


class OptionModel(BaseModel):
    """RenderOptions' fields as a pydantic model: the same checks, pydantic's conversions and errors."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    road: str = "scoreboard"
    last: int | None = None
    cell: float | None = None
    width: int | None = None
    scale: float = 1.0
    theme: str = "classic"
    labels: Literal["en", "zh"] = "en"
    pairs: bool = True
    naturals: bool = False
    totals: bool = False
    highlight: tuple[str, int] | None = None
    title: str | None = None

    @field_validator("road")
    @classmethod
    def _road(cls, value: str) -> str:
        return checks.check_road(value)

    @field_validator("title")
    @classmethod
    def _title(cls, value: str | None) -> str | None:
        return checks.check_title(value)

    @field_validator("theme")
    @classmethod
    def _theme(cls, value: str) -> str:
        return checks.check_theme(value)

    @field_validator("last")
    @classmethod
    def _last(cls, value: int | None) -> int | None:
        return checks.check_last(value)

    @field_validator("cell")
    @classmethod
    def _cell(cls, value: float | None) -> float | None:
        return checks.check_cell(value)

    @field_validator("width")
    @classmethod
    def _width(cls, value: int | None) -> int | None:
        return checks.check_width(value)

    @field_validator("scale")
    @classmethod
    def _scale(cls, value: float) -> float:
        return checks.check_scale(value)

    @field_validator("highlight", mode="before")
    @classmethod
    def _highlight(cls, value: Any) -> Any:
        return checks.check_highlight(value)

    @model_validator(mode="after")
    def _size(self) -> OptionModel:
        checks.check_size(self.cell, self.width)
        return self


def checked(options: dict[str, Any] | Any) -> dict[str, Any]:
    """Return ``options`` converted and checked by the model; its ValidationError on the first problem."""
    return OptionModel(**options).model_dump()
