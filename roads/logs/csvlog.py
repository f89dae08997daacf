"""Spreadsheet logs: CSV, TSV and ``;``-separated rows, one coup a row, with or without a header.

The columns are matched by name (any case, common spellings: docs/logs.md);
without a header their roles are inferred from the first rows, and the
inference can be printed (``--verbose``, the ``roads.logs`` logger). A
``shoe`` column splits the file into shoes. Rows are read one at a time, so a
file of any size streams.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..bounds import TooLong, number_text, whole_number
from ..cards import Card, parse_card
from ..errors import CardError, LogError, RoadsError, excerpt
from ..outcome import Outcome, Winner
from .csvcell import restored
from .fields import FIELDS
from .notes import logger
from .records import Claims, Record
from .results import HASH_HEADER, is_title, parse_results, winner_of
from .source import SAMPLE_CHARS, Chunk

DELIMITERS = (",", ";", "\t")
MAX_ROW = 1 << 20
"""One row longer than this is not a spreadsheet row (and must not eat memory)."""
MAX_COLUMNS = 1000
"""Columns in one row: a coup has a few dozen at most, and every cell of a row is split and kept while it is read."""
SAMPLE_ROWS = 50
"""Rows looked at to infer the columns of a file without a header."""

_NAMES: dict[str, tuple[str, ...]] = {
    "shoe": ("shoe", "shoe_id", "shoe_no", "shoe_number", "shoeid", "shoe_#", "boot"),
    "table": ("table", "table_id", "table_name", "table_no"),
    "date": ("date", "time", "datetime", "timestamp", "day", "dealt_at"),
    "decks": ("decks", "deck_count"),
    "seed": ("seed",),
    "cut": ("cut", "cut_card"),
    "burned": ("burned", "burn", "burned_cards"),
    "coup": ("coup", "hand", "round", "#", "no", "number", "coup_no", "hand_no", "round_no", "game", "n"),
    "result": ("result", "winner", "outcome", "win", "winning_side", "res"),
    "cards": ("cards", "dealt", "card", "all_cards"),
    "player": ("player", "player_cards", "player_hand", "punto", "p_cards"),
    "banker": ("banker", "banker_cards", "banker_hand", "banco", "b_cards"),
    "player_pair": ("player_pair", "p_pair", "ppair", "pp"),
    "banker_pair": ("banker_pair", "b_pair", "bpair", "bp"),
    "natural": ("natural", "nat"),
    "player_total": ("player_total", "p_total", "player_score", "player_points"),
    "banker_total": ("banker_total", "b_total", "banker_score", "banker_points"),
}
_ROLE_OF = {name: role for role, names in _NAMES.items() for name in names}
_CARD_COLUMN = re.compile(r"(player|banker|p|b)_?(?:card_?)?([1-3])")
_RESULT_WORDS = frozenset({"banker", "player", "tie", "b", "p", "t"})
_TRUE = frozenset({"true", "yes", "y", "1", "x", "t", "✓"})
_FALSE = frozenset({"false", "no", "n", "0", ""})
_INT = re.compile(r"[0-9]+")
"""ASCII digits only: ``int()`` would also take Arabic-Indic and full-width ones, which no log means as a number."""
_CELL_TOKEN = re.compile(r"[^\s,]+")
_OTHER_TOKENS = re.compile(r"[\s,|:]+")
"""How the results, cards and stream formats split a line: a line of only their tokens stays theirs."""


def normalise(name: str) -> str:
    """Return a header cell as it is matched: lower case, spaces, dashes and dots as underscores."""
    name = name.lstrip("\ufeff")  # a byte-order mark the text stream kept
    return re.sub(r"[\s\-.]+", "_", name.strip().lower()).strip("_") or name.strip()


def column_role(name: str) -> str | None:
    """Return what a header cell names: a role like ``result`` or ``player_2`` (Player's 2nd card), or None."""
    key = normalise(name)
    role = _ROLE_OF.get(key)
    if role is not None:
        return role
    card = _CARD_COLUMN.fullmatch(key)
    if card is not None:
        side = "player" if card.group(1).startswith("p") else "banker"
        return f"{side}_{card.group(2)}"
    return None


def split_row(text: str, delimiter: str) -> list[tuple[str, int]]:
    """Return the cells of one row with the column (from 1) each starts at; quotes as in RFC 4180.

    A cell roads wrote with a ``'`` in front so that no spreadsheet runs it as a formula reads back without it.
    """
    cells: list[tuple[str, int]] = []
    i, n = 0, len(text)
    while True:
        start = i
        while i < n and text[i] in " \t" and text[i] != delimiter:
            i += 1
        if i < n and text[i] == '"':
            i += 1
            parts: list[str] = []
            while True:
                close = text.find('"', i)
                if close < 0:
                    parts.append(text[i:])
                    i = n
                    break
                parts.append(text[i:close])
                if close + 1 < n and text[close + 1] == '"':
                    parts.append('"')
                    i = close + 2
                    continue
                i = close + 1
                break
            end = text.find(delimiter, i)
            end = n if end < 0 else end
            cells.append((restored("".join(parts) + text[i:end].strip()), start + 1))
            i = end
        else:
            end = text.find(delimiter, i)
            end = n if end < 0 else end
            cells.append((restored(text[start:end].strip()), start + 1))
            i = end
        if i >= n:
            return cells
        i += 1  # past the delimiter


def _is_token(cell: str) -> bool:
    """Return True when a cell is one card or one result: what a cards, stream or results log holds."""
    if not cell:
        return True
    if winner_of(cell) is not None:
        return True
    try:
        parse_card(cell)
    except CardError:
        return False
    return True


def sniff(lines: list[str]) -> str | None:
    """Return the delimiter the sampled data lines are split by, or None when no delimiter splits them alike."""
    best: tuple[int, str] | None = None
    for delimiter in DELIMITERS:
        counts = [len(split_row(line, delimiter)) for line in lines]
        wide = [c for c in counts if c >= 2]
        if 3 * len(wide) < 2 * len(counts):
            continue
        common = max(set(wide), key=wide.count)
        score = wide.count(common)
        if best is None or score > best[0]:
            best = (score, delimiter)
    return best[1] if best else None


def is_header(cells: list[str]) -> bool:
    """Return True when a row names columns: a known name that is not a result word, and no cell that is a value."""
    named = [c for c in cells if c]
    known = [c for c in named if column_role(c) is not None]
    if not any(normalise(c) not in _RESULT_WORDS for c in known):
        return False
    # Unknown names (Dealer, Notes) may sit beside known ones; a value (a number, a card, a result) may not.
    return all(c in known or _kind(c) == "other" for c in named)


def looks_like_csv(lines: list[str]) -> bool:
    """Return True when sampled data lines are a spreadsheet: a header, quotes, or rows alike of other cells.

    ``B,P,T`` and ``9H,3S,KD,4C`` stay results and cards logs: a row whose cells
    are each one result or one card is what those formats already read.
    """
    if not lines:
        return False
    if len(lines) > 1 and is_title(lines[0]):
        second = sniff(lines[1:2])
        if second is not None and (
            len(split_row(lines[0], second)) == 1 or is_header([c for c, _ in split_row(lines[1], second)])
        ):
            lines = lines[1:]
    delimiter = sniff(lines[:SAMPLE_ROWS])
    if delimiter is None:
        return False
    rows = [[cell for cell, _ in split_row(line, delimiter)] for line in lines[:SAMPLE_ROWS]]
    if is_header(rows[0]):
        return True
    if any('"' in line for line in lines[:SAMPLE_ROWS]):
        return True
    widths = [len(row) for row in rows]
    if len(rows) < 2 or max(widths.count(w) for w in set(widths)) < 2:
        return False  # one row of a typo is not a sheet: the other formats say where the mistake is
    return any(not _is_token(token) for line in lines[:SAMPLE_ROWS] for token in _OTHER_TOKENS.split(line.strip()))


@dataclass
class Layout:
    """What each column of a spreadsheet log holds, and how it was found (a header, or inferred)."""

    delimiter: str
    roles: dict[int, str]
    """Column index (from 0) -> role (``result``, ``cards``, ``player_1``...)."""
    header: list[str] | None
    inferred: bool
    ignored: list[str] = field(default_factory=list)

    def others(self) -> list[tuple[int, str]]:
        """Return the header's columns no role reads, (index, name in lower case): what ``--by COLUMN`` groups by."""
        if self.header is None:
            return []
        return [(i, cell.strip().lower()) for i, cell in enumerate(self.header) if i not in self.roles and cell.strip()]

    def column(self, role: str) -> int | None:
        """Return the index of the column with ``role``, or None."""
        return next((i for i, r in self.roles.items() if r == role), None)

    @property
    def has_shoes(self) -> bool:
        """Return True when a column splits the file into shoes."""
        return self.column("shoe") is not None

    def describe(self) -> str:
        """Return the layout in words, for ``--verbose``."""
        sep = {",": "comma", ";": "semicolon", "\t": "tab"}[self.delimiter]
        roles = ", ".join(f"column {i + 1} {role}" for i, role in sorted(self.roles.items()))
        how = "inferred (no header row)" if self.inferred else "from the header row"
        extra = f"; ignored: {', '.join(self.ignored)}" if self.ignored else ""
        return f"{sep}-separated, {how}: {roles}{extra}"


_DELIMITER_NAMES = {",": "','", ";": "';'", "\t": "tab"}


def layout_from_header(cells: list[tuple[str, int]], delimiter: str, name: str, line: int) -> Layout:
    """Return the layout a header row names; LogError when the columns cannot make coups."""
    roles: dict[int, str] = {}
    seen_at: dict[str, int] = {}
    ignored: list[str] = []
    for i, (cell, column) in enumerate(cells):
        role = column_role(cell)
        if role is None:
            if cell:
                ignored.append(cell)
            continue
        if role in seen_at:
            first = cells[seen_at[role]][0]
            raise LogError(
                f"two {role} columns ('{excerpt(first)}' and '{excerpt(cell)}'): keep one, or rename the other",
                file=name,
                line=line,
                column=column,
            )
        seen_at[role] = i
        roles[i] = role
    layout = Layout(delimiter, roles, [c for c, _ in cells], False, ignored)
    _check_layout(layout, name, line)
    return layout


def _check_layout(layout: Layout, name: str, line: int) -> None:
    roles = set(layout.roles.values())
    cards = roles & {"cards", "player", "banker"} or any(r[-1].isdigit() for r in roles)
    if "result" in roles or cards:
        if ("player" in roles) != ("banker" in roles):
            have, missing = ("player", "banker") if "player" in roles else ("banker", "player")
            raise LogError(
                f"a {have} cards column but no {missing} column: give both hands, or one 'cards' column",
                file=name,
                line=line,
            )
        return
    seen = ", ".join(f"'{excerpt(c)}'" for c in (layout.header or []) if c) or "none"
    raise LogError(
        f"cannot tell which column holds the coups: columns seen {seen}; missing a result column "
        "(result, winner, outcome) or cards (cards, or player and banker)",
        file=name,
        line=line,
    )


def _kind(cell: str) -> str:
    """Return what a headerless cell looks like: empty, int, result, card, cards, or other."""
    if not cell:
        return "empty"
    if _INT.fullmatch(cell):
        return "int"
    if winner_of(cell) is not None or _one_result(cell):
        return "result"
    tokens = _CELL_TOKEN.findall(cell)
    try:
        for token in tokens:
            parse_card(token)
    except CardError:
        return "other"
    return "card" if len(tokens) == 1 else "cards"


def _one_result(cell: str) -> bool:
    try:
        return len(parse_results(cell, file=None, line=None)) == 1
    except LogError:
        return False


def infer_layout(rows: list[list[str]], delimiter: str, name: str, line: int) -> Layout:
    """Return the layout of headerless rows, from what their cells look like; LogError when nothing fits."""
    width = max(len(row) for row in rows)
    kinds: list[set[str]] = [set() for _ in range(width)]
    for row in rows:
        for i in range(width):
            kinds[i].add(_kind(row[i]) if i < len(row) else "empty")
    roles: dict[int, str] = {}
    filled = [k - {"empty"} for k in kinds]
    results = [i for i, k in enumerate(filled) if k and k <= {"result"}]
    if not results:
        # "T" is a ten and a tie: a column of single cards with a B or P in it is results.
        results = [
            i
            for i, k in enumerate(filled)
            if k
            and k <= {"result", "card"}
            and any(i < len(r) and winner_of(r[i]) not in (None, Winner.TIE) for r in rows)
        ]
    many = [i for i, k in enumerate(filled) if k and k <= {"cards", "card"} and "cards" in k]
    singles = [i for i, k in enumerate(filled) if k and k <= {"card"} and i not in results]
    if len(results) > 1:
        raise LogError(
            f"columns {', '.join(str(i + 1) for i in results[:5])}{', ...' if len(results) > 5 else ''} "
            "all look like results: "
            "add a header row (shoe, coup, result...) to say which is which",
            file=name,
            line=line,
        )
    if results:
        roles[results[0]] = "result"
    if many:
        roles[many[0]] = "cards"
    elif len(singles) >= 4:
        for n, i in enumerate(singles[:6], 1):
            roles[i] = f"dealt_{n}"
    ints = [i for i, k in enumerate(filled) if k == {"int"}]
    if ints:
        first = ints[0]
        what = f"column {first + 1} holds a number"
        try:
            values = [int(number_text(r[first], what)) for r in rows if first < len(r) and r[first]]
        except TooLong as exc:
            raise LogError(str(exc), file=name, line=line) from None
        counting = all(b == a + 1 for a, b in itertools.pairwise(values))
        if len(ints) >= 2:
            roles[ints[0]], roles[ints[1]] = "shoe", "coup"
        else:
            roles[first] = "coup" if counting else "shoe"
    if not roles.keys() - {i for i, r in roles.items() if r in ("shoe", "coup")}:
        kinds_seen = ", ".join(f"column {i + 1} {'/'.join(sorted(k)) or 'empty'}" for i, k in enumerate(kinds))
        shown = ", ".join(f"'{excerpt(c)}'" for c in rows[0])
        raise LogError(
            f"cannot tell which column holds the coups: the first row is {shown} ({kinds_seen}); missing a "
            "column of results (B, P, T, Banker...) or of cards: add a header row (shoe, coup, result, cards...)",
            file=name,
            line=line,
        )
    ignored = [f"column {i + 1}" for i in range(width) if i not in roles and filled[i]]
    return Layout(delimiter, roles, None, True, ignored)


@dataclass(frozen=True, slots=True)
class Row:
    """One data row of a spreadsheet log: its shoe (when a column says), and its coup or what is wrong."""

    shoe: str | None
    line: int
    record: Record | None
    error: RoadsError | None = None
    fields: dict[str, str] = field(default_factory=dict)
    """The row's shoe-field cells (table, date, decks, seed, cut, burned) the sheet has columns for, as written,
    and its cells of the columns no role reads (dealer, shift...), by their header in lower case."""


def rows(source_chunks: Iterator[Chunk], name: str) -> Iterator[tuple[int, str]]:
    """Yield (line, text) for every data line: blank and ``#`` comment lines dropped, long rows refused.

    A quoted cell may hold a line break (RFC 4180; ``convert --to csv`` writes a shoe id with one so):
    its row goes on over the next lines, and is given with the line it starts on. A quote never closed
    is refused where it opened, rather than read as the rest of the file.
    """
    parts: list[str] = []
    size = 0
    start = 0
    state = _LINE_START
    for chunk in source_chunks:
        if not parts:
            start = chunk.line
        parts.append(chunk.text)
        size += len(chunk.text)
        state = _quotes(chunk.text, state)
        if size > MAX_ROW:
            if state[0]:
                raise LogError(_UNCLOSED, file=name, line=start)
            raise LogError(f"a row longer than {MAX_ROW} characters: not a spreadsheet log", file=name, line=chunk.line)
        if not chunk.end:
            continue
        if state[0]:
            parts.append("\n")
            size += 1
            state = (True, False, False)
            continue
        state = _LINE_START
        text = "".join(parts) if len(parts) > 1 else parts[0]
        parts, size = [], 0
        if max(text.count(d) for d in DELIMITERS) >= MAX_COLUMNS:
            raise LogError(
                f"a row of more than {MAX_COLUMNS:,} columns: not a spreadsheet log (one row is one coup)",
                file=name,
                line=start,
            )
        stripped = text.strip()
        if not stripped:
            continue
        if stripped.startswith("#") and not HASH_HEADER.match(stripped):
            continue
        yield start, text
    if parts and state[0]:
        raise LogError(_UNCLOSED, file=name, line=start)


_UNCLOSED = 'a quoted cell that is never closed: end it with a " (a quote in a cell is written twice, "")'


_Quotes = tuple[bool, bool, bool]
"""Where a row's text stands: inside a quoted cell, at the start of a cell, just after a closing quote."""

_LINE_START: _Quotes = (False, True, False)


def _quotes(text: str, state: _Quotes) -> _Quotes:
    """Return where the row stands after ``text``, from where it stood before (RFC 4180 quoting).

    A quote opens a cell only at its start (after spaces, a delimiter or the line's start); ``""``
    inside one is a quote, not its end. Any delimiter counts, as the sheet's is not known yet:
    a ``5"`` in the middle of a cell stays text.
    """
    quoted, at_start, after_close = state
    if '"' not in text and not quoted:
        # The common row: no quote to follow, only whether the text ends at the start of a cell.
        tail = text.rstrip(" ")
        return False, (tail[-1] in DELIMITERS) if tail else at_start, False
    for ch in text:
        if quoted:
            if ch == '"':
                quoted, after_close = False, True
            continue
        if after_close and ch == '"':
            quoted, after_close = True, False  # a doubled quote: still inside the cell
            continue
        after_close = False
        if ch == '"' and at_start:
            quoted = True
        elif ch in DELIMITERS:
            at_start = True
        elif ch != " ":
            at_start = False
    return quoted, at_start, after_close


def csv_rows(source_chunks: Iterator[Chunk], name: str) -> Iterator[Row]:
    """Yield every data row of a spreadsheet log as a Row; the layout problems raise a located LogError."""
    lines = rows(source_chunks, name)
    head: list[tuple[int, str]] = []
    size = 0
    for item in lines:
        head.append(item)
        size += len(item[1])
        # The layout is told from at most the sample's characters too: 50 rows of 1 MB are 50 MB to split.
        if len(head) >= SAMPLE_ROWS or size >= SAMPLE_CHARS:
            break
    if not head:
        return
    layout, data = _layout(head, name)
    logger().info("%s: %s", name, layout.describe())
    delimiter = layout.delimiter
    number = 0
    shoe: str | None = None
    rest = itertools.chain(data, lines)
    first = next(rest, None)
    if first is None:
        # Only a header: say so here, where it is known, not as an empty shoe list the commands trip over.
        header_line = head[-1][0]
        raise LogError("no coups: the log has a header and no rows under it", file=name, line=header_line)
    others = layout.others()
    for line, text in itertools.chain((first,), rest):
        cells = split_row(text, delimiter)
        key = _cell(cells, layout.column("shoe"))
        if key and key != shoe:
            shoe, number = key, 0
        number += 1
        fields = {key: value for key in FIELDS if (value := _cell(cells, layout.column(key)))}
        fields |= {key: value for i, key in others if key not in fields and (value := _cell(cells, i))}
        try:
            record = _record(cells, layout, name, line, number)
        except RoadsError as exc:
            yield Row(shoe, line, None, exc, fields)
            continue
        yield Row(shoe, line, record, None, fields)


def _layout(head: list[tuple[int, str]], name: str) -> tuple[Layout, list[tuple[int, str]]]:
    """Return the layout of the first data lines and those of them that are coups (not the title or header)."""
    texts = [text for _, text in head]
    if len(texts) > 1:
        after = sniff(texts[1:]) or ","
        first, second = ([c for c, _ in split_row(t, after)] for t in texts[:2])
        one_cell = is_title(texts[0]) and len(first) == 1
        if one_cell or (not is_header(first) and is_header(second)):
            head = head[1:]  # a title line ("Shoe 1", "Table 7 export, 2026-03-01") over the rows
            texts = texts[1:]
    delimiter = sniff(texts) or ","
    first_line, first_text = head[0]
    first_cells = split_row(first_text, delimiter)
    if is_header([c for c, _ in first_cells]):
        return layout_from_header(first_cells, delimiter, name, first_line), head[1:]
    cells = [[c for c, _ in split_row(t, delimiter)] for _, t in head]
    return infer_layout(cells, delimiter, name, first_line), head


def _cell(cells: list[tuple[str, int]], index: int | None) -> str:
    if index is None or index >= len(cells):
        return ""
    return cells[index][0]


def _record(cells: list[tuple[str, int]], layout: Layout, name: str, line: int, number: int) -> Record:
    """Return the Record of one row: its result, its cards, or both (then the result is checked as a claim)."""

    def column_of(index: int | None) -> int | None:
        return cells[index][1] if index is not None and index < len(cells) else None

    winner: Winner | None = None
    flags = {"banker_pair": False, "player_pair": False, "natural": False}
    marked: Outcome | None = None
    result_at = layout.column("result")
    text = _cell(cells, result_at)
    if text:
        try:
            found = parse_results(text, file=name, line=line, column=column_of(result_at) or 1, first_number=number)
        except LogError as exc:
            raise LogError(
                f"'{excerpt(text)}' is not a result: use B, P or T, Banker, Player or Tie, or 庄 闲 和",
                file=name,
                line=line,
                column=exc.column,
                coup=number,
            ) from None
        if len(found) != 1:
            raise LogError(
                f"'{excerpt(text)}' holds {len(found)} results: one row is one coup",
                file=name,
                line=line,
                column=column_of(result_at),
                coup=number,
            )
        marked = found[0][1]
        winner = marked.winner
    for flag in flags:
        index = layout.column(flag)
        if index is not None:
            flags[flag] = _flag(_cell(cells, index), flag, name, line, column_of(index), number)
    totals = {}
    for total in ("player_total", "banker_total"):
        index = layout.column(total)
        value = _cell(cells, index)
        if value:
            try:
                found_total = whole_number(value, total) if _INT.fullmatch(value) else None
            except TooLong as exc:
                raise LogError(str(exc), file=name, line=line, column=column_of(index), coup=number) from None
            if found_total is None or found_total > 9:
                raise LogError(
                    f"{total} '{excerpt(value)}' is not a total from 0 to 9", file=name, line=line, coup=number
                )
            totals[total] = found_total

    dealt, player, banker = _cards(cells, layout, name, line, number)
    if dealt is None and player is None:
        if winner is None or marked is None:
            raise LogError("a row with no result and no cards", file=name, line=line, coup=number)
        p, b = totals.get("player_total"), totals.get("banker_total")
        if p is not None and b is not None and _made(p, b) is not winner:
            raise LogError(
                f"the row says {winner.value} wins, but Player {p} against Banker {b} makes {_made(p, b).value}",
                file=name,
                line=line,
                coup=number,
            )
        outcome = Outcome(
            winner,
            marked.banker_pair or flags["banker_pair"],
            marked.player_pair or flags["player_pair"],
            marked.natural or flags["natural"],
            p,
            b,
        )
        return Record(line, number, outcome=outcome)
    claims = Claims(
        winner,
        totals.get("player_total"),
        totals.get("banker_total"),
        True if flags["natural"] else None if layout.column("natural") is None else False,
        True if flags["banker_pair"] else None if layout.column("banker_pair") is None else False,
        True if flags["player_pair"] else None if layout.column("player_pair") is None else False,
    )
    if dealt is not None:
        return Record(line, number, dealt=dealt, claims=claims)
    return Record(line, number, player=player, banker=banker, claims=claims)


def _made(player: int, banker: int) -> Winner:
    return Winner.PLAYER if player > banker else Winner.BANKER if banker > player else Winner.TIE


def _flag(value: str, flag: str, name: str, line: int, column: int | None, number: int) -> bool:
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise LogError(
        f"{flag} '{excerpt(value)}' is not yes or no (true/false, 1/0, y/n, x or empty)",
        file=name,
        line=line,
        column=column,
        coup=number,
    )


def _cards(
    cells: list[tuple[str, int]], layout: Layout, name: str, line: int, number: int
) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None, tuple[Card, ...] | None]:
    """Return (dealt, player, banker) from the row's card columns; all None when it has no cards."""

    def parsed(index: int) -> list[Card]:
        if index >= len(cells):
            return []
        text, column = cells[index]
        out = []
        for match in _CELL_TOKEN.finditer(text):
            try:
                out.append(parse_card(match.group()))
            except CardError as exc:
                raise CardError(exc.message, file=name, line=line, column=column + match.start(), coup=number) from None
        return out

    one = layout.column("cards")
    if one is not None:
        dealt = parsed(one)
        return (tuple(dealt) if dealt else None), None, None
    dealt_columns = sorted((int(r.split("_")[1]), i) for i, r in layout.roles.items() if r.startswith("dealt_"))
    if dealt_columns:
        dealt = [card for _, i in dealt_columns for card in parsed(i)]
        return (tuple(dealt) if dealt else None), None, None
    hands: dict[str, list[Card]] = {"player": [], "banker": []}
    for side, hand in hands.items():
        index = layout.column(side)
        if index is not None:
            hand.extend(parsed(index))
        else:
            for n in (1, 2, 3):
                index = layout.column(f"{side}_{n}")
                if index is not None:
                    hand.extend(parsed(index))
    if not hands["player"] and not hands["banker"]:
        return None, None, None
    return None, tuple(hands["player"]), tuple(hands["banker"])


def csv_layout(source_chunks: list[Chunk], name: str) -> Layout | None:
    """Return the layout of a sampled spreadsheet log (None when the sample holds no rows); LogError if unclear."""
    head = list(itertools.islice(rows(iter(source_chunks), name), SAMPLE_ROWS))
    if not head:
        return None
    return _layout(head, name)[0]
