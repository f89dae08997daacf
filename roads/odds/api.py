"""The public entry points: odds for a full shoe, for any composition, and through a log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypeGuard, overload

from ..cards import RANKS, Card
from ..coup import Coup
from ..errors import OddsError
from .composition import Composition, check_count
from .coup_odds import ExactOdds, Odds, build_exact
from .engine import tally

MIN_CARDS = 6
"""A coup can need six cards; with fewer left the next coup may not finish."""

CompositionLike = Composition | Mapping[str, int] | Sequence[int]


def shoe_phrase(decks: int) -> str:
    """Return 'a 6-deck shoe' or 'an 8-deck shoe': the deck count with the article a reader would say."""
    spoken = str(decks)
    an = spoken.startswith("8") or decks in (11, 18)
    return f"{'an' if an else 'a'} {decks}-deck shoe"


@overload
def odds_for(composition: CompositionLike, *, exact: Literal[False] = ...) -> Odds: ...
@overload
def odds_for(composition: CompositionLike, *, exact: Literal[True]) -> ExactOdds: ...
@overload
def odds_for(composition: CompositionLike, *, exact: bool) -> Odds | ExactOdds: ...


def odds_for(composition: CompositionLike, *, exact: bool = False) -> Odds | ExactOdds:
    """Return the odds of the next coup dealt from ``composition`` (exact fractions if ``exact``).

    ``composition`` counts the cards left by rank (a Composition, a rank mapping,
    or 13 counts A..K) or by value (10 counts for values 0..9). By value, every
    figure is exact but the pair figures, which are None when two or more
    ten-valued cards are left: whether two of them pair depends on their ranks.
    """
    if _by_value(composition):
        values = tuple(check_count(f"value {value}", count) for value, count in enumerate(composition))
        total = sum(values)
        # Values 1-9 are one rank each; ten-valued cards pair only if their ranks are known.
        ranks = values[1:] if values[0] <= 1 else None
        counted = values
    else:
        comp = Composition.of(composition)
        total, ranks, counted = comp.total, comp.counts, comp.by_value
    if total < MIN_CARDS:
        raise OddsError(
            f"only {total} card{'s' if total != 1 else ''} left: a coup can need "
            f"{MIN_CARDS}, so the next coup's odds are not defined"
        )
    result = build_exact(ranks, tally(counted), total)
    return result if exact else result.to_float()


def _by_value(composition: object) -> TypeGuard[Sequence[object]]:
    """Return True for 10 counts by value 0..9 (not a Composition, mapping or 13 rank counts)."""
    return isinstance(composition, Sequence) and not isinstance(composition, (str, bytes)) and len(composition) == 10


@overload
def exact_odds(decks: int = ..., *, exact: Literal[False] = ...) -> Odds: ...
@overload
def exact_odds(decks: int = ..., *, exact: Literal[True]) -> ExactOdds: ...
@overload
def exact_odds(decks: int = ..., *, exact: bool) -> Odds | ExactOdds: ...


def exact_odds(decks: int = 8, *, exact: bool = False) -> Odds | ExactOdds:
    """Return the odds of the first coup of a full shoe of ``decks`` decks (exact fractions if ``exact``)."""
    return odds_for(Composition.shoe(decks), exact=exact)


def compositions_through(coups: Sequence[Coup], decks: int = 8, under_way: Sequence[Card] = ()) -> list[Composition]:
    """Return what is left before the first coup, after each coup of a log, and after ``under_way`` if given.

    ``under_way`` are the cards already dealt of a coup the log does not finish
    (a stream cut off mid-coup): they have left the shoe, so one more
    composition, without them, ends the list.

    Burned or unseen cards are not taken out: a card nobody saw is as likely to
    be any card still unseen, so it does not change the odds of the next coup.
    """
    start = Composition.shoe(decks)
    out = [start]
    seen = [0] * len(start.counts)
    dealt = [coup.dealt for coup in coups] + ([tuple(under_way)] if under_way else [])
    for number, cards in enumerate(dealt, 1):
        take_out(seen, cards, number, decks)
        out.append(out[-1].without(cards, coup=number))
    return out


def take_out(seen: list[int], cards: Sequence[Card], number: int, decks: int) -> None:
    """Count ``cards`` (coup ``number``) into ``seen``, per rank; OddsError when the shoe cannot hold that many.

    A reader calls this as each coup comes, so a log that outgrows its shoe
    stops at that coup instead of being read to its end first.
    """
    per_rank = 4 * decks
    for card in cards:
        i = RANKS.index(card.rank)
        seen[i] += 1
        if seen[i] > per_rank:
            raise OddsError(
                f"the log shows {seen[i]} cards of rank {card.rank} by this coup, but "
                f"{shoe_phrase(decks)} holds only {per_rank}: wrong --decks, or a misread card",
                coup=number,
            )


def odds_through(
    coups: Sequence[Coup], decks: int = 8, *, exact: bool = False, under_way: Sequence[Card] = ()
) -> list[Odds | ExactOdds]:
    """Return the odds of the next coup before the first coup, after each coup of a log, and after ``under_way``.

    With ``under_way`` (the cards dealt so far of an unfinished coup) the last
    odds are those of the coup after it: its missing cards are unseen, and an
    unseen card does not change the odds.
    """
    out: list[Odds | ExactOdds] = []
    for number, comp in enumerate(compositions_through(coups, decks, under_way)):
        try:
            out.append(odds_for(comp, exact=exact))
        except OddsError as exc:
            raise exc.located(coup=number or None) from None
    return out


def odds_after(
    coups: Sequence[Coup], decks: int = 8, *, exact: bool = False, under_way: Sequence[Card] = ()
) -> Odds | ExactOdds:
    """Return the odds of the coup that follows a log of ``coups`` (and the unfinished coup ``under_way``)."""
    return odds_for(compositions_through(coups, decks, under_way)[-1], exact=exact)
