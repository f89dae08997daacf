"""Writing logs in every format, byte-for-byte deterministic (fixed key order, no timestamps)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..coup import Coup
from ..errors import LogError
from ..outcome import Outcome
from .csvcell import cell
from .detect import check_format
from .results import format_result

RESULTS_PER_LINE = 20
STREAM_CARDS_PER_LINE = 13
"""More than 7 cards a line, so a stream never looks like one coup a line."""


def write_log(
    items: Iterable[Coup | Outcome], fmt: str, *, meta: Mapping[str, object] | None = None, hands: bool = False
) -> str:
    """Return the text of a log holding ``items`` (coups or outcomes) in format ``fmt``.

    ``meta`` goes into ``# key: value`` comment lines (text formats) or the top
    of the log object (json); ``hands`` writes cards lines as ``P: .. | B: ..``.
    """
    import json  # a text log is written without it

    check_format(fmt)
    items = list(items)
    if fmt == "jsonl":
        # Whole-line comments before the coups: the header a one-shoe reader reads its fields from.
        head = "".join(f"# {key}: {_comment_value(value)}\n" for key, value in (meta or {}).items())
        lines = "".join(json.dumps(coup_object(item), ensure_ascii=False) + "\n" for item in items)
        return ("# format: jsonl\n" + head if head else "") + lines
    if fmt == "json":
        head = "".join(
            f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n" for key, value in (meta or {}).items()
        )
        body = ",\n".join("    " + json.dumps(coup_object(item), ensure_ascii=False) for item in items)
        return "{\n" + head + '  "coups": [\n' + body + ("\n" if items else "") + "  ]\n}\n"
    if fmt == "csv":
        return write_csv([(None, items)], meta=meta)
    header = [f"# format: {fmt}"] + [f"# {key}: {_comment_value(value)}" for key, value in (meta or {}).items()]
    if fmt == "results":
        results = [format_result(_outcome(item)) for item in items]
        rows = [" ".join(results[i : i + RESULTS_PER_LINE]) for i in range(0, len(results), RESULTS_PER_LINE)]
    elif fmt == "cards":
        rows = [_hands_line(coup) if hands else " ".join(map(str, coup.dealt)) for coup in _coups(items, fmt)]
    else:
        dealt = [str(card) for coup in _coups(items, fmt) for card in coup.dealt]
        rows = [" ".join(dealt[i : i + STREAM_CARDS_PER_LINE]) for i in range(0, len(dealt), STREAM_CARDS_PER_LINE)]
    return "\n".join(header + rows) + "\n"


def write_csv(
    shoes: Iterable[tuple[str | int | None, Iterable[Coup | Outcome]]], *, meta: Mapping[str, object] | None = None
) -> str:
    """Return a spreadsheet log (comma-separated, a header row) of one or many shoes; an id adds a shoe column.

    Coups with cards get ``player`` and ``banker`` hand columns and their result
    (read back as a claim the cards are checked against), and a result beside
    them keeps its markers (``B[bn]``) with empty hands; a sheet of results only
    gets pair and natural columns. Totals columns come when any result knows them.
    """
    listed = [(shoe, list(items)) for shoe, items in shoes]
    every = [item for _, items in listed for item in items]
    sheet = CsvSheet(
        shoe_column=any(shoe is not None for shoe, _ in listed),
        cards=any(isinstance(item, Coup) for item in every),
        totals=any(isinstance(item, Outcome) and item.player_total is not None for item in every),
    )
    return sheet.head(meta) + "".join(sheet.rows(shoe, items) for shoe, items in listed)


@dataclass(frozen=True, slots=True)
class CsvSheet:
    """The columns of a spreadsheet log being written, chosen once so shoes can be written one at a time."""

    shoe_column: bool
    cards: bool
    totals: bool
    """Totals columns, for results that know them (a coup with cards fills them in too)."""
    fields: tuple[str, ...] = ()
    """Shoe-field columns (table, date...: roads.logs.fields.FIELDS), last in each row, repeated on every row."""

    def columns(self) -> list[str]:
        """Return the header row's names."""
        columns = ["shoe"] if self.shoe_column else []
        columns.append("coup")
        if self.cards:
            columns += ["player", "banker", "result"]
        else:
            columns += ["result", "banker_pair", "player_pair", "natural"]
        if self.totals:
            columns += ["player_total", "banker_total"]
        return columns + list(self.fields)

    def head(self, meta: Mapping[str, object] | None = None) -> str:
        """Return the ``# format: csv`` line, any ``meta`` comment lines and the header row."""
        lines = ["# format: csv"] + [f"# {key}: {_comment_value(value)}" for key, value in (meta or {}).items()]
        return "\n".join([*lines, ",".join(self.columns())]) + "\n"

    def rows(
        self, shoe: str | int | None, items: Iterable[Coup | Outcome], fields: Mapping[str, object] | None = None
    ) -> str:
        """Return one shoe's rows; a coup without cards in a cards sheet leaves its hands empty.

        ``fields`` (the shoe's table, date...) fill the field columns; one the sheet has no column for is an error.
        """
        fields = fields or {}
        missing = fields.keys() - set(self.fields)
        if missing:
            raise LogError(f"the sheet has no column for {', '.join(sorted(missing))}")
        tail = [cell(_comment_value(fields[key]), log=True) if key in fields else "" for key in self.fields]
        lines = []
        for number, item in enumerate(items, 1):
            row = [cell(shoe, log=True)] if self.shoe_column else []
            row.append(str(number))
            outcome = _outcome(item)
            if self.cards:
                hands = (
                    (" ".join(map(str, item.player)), " ".join(map(str, item.banker)))
                    if isinstance(item, Coup)
                    else ("", "")
                )
                row += [*hands, format_result(outcome) if not isinstance(item, Coup) else outcome.winner.letter]
            else:
                row += [outcome.winner.letter, *("1" if flag else "" for flag in _flags(outcome))]
            if self.totals:
                row += [_total(outcome.player_total), _total(outcome.banker_total)]
            lines.append(",".join(row + tail) + "\n")
        return "".join(lines)


