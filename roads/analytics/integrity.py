"""Shuffle integrity of a card archive: repeated shoes, slugs carried over, new-deck order, card counts.

Each shoe is read as its sequence of cards in the order they left the shoe:
the burned cards when the log names them, then every coup's cards in dealing
order. Card positions count from 1 along that sequence. Findings:

- ``repeat``: a run of at least REPEAT_RUN cards of one shoe that another
  shoe dealt too, in the same order (``whole`` when it is both shoes entire):
  a shoe dealt again, or a pre-arranged one;
- ``slug``: a shoe whose first SLUG_RUN cards or more are a run of the last
  SLUG_WINDOW cards of the shoe before it in the archive: cards carried over
  from the discards without a shuffle;
- ``new_deck_order``: a run of at least ORDER_RUN cards of one suit (ORDER_RUN_RANKS
  when the log has no suits), each one rank above (or each one below) the card
  before it: cards from a new deck that were never shuffled;
- ``card_count``: a card (rank and suit, or rank) that appears more often
  than ``decks`` decks hold, in any shoe, or, in a fully logged shoe (all its
  52 x decks cards in the log), a card that does not appear exactly ``decks``
  times.

By chance none of these comes close: twenty cards in the same order in two
8-deck shoes, seven suited cards or eight ranks in new-deck order, are less likely than
one in ten million per archive position (:func:`order_chance` gives the new-deck figures:
about 1 in 17 billion for seven suited cards, 1 in 64 million for eight ranks; seven ranks
would be 1 in 4.3 million, too common to report).

>>> from roads.shoe import deal_shoe
>>> check = Integrity(8)
>>> one = deal_shoe(8, seed=1)
>>> check.add("shoe 1", shoe_sequence(one.burned, one.coups))
>>> check.add("shoe 2", shoe_sequence(one.burned, one.coups))
>>> [(f.kind, f.whole) for f in check.findings]
[('repeat', True)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import RANKS, Card
from ..coup import Coup

REPEAT_RUN = 20
"""The shortest run two shoes share that is reported as a repeat."""

SLUG_RUN = 8
"""The shortest slug reported: a shoe's first cards found among the previous shoe's last ones."""

SLUG_WINDOW = 104
"""How many of the previous shoe's last cards a slug is looked for in (two decks' worth)."""

ORDER_RUN = 7
"""The shortest run of cards of one suit in new-deck order reported."""

ORDER_RUN_RANKS = 8
"""The shortest run in new-deck order reported when the cards have no suits: 7 ranks in a row come by chance
about once in 4.3 million positions of a shuffled 8-deck shoe, 8 once in 64 million (:func:`order_chance`)."""


def order_chance(run: int, decks: int = 8, *, suited: bool = True) -> float:
    """Return the chance that a given position of a shuffled shoe of ``decks`` decks starts ``run`` cards in
    new-deck order (ascending or descending by one rank, in one suit when ``suited``).

    Exact: a run starting at rank r names ``run`` distinct cards (or ranks), each held ``copies`` times in the
    shoe, so the chance of that run is the product of copies / (cards left) over its cards; there are
    13 - run + 1 first ranks each way (times 4 suits when suited) and two ways.

    >>> round(1 / order_chance(8, suited=False))
    63526796
    """
    cards = 52 * decks
    copies = decks if suited else 4 * decks
    starts = (13 - run + 1) * (4 if suited else 1)
    chance = 2.0 * starts
    for i in range(run):
        chance *= copies / (cards - i)
    return chance


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding: its kind, the shoes and card positions (first, last; from 1) it names, and in words."""

    kind: str
    shoes: tuple[str, ...]
    positions: tuple[tuple[int, int], ...]
    cards: int
    text: str
    whole: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as ``roads stats --integrity --json`` gives it."""
        return {
            "kind": self.kind,
            "shoes": list(self.shoes),
            "positions": [list(p) for p in self.positions],
            "cards": self.cards,
            "whole": self.whole,
            "text": self.text,
        }


def shoe_sequence(burned: Sequence[Card], coups: Iterable[Coup]) -> tuple[str, ...]:
    """Return a shoe's cards in the order they left it, as text (``AS``, or ``A`` without a suit)."""
    cards = [*burned]
    for coup in coups:
        cards += coup.dealt
    return tuple(str(card) for card in cards)


