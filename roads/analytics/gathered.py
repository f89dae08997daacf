"""What a report keeps of an archive as its shoes stream past: counts, samples, spooled CSV rows; no drawing.

``roads report`` reads each shoe once and hands its group document (``roads
stats --by shoe``'s) to these gatherers; the page (roads.pages.report) draws
from what they kept. Memory is bounded by the page, not by the archive.
"""

from __future__ import annotations

import hashlib
import heapq
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from statistics import NormalDist
from typing import IO, Any, Self

from ..logs.csvcell import line
from .drift import Shoes
from .pershoe import ShoeLaws
from .theory import ALPHA

FOREST_ROWS = 40
"""Groups the forest plot shows at most: the flagged ones first, then a sample of the others."""


class Gathered:
    """What a report keeps of documents that stream past it: ``add`` takes one, ``of`` takes those held in memory."""

    def add(self, document: Mapping[str, Any]) -> None:
        """Keep what the report needs of one document."""
        raise NotImplementedError

    @classmethod
    def of(cls, documents: Iterable[Mapping[str, Any]]) -> Self:
        """Return what is kept of documents held in memory, added in their order."""
        kept = cls()
        for document in documents:
            kept.add(document)
        return kept


@dataclass(frozen=True)
class LeftOut:
    """The shoes a report could not read: how many, and the first error lines said about them."""

    count: int = 0
    errors: tuple[str, ...] = ()


SHOWN_GROUPS = 200
"""Groups the page's table lists (the first ones, in order); every group is in the tests CSV."""
CHUNK = 1 << 16
"""Characters of a spooled table read, percent-encoded and written at a time."""


class Spool:
    """CSV text too long to hold: written to a temporary file as it comes, read back in chunks for the page."""

    def __init__(self, head: str = "") -> None:
        self.file: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115 (closed by close())
        self.file.write(head)

    def write(self, text: str) -> None:
        """Add ``text``."""
        self.file.write(text)

    def chunks(self) -> Iterator[str]:
        """Yield the text from its start, a chunk at a time."""
        self.file.seek(0)
        while chunk := self.file.read(CHUNK):
            yield chunk

    def text(self) -> str:
        """Return the whole text (for small tables and tests)."""
        return "".join(self.chunks())

    def close(self) -> None:
        """Drop the temporary file."""
        self.file.close()


def share_counts(shoes: Iterable[Mapping[str, Any]]) -> Counter[tuple[int, int]]:
    """Return how many shoes have each (Banker wins, coups) pair: all the spread plot needs of them."""
    return Counter((s["counts"]["banker"], s["coups"]) for s in shoes if s["coups"])


class ShoeSummary(Gathered):
    """What a report keeps of every shoe, bounded by the page and not by the archive.

    The spread plot's (Banker wins, coups) counts, the first :data:`SHOWN_GROUPS`
    groups for the table, and the per-shoe and per-group CSV rows spooled to
    temporary files; :meth:`add` takes one shoe's (or group's) document at a time.
    """

    def __init__(self) -> None:
        self.shares: Counter[tuple[int, int]] = Counter()
        self.shoes = 0
        self.first: list[dict[str, Any]] = []
        self.groups = 0
        self.shoe_csv = Spool(line(["shoe", "coups", "banker", "player", "tie", "banker_share", "flags"]))
        self.group_csv: Spool | None = None
        self.sample = GroupSample()

    def add(self, shoe: Mapping[str, Any]) -> None:
        """Count one shoe's group document (``roads stats --by shoe``'s)."""
        self.shoes += 1
        if shoe["coups"]:
            self.shares[(shoe["counts"]["banker"], shoe["coups"])] += 1
        c = shoe["counts"]
        share = round(c["banker"] / shoe["coups"], 6) if shoe["coups"] else ""
        row = [shoe["key"], shoe["coups"], c["banker"], c["player"], c["tie"], share, len(shoe["flags"])]
        self.shoe_csv.write(line(row))

    def group(self, group: dict[str, Any], rows: str) -> None:
        """Keep one group of the page's grouping: the first few whole, its CSV ``rows`` spooled."""
        if self.group_csv is None:
            self.group_csv = Spool()
        self.groups += 1
        self.sample.add(group)
        if len(self.first) < SHOWN_GROUPS:
            self.first.append(group)
        self.group_csv.write(rows)

    def close(self) -> None:
        """Drop the spooled tables."""
        self.shoe_csv.close()
        if self.group_csv is not None:
            self.group_csv.close()


