"""One reading pass over an archive: each shoe read and checked once, every number the report shows made from it.

From one shoe's coups come its Tally (its share of the total and of its
``--by`` group; its own tests are judged where the page is written, from
the Tally) and, when the cards of every coup are
there, its side-bet exposure and its cards in dealing order (for the
shuffle-integrity check). A JSON Lines archive file is read on workers a
block of lines at a time (:func:`gather_block`); any other log a shoe at a
time (:func:`gather_shoe`). Numbers only: roads.pages.report draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..errors import LogError, RoadsError
from .counting import Block, block_shoes, count_shoe, group_key
from .exposure import Exposure, ShoeExposure, shoe_cards
from .integrity import shoe_sequence
from .tally import StatsError, Tally

if TYPE_CHECKING:
    from ..logs.archive import Shoe

READ_BYTES = 1 << 16
"""Bytes of lines a worker reads at a time: a few shoes with cards, whose exposure is most of the work."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What every shoe is read for: the page's grouping (``--by``), the decks, the side bets scanned."""

    by: str | None
    decks: int
    scan: Exposure
    integrity: bool = False
    """Keep each shoe's cards in dealing order for the shuffle-integrity check (``roads report --integrity``)."""


@dataclass(frozen=True, slots=True)
class ShoeNumbers:
    """Every number of one shoe the report needs; a shoe that could not be read has its error and nothing else."""

    id: str | int
    line: int
    error: RoadsError | None = None
    tally: Tally | None = None
    group: str | None = None
    """The shoe's group under ``--by file``, ``table`` or ``date``; None otherwise."""
    exposure: ShoeExposure | None = None
    """The side-bet scan of a shoe with the cards of every coup, logged with the decks asked; None otherwise."""
    sequence: tuple[str, tuple[str, ...]] | None = None
    """A shoe with the cards of every coup: its label and its cards in the order they left the shoe
    (:func:`roads.analytics.integrity.shoe_sequence`); None otherwise."""


@dataclass(slots=True)
class BlockNumbers:
    """The numbers of every shoe of one block, in order; ``stop`` and ``broken`` as in counting.Part."""

    shoes: list[ShoeNumbers] = field(default_factory=list)
    stop: StatsError | None = None
    broken: RoadsError | None = None


def gather_shoe(shoe: Shoe, reading: Reading) -> ShoeNumbers:
    """Return one good shoe's numbers, reading its coups once.

    StatsError when the shoe has no group under ``reading.by`` (it ends the
    command); another RoadsError when the shoe cannot be read (one bad shoe).
    """
    group = group_key(shoe, reading.by) if reading.by not in (None, "shoe") else None
    exposure, sequence = None, None
    if shoe.results is None:
        entries = list(shoe.entries())
        exposure = _exposure(shoe, entries, reading.scan)
        sequence = _sequence(shoe, entries) if reading.integrity else None
        shoe = replace(shoe, results=tuple(entry.outcome for entry in entries), records=None, source=None)
    tallies: dict[str | None, Tally] = {}
    count_shoe(tallies, shoe, "shoe")
    (tally,) = tallies.values()
    return ShoeNumbers(shoe.id, shoe.line, None, tally, group, exposure, sequence)


def _sequence(shoe: Shoe, entries: list[Any]) -> tuple[str, tuple[str, ...]] | None:
    """Return a shoe's label and its cards in dealing order, None unless every coup has its cards."""
    if not entries or any(entry.coup is None for entry in entries):
        return None
    try:
        burned = shoe.burned_cards()
    except LogError:
        return None  # not the page's to say: the shoe's counts are good
    return shoe.label(), shoe_sequence(burned, [entry.coup for entry in entries])


def _exposure(shoe: Shoe, entries: list[Any], scan: Exposure) -> ShoeExposure | None:
    """Return the scan of a shoe with every coup's cards, None for any other (results, other decks, bad burns)."""
    if not entries or any(entry.coup is None for entry in entries):
        return None
    try:
        cards = shoe_cards(shoe, scan.decks, entries)
    except LogError:
        return None  # not the page's to say: the shoe's counts are good
    found = scan.shoe(cards)
    return found if found.error is None else None


def gather_block(reading: Reading, block: Block) -> BlockNumbers:
    """Return the numbers of every shoe of one block (on a worker); never raises, a bad shoe carries its error."""
    part = BlockNumbers()
    try:
        for shoe in block_shoes(block):
            if shoe.error is not None:
                part.shoes.append(ShoeNumbers(shoe.id, shoe.line, shoe.error))
                continue
            try:
                part.shoes.append(gather_shoe(shoe, reading))
            except StatsError as exc:
                part.stop = exc
                return part
            except RoadsError as exc:
                part.shoes.append(ShoeNumbers(shoe.id, shoe.line, exc))
    except RoadsError as exc:
        part.broken = exc
    return part


def lost_numbers(block: Block) -> BlockNumbers:
    """Return the numbers of a block whose worker died under it: the file is not read past it."""
    end = block.line + block.text.count(b"\n")
    message = f"lines {block.line}-{end}: the reading process ended unexpectedly"
    return BlockNumbers(broken=LogError(message, file=block.file))
