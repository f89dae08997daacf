"""The board as JSON: the contract of ``roads build --json`` (docs/roads.md, docs/schema/board.schema.json).

Plain dicts are built directly from the board's lists, so exporting a
100,000-coup shoe stays cheap; the pydantic models in :mod:`roads.board.json_contract`
describe the same shape and generate the JSON Schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import chain, islice
from typing import IO, Any

from ..enums import Game
from .board import Board
from .derived import DerivedRoad
from .marks import VERDICTS
from .names import DERIVED


def bead_plate_dicts(board: Board) -> list[dict[str, Any]]:
    """Return the Bead Plate cells; totals and card counts appear only when the log knew them."""
    return list(_bead_cells(board))


def _bead_cells(board: Board) -> Iterator[dict[str, Any]]:
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
        yield data


def big_road_dicts(board: Board) -> list[dict[str, Any]]:
    """Return the Big Road beads: logical (column, row), drawn (x, y), ties after each, pairs, natural."""
    return list(_big_road_beads(board))


def _big_road_beads(board: Board) -> Iterator[dict[str, Any]]:
    big = board.big_road
    outcomes = big.outcomes
    following = chain(islice(big.coups, 1, None), (len(outcomes) + 1,))
    for coup, column, row, x, y, after in zip(
        big.coups, big.columns, big.rows, big.xs, big.ys, following, strict=False
    ):
        outcome = outcomes[coup - 1]
        yield (
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


def derived_dicts(road: DerivedRoad) -> list[dict[str, Any]]:
    """Return a derived road's marks: number, colour, rule, source bead (logical), drawn (x, y)."""
    return list(_derived_marks(road))


def _derived_marks(road: DerivedRoad) -> Iterator[dict[str, Any]]:
    verdicts = [(color.value, rule) for color, rule in VERDICTS]
    return (
        {"mark": i, "color": verdicts[code][0], "rule": verdicts[code][1], "column": column, "row": row, "x": x, "y": y}
        for i, (code, column, row, x, y) in enumerate(
            zip(road.codes, road.columns, road.rows, road.xs, road.ys, strict=False), 1
        )
    )


def ask_dict(board: Board) -> dict[str, dict[str, str | None]]:
    """Return both ask roads with colours as strings (None where the road has not started)."""
    return {
        side: {road: (color.value if color is not None else None) for road, color in asks.items()}
        for side, asks in board.asks().items()
    }


def good_road_dicts(board: Board) -> list[dict[str, Any]]:
    """Return the good roads active on the board, each with its proof and the results that continue it (unpriced).

    Good roads are baccarat's lobby patterns, named for Banker and Player: a Dragon Tiger board lists none.
    """
    if board.game is Game.DRAGON_TIGER:
        return []
    from .good_roads import detection_dict, good_roads

    return [detection_dict(found) for found in good_roads(board)]


def game_fields(board: Board) -> dict[str, Any]:
    """Return the keys that name a Dragon Tiger board's game and sides (none for baccarat, whose JSON is unchanged).

    A Dragon Tiger board keeps the ``banker``/``player`` winners of every road's
    JSON: ``sides`` says they are Dragon and Tiger.
    """
    if board.game is Game.BACCARAT:
        return {}
    return {"game": board.game.value, "sides": {"banker": board.game.banker, "player": board.game.player}}


def board_dict(board: Board, good_roads: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Return the whole board as JSON-ready data, keys in contract order.

    ``good_roads`` replaces the unpriced :func:`good_road_dicts` (``roads build --json`` prices them).
    """
    data: dict[str, Any] = {
        **game_fields(board),
        "coups": board.coups,
        "leading_ties": board.leading_ties,
        "bead_plate": bead_plate_dicts(board),
        "big_road": big_road_dicts(board),
    }
    for name in DERIVED:
        data[name] = derived_dicts(board.road(name))
    data["ask"] = ask_dict(board)
    data["stats"] = board.stats.to_dict()
    data["good_roads"] = good_road_dicts(board) if good_roads is None else good_roads
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


def board_json(board: Board, good_roads: list[dict[str, Any]] | None = None) -> str:
    """Return the board as JSON text (the ``roads build --json`` output)."""
    return dumps(board_dict(board, good_roads))


_WRITE_EVERY = 2048
"""Lines gathered before one write: few calls, and memory for a few thousand objects, not the board."""


def write_board_json(board: Board, out: IO[str], good_roads: list[dict[str, Any]] | None = None) -> None:
    """Write ``board_json(board)`` and a line break to ``out``, object by object: a board of any size streams.

    The bytes are those of :func:`board_json`; only the lists of beads and
    marks are made as they are written instead of all at once.
    """
    parts: list[tuple[str, Any]] = [
        *game_fields(board).items(),
        ("coups", board.coups),
        ("leading_ties", board.leading_ties),
        ("bead_plate", _bead_cells(board)),
        ("big_road", _big_road_beads(board)),
    ]
    parts += [(name, _derived_marks(board.road(name))) for name in DERIVED]
    parts += [("ask", ask_dict(board)), ("stats", board.stats.to_dict())]
    parts.append(("good_roads", iter(good_road_dicts(board) if good_roads is None else good_roads)))
    pending: list[str] = ["{\n"]
    for n, (key, value) in enumerate(parts):
        pending.append(("" if n == 0 else ",\n") + f"  {_encode(key)}: ")
        if not isinstance(value, Iterator):
            pending.append(_encode(value))
            continue
        count = 0
        for count, item in enumerate(value, 1):
            pending.append(("[\n    " if count == 1 else ",\n    ") + _encode(item))
            if len(pending) >= _WRITE_EVERY:
                out.write("".join(pending))
                pending = []
        pending.append("\n  ]" if count else "[]")
    pending.append("\n}\n")
    out.write("".join(pending))


_WINNER_COLOURS = {"banker": "red", "player": "blue", "tie": "green"}
"""The colour a bead is drawn in, by its winner (the Bead Plate's and the Big Road's)."""


def road_lengths(board: Board) -> dict[str, int]:
    """Return the marks on each road of ``board``, the road's key as in :func:`board_dict` (what
    :func:`added_marks` counts from)."""
    lengths = {"bead_plate": len(board.bead_plate), "big_road": len(board.big_road)}
    lengths.update((name, len(board.road(name))) for name in DERIVED)
    return lengths


def added_marks(board: Board, before: dict[str, int]) -> dict[str, list[dict[str, Any]]]:
    """Return what ``board`` holds past ``before`` (its :func:`road_lengths` before a coup) on each road: the
    road's key as in :func:`board_dict` -> a list of ``{"column", "row", "colour"}``. Roads only grow, so
    one board and the lengths it had are enough: what one coup added is the marks past them."""
    added: dict[str, list[dict[str, Any]]] = {
        "bead_plate": [
            {"column": cell["column"], "row": cell["row"], "colour": _WINNER_COLOURS[cell["winner"]]}
            for cell in islice(_bead_cells(board), before["bead_plate"], None)
        ],
        "big_road": [
            {"column": bead["column"], "row": bead["row"], "colour": _WINNER_COLOURS[bead["winner"]]}
            for bead in islice(_big_road_beads(board), before["big_road"], None)
        ],
    }
    for name in DERIVED:
        added[name] = [
            {"column": mark["column"], "row": mark["row"], "colour": mark["color"]}
            for mark in islice(_derived_marks(board.road(name)), before[name], None)
        ]
    return added
