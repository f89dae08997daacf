"""JSON and JSON Lines logs: a streaming reader for both, and JSON coup objects to records.

A JSON log is read one coup object at a time (json.raw_decode over a sliding
buffer), so a log of hundreds of MB never sits in memory whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from ..bounds import JSON_DECODER, MAX_KEYS, TOO_DEEP, TooLong, check_key
from ..cards import Card, parse_card
from ..errors import CardError, LogError, Where, excerpt
from ..outcome import Outcome, Winner
from .records import NEW_SHOE, Claims, Record
from .shapes import DealtCoup, HandsCoup, ResultCoup, ShoeLine, coup_model
from .source import Chunk, too_long

MAX_VALUE = 1 << 20
"""Characters in one coup object, metadata value or JSON Lines line: more is an error, not a reason to buffer."""


DRAGON_TIGER_HINT = "; this reads as a Dragon Tiger log (a served table's): read it with --game dragon-tiger"
"""What a Dragon Tiger coup object read as baccarat adds to its error."""

_LONE_COUP_KEYS = (
    frozenset(ResultCoup.model_fields) | frozenset(DealtCoup.model_fields) | frozenset(HandsCoup.model_fields)
)
"""Keys whose values a log object keeps: it may turn out to be one lone coup; other metadata is only counted."""
_WS = " \t\r\n"
_COUP_KEYS = frozenset({"winner", "cards", "player_cards", "banker_cards"})


class JsonText:
    """A sliding window over a log's text that decodes one JSON value at a time, knowing lines."""

    def __init__(self, source_chunks: Iterator[Chunk], name: str) -> None:
        self._chunks = source_chunks
        self.name = name
        self.buf = ""
        self.pos = 0
        self.eof = False
        self._counted = 0
        self._line = 1
        self._first_column = 1
        self._break_due = False
        self._text_end: tuple[int, int] | None = None
        self._next: tuple[int, int] = (1, 1)
        """Where the next chunk starts if no line was left out (blank lines yield no chunk)."""

    def _fill(self) -> bool:
        chunk = next(self._chunks, None)
        if chunk is None:
            self.eof = True
            return False
        if self.pos:
            end = self.pos
            while end and self.buf[end - 1] in _WS:
                end -= 1
            if end:
                # Where the text so far ends, in case only blank space follows it to the end of the file.
                self._text_end = (self.line_at(end), self.column_at(end))
            self.line_at(self.pos)
            self._first_column = self.column_at(self.pos)
            self.buf = self.buf[self.pos :]
            self._counted -= self.pos
            self.pos = 0
        if not self.buf:
            # Nothing left to read: the buffer starts afresh where this chunk says it is.
            self.buf, self._line, self._first_column, self._counted = chunk.text, chunk.line, chunk.column, 0
        else:
            # A line's break is added only once the next line comes: a file whose last line has none
            # must not gain one, or its end would be placed on a line that does not exist.
            self.buf += "\n" if self._break_due else ""
            line, column = self._next
            if (chunk.line, chunk.column) != (line, column):
                # Lines left out (blank ones, or ones the format sample skipped) inside a value: put back
                # their breaks and spaces, so positions stay true; a value this long is refused anyway.
                breaks = min(chunk.line - line, MAX_VALUE + 1)
                self.buf += "\n" * breaks + " " * min(chunk.column - (1 if breaks else column), MAX_VALUE + 1)
            self.buf += chunk.text
        self._break_due = chunk.end
        self._next = (chunk.line + 1, 1) if chunk.end else (chunk.line, chunk.column + len(chunk.text))
        return True

    def line_at(self, pos: int) -> int:
        """Return the line number of buffer position ``pos``."""
        if pos >= self._counted:
            self._line += self.buf.count("\n", self._counted, pos)
        else:
            self._line -= self.buf.count("\n", pos, self._counted)
        self._counted = pos
        return self._line

    def column_at(self, pos: int) -> int:
        """Return the column of buffer position ``pos``."""
        start = self.buf.rfind("\n", 0, pos)
        return pos - start if start >= 0 else self._first_column + pos

    def peek(self) -> str:
        """Return the next non-space character (without taking it), or '' at the end."""
        while True:
            buf, pos = self.buf, self.pos
            while pos < len(buf) and buf[pos] in _WS:
                pos += 1
            self.pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self._fill():
                return ""

    def take(self, expected: str, what: str) -> None:
        """Consume ``expected`` as the next non-space character, or raise a located LogError."""
        found = self.peek()
        if found != expected:
            shown = f"'{found}'" if found else "the end of the file"
            raise self.error(f"expected {what}, found {shown}", self.pos)
        self.pos += 1

    def value(self) -> Any:
        """Return the next JSON value, reading more text as needed."""
        self.peek()
        while True:
            try:
                value, end = JSON_DECODER.raw_decode(self.buf, self.pos)
            except RecursionError:
                raise self.error(f"not valid JSON for a log: {TOO_DEEP}", self.pos) from None
            except TooLong as exc:
                raise self.error(f"not valid for a log: {exc}", self.pos) from None
            except json.JSONDecodeError as exc:
                if not self.eof and len(self.buf) - self.pos < MAX_VALUE and self._fill():
                    continue
                if not self.eof and (exc.pos >= len(self.buf) or exc.msg.startswith("Unterminated")):
                    # More text would not help: the value runs past the cap, not into a typo.
                    raise self.error(
                        f"a JSON value longer than {MAX_VALUE} characters: one coup object is never this big", self.pos
                    ) from None
                # json's messages end "... at" where it would print a position; ours comes first.
                message = f"not valid JSON: {exc.msg.removesuffix(' at').removesuffix(' starting')}"
                if exc.pos >= len(self.buf.rstrip(_WS)) or exc.msg.startswith("Unterminated"):
                    message += " (the file ends in the middle of the JSON)"
                raise self.error(message, exc.pos) from None
            # A number at the very end of the buffer may continue in the next chunk (its cap is the decoder's).
            at_end = end == len(self.buf) and not self.eof
            if at_end and self.buf[end - 1] in "0123456789.eE+-" and self._fill():
                continue
            self.pos = end
            return value

    def error(self, message: str, pos: int) -> LogError:
        """Return a LogError located at buffer position ``pos``; the end of the file is the end of its last text."""
        if self.eof and pos >= len(self.buf):
            pos = len(self.buf.rstrip(_WS))
            if not pos and self._text_end is not None:
                line, column = self._text_end
                return LogError(message, file=self.name, line=line, column=column)
        return LogError(message, file=self.name, line=self.line_at(pos), column=self.column_at(pos))


