"""Telling log formats apart from their first lines (the rules are in docs/logs.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import LogError, excerpt
from .results import CJK_RESULTS, HASH_HEADER, is_title, strip_row_number, winner_of
from .source import SAMPLE_CHARS, Chunk

FORMATS: tuple[str, ...] = ("results", "cards", "stream", "json", "jsonl", "csv")
"""Every log format, by the name ``--from`` and ``write_log`` use."""

SAMPLE_LINES = 50
"""Data lines looked at to choose a format."""

_DIRECTIVE = re.compile(r"#\s*format\s*[:=]\s*([A-Za-z]+)\s*$")
_GROUP = re.compile(r"\[[^\[\]]*\]")
_RESULT_CHARS = frozenset("BPTbpt \t\r\f\v,")

_TOKEN = re.compile(r"[^\s,]+")
_CJK = frozenset(CJK_RESULTS)


def directive(text: str) -> str | None:
    """Return the format a ``# format: NAME`` comment line names (lower case), None for any other text."""
    found = _DIRECTIVE.match(text.strip())
    return found.group(1).lower() if found else None


def check_format(fmt: str, *, file: str | None = None, line: int | None = None) -> str:
    """Return ``fmt`` if it names a format; raise LogError listing the formats otherwise."""
    if fmt not in FORMATS:
        raise LogError(f"unknown log format '{excerpt(fmt)}': use one of {', '.join(FORMATS)}", file=file, line=line)
    return fmt


def take_sample(source_chunks: Iterator[Chunk]) -> list[Chunk]:
    """Return the first data chunks of a log: enough lines to choose its format, never more than SAMPLE_CHARS.

    Lines that say nothing (blank, only spaces, comments) are read past and not
    kept, however many there are, so the sample's memory is bounded by data:
    each kept chunk knows its own line and column, so nothing downstream needs
    them. The exceptions, one line each: the first comment and a ``# format:``
    directive before any data.
    """
    taken: list[Chunk] = []
    chars = 0
    data_lines = 0
    line_start = True
    blank = comment = False  # the line so far holds only space / is a comment
    kept_comment = kept_directive = False
    for chunk in source_chunks:
        if line_start:
            blank, comment = True, False
        if blank:
            head = chunk.text.lstrip()
            if head:
                blank = False
                comment = head.startswith("#")
                if not comment:
                    data_lines += 1
                elif line_start and not data_lines and not (kept_comment and kept_directive):
                    # The first comment (a JSON log must say it has one) and a directive: one line each, at most.
                    named = chunk.end and directive(head) is not None
                    if named or not kept_comment:
                        kept_comment = True
                        kept_directive = kept_directive or named
                        cut = chunk.text if chunk.end else chunk.text[: len(chunk.text) - len(head) + 1]
                        taken.append(Chunk(chunk.line, chunk.column, cut, True))
        line_start = chunk.end
        if blank or comment:
            continue  # says nothing: not kept, whatever its size
        taken.append(chunk)
        chars += len(chunk.text)
        if (chunk.end and data_lines >= SAMPLE_LINES) or chars >= SAMPLE_CHARS:
            break
    return taken


def detect(sample: list[Chunk], name: str) -> str | None:
    """Return the format the sampled chunks are written in, or None when they hold no data at all."""
    lines: list[tuple[int, str, bool]] = []
    parts: list[str] = []
    for chunk in sample:
        parts.append(chunk.text)
        if chunk.end:
            lines.append((chunk.line, "".join(parts), True))
            parts = []
    if parts:
        lines.append((sample[-1].line, "".join(parts), False))

    data: list[str] = []
    first_complete = True
    for line, text, complete in lines:
        stripped = text.strip()
        if not stripped:
            continue
        if stripped.startswith("#") and not (not data and HASH_HEADER.match(stripped)):
            named = directive(stripped)
            if named and not data:
                return check_format(named, file=name, line=line)
            continue
        if not data:
            first_complete = complete
        data.append(text if stripped.startswith("#") else text.split("#", 1)[0])
    if not data:
        return None

    first = data[0].lstrip()
    if first[0] == "[":
        return "json"
    if first[0] == "{":
        return _json_kind(lines, first_complete)
    if _may_be_csv(data):
        from .csvlog import looks_like_csv  # the spreadsheet reader loads only for a line that could be one

        if looks_like_csv(data):
            return "csv"
    if len(data) > 1 and is_title(data[0]) and _is_results_like(data[1]):
        data = data[1:]  # a title line ("Shoe 1") over a results log
    results_like = [_is_results_like(text) for text in data]
    if results_like[0] and 2 * sum(results_like) >= len(data):
        return "results"
    if any(":" in text or "|" in text for text in data):
        return "cards"
    coup_sized = sum(3 <= len(_TOKEN.findall(text)) <= 7 for text in data)
    return "cards" if 2 * coup_sized > len(data) else "stream"


def _may_be_csv(data: list[str]) -> bool:
    """Return False when no line holds a delimiter: then no column splits them, and it cannot be a sheet."""
    from_csvlog = (",", ";", "\t")  # csvlog.DELIMITERS, without importing the spreadsheet reader
    return any(delimiter in text for text in data for delimiter in from_csvlog)


def _json_kind(lines: list[tuple[int, str, bool]], complete: bool) -> str:
    """Return "jsonl" when the first line is a whole object by itself (a document would span lines)."""
    first = next(text for _, text, _ in lines if text.strip() and not text.strip().startswith("#"))
    if not complete:
        return "json"
    import json  # only a log that starts like JSON pays to import it

    try:
        value = json.loads(first)
    except (ValueError, RecursionError):
        return "json"  # the reader will say what is wrong with it
    if isinstance(value, dict) and "coups" in value and "shoe" not in value:
        return "json"  # a one-line log object, not one coup of JSON Lines
    return "jsonl"


def _is_results_like(text: str) -> bool:
    """Return True for a results line: only B/P/T letters, marker groups and separators, or any B or P.

    No card has a B or P in it, so outside the ``P: .. | B: ..`` hands syntax a
    B or P means a results line (perhaps with a typo the results reader will name).
    """
    if ":" in text or "|" in text:
        return False
    text = strip_row_number(text)
    bare = _GROUP.sub("", text)
    words = _TOKEN.findall(bare)
    if words and all(winner_of(word) is not None or set(word) <= _CJK for word in words):
        return True  # Banker Player Tie, 庄 闲 和
    if any(ch in "BPbp" for ch in bare):
        return True
    return any(ch in "Tt" for ch in bare) and all(ch in _RESULT_CHARS for ch in bare)


def holds_shoes(sample: list[Chunk]) -> bool:
    """Return True when a JSON Lines log's first line is a shoe object ({"shoe": ...})."""
    parts: list[str] = []
    for chunk in sample:
        parts.append(chunk.text)
        if not chunk.end:
            continue
        text = "".join(parts).strip()
        parts = []
        if not text or text.startswith("#"):
            continue
        import json

        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return False
        return isinstance(value, dict) and "shoe" in value
    return False
