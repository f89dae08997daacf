"""The base of the model's string enums (winners, roads, colours): each prints as the expression that names it."""

from __future__ import annotations

from enum import StrEnum


class NamedEnum(StrEnum):
    """A StrEnum whose repr is ``Winner.BANKER``, which pasted back gives the member (not ``<Winner.BANKER: ...>``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
