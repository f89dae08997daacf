"""One shoe a log: a card log that holds several shoes run together is an error, not one giant shoe.

Concatenating ``roads deal`` outputs makes a log that reads as one shoe of
thousands of coups, which no shoe can hold. Two signs give it away while the
log streams, at no cost worth measuring:

- its header block (``# format:``, ``# decks:``, ``# seed:`` ...) comes again
  after coups: the error names the first line of the repeated block;
- it holds more cards of one rank than its decks do (the ``# decks:`` header,
  else the most decks a shoe can have): the error names the coup that has one
  too many, where the next shoe has begun at the latest.

Either way the message suggests ``roads deal --shoes N``, which writes an
archive of one shoe a line that every command reads shoe by shoe.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ..cards import parse_card
from ..errors import CardError, LogError
from .records import Record
from .source import Chunk

HEADER_KEYS = frozenset({"format", "decks", "seed", "cut", "burned", "redeal"})
"""The comment keys of a dealt log's header block (what ``roads deal`` writes)."""

MOST_DECKS = 1000
"""The most decks a shoe has (``roads.shoe.check_decks``): the bound when a log names none."""

ADVICE = "to keep many shoes in one file, deal an archive (one shoe a line) with `roads deal --shoes N`"

_HEADER_LINE = re.compile(r"\s*#\s*([A-Za-z_]+)\s*:\s*(.*?)\s*")


class OneShoe:
    """Watches a card log as it streams: its header block once, and no more cards of a rank than its decks hold."""

    __slots__ = ("_block", "_data", "_keys", "_ranks", "decks", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.decks: int | None = None
        """The deck count the header names, None until (or unless) it does."""
        self._keys: set[str] = set()
        self._data = False
        self._block: int | None = None
        """First line of the run of comment lines being read, None after a data line."""
        self._ranks: Counter[str] = Counter()

    def chunks(self, stream: Iterator[Chunk]) -> Iterator[Chunk]:
        """Yield ``stream`` unchanged, reading its header comments; a header block seen again raises LogError."""
        for chunk in stream:
            if chunk.column == 1:
                text = chunk.text.lstrip()
                if text.startswith("#"):
                    if self._block is None:
                        self._block = chunk.line
                    if chunk.end:
                        self._comment(chunk)
                elif text:
                    self._data = True
                    self._block = None
            yield chunk

    def _comment(self, chunk: Chunk) -> None:
        match = _HEADER_LINE.fullmatch(chunk.text)
        if match is None:
            return
        key, value = match.group(1).lower(), match.group(2)
        if key not in HEADER_KEYS:
            return
        if self._data:
            if key in self._keys:
                raise LogError(
                    f"the header block ('# {key}: ...') comes again after coups: this log seems to hold "
                    f"more than one shoe, the next beginning on this line; {ADVICE}",
                    file=self.name,
                    line=self._block if self._block is not None else chunk.line,
                )
            return
        self._keys.add(key)
        if key == "decks" and value.isdigit() and len(value) < 5 and 1 <= int(value) <= MOST_DECKS:
            self.decks = int(value)
        elif key == "burned":
            for token in re.findall(r"[^\s,\[\]\"']+", value)[:64]:
                try:
                    self._ranks[parse_card(token).rank] += 1
                except CardError:
                    return  # a header the audit (roads check) reports; not this check's business

    def records(self, records: Iterator[Record]) -> Iterator[Record]:
        """Yield ``records`` unchanged; the first card of a rank beyond what the decks hold raises LogError."""
        ranks = self._ranks
        for record in records:
            for card in record.cards():
                ranks[card.rank] += 1
                if ranks[card.rank] > 4 * (self.decks or MOST_DECKS):
                    raise self._too_many(record, card.rank, ranks[card.rank])
            yield record

    def _too_many(self, record: Record, rank: str, count: int) -> LogError:
        decks = self.decks or MOST_DECKS
        named = "" if self.decks else " (the most a shoe has; the log names no '# decks:')"
        return LogError(
            f"the {ordinal(count)} {rank} dealt, but {decks} {'decks' if decks != 1 else 'deck'}{named} "
            f"{'hold' if decks != 1 else 'holds'} "
            f"{4 * decks}: this log seems to hold more than one shoe, the next beginning at or before this "
            f"line; {ADVICE}",
            file=self.name,
            line=record.line,
            coup=record.number,
        )


def ordinal(n: int) -> str:
    """Return ``n`` as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
