"""Card logs: one coup a line (dealing order or explicit hands), and the raw card stream of a shoe."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..cards import Card, hand_total, parse_card
from ..coup import Coup, draw_coup, expected_cards
from ..errors import CardError, LogError, Where, excerpt
from ..logwarning import LogWarning
from ..rules import player_draws
from .records import Record, warn
from .source import Piece

_LINE_TOKEN = re.compile(r"[|:]|[^\s,|:]+")
_STREAM_TOKEN = re.compile(r"[^\s,]+")
_SIDES = {"P": "player", "PLAYER": "player", "PUNTO": "player", "B": "banker", "BANKER": "banker", "BANCO": "banker"}
_HANDS_EXAMPLE = "'P: 3 6 | B: 6 K 2'"


def card_at(token: str, name: str, line: int, column: int, number: int) -> Card:
    """Return the card a token names; raise a CardError that says where it is."""
    try:
        return parse_card(token)
    except CardError as exc:
        hint = ""
        if any(ch in "BPbp" for ch in token):
            # B and P are never in a card (ranks A-K, suits S H D C): this is a result letter.
            hint = " (B and P are results, not cards: a results log holds only B, P and T)"
        raise CardError(exc.message + hint, file=name, line=line, column=column, coup=number) from None


def card_line_records(source_pieces: Iterator[Piece], name: str) -> Iterator[Record]:
    """Yield one Record per non-blank line of a cards-per-coup log."""
    number = 0
    tokens: list[tuple[str, int]] = []
    for piece in source_pieces:
        column = piece.column
        tokens.extend((m.group(), column + m.start()) for m in _LINE_TOKEN.finditer(piece.text))
        if piece.end and tokens:
            number += 1
            yield _line_record(tokens, name, piece.line, number)
            tokens = []


def _line_record(tokens: list[tuple[str, int]], name: str, line: int, number: int) -> Record:
    if any(tok in ("|", ":") for tok, _ in tokens):
        player, banker = _hands(tokens, name, line, number)
        return Record(line, number, player=player, banker=banker)
    return Record(line, number, dealt=tuple(card_at(t, name, line, c, number) for t, c in tokens))


def _hands(
    tokens: list[tuple[str, int]], name: str, line: int, number: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Return (player, banker) from ``P: 3 6 | B: 6 K 2`` (either order, colons optional)."""
    hands: dict[str, tuple[Card, ...]] = {}
    group: list[tuple[str, int]] = []
    for tok, col in [*tokens, ("|", -1)]:
        if tok != "|":
            group.append((tok, col))
            continue
        where: Where = {"file": name, "line": line, "column": col if col > 0 else None, "coup": number}
        if not group:
            raise LogError(f"an empty hand around '|': write both hands, as in {_HANDS_EXAMPLE}", **where)
        head, head_col = group[0]
        side = _SIDES.get(head.upper())
        if side is None:
            raise LogError(
                f"'{excerpt(head)}' does not name a hand: start each hand with P: or B:, as in {_HANDS_EXAMPLE}",
                file=name,
                line=line,
                column=head_col,
                coup=number,
            )
        rest = group[1:]
        if rest and rest[0][0] == ":":
            rest = rest[1:]
        for tok2, col2 in rest:
            if tok2 == ":":
                raise LogError(
                    f"a second ':' in {side.title()}'s hand: write {_HANDS_EXAMPLE}",
                    file=name,
                    line=line,
                    column=col2,
                    coup=number,
                )
        if side in hands:
            raise LogError(f"{side.title()}'s hand is given twice", file=name, line=line, column=head_col, coup=number)
        hands[side] = tuple(card_at(t, name, line, c, number) for t, c in rest)
        group = []
    for side in ("player", "banker"):
        if side not in hands:
            raise LogError(
                f"{side.title()}'s hand is missing: write both hands, as in {_HANDS_EXAMPLE}",
                file=name,
                line=line,
                coup=number,
            )
    return hands["player"], hands["banker"]


class _StreamEnds(Exception):
    """The stream ran out of cards while the rules still wanted one."""


def stream_records(source_pieces: Iterator[Piece], name: str, *, strict: bool = False) -> Iterator[Record]:
    """Yield one Record per coup the drawing rules split from a raw card stream.

    A stream that stops mid-coup keeps every complete coup; the incomplete one is
    reported as a LogWarning (or a LogError when ``strict``).
    """
    number = 1
    taken: list[tuple[Card, int]] = []

    def tokens() -> Iterator[tuple[Card, int]]:
        for piece in source_pieces:
            line, column = piece.line, piece.column
            for m in _STREAM_TOKEN.finditer(piece.text):
                yield card_at(m.group(), name, line, column + m.start(), number), line

    stream = tokens()

    def next_card() -> Card:
        item = next(stream, None)
        if item is None:
            raise _StreamEnds
        taken.append(item)
        return item[0]

    while True:
        taken.clear()
        try:
            coup: Coup = draw_coup(next_card)
        except _StreamEnds:
            if taken:
                _incomplete(taken, name, number, strict)
            return
        yield Record(taken[0][1], number, coup=coup)
        number += 1


def _incomplete(taken: list[tuple[Card, int]], name: str, number: int, strict: bool) -> None:
    have = len(taken)
    cards = [card for card, _ in taken]
    if have < 4:
        need = "at least 4"
    elif have == 4 and player_draws(hand_total((cards[0], cards[2]))):
        need = "5 or 6"  # Player's third card would decide whether Banker draws
    else:
        need = str(expected_cards(cards[:4], cards[4] if have > 4 else None))
    message = (
        f"the stream ends in the middle of coup {number}: it has {have} card"
        f"{'s' if have != 1 else ''} ({excerpt(' '.join(map(str, cards)))}) and the rules call for {need}"
    )
    if number == 1:
        # Nothing complete to keep: a warning followed by "the log is empty" would contradict itself.
        raise LogError(message + ", so the log has no complete coup", file=name, line=taken[0][1], coup=number)
    message += f"; the {number - 1} complete coup{'s' if number != 2 else ''} before it are kept"
    if strict:
        raise LogError(message, file=name, line=taken[0][1], coup=number)
    warn(LogWarning(message, file=name, line=taken[0][1], coup=number, cards=have, dealt=tuple(cards)))
