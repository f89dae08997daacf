"""A shoe of N decks: a reproducible shuffle, the burn, the cut card, and dealing coups."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .bounds import MAX_BURN
from .cards import RANKS, SUITS, Card
from .coup import Coup, draw_coup
from .dragon_tiger import DragonTigerCoup, draw_dragon_tiger
from .errors import ShoeError

DEFAULT_DECKS = 8
DEFAULT_CUT = 16
MIN_CUT = 12
"""A coup that starts on the card after the cut card may use 6 cards, and the one more coup 6 more."""


class SeededStream:
    """Unbiased random integers from a seed, the same on every machine and Python version.

    Python's ``random`` promises no stable stream across versions, so the shuffle
    uses BLAKE2b in counter mode: block i is ``blake2b(seed || i)``.
    """

    __slots__ = ("_counter", "_pool", "_seed")

    def __init__(self, seed: int | str) -> None:
        self._seed = str(seed).encode("utf-8")
        self._counter = 0
        self._pool: list[int] = []

    def _next64(self) -> int:
        if not self._pool:
            block = hashlib.blake2b(self._seed + self._counter.to_bytes(8, "big"), digest_size=64).digest()
            self._counter += 1
            self._pool = [int.from_bytes(block[i : i + 8], "big") for i in range(56, -8, -8)]
        return self._pool.pop()

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n


def fresh_shoe(decks: int = DEFAULT_DECKS) -> list[Card]:
    """Return the cards of ``decks`` standard 52-card decks, unshuffled."""
    return [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]


def shuffle(cards: list[Card], seed: int | str) -> list[Card]:
    """Return a Fisher-Yates shuffle of ``cards`` driven by ``seed`` (a new list)."""
    out = list(cards)
    stream = SeededStream(seed)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


C = TypeVar("C", Coup, DragonTigerCoup)


@dataclass(frozen=True, slots=True)
class DealtShoe(Generic[C]):
    """A shoe played out: its seed, the burned cards, the coups (baccarat's, or Dragon Tiger's), and what was
    left behind the cut."""

    decks: int
    seed: int | str
    cut: int
    burned: tuple[Card, ...]
    coups: tuple[C, ...]
    unplayed: tuple[Card, ...]


def random_seed() -> int:
    """Return a fresh seed for a shoe nobody asked to reproduce."""
    return secrets.randbelow(10**9)


def check_settings(decks: int, cut: int) -> None:
    """Raise ShoeError for a deck count or cut-card position that cannot make a shoe."""
    check_decks(decks)
    check_cut(cut, decks)


def check_decks(decks: int) -> None:
    """Raise ShoeError for a deck count roads does not deal (1 to 1000)."""
    if decks < 1:
        raise ShoeError(f"a shoe needs at least 1 deck, got {decks}")
    if decks > 1000:
        raise ShoeError(f"{decks} decks is more than roads deals (at most 1000)")


def check_cut(cut: int, decks: int) -> None:
    """Raise ShoeError for a cut-card position that cannot work in a shoe of ``decks`` decks."""
    total = decks * 52
    if cut < MIN_CUT:
        raise ShoeError(
            f"the cut card must be at least {MIN_CUT} cards from the end (got {cut}), "
            "so the last two coups can always finish"
        )
    if cut > total - MAX_BURN - 6:
        raise ShoeError(
            f"a cut card {cut} cards from the end of a {total}-card shoe leaves no room for the burn and a first coup"
        )


def deal_shoe(decks: int = DEFAULT_DECKS, seed: int | str | None = None, cut: int = DEFAULT_CUT) -> DealtShoe[Coup]:
    """Return a whole shoe dealt by the house procedure (burn, cut card, one more coup)."""
    return _deal(decks, seed, cut, draw_coup)


def deal_dragon_tiger_shoe(
    decks: int = DEFAULT_DECKS, seed: int | str | None = None, cut: int = DEFAULT_CUT
) -> DealtShoe[DragonTigerCoup]:
    """Return a whole Dragon Tiger shoe dealt as :func:`deal_shoe` deals baccarat: the same shuffle, burn and cut."""
    return _deal(decks, seed, cut, draw_dragon_tiger)


def _deal(decks: int, seed: int | str | None, cut: int, draw: Callable[[Callable[[], Card]], C]) -> DealtShoe[C]:
    """Return a shoe of ``decks`` shuffled by ``seed`` and played by ``draw`` down to the cut card, and one more."""
    check_settings(decks, cut)
    if seed is None:
        seed = random_seed()
    cards = shuffle(fresh_shoe(decks), seed)
    coups, burned, pos = _play(cards, cut, draw)
    return DealtShoe(decks, seed, cut, burned, tuple(coups), tuple(cards[pos:]))


def _play(
    cards: list[Card], cut: int, draw: Callable[[Callable[[], Card]], C]
) -> tuple[list[C], tuple[Card, ...], int]:
    first = cards[0]
    burn = 10 if first.value == 0 else first.value
    burned = tuple(cards[: 1 + burn])
    pos = len(burned)
    cut_index = len(cards) - cut

    def next_card() -> Card:
        nonlocal pos
        card = cards[pos]
        pos += 1
        return card

    coups: list[C] = []
    while True:
        coups.append(draw(next_card))
        if pos > cut_index:
            # The cut card came out during this coup: play exactly one more.
            coups.append(draw(next_card))
            return coups, burned, pos
