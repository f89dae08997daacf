"""The rows of one shoe for the coup and mark tables (``roads stats --parquet``, ``--csv-tables``).

:func:`shoe_rows` is pure: a shoe's board in, its rows out. The rows are kept
compact, one typed array a column (codes for the words, -1 for a null), and
what is the same on every row of a shoe (its id, file, table, date) once a
shoe: cheap to pickle, so a worker process or a Dask task can build them and
the process that writes the files only appends them (:meth:`TableRows.extend`)
and writes them in bulk. :meth:`TableRows.table` gives them as Python values.

The colour and rule of every mark are the board's own mark codes read through
:data:`roads.board.marks.VERDICTS`: the rules are applied once, by the
Board, never again here.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ..board.marks import VERDICTS
from ..board.names import DERIVED
from ..outcome import Winner

if TYPE_CHECKING:
    from ..board import Board
    from ..logs.archive import Shoe

COUP_COLUMNS: tuple[tuple[str, str], ...] = (
    ("shoe", "string"),
    ("coup", "int32"),
    ("winner", "string"),
    ("banker_total", "int8"),
    ("player_total", "int8"),
    ("banker_pair", "bool"),
    ("player_pair", "bool"),
    ("natural", "bool"),
    ("cards", "int8"),
    ("file", "string"),
    ("shoe_number", "int32"),
    ("table", "string"),
    ("date", "string"),
)
"""The coups table: (name, type) in order. Totals and cards are null when the log holds results only."""

MARK_COLUMNS: tuple[tuple[str, str], ...] = (
    ("shoe", "string"),
    ("road", "string"),
    ("mark", "int32"),
    ("color", "string"),
    ("rule", "int8"),
    ("column", "int32"),
    ("row", "int32"),
    ("x", "int32"),
    ("y", "int32"),
    ("coup", "int32"),
    ("file", "string"),
    ("shoe_number", "int32"),
)
"""The marks table: (name, type) in order; ``column``/``row`` are the source bead's, ``x``/``y`` the drawn cell."""

TABLES: dict[str, tuple[tuple[str, str], ...]] = {"coups": COUP_COLUMNS, "marks": MARK_COLUMNS}
"""Every table by its file stem."""

WINNERS: tuple[str, ...] = tuple(w.value for w in Winner)
"""The words of the ``winner`` column; the rows keep their index."""
ROADS: tuple[str, ...] = tuple(road.value for road in DERIVED)
"""The words of the ``road`` column, in board order."""
COLORS: tuple[str, ...] = ("red", "blue")
"""The words of the ``color`` column."""

NULL = -1
"""What an int8 column holds where the log does not know the value (a results log's totals and cards)."""

_WINNER_CODE = {w: i for i, w in enumerate(Winner)}
_COLOR_OF = bytes(COLORS.index(VERDICTS[code][0].value) if code < len(VERDICTS) else 0 for code in range(256))
"""Mark code -> index into COLORS (a translate table: the board's codes, read through VERDICTS)."""
_RULE_OF = bytes(VERDICTS[code][1] if code < len(VERDICTS) else 0 for code in range(256))
"""Mark code -> rule (1 or 2)."""

SHOE_COLUMNS = ("shoe", "file", "shoe_number", "table", "date")
"""Columns that are the same on every row of a shoe: kept once a shoe, repeated when written."""


@dataclass(frozen=True, slots=True)
class ShoeInfo:
    """What the tables say about where a shoe comes from: its file, id, number in the file, table and date."""

    file: str
    shoe: str
    number: int
    table: str | None = None
    date: str | None = None

    @classmethod
    def of(cls, shoe: Shoe) -> ShoeInfo:
        """Return the info of a shoe read from a log (picklable, unlike the Shoe and its open stream)."""
        return cls(shoe.file, str(shoe.id), shoe.number, shoe.table, shoe.date)

    def value(self, column: str) -> str | int | None:
        """Return this shoe's value of a column in SHOE_COLUMNS."""
        return self.number if column == "shoe_number" else getattr(self, column)


def _ints() -> array[int]:
    return array("i")


def _bytes() -> array[int]:
    return array("b")


