"""Resolve one Dragon Tiger coup: one card to Dragon, one to Tiger, the higher rank wins.

Ranks run A (lowest) 2 3 ... 10 J Q (K highest); suits never rank. Equal ranks
are a tie, and a tie whose two cards also share a suit is a suited tie. On the
roads Dragon takes the Banker side's place and Tiger the Player side's
(:class:`roads.enums.Game`), so every road is built by the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .cards import RANKS, Card
from .coup import cards_of
from .enums import Game
from .errors import CoupError
from .outcome import Outcome, Winner

CARDS_PER_COUP = 2
"""Dragon's card, then Tiger's: a Dragon Tiger coup never takes a third."""

RANK_ORDER: dict[str, int] = {rank: i for i, rank in enumerate(RANKS, 1)}
"""Each rank's place, A = 1 to K = 13: the higher place wins."""

_NAMES = {Winner.BANKER: "dragon", Winner.PLAYER: "tiger", Winner.TIE: "tie"}


def result_name(winner: Winner) -> str:
    """Return the Dragon Tiger result a board side stands for: ``dragon``, ``tiger`` or ``tie``."""
    return _NAMES[winner]


def winner_of(dragon: Card, tiger: Card) -> Winner:
    """Return the board side that wins: BANKER for Dragon, PLAYER for Tiger, TIE on equal ranks."""
    d, t = RANK_ORDER[dragon.rank], RANK_ORDER[tiger.rank]
    if d > t:
        return Winner.BANKER
    if t > d:
        return Winner.PLAYER
    return Winner.TIE


@dataclass(frozen=True, slots=True)
class DragonTigerCoup:
    """A resolved Dragon Tiger coup: Dragon's card, Tiger's card and who won."""

    dragon: Card
    tiger: Card
    winner: Winner
    """The board side: BANKER is Dragon, PLAYER is Tiger (see :func:`result_name`)."""

    @property
    def suited_tie(self) -> bool | None:
        """Return True for a tie in the same suit; None when a tie's suits were not written."""
        if self.winner is not Winner.TIE:
            return False
        if self.dragon.suit is None or self.tiger.suit is None:
            return None
        return self.dragon.suit == self.tiger.suit

    @property
    def dealt(self) -> tuple[Card, Card]:
        """Return the cards in the order they left the shoe: Dragon's, then Tiger's."""
        return (self.dragon, self.tiger)

    @property
    def cards(self) -> int:
        """Return how many cards the coup used: always 2."""
        return CARDS_PER_COUP

    def outcome(self) -> Outcome:
        """Return what this coup contributes to the roads (Dragon in Banker's place, Tiger in Player's)."""
        return Outcome(self.winner, cards=CARDS_PER_COUP)

    def explain(self) -> str:
        """Return the comparison in words, as a dealer would say it."""
        d, t = RANK_ORDER[self.dragon.rank], RANK_ORDER[self.tiger.rank]
        opening = f"Dragon has {self.dragon} (rank {d} of 13), Tiger has {self.tiger} (rank {t} of 13)"
        if self.winner is Winner.BANKER:
            return f"{opening}: Dragon's rank is higher, so Dragon wins."
        if self.winner is Winner.PLAYER:
            return f"{opening}: Tiger's rank is higher, so Tiger wins."
        suited = self.suited_tie
        how = (
            " in the same suit: a suited tie." if suited else (": a tie." if suited is None else ": a tie, not suited.")
        )
        return f"{opening}: equal ranks{how}"

    def to_dict(self) -> dict[str, object]:
        """Return the coup as JSON-ready data (the ``roads coup --game dragon-tiger --json`` contract)."""
        return {
            "game": Game.DRAGON_TIGER.value,
            "winner": result_name(self.winner),
            "dragon_card": str(self.dragon),
            "tiger_card": str(self.tiger),
            "dragon_rank": RANK_ORDER[self.dragon.rank],
            "tiger_rank": RANK_ORDER[self.tiger.rank],
            "suited_tie": self.suited_tie,
            "cards": CARDS_PER_COUP,
            "text": self.explain(),
        }

    def __repr__(self) -> str:
        return f"<DragonTigerCoup {self.dragon} {self.tiger}: {self.explain().rsplit(': ', 1)[-1].rstrip('.')}>"


def count_problem(count: int) -> str | None:
    """Return why ``count`` cards cannot be one Dragon Tiger coup, in words; None for exactly two."""
    if count == CARDS_PER_COUP:
        return None
    if count > CARDS_PER_COUP:
        extra = "a third card" if count == CARDS_PER_COUP + 1 else f"{count - CARDS_PER_COUP} cards too many"
        baccarat = (
            " (4 to 6 cards make a baccarat coup: read it without --game dragon-tiger)" if 4 <= count <= 6 else ""
        )
        return f"{count} cards ({extra}): a Dragon Tiger coup is one card to Dragon and one to Tiger{baccarat}"
    return f"{count} card{'s' if count != 1 else ''}: a Dragon Tiger coup is one card to Dragon and one to Tiger"


def resolve_dragon_tiger(cards: str | Iterable[Card | str]) -> DragonTigerCoup:
    """Return the Dragon Tiger coup two cards (Dragon's, then Tiger's) make; CoupError for any other count."""
    hand = cards_of(cards)
    problem = count_problem(len(hand))
    if problem is not None:
        raise CoupError(problem)
    return coup_of(hand[0], hand[1])


def coup_of(dragon: Card, tiger: Card) -> DragonTigerCoup:
    """Return the Dragon Tiger coup of Dragon's card and Tiger's card."""
    return DragonTigerCoup(dragon, tiger, winner_of(dragon, tiger))


def draw_dragon_tiger(next_card: Callable[[], Card]) -> DragonTigerCoup:
    """Return the next Dragon Tiger coup dealt from a shoe: Dragon's card first, then Tiger's."""
    dragon = next_card()
    return coup_of(dragon, next_card())