def json_objects(source_chunks: Iterator[Chunk], name: str) -> Iterator[tuple[int, Any]]:
    """Yield (line, value) for each coup of a JSON log: a list of coups or an object with "coups"."""
    text = JsonText(source_chunks, name)
    first = text.peek()
    if first == "[":
        text.pos += 1
        yield from _items(text)
    elif first == "{":
        yield from _log_object(text, name)
    elif first == "":
        return
    elif first == "#":
        raise text.error("a JSON log has no comments: remove the '#' line (JSON Lines logs may have them)", text.pos)
    else:
        raise text.error('a JSON log is a list of coups or an object with a "coups" list', text.pos)
    if text.peek():
        raise text.error("more text after the end of the JSON log", text.pos)


def _log_object(text: JsonText, name: str) -> Iterator[tuple[int, Any]]:
    """Yield the coups of a log object ({"coups": [...], metadata...}), or the object itself when it is one coup."""
    start_line = text.line_at(text.pos)
    text.pos += 1
    seen = False
    others: dict[str, Any] = {}
    if text.peek() == "}":
        text.pos += 1
    else:
        while True:
            key_at = text.pos
            key = text.value()
            if not isinstance(key, str):
                raise text.error("expected a key in double quotes", key_at)
            try:
                check_key(key, others.keys() | ({"coups"} if seen else set()))
            except TooLong as exc:
                raise text.error(f"not valid for a log: {exc}", key_at) from None
            if len(others) >= MAX_KEYS:
                raise text.error(f"not valid for a log: a log object with more than {MAX_KEYS} keys", key_at)
            text.take(":", "':' after a key")
            if key == "coups":
                text.take("[", 'a list after "coups"')
                seen = True
                yield from _items(text)
            else:
                # Metadata is checked and counted but not kept (2,000 values of 1 MB would be 2 GB),
                # except what a lone coup object needs.
                value = text.value()
                others[key] = value if key in _LONE_COUP_KEYS else None
            if text.peek() == ",":
                text.pos += 1
                continue
            text.take("}", "',' or '}' in the log object")
            break
    if not seen:
        if not _COUP_KEYS.intersection(others):
            raise LogError('a JSON log object needs a "coups" list', file=name, line=start_line)
        # A lone coup object (what `roads coup --json` prints) is a one-coup log.
        yield start_line, others


def _items(text: JsonText) -> Iterator[tuple[int, Any]]:
    if text.peek() == "]":
        text.pos += 1
        return
    while True:
        text.peek()  # the coup's line is where its '{' is, past any line breaks
        line = text.line_at(text.pos)
        yield line, text.value()
        if text.peek() == ",":
            text.pos += 1
            continue
        text.take("]", "',' or ']' between coups")
        return


