"""Dragon Tiger logs: results (D, T, Tie or 龙 虎 和) or cards (Dragon's card and Tiger's card, one coup a line).

    results  = { result | separator }
    result   = "D" | "T" | "Tie" | "Dragon" | "Tiger" | "龙" | "龍" | "虎" | "和"   (letters and words any case)

``T`` is Tiger here (``Tie`` is written out): a run of letters ``DTTD`` is
four results, a run of characters ``龙虎和`` three. A cards log has exactly two
cards a line, Dragon's then Tiger's (``KS 7H``). A log of either kind is told
apart by its first data line: a line with a token that is a card and not a
result (``9``, ``KS``) makes a cards log; ``--from cards`` forces it (a first
line ``T T`` is two Tigers unless forced). A baccarat log read as Dragon Tiger,
or a coup with a third card, is one error naming the file, line and coup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..cards import Card, parse_card
from ..dragon_tiger import DragonTigerCoup, count_problem, coup_of
from ..enums import Game
from ..errors import CardError, LogError, excerpt
from ..outcome import Outcome, Winner, letter_in
from .archive import Shoe
from .reader import EMPTY, _name
from .source import LogSource, Piece, chunks, open_source, pieces

FORMATS: tuple[str, ...] = ("results", "cards")
"""The Dragon Tiger log formats, by their ``--from`` names."""

_WORDS = {
    "d": Winner.BANKER,
    "dragon": Winner.BANKER,
    "t": Winner.PLAYER,
    "tiger": Winner.PLAYER,
    "tie": Winner.TIE,
    "龙": Winner.BANKER,
    "龍": Winner.BANKER,
    "虎": Winner.PLAYER,
    "和": Winner.TIE,
}
_RUN = re.compile(r"[DTdt龙龍虎和]+")
"""A run of result letters or characters, one result each."""
_BACCARAT = re.compile(r"(?i:banker|player|punto|banco)|[BPbp庄莊闲閒]")
"""What only a baccarat log writes: its sides' letters, words and characters."""
_TOKEN = re.compile(r"[^\s,]+")
_PLAIN = {winner: Outcome(winner) for winner in Winner}
_DEALT = {winner: Outcome(winner, cards=2) for winner in Winner}
HELP = "a Dragon Tiger results log uses D (Dragon), T (Tiger) and Tie, or 龙 虎 和"
BACCARAT_HINT = "this reads as a baccarat log: read it without --game dragon-tiger"


@dataclass(frozen=True, slots=True)
class DragonTigerEntry:
    """One Dragon Tiger coup read from a log: its outcome on the roads, its cards when the log had them, and where."""

    outcome: Outcome
    coup: DragonTigerCoup | None
    """None for a results log."""
    line: int
    number: int


def read_dragon_tiger(source: LogSource, fmt: str | None = None) -> list[DragonTigerEntry]:
    """Return every coup of a Dragon Tiger log; a located LogError or CardError on anything else."""
    return list(iter_dragon_tiger(source, fmt))


def iter_dragon_tiger(source: LogSource, fmt: str | None = None) -> Iterator[DragonTigerEntry]:
    """Return a lazy iterator of the coups of a Dragon Tiger log (format detected, or forced by ``fmt``)."""
    if fmt is not None and fmt != "auto" and fmt not in FORMATS:
        raise LogError(
            f"a Dragon Tiger log is results or cards (one coup a line), not {excerpt(fmt)}",
            file=_name(source),
        )
    with open_source(source) as opened:
        name = opened.name
        empty = True
        for entry in _entries(pieces(chunks(opened), name), name, fmt):
            empty = False
            yield entry
        if empty:
            raise LogError(EMPTY, file=name)


def _lines(source_pieces: Iterator[Piece]) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """Yield (line, tokens with their columns) for every line holding data."""
    tokens: list[tuple[str, int]] = []
    for piece in source_pieces:
        tokens.extend((m.group(), piece.column + m.start()) for m in _TOKEN.finditer(piece.text))
        if piece.end:
            if tokens:
                yield piece.line, tokens
            tokens = []


def _entries(source_pieces: Iterator[Piece], name: str, fmt: str | None) -> Iterator[DragonTigerEntry]:
    number = 0
    kind = None if fmt in (None, "auto") else fmt
    for line, tokens in _lines(source_pieces):
        if kind is None:
            kind = "cards" if any(_is_card_only(tok) for tok, _ in tokens) else "results"
        if kind == "cards":
            number += 1
            yield _card_line(tokens, name, line, number)
            continue
        for token, column in tokens:
            for winner in _results(token, name, line, column, number + 1):
                number += 1
                yield DragonTigerEntry(_PLAIN[winner], None, line, number)