def holm_line(tests: int, alpha: float = ALPHA) -> float:
    """Return the |z| whose two-sided normal p is ``alpha / tests``: Holm's first step, the one the most extreme
    test of a family of ``tests`` must pass to be flagged."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(tests, 1)))


def family_size(group: Mapping[str, Any]) -> int:
    """Return how many of a group's tests take part in its Holm family (tested and not descriptive)."""
    tested = [t for t in group["tests"] if t.get("family", True) and t["p"] is not None]
    others = [group.get(name) for name in ("chi_square", "chi_square_cards", "depths", "red_shares", "runs", "lag1")]
    return len(tested) + sum(1 for t in others if t is not None and t["p"] is not None)


@dataclass(frozen=True, slots=True)
class GroupMark:
    """What the forest plot keeps of one group: its place in the archive, name, Banker share and flag."""

    index: int
    key: str
    observed: float
    low: float
    high: float
    expected: float
    flagged: bool


def _rank(key: str) -> int:
    """Return a group's sampling rank: a hash of its name, so the same groups are sampled in any order."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")


class GroupSample(Gathered):
    """The groups a forest plot shows, kept a group at a time in bounded memory.

    Every flagged group up to :data:`FOREST_ROWS` (in the archive's order),
    and of the others the ones with the smallest :func:`_rank`, enough to
    fill the plot: a sample that does not depend on how the groups arrive.
    """

    def __init__(self, rows: int = FOREST_ROWS) -> None:
        self.rows = rows
        self.seen = 0
        self.flagged: list[GroupMark] = []
        self.flagged_count = 0
        self.others = 0
        self._sample: list[tuple[int, int, GroupMark]] = []  # a max-heap of the smallest ranks: (-rank, -index, mark)

    def add(self, group: Mapping[str, Any]) -> None:
        """Consider one group document."""
        index = self.seen
        self.seen += 1
        banker = next((t for t in group["tests"] if t["figure"] == "banker"), None)
        if banker is None or banker["observed"] is None or banker["low"] is None:
            return
        mark = GroupMark(
            index,
            str(group["key"]),
            banker["observed"],
            banker["low"],
            banker["high"],
            banker["expected"],
            bool(group["flags"]),
        )
        if mark.flagged:
            self.flagged_count += 1
            if len(self.flagged) < self.rows:
                self.flagged.append(mark)
            return
        self.others += 1
        heapq.heappush(self._sample, (-_rank(mark.key), -index, mark))
        if len(self._sample) > self.rows:
            heapq.heappop(self._sample)

    def shown(self) -> list[GroupMark]:
        """Return the groups to draw, in the archive's order: the flagged ones, then the sample's smallest ranks."""
        room = self.rows - len(self.flagged)
        sample = sorted(self._sample, reverse=True)[:room]
        return sorted([*self.flagged, *(m for _, _, m in sample)], key=lambda m: m.index)


class Seen(Gathered):
    """What the drift and per-shoe sections keep of every shoe: its Banker and Player wins in order, and its laws."""

    def __init__(self) -> None:
        self.shoes = Shoes()
        self.laws = ShoeLaws()

    def add(self, shoe: Mapping[str, Any], date: str | None = None) -> None:
        """Keep one shoe's group document (``roads stats --by shoe``'s) and the date its log names."""
        c = shoe["counts"]
        self.shoes.add(str(shoe["key"]), date, c["banker"], c["player"])
        self.laws.add(shoe)
