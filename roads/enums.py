"""The base of the model's string enums (winners, roads, colours): each prints as the expression that names it."""

from __future__ import annotations

from enum import StrEnum


class NamedEnum(StrEnum):
    """A StrEnum whose repr is ``Winner.BANKER``, which pasted back gives the member (not ``<Winner.BANKER: ...>``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Game(NamedEnum):
    """The game a log was dealt in; both are drawn on the same five roads, under their own side names.

    Dragon takes the Banker side's place on the roads (red) and Tiger the Player
    side's (blue), so every road is built by the same code whatever the game.
    """

    BACCARAT = "baccarat"
    DRAGON_TIGER = "dragon-tiger"

    @property
    def banker(self) -> str:
        """Return the name of the side drawn red (Banker's place): ``Banker`` or ``Dragon``."""
        return "Dragon" if self is Game.DRAGON_TIGER else "Banker"

    @property
    def player(self) -> str:
        """Return the name of the side drawn blue (Player's place): ``Player`` or ``Tiger``."""
        return "Tiger" if self is Game.DRAGON_TIGER else "Player"

    @property
    def title(self) -> str:  # type: ignore[override]
        """Return the game as a dealer says it: ``Baccarat`` or ``Dragon Tiger``."""
        return "Dragon Tiger" if self is Game.DRAGON_TIGER else "Baccarat"
