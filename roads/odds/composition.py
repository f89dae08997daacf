"""What is left in the shoe: card counts by rank, since pairs depend on rank."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import RANKS, Card, parse_card, rank_value
from ..errors import CardError, OddsError

CARDS_PER_RANK_PER_DECK = 4


@dataclass(frozen=True, slots=True)
class Composition:
    """Cards left in a shoe, counted by rank in the order A 2 3 4 5 6 7 8 9 T J Q K."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        counts = tuple(self.counts)
        if len(counts) != len(RANKS):
            hint = (
                " (for 10 counts by value, call odds_for with them: pairs need ranks, so a Composition counts ranks)"
                if len(counts) == 10
                else ""
            )
            raise OddsError(f"a composition counts the 13 ranks A..K, got {len(counts)} counts{hint}")
        for rank, count in zip(RANKS, counts, strict=False):
            check_count(f"rank {rank}", count)
        object.__setattr__(self, "counts", counts)

    @classmethod
    def shoe(cls, decks: int) -> Composition:
        """Return the composition of a full shoe of ``decks`` 52-card decks."""
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise OddsError(f"a shoe needs a whole number of decks, at least 1, got {decks!r}")
        return cls((CARDS_PER_RANK_PER_DECK * decks,) * len(RANKS))

    @classmethod
    def from_ranks(cls, counts: Mapping[str, int]) -> Composition:
        """Return the composition a mapping from rank (``A``, ``7``, ``10``/``T``, ``K``) to count gives.

        Ranks not named count 0; a rank named twice (``10`` and ``T``) adds up.
        """
        by_rank = dict.fromkeys(RANKS, 0)
        for token, count in counts.items():
            try:
                rank = parse_card(str(token)).rank
            except CardError as exc:
                raise OddsError(f"composition: {exc.message}") from None
            by_rank[rank] += check_count(f"rank {rank}", count)
        return cls(tuple(by_rank[r] for r in RANKS))

    @classmethod
    def of(cls, composition: Composition | Mapping[str, int] | Sequence[int]) -> Composition:
        """Return ``composition`` as a Composition: one already, a rank mapping, or 13 counts A..K."""
        if isinstance(composition, Composition):
            return composition
        if isinstance(composition, Mapping):
            return cls.from_ranks(composition)
        if isinstance(composition, (str, bytes)) or not isinstance(composition, Sequence):
            raise OddsError(
                f"a composition is 13 counts A..K or a mapping from rank to count, not {type(composition).__name__}"
            )
        return cls(tuple(composition))

    @property
    def total(self) -> int:
        """Return how many cards are left."""
        return sum(self.counts)

    @property
    def by_value(self) -> tuple[int, ...]:
        """Return the counts by baccarat value 0..9 (tens and faces all count as 0)."""
        values = [0] * 10
        for rank, count in zip(RANKS, self.counts, strict=False):
            values[rank_value(rank)] += count
        return tuple(values)

    def without(self, cards: Iterable[Card], *, coup: int | None = None) -> Composition:
        """Return the composition once ``cards`` have left the shoe; raise OddsError if one was not there."""
        counts = list(self.counts)
        for card in cards:
            i = RANKS.index(card.rank)
            if counts[i] == 0:
                raise OddsError(
                    f"a {card.rank} was dealt but none was left in the shoe "
                    f"(it held {self.counts[i]} before these cards)",
                    coup=coup,
                )
            counts[i] -= 1
        return Composition(tuple(counts))

    def to_dict(self) -> dict[str, int]:
        """Return the counts as a mapping from rank to count, A..K."""
        return dict(zip(RANKS, self.counts, strict=False))


def check_count(what: str, count: object) -> int:
    """Return ``count`` of ``what`` (``rank A``, ``value 0``); raise OddsError unless a whole number, 0 or more."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise OddsError(f"the count of {what} must be a whole number, got {count!r}")
    if count < 0:
        raise OddsError(f"the count of {what} is {count}: a shoe cannot hold fewer than 0 cards")
    return count
