"""The results grammar: B, P, T (any case), each optionally followed by markers like ``B[bn]``.

    results  = { separator } , { result , { separator } }
    result   = letter , [ "[" , { marker } , "]" ]
    letter   = "B" | "P" | "T"        (any case: Banker, Player, Tie)
    marker   = "b" | "p" | "n"        (any case: Banker pair, Player pair, natural)
    separator = space | tab | "," | line break

So ``BPPTB``, ``B P P T B``, ``b,p,p,t,b`` and ``B[bn] P T[p] B`` all read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import LogError, Where, excerpt
from ..outcome import Outcome, Winner
from .source import Piece

_LETTERS = {"B": Winner.BANKER, "P": Winner.PLAYER, "T": Winner.TIE}
_WINNERS = {**_LETTERS, **{k.lower(): v for k, v in _LETTERS.items()}}
# Outcomes are frozen, so every plain B shares one object: a long log costs no memory per coup.
_PLAIN = {ch: Outcome(w) for ch, w in _WINNERS.items()}
_MARKERS = {"b": "banker pair", "p": "player pair", "n": "natural"}
_SEPARATORS = frozenset(" \t\r\n\f\v,")
"""Line breaks too: a text log arrives line by line, but a shoe's "results" string may hold them."""
_PLAIN_CHARS = frozenset(_PLAIN) | _SEPARATORS
_SCAN = re.compile(r"([BPTbpt](?:\[[^\[\]]*\])?)|[ \t\r\n\f\v,]+|(.)", re.S)
"""A result with its marker group, a run of separators, or anything else (an error)."""
_KNOWN: dict[str, Outcome] = dict(_PLAIN)
_SHARED: dict[tuple[Winner, bool, bool, bool], Outcome] = {
    (outcome.winner, False, False, False): outcome for outcome in _PLAIN.values()
}
"""One Outcome for each of the 24 things a result can say, however it was spelled (B[bn], b[NB])."""
_MARKER_HELP = "markers are b (Banker pair), p (Player pair) and n (natural), as in B[bn]"
_DROP_SEPARATORS = str.maketrans("", "", " \t\r\n\f\v,")
_COMMENT = re.compile(r"#[^\n]*")


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
    for j in range(at + 2, close):
        marker = text[j].lower()
        where: Where = {"file": file, "line": line, "column": column + j, "coup": number}
        if marker not in _MARKERS:
            raise LogError(f"unknown marker '{text[j]}' in {group}: {_MARKER_HELP}", **where)
        if marker in seen:
            raise LogError(f"marker '{text[j]}' ({_MARKERS[marker]}) appears twice in {group}", **where)
        seen.add(marker)
    key = (_WINNERS[text[at]], "b" in seen, "p" in seen, "n" in seen)
    outcome = _SHARED.get(key)
    if outcome is None:
        outcome = _SHARED[key] = Outcome(key[0], banker_pair=key[1], player_pair=key[2], natural=key[3])
    return outcome


def _unknown(text: str, i: int, file: str | None, line: int | None, column: int, number: int) -> LogError:
    ch = text[i]
    where: Where = {"file": file, "line": line, "column": column + i, "coup": number}
    if ch == "[" and i > 0 and text[i - 1] in _WINNERS:
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
        f"{shown} is not a result: results logs use B (Banker), P (Player) and T (Tie), "
        "each optionally followed by markers like B[bn]",
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
    for piece in source_pieces:
        if not piece.text:
            continue
        found = parse_results(piece.text, file=name, line=piece.line, column=piece.column, first_number=number)
        number += len(found)
        line = piece.line
        for _, outcome in found:
            yield line, outcome


def format_result(outcome: Outcome) -> str:
    """Return one result in the grammar: its letter, then markers in b, p, n order when any."""
    markers = (
        ("b" if outcome.banker_pair else "") + ("p" if outcome.player_pair else "") + ("n" if outcome.natural else "")
    )
    return outcome.winner.letter + (f"[{markers}]" if markers else "")
