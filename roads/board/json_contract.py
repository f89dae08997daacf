"""Pydantic models of the JSON contract, used at the edge: the JSON Schema and output checks.

Kept apart from :mod:`roads.board.jsonview` so that building and printing a
board never pays for importing pydantic. Regenerate the committed schema with
``python -m roads.board.json_contract > docs/schema/board.schema.json``.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["banker", "player"]
MarkColor = Literal["red", "blue"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BeadPlateCell(_Strict):
    """One coup on the Bead Plate, ties included."""

    coup: int = Field(ge=1, description="Coup number, from 1, ties included.")
    winner: Literal["banker", "player", "tie"]
    column: int = Field(ge=1)
    row: int = Field(ge=1, le=6)
    banker_pair: bool
    player_pair: bool
    natural: bool
    player_total: int | None = Field(None, ge=0, le=9, description="Present only when the log had cards.")
    banker_total: int | None = Field(None, ge=0, le=9, description="Present only when the log had cards.")
    cards: int | None = Field(None, ge=4, le=6, description="Cards the coup used, when known.")


class BigRoadBead(_Strict):
    """A Banker or Player result on the Big Road."""

    coup: int = Field(ge=1)
    winner: Side
    column: int = Field(ge=1, description="Logical column: which streak.")
    row: int = Field(ge=1, description="Logical row: depth in the streak (may pass 6).")
    x: int = Field(ge=1, description="Drawn column after dragon tails.")
    y: int = Field(ge=1, le=6, description="Drawn row after dragon tails.")
    ties: int = Field(ge=0, description="Ties after this bead, up to the next one (leading ties not included).")
    banker_pair: bool
    player_pair: bool
    natural: bool


class DerivedMark(_Strict):
    """One mark of Big Eye Boy, Small Road or Cockroach Pig."""

    mark: int = Field(ge=1, description="Number on its road, from 1.")
    color: MarkColor = Field(description="red: the pattern repeats; blue: it breaks. Not Banker/Player.")
    rule: Literal[1, 2]
    column: int = Field(ge=1, description="Logical column of the Big Road bead that made it.")
    row: int = Field(ge=1, description="Logical row of that bead.")
    x: int = Field(ge=1, description="Drawn column on the road's own grid.")
    y: int = Field(ge=1, le=6, description="Drawn row on the road's own grid.")


class AskSide(_Strict):
    """The mark each derived road would add after one more result (null: the road would not reach it)."""

    big_eye_boy: MarkColor | None
    small_road: MarkColor | None
    cockroach_pig: MarkColor | None


class Ask(_Strict):
    """Banker ask and Player ask."""

    banker: AskSide
    player: AskSide


class StatsPanel(_Strict):
    """The statistics panel; shares are fractions of all coups, rounded to 6 places."""

    coups: int = Field(ge=0)
    banker: int = Field(ge=0)
    player: int = Field(ge=0)
    tie: int = Field(ge=0)
    banker_share: float = Field(ge=0, le=1)
    player_share: float = Field(ge=0, le=1)
    tie_share: float = Field(ge=0, le=1)
    banker_pairs: int = Field(ge=0)
    player_pairs: int = Field(ge=0)
    naturals: int = Field(ge=0)
    longest_banker_streak: int = Field(ge=0)
    longest_player_streak: int = Field(ge=0)


class GoodRoadColumn(_Strict):
    """A Big Road column a good road reads: its number, colour and depth (its streak's length)."""

    column: int = Field(ge=1)
    winner: Side
    depth: int = Field(ge=1)


class GoodRoadChance(_Strict):
    """The next coup's chance of continuing the good road, breaking it, or a tie (they sum to 1)."""

    continues: float = Field(ge=0, le=1)
    breaks: float = Field(ge=0, le=1)
    tie: float = Field(ge=0, le=1)


class GoodRoad(_Strict):
    """An active good road (docs/good-roads.md): which pattern, the columns that make it, what continues it."""

    id: str = Field(description="Stable pattern id, as long-banker or single-jump.")
    name: str = Field(description="The pattern's Chinese name, as 长庄.")
    title: str
    columns: list[GoodRoadColumn] = Field(min_length=1)
    continued_by: list[Side] = Field(
        description="The next decisive results that keep the pattern on the board; the others break it."
    )
    proof: str
    chance: GoodRoadChance | None = Field(None, description="Present when the command priced it (roads build).")
    note: str | None = Field(None, description="That the pattern does not change the chances.")
    chance_source: str | None = Field(None, description="Where the chances come from: the cards left, or a full shoe.")


class Sides(_Strict):
    """What the ``banker`` and ``player`` winners stand for in a game that names its sides otherwise."""

    banker: Literal["Dragon"]
    player: Literal["Tiger"]


class Board(_Strict):
    """A shoe's scoreboard: the output of ``roads build --json``."""

    game: Literal["dragon-tiger"] | None = Field(
        None, description="Only on a Dragon Tiger board (docs/dragon-tiger.md); a baccarat board has no game key."
    )
    sides: Sides | None = Field(
        None, description="Only on a Dragon Tiger board: Dragon is drawn in Banker's place, Tiger in Player's."
    )
    coups: int = Field(ge=0)
    leading_ties: int = Field(ge=0, description="Ties before the first Banker/Player result.")
    bead_plate: list[BeadPlateCell]
    big_road: list[BigRoadBead]
    big_eye_boy: list[DerivedMark]
    small_road: list[DerivedMark]
    cockroach_pig: list[DerivedMark]
    ask: Ask
    stats: StatsPanel
    good_roads: list[GoodRoad] = Field(description="The good roads active after the last coup (docs/good-roads.md).")


class Compared(_Strict):
    """A column a proof read, and its depth."""

    column: int = Field(ge=1)
    depth: int = Field(ge=1)


class ProofModel(_Strict):
    """Why one derived mark has its colour: the output of ``roads explain --json``."""

    road: Literal["big_eye_boy", "small_road", "cockroach_pig"]
    mark: int = Field(ge=1)
    color: MarkColor
    rule: Literal[1, 2]
    column: int = Field(ge=1)
    row: int = Field(ge=1)
    compared: list[Compared] = Field(min_length=1, max_length=2)
    text: str
    mistake: str | None = None


def board_schema() -> dict[str, object]:
    """Return the JSON Schema of the board contract."""
    schema = Board.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def board_schema_text() -> str:
    """Return the board JSON Schema as the exact text committed in docs/schema/board.schema.json."""
    return json.dumps(board_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(board_schema_text(), end="")
