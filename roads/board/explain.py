"""Proofs: why each derived mark is red or blue, in the words of rulebook section 8.

A proof is made on demand from a built board; building never writes prose, so
a 100,000-coup shoe costs nothing extra until someone asks why.

Depths are read from the board as it is now. That is the depth the mark saw:
Rule 1 compares columns c-1 and c-1-k, and Rule 2 reads column c-k, and every
one of them had finished before the bead at column c arrived.
"""

from __future__ import annotations

from dataclasses import dataclass

from .big_road import place_words
from .marks import RED, VERDICTS, Color, judge
from .names import Road


@dataclass(frozen=True, slots=True)
class Proof:
    """Why one derived mark has its colour: the rule, the columns compared, and the prose."""

    road: Road
    """The road: ``Road.BIG_EYE_BOY``, ``Road.SMALL_ROAD`` or ``Road.COCKROACH_PIG`` (equal to its board name)."""
    title: str
    """The road as a dealer says it: ``Big Eye Boy``."""
    k: int
    """The road's offset."""
    mark: int
    """The mark's number on its road, from 1."""
    color: Color
    rule: int
    column: int
    """Logical column of the Big Road bead that made the mark."""
    row: int
    """Logical row of that bead."""
    compared: tuple[tuple[int, int], ...]
    """(column, depth) pairs: Rule 1, the column that just finished then its partner; Rule 2, column c-k."""
    reason: str
    """One sentence: which rule applies and why."""
    comparison: str
    """One sentence: what the comparison found and the colour it gives."""
    mistake: str
    """The rule's common mistake, made concrete for this mark."""
    drawn: tuple[int, int] | None = None
    """Where the board draws that bead (column, row), when a dragon tail moved it from its logical place."""

    @property
    def where(self) -> str:
        """Return the source bead's place in words, with the cell it is drawn in when a dragon tail moved it."""
        x, y = self.drawn or (self.column, self.row)
        return place_words(self.column, self.row, x, y)

    @property
    def text(self) -> str:
        """Return the proof as two sentences: the reason, then the comparison."""
        return f"{self.reason} {self.comparison}"

    def __repr__(self) -> str:
        where = f"column {self.column} row {self.row}"
        return f"<Proof {self.title} mark {self.mark}: {self.color.value}, Rule {self.rule}, {where}>"

    def to_dict(self, *, mistake: bool = False) -> dict[str, object]:
        """Return the proof as JSON-ready data; ``mistake=True`` adds the common-mistake sentence."""
        data: dict[str, object] = {
            "road": self.road,
            "mark": self.mark,
            "color": self.color.value,
            "rule": self.rule,
            "column": self.column,
            "row": self.row,
            "compared": [{"column": column, "depth": depth} for column, depth in self.compared],
            "text": self.text,
        }
        if self.drawn is not None:
            data["drawn"] = {"column": self.drawn[0], "row": self.drawn[1]}
        if mistake:
            data["mistake"] = self.mistake
        return data


def beads(n: int) -> str:
    """Return ``n`` with the right noun: ``1 bead``, ``2 beads``."""
    return f"{n} bead" if n == 1 else f"{n} beads"


def _columns(n: int) -> str:
    return f"{n} column" if n == 1 else f"{n} columns"


def road_start(k: int) -> str:
    """Return where a derived road of offset ``k`` makes its first mark: ``column 2, row 2 (or column 3, row 1)``."""
    return f"column {k + 1}, row 2 (or column {k + 2}, row 1)"