@dataclass
class Integrity:
    """Reads shoes in archive order and collects the findings (memory: every shoe's cards as text)."""

    decks: int
    findings: list[Finding] = field(default_factory=list)
    shoes: int = 0
    cards: int = 0
    _labels: list[str] = field(default_factory=list)
    _sequences: list[tuple[str, ...]] = field(default_factory=list)
    _windows: dict[tuple[str, ...], tuple[int, int]] = field(default_factory=dict)

    def add(self, label: str, cards: tuple[str, ...]) -> None:
        """Check one shoe's cards against the shoes before it and on its own."""
        index = len(self._sequences)
        self.shoes += 1
        self.cards += len(cards)
        self._repeats(index, label, cards)
        if index:
            self._slug(label, cards)
        self._new_deck_order(label, cards)
        self._counts(label, cards)
        self._labels.append(label)
        self._sequences.append(cards)
        for j in range(len(cards) - REPEAT_RUN + 1):
            self._windows.setdefault(cards[j : j + REPEAT_RUN], (index, j))

    def _repeats(self, index: int, label: str, cards: tuple[str, ...]) -> None:
        j = 0
        while j <= len(cards) - REPEAT_RUN:
            found = self._windows.get(cards[j : j + REPEAT_RUN])
            if found is None:
                j += 1
                continue
            other, i = found
            seen = self._sequences[other]
            run = REPEAT_RUN
            while i + run < len(seen) and j + run < len(cards) and seen[i + run] == cards[j + run]:
                run += 1
            whole = run == len(cards) == len(seen) and i == j == 0
            first = self._labels[other]
            what = "is the same shoe as" if whole else f"repeats {run} cards of"
            self.findings.append(
                Finding(
                    "repeat",
                    (first, label),
                    ((i + 1, i + run), (j + 1, j + run)),
                    run,
                    f"{label} {what} {first}: its cards {j + 1}-{j + run} are {first}'s cards {i + 1}-{i + run}, "
                    "in the same order",
                    whole,
                )
            )
            j += run

    def _slug(self, label: str, cards: tuple[str, ...]) -> None:
        before = self._sequences[-1]
        tail = before[-SLUG_WINDOW:]
        offset = len(before) - len(tail)
        best = (0, 0)
        for i in range(len(tail)):
            run = 0
            while i + run < len(tail) and run < len(cards) and tail[i + run] == cards[run]:
                run += 1
            if run > best[0]:
                best = (run, i)
        run, i = best
        if run < SLUG_RUN:
            return
        first = self._labels[-1]
        start = offset + i + 1
        self.findings.append(
            Finding(
                "slug",
                (first, label),
                ((start, start + run - 1), (1, run)),
                run,
                f"{label} starts with a slug of {run} cards from the end of {first}: its cards 1-{run} are "
                f"{first}'s cards {start}-{start + run - 1} (of {len(before)})",
            )
        )

    def _new_deck_order(self, label: str, cards: tuple[str, ...]) -> None:
        ranks = [RANKS.index(c[0]) if c and c[0] in RANKS else -99 for c in cards]
        suits = [c[1:] for c in cards]
        start, step = 0, 0

        def close(end: int) -> None:
            run = end - start
            if run < (ORDER_RUN if suits[start] else ORDER_RUN_RANKS):
                return
            way = "ascending" if step > 0 else "descending"
            self.findings.append(
                Finding(
                    "new_deck_order",
                    (label,),
                    ((start + 1, end),),
                    run,
                    f"{label}: cards {start + 1}-{end} are {run} cards in new-deck order ({way}: "
                    f"{' '.join(cards[start:end])}): never shuffled",
                )
            )

        for k in range(1, len(cards)):
            here = ranks[k] - ranks[k - 1]
            linked = here in (1, -1) and suits[k] == suits[k - 1]
            if linked and (k - start == 1 or here == step):
                step = here
                continue
            close(k)
            start, step = (k - 1, here) if linked else (k, 0)
        close(len(cards))

    def _counts(self, label: str, cards: tuple[str, ...]) -> None:
        suited = all(len(c) > 1 for c in cards)
        per_card = self.decks if suited else 4 * self.decks
        counted: dict[str, list[int]] = {}
        for position, card in enumerate(cards, 1):
            counted.setdefault(card, []).append(position)
        full = len(cards) == 52 * self.decks
        for card, positions in sorted(counted.items()):
            if len(positions) > per_card:
                self.findings.append(
                    Finding(
                        "card_count",
                        (label,),
                        tuple((p, p) for p in positions),
                        len(positions),
                        f"{label}: {card} appears {len(positions)} times, more than {self.decks} decks hold "
                        f"({per_card}), at cards {', '.join(map(str, positions))}",
                    )
                )
        if full:
            expected = [f"{rank}{suit}" for rank in RANKS for suit in "SHDC"] if suited else list(RANKS)
            short = [c for c in expected if len(counted.get(c, ())) < per_card]
            if short:
                said = ", ".join(f"{c} {len(counted.get(c, ()))}" for c in short)
                self.findings.append(
                    Finding(
                        "card_count",
                        (label,),
                        (),
                        len(short),
                        f"{label}: all {len(cards)} cards are logged, but these are short of {per_card}: {said}",
                    )
                )

    def document(self) -> dict[str, Any]:
        """Return the answer as plain data: shoes and cards read, and every finding in the order found."""
        kinds = ("repeat", "slug", "new_deck_order", "card_count")
        return {
            "decks": self.decks,
            "shoes": self.shoes,
            "cards": self.cards,
            "counts": {kind: sum(1 for f in self.findings if f.kind == kind) for kind in kinds},
            "findings": [f.to_dict() for f in self.findings],
        }