def _flags(outcome: Outcome) -> tuple[bool, bool, bool]:
    return outcome.banker_pair, outcome.player_pair, outcome.natural


def _total(value: int | None) -> str:
    return "" if value is None else str(value)


def coup_object(item: Coup | Outcome) -> dict[str, object]:
    """Return the JSON object a log stores for a coup (hands and facts) or an outcome (result and flags)."""
    if isinstance(item, Coup):
        data = item.to_dict()
        return {
            key: data[key]
            for key in (
                "player_cards",
                "banker_cards",
                "winner",
                "player_total",
                "banker_total",
                "natural",
                "banker_pair",
                "player_pair",
            )
        }
    data = {"winner": item.winner.value}
    # False flags and unknown totals are left out: the defaults say the same in fewer bytes.
    for key in ("banker_pair", "player_pair", "natural"):
        if getattr(item, key):
            data[key] = True
    for key in ("player_total", "banker_total", "cards"):
        if getattr(item, key) is not None:
            data[key] = getattr(item, key)
    return data


def write_shoe_line(
    shoe: str | int,
    items: Iterable[Coup | Outcome],
    *,
    results: bool = True,
    meta: Mapping[str, object] | None = None,
) -> str:
    """Return one line of a multi-shoe JSON Lines log (results string, or coups when ``results`` is False).

    ``meta`` keys (decks, seed, cut, burned...) go between the id and the coups; readers ignore them.
    """
    import json

    items = list(items)
    line: dict[str, object] = {"shoe": shoe, **(meta or {})}
    if results:
        line["results"] = (
            " ".join(format_result(_outcome(item)) for item in items)
            if any(_flagged(_outcome(item)) for item in items)
            else "".join(_outcome(item).winner.letter for item in items)
        )
    else:
        line["coups"] = [coup_object(item) for item in items]
    return json.dumps(line, ensure_ascii=False) + "\n"


def _flagged(outcome: Outcome) -> bool:
    return outcome.banker_pair or outcome.player_pair or outcome.natural


def _outcome(item: Coup | Outcome) -> Outcome:
    return item.outcome() if isinstance(item, Coup) else item


def _coups(items: list[Coup | Outcome], fmt: str) -> list[Coup]:
    for number, item in enumerate(items, 1):
        if not isinstance(item, Coup):
            raise LogError(f"the {fmt} format needs cards, but coup {number} is a result only ({format_result(item)})")
    return items  # type: ignore[return-value]


def _hands_line(coup: Coup) -> str:
    return f"P: {' '.join(map(str, coup.player))} | B: {' '.join(map(str, coup.banker))}"


def _comment_value(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value).replace("\n", " ")
