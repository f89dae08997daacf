"""The JSON shapes of a log, as pydantic models: validation at the edge and the published JSON Schema.

Three coup shapes are accepted: results-style (``winner`` and flags),
dealt cards (``cards`` in dealing order) and explicit hands (``player_cards``
and ``banker_cards``, the ``roads coup --json`` shape). Cards-style coups may
also state the facts the cards make (winner, totals, flags); a reader checks
every stated fact against the cards.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

WinnerName = Literal["banker", "player", "tie"]
CardText = Annotated[
    str,
    Field(
        description="One card: rank A 2-9 T (or 10) J Q K, any case, optionally followed by a suit "
        "S H D C or a suit symbol.",
        examples=["KH", "10", "7", "q♠"],
    ),
]
# Strict: JSON true is not the number 1, and 1 is not true (json.loads makes True an int subclass).
Total = Annotated[StrictInt, Field(ge=0, le=9)]
CardCount = Annotated[StrictInt, Field(ge=4, le=6, description="How many cards the coup used (4, 5 or 6).")]


class _Strict(BaseModel):
    # A misspelt key (banker_pairs) must be an error, not a silently missing pair.
    model_config = ConfigDict(extra="forbid", frozen=True)


class ResultCoup(_Strict):
    """A coup known only by its result: who won, pairs, natural, and totals when known."""

    model_config = ConfigDict(title="Result coup")

    winner: WinnerName
    banker_pair: StrictBool = Field(False, description="Banker's first two cards share a rank.")
    player_pair: StrictBool = Field(False, description="Player's first two cards share a rank.")
    natural: StrictBool = Field(False, description="A two-card 8 or 9 on either side.")
    player_total: Total | None = None
    banker_total: Total | None = None
    cards: CardCount | None = None

    @model_validator(mode="after")
    def _totals_agree(self) -> ResultCoup:
        if self.player_total is not None and self.banker_total is not None:
            p, b = self.player_total, self.banker_total
            made = "player" if p > b else "banker" if b > p else "tie"
            if made != self.winner:
                raise ValueError(f"winner is {self.winner} but Player {p} against Banker {b} makes {made}")
        return self


class _Facts(_Strict):
    """Facts a cards-style coup may state; each is checked against the cards."""

    winner: WinnerName | None = None
    player_total: Total | None = None
    banker_total: Total | None = None
    natural: StrictBool | None = None
    banker_pair: StrictBool | None = None
    player_pair: StrictBool | None = None


class DealtCoup(_Facts):
    """A coup as the cards left the shoe: P1 B1 P2 B2, then Player's third, then Banker's."""

    model_config = ConfigDict(title="Dealt coup")

    cards: list[CardText] = Field(description="4 to 6 cards in dealing order; the rules say whose the 5th is.")


class HandsCoup(_Facts):
    """A coup as two explicit hands (the ``roads coup --json`` shape reads back as this)."""

    model_config = ConfigDict(title="Hands coup")

    player_cards: list[CardText] = Field(description="Player's 2 or 3 cards in the order drawn.")
    banker_cards: list[CardText] = Field(description="Banker's 2 or 3 cards in the order drawn.")
    cards: CardCount | None = None
    steps: list[dict[str, Any]] | None = Field(
        None, description="The decision trace `roads coup --json` prints; ignored on reading."
    )


CoupRecord = Annotated[ResultCoup | DealtCoup | HandsCoup, Field(title="Coup")]


def coup_model(data: dict[str, Any]) -> type[ResultCoup] | type[DealtCoup] | type[HandsCoup]:
    """Return the coup shape a JSON object means, chosen by its keys (so errors speak to that shape)."""
    if "player_cards" in data or "banker_cards" in data:
        return HandsCoup
    if isinstance(data.get("cards"), list):
        return DealtCoup
    return ResultCoup


class LogDocument(BaseModel):
    """A JSON log: an object with a ``coups`` list; other keys (seed, decks...) are kept for people."""

    model_config = ConfigDict(extra="allow", title="Log object")

    coups: list[CoupRecord]


class ShoeLine(BaseModel):
    """One line of a multi-shoe JSON Lines log: a shoe id and either a results string or a coups list."""

    model_config = ConfigDict(extra="allow", title="Shoe line")

    shoe: StrictStr | StrictInt = Field(description="The shoe's id.")
    results: str | None = Field(
        None,
        description="Results in the text grammar, e.g. 'BPPT' or 'B[bn] P T'.",
        examples=["BPPTB", "B[bn] P P T[p] B"],
    )
    coups: list[CoupRecord] | None = None

    @model_validator(mode="after")
    def _one_of(self) -> ShoeLine:
        if (self.results is None) == (self.coups is None):
            raise ValueError('a shoe line needs exactly one of "results" or "coups"')
        return self


LogModel = Annotated[list[CoupRecord] | LogDocument | CoupRecord, Field(title="roads log")]
"""A whole JSON log: a list of coups, an object with ``coups``, or one lone coup object."""
