"""The rows of one shoe for the coup and mark tables (``roads stats --parquet``, ``--csv-tables``).

:func:`shoe_rows` is pure: a shoe's board in, its rows out, column by column
as plain lists (cheap to pickle, so a worker process or a Dask task can build
them and the process that writes the files only appends). The colour and
rule of every mark are the board's own mark codes read through
:data:`roads.board.derived.VERDICTS`: the rules are applied once, by the
Scoreboard, never again here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..board.derived import VERDICTS

if TYPE_CHECKING:
    from ..board import Scoreboard
    from ..logs.archive import Shoe

Columns = dict[str, list[Any]]
"""A table's rows column by column: name -> one value a row."""

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

_COLORS = tuple(color.value for color, _ in VERDICTS)
_RULES = tuple(rule for _, rule in VERDICTS)


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


@dataclass(slots=True)
class TableRows:
    """Rows of the coups and marks tables, column by column; one shoe's or many shoes' appended."""

    coups: Columns = field(default_factory=lambda: empty(COUP_COLUMNS))
    marks: Columns = field(default_factory=lambda: empty(MARK_COLUMNS))
    shoes: int = 0

    def extend(self, other: TableRows) -> None:
        """Append another's rows after these (shoes keep their order)."""
        for mine, theirs in ((self.coups, other.coups), (self.marks, other.marks)):
            for name, values in theirs.items():
                mine[name].extend(values)
        self.shoes += other.shoes

    def __len__(self) -> int:
        """Return the number of coup rows."""
        return len(self.coups["coup"])

    def table(self, name: str) -> Columns:
        """Return the columns of table ``name`` (``coups`` or ``marks``)."""
        return self.coups if name == "coups" else self.marks


def empty(columns: tuple[tuple[str, str], ...]) -> Columns:
    """Return a table with no rows."""
    return {name: [] for name, _ in columns}


def shoe_rows(info: ShoeInfo, board: Scoreboard) -> TableRows:
    """Return one shoe's rows: a coup row for every coup of ``board``, a mark row for every derived mark.

    >>> from roads.board import Scoreboard
    >>> rows = shoe_rows(ShoeInfo("shoes.jsonl", "A", 1), Scoreboard.from_results("B P P B"))
    >>> rows.coups["winner"], rows.marks["road"], rows.marks["color"], rows.marks["rule"]
    (['banker', 'player', 'player', 'banker'], ['big_eye_boy', 'big_eye_boy'], ['blue', 'blue'], [2, 1])
    """
    outcomes = board.bead_plate.outcomes
    n = len(outcomes)
    coups: Columns = {
        "shoe": [info.shoe] * n,
        "coup": list(range(1, n + 1)),
        "winner": [o.winner.value for o in outcomes],
        "banker_total": [o.banker_total for o in outcomes],
        "player_total": [o.player_total for o in outcomes],
        "banker_pair": [o.banker_pair for o in outcomes],
        "player_pair": [o.player_pair for o in outcomes],
        "natural": [o.natural for o in outcomes],
        "cards": [o.cards for o in outcomes],
        "file": [info.file] * n,
        "shoe_number": [info.number] * n,
        "table": [info.table] * n,
        "date": [info.date] * n,
    }
    marks = empty(MARK_COLUMNS)
    beads = board.big_road.coups
    for road in board.derived_roads():
        count = len(road)
        if not count:
            continue
        codes = road.codes
        marks["shoe"] += [info.shoe] * count
        marks["road"] += [road.name.value] * count
        marks["mark"] += range(1, count + 1)
        marks["color"] += [_COLORS[code] for code in codes]
        marks["rule"] += [_RULES[code] for code in codes]
        marks["column"] += road.columns
        marks["row"] += road.rows
        marks["x"] += road.xs
        marks["y"] += road.ys
        marks["coup"] += beads[road.first : road.first + count]
        marks["file"] += [info.file] * count
        marks["shoe_number"] += [info.number] * count
    return TableRows(coups, marks, 1)
