"""What one coup contributes to the roads (rulebook section 4)."""

from __future__ import annotations

from dataclasses import dataclass

from .enums import Game, NamedEnum
from .errors import LogError, excerpt


class Winner(NamedEnum):
    """Who won a coup; the value is what JSON carries."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"

    @property
    def letter(self) -> str:
        """Return the one-letter form used in results logs: B, P or T."""
        return self.value[0].upper()

    @classmethod
    def from_letter(cls, letter: str) -> Winner:
        """Return the winner a letter B, P or T (any case) names."""
        try:
            return _BY_LETTER[letter.upper()]
        except KeyError:
            raise LogError(f"'{excerpt(letter)}' is not a result: use B (Banker), P (Player) or T (Tie)") from None


_BY_LETTER = {"B": Winner.BANKER, "P": Winner.PLAYER, "T": Winner.TIE}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A coup as the scoreboard sees it: who won, pairs, natural, and totals when known."""

    winner: Winner
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    player_total: int | None = None
    banker_total: int | None = None
    cards: int | None = None

    @classmethod
    def from_letter(cls, letter: str) -> Outcome:
        """Return a bare outcome (no pairs, no natural) from B, P or T."""
        return cls(Winner.from_letter(letter))


_GAME_LETTERS = {
    Game.BACCARAT: {Winner.BANKER: "B", Winner.PLAYER: "P", Winner.TIE: "T"},
    Game.DRAGON_TIGER: {Winner.BANKER: "D", Winner.PLAYER: "T", Winner.TIE: "Tie"},
}


def letter_in(game: Game, winner: Winner) -> str:
    """Return the letter a result is written and shown with in ``game``: B P T, or D T Tie in Dragon Tiger."""
    return _GAME_LETTERS[game][winner]


def side_name(game: Game, winner: Winner) -> str:
    """Return a board side by its name in ``game``: Banker, Player, Tie; or Dragon, Tiger, Tie."""
    if winner is Winner.TIE:
        return "Tie"
    return game.banker if winner is Winner.BANKER else game.player
