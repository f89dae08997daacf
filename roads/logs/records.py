"""What a log line becomes before and after the drawing rules look at it.

A Record is one coup as the log wrote it (a result, dealt cards, or two hands,
plus any totals/flags the log claims). ``check`` applies the rules and either
returns the resolved coup or says, in words, every rule the record breaks.
Reading and auditing share this one check, so they can never disagree.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from ..cards import Card
from ..coup import Coup, audit_hands, resolve_hands, split_dealt
from ..errors import CoupError
from ..logwarning import LogWarning
from ..outcome import Outcome, Winner

NEW_SHOE = "new_shoe"
"""The key of a new-shoe record (``{"new_shoe": N}``, :mod:`roads.logs.undo`): its one spelling."""

NEW_SHOE_MARK = f'"{NEW_SHOE}"'
"""What the text of a new-shoe line holds: a log's lines are parsed as records only when they have it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One coup read from a log: its outcome, its cards when the log had them, and where it was."""

    outcome: Outcome
    coup: Coup | None
    """None for a results-only log."""
    line: int
    """Line (from 1) where the coup starts."""
    number: int
    """Coup number in the log, from 1."""


@dataclass(frozen=True, slots=True)
class ShoeLog:
    """One shoe of a multi-shoe log: its id, every outcome, and its coups when the log had cards."""

    id: str | int
    outcomes: tuple[Outcome, ...]
    coups: tuple[Coup, ...] | None
    line: int


@dataclass(frozen=True, slots=True)
class Claims:
    """Facts a JSON coup states beside its cards; each must agree with what the cards make."""

    winner: Winner | None = None
    player_total: int | None = None
    banker_total: int | None = None
    natural: bool | None = None
    banker_pair: bool | None = None
    player_pair: bool | None = None
    cards: int | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """One coup as the log wrote it, before the rules have checked it."""

    line: int
    number: int
    outcome: Outcome | None = None
    """Set for results-only coups."""
    dealt: tuple[Card, ...] | None = None
    """Cards in dealing order (P1 B1 P2 B2, then third cards)."""
    player: tuple[Card, ...] | None = None
    banker: tuple[Card, ...] | None = None
    coup: Coup | None = None
    """Already resolved (a raw stream is split by the rules themselves)."""
    claims: Claims | None = None

    @property
    def has_cards(self) -> bool:
        """Return True when the record holds cards the rules can check."""
        return self.outcome is None

    def cards(self) -> tuple[Card, ...]:
        """Return the record's cards in dealing order as written (player's then banker's for hands); () for a result."""
        if self.coup is not None:
            return self.coup.dealt
        if self.dealt is not None:
            return self.dealt
        if self.player is not None and self.banker is not None:
            return self.player + self.banker
        return ()

    def card_text(self) -> str:
        """Return the record's cards as the log gave them, for reports."""
        if self.coup is not None:
            return " ".join(str(c) for c in self.coup.dealt)
        if self.dealt is not None:
            return " ".join(str(c) for c in self.dealt)
        if self.player is not None and self.banker is not None:
            return "P: " + " ".join(map(str, self.player)) + " | B: " + " ".join(map(str, self.banker))
        return ""


def check(record: Record) -> tuple[Coup | None, list[str]]:
    """Return (coup, problems): the coup the cards make, and every rule or claim they break."""
    if record.coup is not None:
        return record.coup, []
    if record.outcome is not None:
        return None, []
    if record.dealt is not None:
        n = len(record.dealt)
        if n < 4:
            # Two cards a line is how a Dragon Tiger log deals: say so, as a Dragon Tiger read of baccarat does.
            hint = "; two a line is a Dragon Tiger log: read it with --game dragon-tiger" if n == 2 else ""
            return None, [
                f"{n} card{'s' if n != 1 else ''}: a coup uses at least 4 "
                f"(Player 1st, Banker 1st, Player 2nd, Banker 2nd){hint}"
            ]
        if n > 6:
            return None, [f"{n} cards: a coup uses at most 6 (at most one third card for each hand)"]
        try:
            player, banker = split_dealt(record.dealt)
        except CoupError as exc:
            return None, [exc.message]
    else:
        assert record.player is not None and record.banker is not None
        player, banker = record.player, record.banker
    problems = audit_hands(player, banker)
    if problems:
        return None, problems
    coup = resolve_hands(player, banker)
    if record.claims is not None:
        problems = _claim_problems(record.claims, coup)
    return coup, problems


def _claim_problems(claims: Claims, coup: Coup) -> list[str]:
    """Return each stated fact that the cards contradict."""
    problems: list[str] = []
    made = f"Player {coup.player_total}, Banker {coup.banker_total}"
    if claims.winner is not None and claims.winner is not coup.winner:
        problems.append(
            f"the log says {claims.winner.value} wins, but the cards make {made}: "
            f"{coup.winner.value}{' wins' if coup.winner is not Winner.TIE else ''}"
        )
    for name in ("player_total", "banker_total", "natural", "banker_pair", "player_pair", "cards"):
        said = getattr(claims, name)
        actual = getattr(coup, name)
        if said is not None and said != actual:
            problems.append(f"the log says {name} is {_json(said)}, but the cards make it {_json(actual)}")
    return problems


def _json(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def to_entry(record: Record, file: str) -> Entry:
    """Return the Entry for a record; raise CoupError (located) if its cards break the rules."""
    if record.outcome is not None:
        return Entry(record.outcome, None, record.line, record.number)
    coup, problems = check(record)
    if problems or coup is None:
        raise CoupError("; ".join(problems), file=file, line=record.line, coup=record.number)
    return Entry(coup.outcome(), coup, record.line, record.number)


def warn(warning: LogWarning) -> None:
    """Issue a LogWarning through the standard warnings machinery."""
    warnings.warn(warning, stacklevel=3)