def _is_card_only(token: str) -> bool:
    """Return True for a token that is a card and cannot be a result (``9``, ``KS``; not ``T``)."""
    if _result_word(token) is not None or _RUN.fullmatch(token):
        return False
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def _result_word(token: str) -> Winner | None:
    return _WORDS.get(token.lower())


def _results(token: str, name: str, line: int, column: int, number: int) -> list[Winner]:
    """Return the results a token holds (a word, or a run of letters or characters); a located LogError otherwise."""
    word = _result_word(token)
    if word is not None:
        return [word]
    if _RUN.fullmatch(token):
        return [_WORDS[ch.lower()] for ch in token]
    for i, ch in enumerate(token):
        if _result_word(ch) is None:
            baccarat = _BACCARAT.match(token, i) is not None
            what = (
                f"a baccarat result, not a Dragon Tiger one: {BACCARAT_HINT}" if baccarat else f"not a result: {HELP}"
            )
            coup = number + _count_before(token, i) if baccarat else number
            raise LogError(f"{_quoted(token, i)} is {what}", file=name, line=line, column=column + i, coup=coup)
    raise AssertionError("a token of result characters is a run")  # pragma: no cover


def _quoted(token: str, i: int) -> str:
    """Return the character at ``i`` as an error quotes it, with its token when the token is longer."""
    return f"'{token[i]}'" if len(token) == 1 else f"'{token[i]}' in '{excerpt(token)}'"


def _count_before(token: str, i: int) -> int:
    """Return how many results a token's first ``i`` characters hold (each result a character)."""
    return sum(1 for ch in token[:i] if _result_word(ch) is not None)


def _card_line(tokens: list[tuple[str, int]], name: str, line: int, number: int) -> DragonTigerEntry:
    """Return the coup of one cards line: exactly Dragon's card and Tiger's card."""
    cards: list[Card] = []
    for token, column in tokens:
        try:
            cards.append(parse_card(token))
        except CardError as exc:
            hint = f"; {BACCARAT_HINT}" if _BACCARAT.match(token) else ""
            raise CardError(exc.message + hint, file=name, line=line, column=column, coup=number) from None
    problem = count_problem(len(cards))
    if problem is not None:
        extra = tokens[2][1] if len(tokens) > 2 else None
        raise LogError(problem, file=name, line=line, column=extra, coup=number)
    coup = coup_of(cards[0], cards[1])
    return DragonTigerEntry(_DEALT[coup.winner], coup, line, number)


RESULTS_PER_LINE = 20
"""Results a line of a written results log, as a baccarat results log has."""


def write_dragon_tiger_log(coups: Iterable[DragonTigerCoup], fmt: str, meta: Mapping[str, object] | None = None) -> str:
    """Return a Dragon Tiger log: a header of ``meta`` comments, then results (20 a line) or cards (a coup a line)."""
    if fmt not in FORMATS:
        raise LogError(f"a Dragon Tiger log is written as results or cards, not {excerpt(fmt)}")
    head = [f"# format: {fmt}", f"# game: {Game.DRAGON_TIGER.value}"]
    head += [f"# {key}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for key, v in (meta or {}).items()]
    if fmt == "cards":
        body = [f"{coup.dragon} {coup.tiger}" for coup in coups]
    else:
        letters = [letter_in(Game.DRAGON_TIGER, coup.winner) for coup in coups]
        body = [" ".join(letters[i : i + RESULTS_PER_LINE]) for i in range(0, len(letters), RESULTS_PER_LINE)]
    return "\n".join(head + body) + "\n"


def dragon_tiger_shoe(source: LogSource, fmt: str | None = None) -> Shoe:
    """Return a Dragon Tiger log read whole as one shoe of results, as every road command reads a shoe.

    The roads need only each coup's outcome (Dragon in Banker's place, Tiger in
    Player's); a bad line is its located error here, before anything is drawn.
    """
    entries = read_dragon_tiger(source, fmt)
    name = _name(source) or "<stream>"
    stem = Path(name).stem if name != "<stdin>" else "stdin"
    found = "cards" if entries[0].coup is not None else "results"
    return Shoe(name, stem, 1, entries[0].line, found, results=tuple(entry.outcome for entry in entries))