def explain(
    road: Road,
    index: int,
    code: int,
    column: int,
    row: int,
    depths: list[int],
    drawn: tuple[int, int] | None = None,
) -> Proof:
    """Return the proof of the mark at ``index`` (from 0) of ``road``: its mark ``code``, its bead's place, the depths.

    ``drawn`` is the bead's drawn cell; the proof keeps it only when a dragon tail moved the bead.

    Plain data in, prose out: the roads (:meth:`~.derived.DerivedRoad.proof`)
    hand over what the mark saw, so the proofs need nothing of the board.
    """
    k = road.k
    color, rule = VERDICTS[code]
    compared: tuple[tuple[int, int], ...]
    if rule == 1:
        compared = ((column - 1, depths[column - 2]), (column - 1 - k, depths[column - 2 - k]))
        reason, comparison, mistake = _rule_1(k, column, compared, color, depths)
    else:
        compared = ((column - k, depths[column - 1 - k]),)
        reason, comparison, mistake = _rule_2(k, column, row, compared[0][1], color)
    moved = drawn if drawn is not None and drawn != (column, row) else None
    return Proof(road, road.title, k, index + 1, color, rule, column, row, compared, reason, comparison, mistake, moved)


def _rule_1(
    k: int, column: int, compared: tuple[tuple[int, int], ...], color: Color, depths: list[int]
) -> tuple[str, str, str]:
    """Return (reason, comparison, mistake) for a mark made by a bead opening ``column``."""
    (done, done_depth), (partner, partner_depth) = compared
    reason = (
        f"Column {column} starts, so Rule 1 applies: compare column {done}, which just finished, with column {partner}."
    )
    same = "same" if color is RED else "different"
    comparison = (
        f"Column {done} has {beads(done_depth)} and column {partner} has {partner_depth}: "
        f"{same} depth, so {color.value}."
    )
    # The usual slip counts k columns back from the new column instead of from the one
    # that finished: that is exactly the pair a road with offset k-1 would compare.
    wrong, _ = judge(k - 1, column, 1, depths)
    verdict = (
        "the same colour here, but only by chance" if wrong is color else f"{wrong.value} instead of {color.value}"
    )
    if k == 1:
        mistake = (
            f"Common mistake: comparing the wrong pair of columns. Counting one column back from "
            f"the new column {column} instead of from column {done} compares column {done} with "
            f"itself, which always says red: {verdict}."
        )
    else:
        slip = column - k
        mistake = (
            f"Common mistake: comparing the wrong pair of columns. Counting {_columns(k)} back "
            f"from the new column {column} instead of from column {done} pairs column {done} "
            f"({beads(done_depth)}) with column {slip} ({beads(depths[slip - 1])}): "
            f"{verdict}."
        )
    return reason, comparison, mistake


def _rule_2(k: int, column: int, row: int, depth: int, color: Color) -> tuple[str, str, str]:
    """Return (reason, comparison, mistake) for a mark made by a bead at ``row`` >= 2 of ``column``."""
    back = column - k
    reason = f"Column {column} continues to row {row}, so Rule 2 applies: look at column {back}, {_columns(k)} back."
    lead = f"Column {back} has {beads(depth)}:"
    trap = "Common mistake: treating an empty row as blue."
    if depth >= row:
        comparison = f"{lead} it has a bead at row {row}, so {color.value}."
        mistake = f"{trap} It cannot mislead here: column {back} does reach row {row}."
    elif depth == row - 1:
        comparison = f"{lead} it stopped exactly one row above row {row}, so {color.value}."
        if row == 2:
            mistake = (
                f"{trap} At row 2 it happens to agree, since every column has a bead at row 1; "
                f"from row 3 on, an empty row alone is not enough."
            )
        else:
            above = f"row {row - 2}" if row == 3 else f"row {row - 2} or above"
            mistake = (
                f"{trap} Blue here is not because row {row} of column {back} is empty but "
                f"because column {back} stopped exactly at row {row - 1}; had it stopped at "
                f"{above}, row {row} would be just as empty and the mark red."
            )
    else:
        gap = row - depth
        comparison = f"{lead} it stopped {gap} rows above row {row} (the straight drop), so {color.value}."
        mistake = (
            f"{trap} Column {back} has no bead at row {row}, so a hasty reading says blue; "
            f"but it stopped {gap} rows above, a straight drop, so the mark is {color.value}."
        )
    return reason, comparison, mistake