def json_lines(source_chunks: Iterator[Chunk], name: str) -> Iterator[tuple[int, Any]]:
    """Yield (line, value) for each non-blank line of a JSON Lines log (``#`` lines are comments)."""
    parts: list[str] = []
    size = 0
    for chunk in source_chunks:
        parts.append(chunk.text)
        if not chunk.end:
            size += len(chunk.text)
            if size > MAX_VALUE:
                # A line is buffered whole before it is decoded: cap it, as one JSON value is capped.
                raise too_long(MAX_VALUE, "one JSON Lines line is one coup or one shoe, never this big", name, chunk)
            continue
        size = 0
        line_text = "".join(parts) if len(parts) > 1 else parts[0]
        parts = []
        stripped = line_text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            value = JSON_DECODER.decode(stripped)
        except TooLong as exc:
            raise LogError(f"not valid for a log: {exc}", file=name, line=chunk.line) from None
        except json.JSONDecodeError as exc:
            raise LogError(
                f"not valid JSON: {exc.msg}",
                file=name,
                line=chunk.line,
                column=exc.colno + (len(line_text) - len(line_text.lstrip())),
            ) from None
        except RecursionError:
            raise LogError(f"not valid JSON for a log: {TOO_DEEP}", file=name, line=chunk.line) from None
        yield chunk.line, value


def coup_record(value: Any, line: int, number: int, name: str) -> Record:
    """Return the Record for one JSON coup object; raise a located LogError or CardError if it is malformed."""
    where: Where = {"file": name, "line": line, "coup": number}
    if not isinstance(value, dict):
        raise LogError(f"a coup must be a JSON object, not {_kind(value)}", **where)
    if "shoe" in value:
        raise LogError(
            'a shoe line ({"shoe": ...}) where a coup was expected: a JSON Lines log holds one coup a line, '
            "or one shoe a line from its first line on",
            **where,
        )
    if NEW_SHOE in value:
        raise LogError(
            'a new shoe ({"new_shoe": N}) in a log read as one shoe: this log holds several shoes, '
            "to be read shoe by shoe (--shoe N, --by shoe)",
            **where,
        )
    model = coup_model(value)
    try:
        coup = model.model_validate(value)
    except ValidationError as exc:
        hint = DRAGON_TIGER_HINT if value.get("winner") in ("dragon", "tiger") or "dragon_card" in value else ""
        raise LogError(validation_message(exc, model) + hint, **where) from None
    if isinstance(coup, ResultCoup):
        outcome = Outcome(
            Winner(coup.winner),
            coup.banker_pair,
            coup.player_pair,
            coup.natural,
            coup.player_total,
            coup.banker_total,
            coup.cards,
        )
        return Record(line, number, outcome=outcome)
    claims = Claims(
        Winner(coup.winner) if coup.winner else None,
        coup.player_total,
        coup.banker_total,
        coup.natural,
        coup.banker_pair,
        coup.player_pair,
        coup.cards if isinstance(coup, HandsCoup) else None,
    )
    if isinstance(coup, DealtCoup):
        return Record(line, number, dealt=_cards(coup.cards, "cards", where), claims=claims)
    return Record(
        line,
        number,
        player=_cards(coup.player_cards, "player_cards", where),
        banker=_cards(coup.banker_cards, "banker_cards", where),
        claims=claims,
    )


def _cards(tokens: list[str], field: str, where: Where) -> tuple[Card, ...]:
    out = []
    for i, token in enumerate(tokens, 1):
        try:
            out.append(parse_card(token))
        except CardError as exc:
            raise CardError(f"{field} card {i}: {exc.message}", **where) from None
    return tuple(out)


def shoe_line(value: Any, line: int, name: str) -> tuple[ShoeLine, list[Any] | None]:
    """Return the validated envelope of one multi-shoe line and its raw coup objects (checked one by one later)."""
    where: Where = {"file": name, "line": line}
    if not isinstance(value, dict):
        raise LogError(f"a shoe line must be a JSON object, not {_kind(value)}", **where)
    coups = value.get("coups")
    if coups is not None and not isinstance(coups, list):
        raise LogError('"coups" must be a list of coup objects', **where)
    envelope = dict(value)
    if coups is not None:
        envelope["coups"] = []
    try:
        shoe = ShoeLine.model_validate(envelope)
    except ValidationError as exc:
        raise LogError(validation_message(exc), **where) from None
    return shoe, coups


def validation_message(exc: ValidationError, model: type[BaseModel] | None = None) -> str:
    """Return a pydantic error as one readable sentence: where in the object, and what is wrong."""
    # An unknown key explains the "missing" ones (winer vs winner), so it goes first.
    errors = sorted(exc.errors(include_url=False), key=lambda e: e["type"] != "extra_forbidden")
    first = errors[0]
    where = excerpt(".".join(str(part) for part in first["loc"]))
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        message = "unknown key" + (f" (allowed: {', '.join(model.model_fields)})" if model else "")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"


def _kind(value: Any) -> str:
    return {
        list: "a list",
        str: "a string",
        bool: "true/false",
        type(None): "null",
        int: "a number",
        float: "a number",
    }.get(type(value), type(value).__name__)
