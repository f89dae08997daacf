"""Dragon Tiger logs: results (D, T, Tie or 龙 虎 和), cards (Dragon's card and Tiger's card, one coup a line),
or JSON Lines (a served table's log: one coup object a line, with undo and new-shoe records).

    results  = { result | separator }
    result   = "D" | "T" | "Tie" | "Dragon" | "Tiger" | "龙" | "龍" | "虎" | "和"   (letters and words any case)

``T`` is Tiger here (``Tie`` is written out): a run of letters ``DTTD`` is
four results, a run of characters ``龙虎和`` three. A cards log has exactly two
cards a line, Dragon's then Tiger's (``KS 7H``). A ``# format: cards`` (or
``results``, ``jsonl``) comment before the first data line names the kind, as
every log ``roads deal`` writes has; without one, the first data line tells:
a line with a token that is a card and not a result (``9``, ``KS``) makes a
cards log. ``TD`` is both (ten of diamonds, or Tiger then Dragon), so a first
line ``TD TD`` without the header reads as four results, and ``T T`` as two
Tigers; ``--from cards`` (or the header) makes them cards. A baccarat log read as Dragon Tiger,
or a coup with a third card, is one error naming the file, line and coup.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import Card, parse_card
from ..dragon_tiger import DragonTigerCoup, count_problem, coup_of, result_name
from ..enums import Game
from ..errors import CardError, LogError, excerpt
from ..outcome import Outcome, Winner, letter_in
from .archive import Shoe
from .detect import FORMATS as BACCARAT_FORMATS
from .detect import directive
from .reader import EMPTY, _name
from .source import Chunk, LogSource, Piece, chunks, open_source, pieces
from .undo import honour_undo, new_shoe

FORMATS: tuple[str, ...] = ("results", "cards")
"""The Dragon Tiger log formats written as text, by their ``--from`` names."""

READ_FORMATS: tuple[str, ...] = (*FORMATS, "jsonl")
"""The formats read: the text ones and a served table's JSON Lines."""

GAME_KEY = "game"
"""The header key that names a log's game: ``# game: dragon-tiger`` (a log without it is baccarat)."""

COUP_KEYS = ("winner", "dragon_card", "tiger_card")
"""The keys of a coup object in a JSON Lines log: those of ``roads coup --game dragon-tiger --json``."""

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
    shoe: int | None = None
    """The shoe a JSON Lines log's new-shoe records put the coup in; None in a log without them (one shoe)."""


def game_line(game: Game) -> str:
    """Return the header line that names ``game`` in a log: ``# game: dragon-tiger``."""
    return f"# {GAME_KEY}: {game.value}"


def game_named(value: str) -> Game:
    """Return the game a ``# game:`` header names; LogError for a name that is no game."""
    try:
        return Game(value.strip().lower())
    except ValueError:
        names = ", ".join(game.value for game in Game)
        raise LogError(f"'# {GAME_KEY}: {excerpt(value)}' names no game: {names}") from None


def header_game(lines: Iterable[bytes], name: str) -> Game | None:
    """Return the game a log's ``# game:`` header names, None when its header (the comment lines before its first
    data line) names none; LogError naming the line for a name that is no game."""
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if not line.startswith(b"#"):
            return None
        key, _, value = line[1:].decode("utf-8", "replace").partition(":")
        if key.strip() == GAME_KEY:
            try:
                return game_named(value.strip())
            except LogError as exc:
                raise exc.located(file=name, line=number) from None
    return None


def coup_json(item: DragonTigerCoup | Outcome) -> dict[str, object]:
    """Return the JSON object a JSON Lines log stores for a Dragon Tiger coup (its cards when dealt)."""
    data: dict[str, object] = {"winner": result_name(item.winner)}
    if isinstance(item, DragonTigerCoup):
        data.update(dragon_card=str(item.dragon), tiger_card=str(item.tiger))
    return data


def one_result(text: str) -> Winner:
    """Return the one Dragon Tiger result ``text`` is (D, T, Tie, a word, 龙 虎 和); LogError saying what is not."""
    token = text.strip()
    found = _result_word(token)
    if found is not None:
        return found
    if _BACCARAT.match(token):
        raise LogError(f"'{excerpt(token)}' is a baccarat result, not a Dragon Tiger one: {HELP}")
    raise LogError(f"'{excerpt(token)}' is not one Dragon Tiger result: {HELP}")


