"""The board as JSON: the contract of ``roads build --json`` (docs/roads.md, docs/schema/board.schema.json).

Plain dicts are built directly from the board's lists, so exporting a
100,000-coup shoe stays cheap; the pydantic models in :mod:`roads.board.schema`
describe the same shape and generate the JSON Schema.
"""

from __future__ import annotations

import json
from itertools import chain, islice
from typing import Any

from .derived import VERDICTS, DerivedRoad
from .names import DERIVED
from .scoreboard import Scoreboard


def bead_plate_dicts(board: Scoreboard) -> list[dict[str, Any]]:
    """Return the Bead Plate cells; totals and card counts appear only when the log knew them."""
    cells: list[dict[str, Any]] = []
    for cell in board.bead_plate:
        outcome = cell.outcome
        data: dict[str, Any] = {
            "coup": cell.coup,
            "winner": outcome.winner.value,
            "column": cell.column,
            "row": cell.row,
            "banker_pair": outcome.banker_pair,
            "player_pair": outcome.player_pair,
            "natural": outcome.natural,
        }
        if outcome.player_total is not None:
            data["player_total"] = outcome.player_total
        if outcome.banker_total is not None:
            data["banker_total"] = outcome.banker_total
        if outcome.cards is not None:
            data["cards"] = outcome.cards
        cells.append(data)
    return cells


def big_road_dicts(board: Scoreboard) -> list[dict[str, Any]]:
    """Return the Big Road beads: logical (column, row), drawn (x, y), ties after each, pairs, natural."""
    big = board.big_road
    outcomes = big.outcomes
    following = chain(islice(big.coups, 1, None), (len(outcomes) + 1,))
    beads = []
    for coup, column, row, x, y, after in zip(
        big.coups, big.columns, big.rows, big.xs, big.ys, following, strict=False
    ):
        outcome = outcomes[coup - 1]
        beads.append(
            {
                "coup": coup,
                "winner": outcome.winner.value,
                "column": column,
                "row": row,
                "x": x,
                "y": y,
                "ties": after - coup - 1,
                "banker_pair": outcome.banker_pair,
                "player_pair": outcome.player_pair,
                "natural": outcome.natural,
            }
        )
    return beads


def derived_dicts(road: DerivedRoad) -> list[dict[str, Any]]:
    """Return a derived road's marks: number, colour, rule, source bead (logical), drawn (x, y)."""
    verdicts = [(color.value, rule) for color, rule in VERDICTS]
    return [
        {"mark": i, "color": verdicts[code][0], "rule": verdicts[code][1], "column": column, "row": row, "x": x, "y": y}
        for i, (code, column, row, x, y) in enumerate(
            zip(road.codes, road.columns, road.rows, road.xs, road.ys, strict=False), 1
        )
    ]


def ask_dict(board: Scoreboard) -> dict[str, dict[str, str | None]]:
    """Return both ask roads with colours as strings (None where the road has not started)."""
    return {
        side: {road: (color.value if color is not None else None) for road, color in asks.items()}
        for side, asks in board.asks().items()
    }


def board_dict(board: Scoreboard) -> dict[str, Any]:
    """Return the whole board as JSON-ready data, keys in contract order."""
    data: dict[str, Any] = {
        "coups": board.coups,
        "leading_ties": board.leading_ties,
        "bead_plate": bead_plate_dicts(board),
        "big_road": big_road_dicts(board),
    }
    for name in DERIVED:
        data[name] = derived_dicts(board.road(name))
    data["ask"] = ask_dict(board)
    data["stats"] = board.stats.to_dict()
    return data


_encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


def _value(value: Any, indent: str) -> str:
    """Return ``value`` as JSON; a list of objects gets one object a line."""
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _encode(item) for item in value) + f"\n{indent}]"
    return _encode(value)


def dumps(data: Any) -> str:
    """Return ``data`` as deterministic JSON text: one key a line, one list item a line, UTF-8 kept.

    One item a line keeps a 100,000-coup board diffable and greppable, and lets
    the C encoder do the work: ``json.dumps(indent=2)`` falls back to pure
    Python and is about eight times slower.
    """
    if isinstance(data, dict):
        if not data:
            return "{}"
        lines = [f"  {_encode(key)}: {_value(value, '  ')}" for key, value in data.items()]
        return "{\n" + ",\n".join(lines) + "\n}"
    return _value(data, "")


def board_json(board: Scoreboard) -> str:
    """Return the board as JSON text (the ``roads build --json`` output)."""
    return dumps(board_dict(board))
