"""The results grammar: B, P, T (any case), each optionally followed by markers like ``B[bn]``.

    results  = { separator } , { result , { separator } }
    result   = letter , [ "[" , { marker } , "]" ]
    letter   = "B" | "P" | "T"        (any case: Banker, Player, Tie)
    marker   = "b" | "p" | "n"        (any case: Banker pair, Player pair, natural)
    separator = space | tab | "," | line break

So ``BPPTB``, ``B P P T B``, ``b,p,p,t,b`` and ``B[bn] P T[p] B`` all read.
A result may also be a word (``Banker``, ``Player``, ``Tie``, any case) or a
Chinese character (庄 闲 和, or 莊 閒); a line may start with a row number
(``1 B``, ``1. B``, ``1, Banker``), and a log may open with a title line
(``Shoe 1``, ``Table 7, 2026-03-01``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import LogError, Where, excerpt
from ..outcome import Outcome, Winner
from .source import Piece

_LETTERS = {"B": Winner.BANKER, "P": Winner.PLAYER, "T": Winner.TIE}
_WINNERS = {**_LETTERS, **{k.lower(): v for k, v in _LETTERS.items()}}
_WORDS = {
    "banker": Winner.BANKER,
    "player": Winner.PLAYER,
    "tie": Winner.TIE,
    "庄": Winner.BANKER,
    "莊": Winner.BANKER,
    "闲": Winner.PLAYER,
    "閒": Winner.PLAYER,
    "和": Winner.TIE,
}
"""Results spelled out, as table systems export them, and as ``--labels zh`` writes them."""
CJK_RESULTS = "庄莊闲閒和"
HASH_HEADER = re.compile(r"#\s*[,;\t]")
"""A header row whose first column is called ``#`` is not a comment."""
# Outcomes are frozen, so every plain B shares one object: a long log costs no memory per coup.
_PLAIN = {ch: Outcome(w) for ch, w in _WINNERS.items()}
_MARKERS = {"b": "banker pair", "p": "player pair", "n": "natural"}
_SEPARATORS = frozenset(" \t\r\n\f\v,")
"""Line breaks too: a text log arrives line by line, but a shoe's "results" string may hold them."""
_PLAIN_CHARS = frozenset(_PLAIN) | _SEPARATORS
_SCAN = re.compile(
    r"((?:(?i:banker|player|tie)(?![^\W\d_])|[BPTbpt庄莊闲閒和])(?:\[[^\[\]]*\])?)|[ \t\r\n\f\v,]+|(.)", re.S
)
"""A result with its marker group, a run of separators, or anything else (an error)."""
_KNOWN: dict[str, Outcome] = {**_PLAIN, **{ch: Outcome(w) for ch, w in _WORDS.items() if len(ch) == 1}}
_SHARED: dict[tuple[Winner, bool, bool, bool], Outcome] = {
    (outcome.winner, False, False, False): outcome for outcome in _PLAIN.values()
}
"""One Outcome for each of the 24 things a result can say, however it was spelled (B[bn], b[NB])."""
_MARKER_HELP = "markers are b (Banker pair), p (Player pair) and n (natural), as in B[bn]"
_DROP_SEPARATORS = str.maketrans("", "", " \t\r\n\f\v,")
_COMMENT = re.compile(r"#[^\n]*")
_ROW_NUMBER = re.compile(r"[ \t]*[0-9]+[ \t]*[.)]?(?=[ \t,]|$)[ \t,]*")
"""A spreadsheet's row number at the start of a line: ``1 B``, ``1. B``, ``1, Banker``."""
_FIRST_WORD = re.compile(r"[ \t]*([^\W\d_]+)")


def parse_results(
    text: str, *, file: str | None, line: int | None, column: int = 1, first_number: int = 1
) -> list[tuple[int, Outcome]]:
    """Return (column, outcome) for every result in ``text``; raise a located LogError on anything else."""
    if "[" not in text and _PLAIN_CHARS.issuperset(text):
        # The common case, a plain run: no markers to read, every character is known.
        plain = _PLAIN
        return [(column + i, plain[ch]) for i, ch in enumerate(text) if ch in plain]
    out: list[tuple[int, Outcome]] = []
    known = _KNOWN
    for match in _SCAN.finditer(text):
        item = match.group(1)
        if item is not None:
            outcome = known.get(item)
            if outcome is None:
                start = match.start()
                outcome = _marked(text, start, start + len(item) - 1, file, line, column, first_number + len(out))
                if len(known) < 4096:  # every valid spelling is cached; a log has only a few
                    known[item] = outcome
            out.append((column + match.start(), outcome))
        elif match.group(2) is not None:
            raise _unknown(text, match.start(), file, line, column, first_number + len(out))
    return out