def read_dragon_tiger(source: LogSource, fmt: str | None = None) -> list[DragonTigerEntry]:
    """Return every coup of a Dragon Tiger log; a located LogError or CardError on anything else."""
    return list(iter_dragon_tiger(source, fmt))


def iter_dragon_tiger(source: LogSource, fmt: str | None = None) -> Iterator[DragonTigerEntry]:
    """Return a lazy iterator of the coups of a Dragon Tiger log (format detected, or forced by ``fmt``)."""
    if fmt is not None and fmt != "auto" and fmt not in READ_FORMATS:
        raise LogError(
            f"a Dragon Tiger log is results, cards (one coup a line) or jsonl, not {excerpt(fmt)}",
            file=_name(source),
        )
    with open_source(source) as opened:
        name = opened.name
        empty = True
        named: list[tuple[str, int]] = []
        for entry in _entries(pieces(_noting_format(chunks(opened), named), name), name, fmt, named):
            empty = False
            yield entry
        if empty:
            raise LogError(EMPTY, file=name)


def _lines(source_pieces: Iterator[Piece]) -> Iterator[tuple[int, str, list[tuple[str, int]]]]:
    """Yield (line, its data text, its tokens with their columns) for every line holding data."""
    tokens: list[tuple[str, int]] = []
    text: list[str] = []
    for piece in source_pieces:
        tokens.extend((m.group(), piece.column + m.start()) for m in _TOKEN.finditer(piece.text))
        text.append(piece.text)
        if piece.end:
            if tokens:
                yield piece.line, "".join(text), tokens
            tokens, text = [], []


def _noting_format(source_chunks: Iterator[Chunk], named: list[tuple[str, int]]) -> Iterator[Chunk]:
    """Pass the chunks on, noting in ``named`` the format (and line) a ``# format:`` line before any data names."""
    data = False
    for chunk in source_chunks:
        if not data and chunk.column == 1:
            head = chunk.text.lstrip()
            if head.startswith("#"):
                found = directive(head) if chunk.end and not named else None
                if found is not None:
                    named.append((found, chunk.line))
            elif head:
                data = True
        yield chunk


def _header_kind(named: list[tuple[str, int]], name: str) -> str | None:
    """Return the kind a ``# format:`` header names (None without one); LogError naming its line for another."""
    if not named:
        return None
    kind, line = named[0]
    if kind in READ_FORMATS:
        return kind
    why = f": {BACCARAT_HINT}" if kind in BACCARAT_FORMATS else ""
    raise LogError(
        f"'# format: {excerpt(kind)}' is no Dragon Tiger log (results, cards or jsonl){why}", file=name, line=line
    )


def _entries(
    source_pieces: Iterator[Piece], name: str, fmt: str | None, named: list[tuple[str, int]]
) -> Iterator[DragonTigerEntry]:
    number = 0
    kind = None if fmt in (None, "auto") else fmt
    lines = _lines(source_pieces)
    for line, text, tokens in lines:
        if kind is None:
            kind = _header_kind(named, name)
        if kind is None:
            json_lines = text.lstrip().startswith("{")
            kind = "jsonl" if json_lines else "cards" if any(_is_card_only(tok) for tok, _ in tokens) else "results"
        if kind == "jsonl":
            yield from _json_entries(itertools.chain([(line, text, tokens)], lines), name)
            return
        if kind == "cards":
            number += 1
            yield _card_line(tokens, name, line, number)
            continue
        for token, column in tokens:
            for winner in _results(token, name, line, column, number + 1):
                number += 1
                yield DragonTigerEntry(_PLAIN[winner], None, line, number)


_JSON_HELP = (
    'a Dragon Tiger coup object is {"winner": "dragon", "tiger" or "tie"}, '
    'with "dragon_card" and "tiger_card" when dealt'
)
_JSON_WINNERS = {result_name(winner): winner for winner in Winner}