@dataclass(slots=True)
class TableRows:
    """Rows of the coups and marks tables, one shoe's or many shoes' appended, as typed arrays.

    Coup columns: ``winner`` (index into WINNERS), ``banker_total``,
    ``player_total``, ``cards`` (NULL when unknown), the pairs and ``natural``
    (0 or 1); the coup number runs from 1 in each shoe. Mark columns:
    ``road_marks`` (marks of each road of each shoe, three a shoe), ``color``
    (index into COLORS), ``rule``, the source bead's ``column``, ``row`` and
    ``coup``, the drawn ``x``, ``y``; the mark number runs from 1 on each road.
    """

    shoes: list[ShoeInfo] = field(default_factory=list)
    coup_counts: array[int] = field(default_factory=_ints)
    winner: array[int] = field(default_factory=_bytes)
    banker_total: array[int] = field(default_factory=_bytes)
    player_total: array[int] = field(default_factory=_bytes)
    banker_pair: array[int] = field(default_factory=_bytes)
    player_pair: array[int] = field(default_factory=_bytes)
    natural: array[int] = field(default_factory=_bytes)
    cards: array[int] = field(default_factory=_bytes)
    road_marks: array[int] = field(default_factory=_ints)
    color: array[int] = field(default_factory=_bytes)
    rule: array[int] = field(default_factory=_bytes)
    column: array[int] = field(default_factory=_ints)
    row: array[int] = field(default_factory=_ints)
    x: array[int] = field(default_factory=_ints)
    y: array[int] = field(default_factory=_ints)
    coup: array[int] = field(default_factory=_ints)

    def extend(self, other: TableRows) -> None:
        """Append another's rows after these (shoes keep their order)."""
        self.shoes += other.shoes
        for name in _ARRAYS:
            getattr(self, name).extend(getattr(other, name))

    def __len__(self) -> int:
        """Return the number of coup rows."""
        return len(self.winner)

    def marks(self) -> int:
        """Return the number of mark rows."""
        return len(self.color)

    def mark_counts(self) -> list[int]:
        """Return the marks of each shoe (all three roads)."""
        counts = self.road_marks
        return [counts[i] + counts[i + 1] + counts[i + 2] for i in range(0, len(counts), 3)]

    def numbers(self, table: str) -> list[int]:
        """Return the running number of each row: the coup in its shoe, or the mark on its road."""
        counts = self.coup_counts if table == "coups" else self.road_marks
        out: list[int] = []
        for n in counts:
            out += range(1, n + 1)
        return out

    def table(self, name: str) -> dict[str, list[Any]]:
        """Return table ``name`` (``coups`` or ``marks``) as Python values, column by column (None for null)."""
        counts = list(self.coup_counts) if name == "coups" else self.mark_counts()
        data: dict[str, list[Any]] = {}
        for column, _ in TABLES[name]:
            if column in SHOE_COLUMNS:
                values: list[Any] = []
                for info, n in zip(self.shoes, counts, strict=True):
                    values += repeat(info.value(column), n)
                data[column] = values
            elif column in ("coup", "mark") and (column == "mark" or name == "coups"):
                data[column] = self.numbers(name)
            elif column == "winner":
                data[column] = [WINNERS[i] for i in self.winner]
            elif column == "color":
                data[column] = [COLORS[i] for i in self.color]
            elif column == "road":
                data[column] = [ROADS[i % 3] for i, n in enumerate(self.road_marks) for _ in range(n)]
            elif column in ("banker_pair", "player_pair", "natural"):
                data[column] = [bool(b) for b in getattr(self, column)]
            elif column in ("banker_total", "player_total", "cards"):
                data[column] = [None if v == NULL else v for v in getattr(self, column)]
            else:
                data[column] = list(getattr(self, column))
        return data


_ARRAYS = tuple(name for name in TableRows.__dataclass_fields__ if name != "shoes")


def shoe_rows(info: ShoeInfo, board: Board) -> TableRows:
    """Return one shoe's rows: a coup row for every coup of ``board``, a mark row for every derived mark.

    >>> from roads.board import Board
    >>> rows = shoe_rows(ShoeInfo("shoes.jsonl", "A", 1), Board.from_results("B P P B")).table("marks")
    >>> rows["road"], rows["color"], rows["rule"], rows["coup"]
    (['big_eye_boy', 'big_eye_boy'], ['blue', 'blue'], [2, 1], [3, 4])
    """
    outcomes = board.bead_plate.outcomes
    code = _WINNER_CODE
    rows = TableRows(
        shoes=[info],
        coup_counts=array("i", [len(outcomes)]),
        winner=array("b", [code[o.winner] for o in outcomes]),
        banker_total=array("b", [NULL if o.banker_total is None else o.banker_total for o in outcomes]),
        player_total=array("b", [NULL if o.player_total is None else o.player_total for o in outcomes]),
        banker_pair=array("b", [o.banker_pair for o in outcomes]),
        player_pair=array("b", [o.player_pair for o in outcomes]),
        natural=array("b", [o.natural for o in outcomes]),
        cards=array("b", [NULL if o.cards is None else o.cards for o in outcomes]),
    )
    beads = board.big_road.coups
    for road in board.derived_roads():
        count = len(road)
        rows.road_marks.append(count)
        if not count:
            continue
        rows.color.frombytes(road.codes.translate(_COLOR_OF))
        rows.rule.frombytes(road.codes.translate(_RULE_OF))
        rows.column.extend(road.columns)
        rows.row.extend(road.rows)
        rows.x.extend(road.xs)
        rows.y.extend(iter(road.ys))  # drawn rows are kept as bytes
        rows.coup.extend(beads[road.first : road.first + count])
    return rows