def _marked(text: str, at: int, close: int, file: str | None, line: int | None, column: int, number: int) -> Outcome:
    """Return the outcome of ``text[at:close + 1]``, a letter and its marker group, checking each marker."""
    seen: set[str] = set()
    group = excerpt(text[at : close + 1])
    opening = text.find("[", at, close + 1)
    if opening < 0:  # a word with no markers
        opening = close + 1
    word = text[at:opening]
    for j in range(opening + 1, close):
        marker = text[j].lower()
        where: Where = {"file": file, "line": line, "column": column + j, "coup": number}
        if marker not in _MARKERS:
            raise LogError(f"unknown marker '{text[j]}' in {group}: {_MARKER_HELP}", **where)
        if marker in seen:
            raise LogError(f"marker '{text[j]}' ({_MARKERS[marker]}) appears twice in {group}", **where)
        seen.add(marker)
    winner = _WINNERS.get(word) or _WORDS[word.lower()]
    key = (winner, "b" in seen, "p" in seen, "n" in seen)
    outcome = _SHARED.get(key)
    if outcome is None:
        outcome = _SHARED[key] = Outcome(key[0], banker_pair=key[1], player_pair=key[2], natural=key[3])
    return outcome


def _unknown(text: str, i: int, file: str | None, line: int | None, column: int, number: int) -> LogError:
    ch = text[i]
    where: Where = {"file": file, "line": line, "column": column + i, "coup": number}
    if ch == "[" and i > 0 and (text[i - 1] in _WINNERS or text[i - 1] in CJK_RESULTS):
        # The letter before this '[' was read as a result of its own: the group is that coup's, not the next.
        number -= 1
        where["coup"] = number
        close = text.find("]", i)
        if close < 0:
            return LogError(f"'[' after '{text[i - 1]}' is never closed: {_MARKER_HELP}", **where)
        try:
            _marked(text, i - 1, close, file, line, column, number)
        except LogError as exc:
            return exc
    if ch == "[":
        return LogError(f"'[' must follow a result letter directly: {_MARKER_HELP}", **where)
    if ch == "]":
        return LogError("']' without a matching '['", **where)
    start, end = i, i
    while start > 0 and text[start - 1] not in _SEPARATORS:
        start -= 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    word = text[start:end]
    shown = f"'{ch}'" if word == ch else f"'{ch}' in '{excerpt(word)}'"
    return LogError(
        f"{shown} is not a result: results logs use B (Banker), P (Player) and T (Tie) "
        "(or the words, or 庄 闲 和), each optionally followed by markers like B[bn]",
        **where,
    )


def block_outcomes(text: str) -> list[Outcome] | None:
    """Return the outcomes of ``text``, whole lines of a results log; None when a line has a mistake.

    The fast way through a big log: comments are dropped and a plain run maps
    straight to shared outcomes. None means read those lines one by one (the
    exact way, :func:`result_entries`), which says where the mistake is.
    """
    if "#" in text:
        text = _COMMENT.sub("", text)
    if not text.isascii() or any(ch.isdigit() for ch in text):
        return None  # words, CJK results, row numbers: read the exact way, line by line
    if "[" not in text:
        letters = text.translate(_DROP_SEPARATORS)
        if letters.strip("BPTbpt"):
            return None
        return list(map(_PLAIN.__getitem__, letters))
    try:
        # Line breaks are separators, and no valid marker group holds one, so lines parse as one text.
        return [outcome for _, outcome in parse_results(text, file=None, line=None)]
    except LogError:
        return None


def result_entries(source_pieces: Iterator[Piece], name: str, first_number: int = 1) -> Iterator[tuple[int, Outcome]]:
    """Yield (line, outcome) for every result of a results log, in order; coups count from ``first_number``."""
    number = first_number
    first = first_number == 1
    for piece in source_pieces:
        text, column = piece.text, piece.column
        if not text or text.isspace():
            continue
        if column == 1:
            if first and is_title(text):
                first = False
                continue
            numbered = _ROW_NUMBER.match(text)
            if numbered:
                column += numbered.end()
                text = text[numbered.end() :]
        first = False
        found = parse_results(text, file=name, line=piece.line, column=column, first_number=number)
        number += len(found)
        line = piece.line
        for _, outcome in found:
            yield line, outcome


def is_title(line: str) -> bool:
    """Return True for a title line (``Shoe 1``, ``Table 7``): a first word with two letters no result has.

    ``BBXP`` is a typo to report, not a title: it has one letter that is not B, P or T.
    """
    word = _FIRST_WORD.match(line)
    if word is None or word.group(1).lower() in _WORDS or set(word.group(1)) <= set(CJK_RESULTS):
        return False
    return sum(ch not in "BPTbpt" for ch in word.group(1)) >= 2


def strip_row_number(line: str) -> str:
    """Return ``line`` without a leading row number (``1 B`` -> ``B``)."""
    numbered = _ROW_NUMBER.match(line)
    return line[numbered.end() :] if numbered else line


def winner_of(word: str) -> Winner | None:
    """Return the winner a result word, letter or character names (any case), or None."""
    return _WINNERS.get(word) or _WORDS.get(word.lower())


def format_result(outcome: Outcome) -> str:
    """Return one result in the grammar: its letter, then markers in b, p, n order when any."""
    markers = (
        ("b" if outcome.banker_pair else "") + ("p" if outcome.player_pair else "") + ("n" if outcome.natural else "")
    )
    return outcome.winner.letter + (f"[{markers}]" if markers else "")