def _json_entries(lines: Iterator[tuple[int, str, list[tuple[str, int]]]], name: str) -> Iterator[DragonTigerEntry]:
    """Yield the coups of a JSON Lines log, each shoe's undo records honoured within it (as a baccarat table's)."""
    shoe: int | None = None
    values: list[tuple[int, object]] = []
    coups_yet = False
    for line, text, _ in lines:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            raise LogError(f"not a JSON object: {_JSON_HELP}", file=name, line=line) from None
        try:
            record = new_shoe(value)
        except LogError as exc:
            raise exc.located(file=name, line=line) from None
        if record is None:
            values.append((line, value))
            coups_yet = True
            continue
        if coups_yet:
            yield from _json_shoe(values, name, shoe or 1)
            if record.new_shoe != (shoe or 1) + 1:
                raise LogError(
                    f"new shoe {record.new_shoe} after shoe {shoe or 1}: the next is {(shoe or 1) + 1}",
                    file=name,
                    line=line,
                )
        shoe, values, coups_yet = record.new_shoe, [], False
    yield from _json_shoe(values, name, shoe)


def _json_shoe(values: list[tuple[int, object]], name: str, shoe: int | None) -> Iterator[DragonTigerEntry]:
    """Yield the coups one shoe's lines leave standing once its undo records are honoured."""
    return honour_undo(iter(values), lambda value, line, number: _json_coup(value, name, line, number, shoe), name)


def _json_coup(value: object, name: str, line: int, number: int, shoe: int | None) -> DragonTigerEntry:
    """Return the coup a JSON Lines coup object holds; a located LogError or CardError when it is not one."""
    where: dict[str, Any] = {"file": name, "line": line, "coup": number}
    if not isinstance(value, dict) or "winner" not in value or set(value) - set(COUP_KEYS):
        raise LogError(f"not a Dragon Tiger coup: {_JSON_HELP}", **where)
    winner = _JSON_WINNERS.get(value["winner"]) if isinstance(value["winner"], str) else None
    if winner is None:
        baccarat = value["winner"] in ("banker", "player")
        why = f"a baccarat winner: {BACCARAT_HINT}" if baccarat else _JSON_HELP
        raise LogError(f"winner {excerpt(str(value['winner']))} is {'' if baccarat else 'not one: '}{why}", **where)
    given = [value.get(key) for key in COUP_KEYS[1:]]
    if given == [None, None]:
        return DragonTigerEntry(_PLAIN[winner], None, line, number, shoe)
    cards: list[Card] = []
    for key, card in zip(COUP_KEYS[1:], given, strict=True):
        if not isinstance(card, str):
            raise LogError(f'"{key}" is missing or not a card: {_JSON_HELP}', **where)
        try:
            cards.append(parse_card(card))
        except CardError as exc:
            raise CardError(f"{key}: {exc.message}", **where) from None
    coup = coup_of(cards[0], cards[1])
    if coup.winner is not winner:
        raise LogError(f"winner {value['winner']}, but {coup.explain()}", **where)
    return DragonTigerEntry(_DEALT[winner], coup, line, number, shoe)


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


def dragon_tiger_shoes(source: LogSource, fmt: str | None = None) -> list[Shoe]:
    """Return a Dragon Tiger log's shoes: the whole log as one, or each shoe its new-shoe records start (a served
    table's JSON Lines log, each shoe's id its number, as a baccarat table's shoes are)."""
    entries = read_dragon_tiger(source, fmt)
    if entries[-1].shoe is None:
        return [_shoe_of(entries, source)]
    name = _name(source) or "<stream>"
    shoes: list[Shoe] = []
    for number, group in itertools.groupby(entries, key=lambda entry: entry.shoe):
        found = list(group)
        results = tuple(entry.outcome for entry in found)
        at = len(shoes) + 1
        shoes.append(Shoe(name, number or 1, at, found[0].line, "jsonl", results=results, split=True, archive=True))
    return shoes


def dragon_tiger_shoe(source: LogSource, fmt: str | None = None) -> Shoe:
    """Return a Dragon Tiger log read whole as one shoe of results, as every road command reads a shoe.

    The roads need only each coup's outcome (Dragon in Banker's place, Tiger in
    Player's); a bad line is its located error here, before anything is drawn.
    """
    return _shoe_of(read_dragon_tiger(source, fmt), source)


def _shoe_of(entries: list[DragonTigerEntry], source: LogSource) -> Shoe:
    """Return a Dragon Tiger log's coups as one shoe of results, named by its file."""
    name = _name(source) or "<stream>"
    stem = Path(name).stem if name != "<stdin>" else "stdin"
    found = "cards" if entries[0].coup is not None else "results"
    return Shoe(name, stem, 1, entries[0].line, found, results=tuple(entry.outcome for entry in entries))
