"""Good roads (好路): the Big Road patterns lobbies tag, recognised on the columns' depths (docs/good-roads.md).

A pattern reads the newest columns of the Big Road (ties never make a
column). A column's depth is its streak's length: the Big Road's logical row
count, so the beads a dragon tail turned along the bottom still count in the
streak they belong to. A pattern is *active* when it holds through the newest
column.

The next decisive coup *continues* an active pattern when, after it, the
pattern is still on the board: the newest column can still grow into the
pattern's last column, or a newly opened column can still grow into the
pattern's first one (a pattern repeats with its own period, so 1, 2, 1, 2 goes
on as 2, 1, 2, 1 then 1, 2, 1, 2). Otherwise it *breaks* it. A pattern whose
newly opened column has not yet reached its depth is not active but *under way*
(:func:`under_way`): the next decisive coup decides it, which is where a stuck
pattern (``sticky``) meets a coup that can break it. The board layer says which
winners continue; the prices come from the odds of the next coup
(:func:`price`), which the pattern never changes.

Plain Python on the board's depth list: nothing here draws or imports the odds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..bounds import TooLong, read_small, toml_problem
from ..errors import PatternError
from ..outcome import Winner

if TYPE_CHECKING:
    from .board import Board

N = TypeVar("N", float, Fraction)

BANKER, PLAYER = Winner.BANKER, Winner.PLAYER
_LETTER = {"B": BANKER, "P": PLAYER, "*": None}
_SIDES = {"all": None, "banker": BANKER, "player": PLAYER}


@dataclass(frozen=True, slots=True)
class Want:
    """What a pattern asks of one column: a colour (None: any) and a depth (None: any), exact or at least."""

    color: Winner | None = None
    depth: int | None = None
    at_least: bool = False

    def holds(self, color: Winner, depth: int) -> bool:
        """Return True when a column of ``color`` and ``depth`` beads is what this asks for."""
        if self.color is not None and color is not self.color:
            return False
        if self.depth is None:
            return True
        return depth >= self.depth if self.at_least else depth == self.depth

    def can_grow(self, color: Winner, depth: int) -> bool:
        """Return True when a column of ``color`` now ``depth`` deep can still become what this asks for."""
        if self.color is not None and color is not self.color:
            return False
        return self.depth is None or self.at_least or depth <= self.depth


@dataclass(frozen=True, slots=True)
class Pattern:
    """A good road: its stable id, Chinese name, English title, and the columns it asks for."""

    id: str
    """Stable id, lower-case words joined by hyphens: ``single-jump``."""
    name: str
    """The name Chinese lobbies give it: ``大路单跳``."""
    wants: tuple[Want, ...]
    """One a column, oldest first; the last is the newest column's."""
    title: str
    """The name in English words: ``single jump``."""
    side: Winner | None = None
    """Read only that side's columns (逢庄跳: the newest Banker columns); None reads every column."""
    step: int = 0
    """Slopes: each column holds ``step`` beads more than the one before (+1 up, -1 down); 0 for none."""
    settings: tuple[tuple[str, int], ...] = ()
    """The settings a pattern file may change, with their values (built-in patterns only)."""

    @property
    def size(self) -> int:
        """Return how many columns the pattern reads."""
        return len(self.wants)

    def describe(self) -> str:
        """Return what the pattern asks for, in words."""
        if self.size == 1 and not self.side:
            return f"the newest column {_want_words(self.wants[0])} beads"
        which = f"the newest {self.size} {self.side.value.title()} columns" if self.side else None
        which = which or f"the newest {self.size} columns"
        if self.step:
            return f"{which} each hold one bead {'more' if self.step > 0 else 'less'} than the one before"
        wants = [replace(w, color=None) for w in self.wants] if self.side else list(self.wants)
        if len(set(wants)) == 1:
            return f"{which} hold {_want_words(wants[0])} bead{'' if wants[0].depth == 1 else 's'} each"
        return f"{which} hold {', '.join(_want_words(w) for w in wants)} beads"


def _want_words(want: Want) -> str:
    color = "" if want.color is None else f"is {want.color.value.title()} and holds "
    if want.depth is None:
        return f"{color}any number of"
    return f"{color}{'at least ' if want.at_least else 'exactly '}{want.depth}"


def _long(side: Winner, beads: int = 4) -> Pattern:
    name, word = ("长庄", "banker") if side is BANKER else ("长闲", "player")
    wants = (Want(side, beads, at_least=True),)
    return Pattern(f"long-{word}", name, wants, f"long {word.title()}", settings=(("beads", beads),))


def _same(id: str, name: str, title: str, depth: int, columns: int, at_least: bool = False) -> Pattern:
    settings = (("columns", columns), ("beads", depth)) if at_least else (("columns", columns),)
    return Pattern(id, name, (Want(None, depth, at_least),) * columns, title, settings=settings)


def _cycle(id: str, name: str, title: str, cycle: tuple[int, ...], columns: int) -> Pattern:
    wants = tuple(Want(None, cycle[i % len(cycle)]) for i in range(columns))
    return Pattern(id, name, wants, title, settings=(("columns", columns),))


def _side(side: Winner, kind: str, columns: int = 3, beads: int = 2) -> Pattern:
    word = "banker" if side is BANKER else "player"
    han = "庄" if side is BANKER else "闲"
    if kind == "jump":
        want = Want(side, 1)
        return Pattern(
            f"{word}-jump", f"逢{han}跳", (want,) * columns, f"{word.title()} jumps", side, 0, (("columns", columns),)
        )
    want = Want(side, beads, at_least=True)
    settings = (("columns", columns), ("beads", beads))
    return Pattern(f"{word}-sticks", f"逢{han}连", (want,) * columns, f"{word.title()} sticks", side, 0, settings)


def _slope(step: int, columns: int = 4) -> Pattern:
    id, name, title = ("slope-up", "上坡路", "slope up") if step > 0 else ("slope-down", "下坡路", "slope down")
    return Pattern(id, name, (Want(),) * columns, title, step=step, settings=(("columns", columns),))


def _built(id: str, values: dict[str, int]) -> Pattern:
    """Return built-in pattern ``id`` with ``values`` for its settings (a pattern file's changes)."""
    columns, beads = values.get("columns", 0), values.get("beads", 0)
    makers: dict[str, Any] = {
        "long-banker": lambda: _long(BANKER, beads or 4),
        "long-player": lambda: _long(PLAYER, beads or 4),
        "single-jump": lambda: _same("single-jump", "大路单跳", "single jump", 1, columns or 4),
        "double-jump": lambda: _same("double-jump", "双跳", "double jump", 2, columns or 4),
        "one-hall-two-rooms": lambda: _cycle(
            "one-hall-two-rooms", "一厅两房", "one hall, two rooms", (1, 2), columns or 4
        ),
        "two-halls-one-room": lambda: _cycle(
            "two-halls-one-room", "两厅一房", "two halls, one room", (2, 1), columns or 4
        ),
        "banker-jump": lambda: _side(BANKER, "jump", columns or 3),
        "player-jump": lambda: _side(PLAYER, "jump", columns or 3),
        "banker-sticks": lambda: _side(BANKER, "sticks", columns or 3, beads or 2),
        "player-sticks": lambda: _side(PLAYER, "sticks", columns or 3, beads or 2),
        "sticky": lambda: _same("sticky", "排排连", "sticky", beads or 2, columns or 4, at_least=True),
        "slope-up": lambda: _slope(1, columns or 4),
        "slope-down": lambda: _slope(-1, columns or 4),
    }
    pattern: Pattern = makers[id]()
    return pattern


BUILT_IN_IDS = (
    "long-banker",
    "long-player",
    "single-jump",
    "double-jump",
    "one-hall-two-rooms",
    "two-halls-one-room",
    "banker-jump",
    "player-jump",
    "banker-sticks",
    "player-sticks",
    "sticky",
    "slope-up",
    "slope-down",
)
"""Every built-in pattern's id, in the order they are listed."""

PATTERNS: tuple[Pattern, ...] = tuple(_built(id, {}) for id in BUILT_IN_IDS)
"""The built-in patterns with the issue's default settings."""


@dataclass(frozen=True, slots=True)
class Detection:
    """An active good road: the pattern, the columns that make it, and the winners that would continue it."""

    pattern: Pattern
    columns: tuple[tuple[int, Winner, int], ...]
    """(column number from 1, colour, depth) of each column read, oldest first."""
    continues: frozenset[Winner]
    """The decisive results that keep the pattern on the board; the others break it."""
    waiting: bool = False
    """True when the pattern is not active but *under way* (:func:`under_way`): it held through the column
    before the newest, and the newest is still growing into the column it asks for next."""

    @property
    def proof(self) -> str:
        """Return why the pattern is active (or under way), in words: which columns, their depths, what it asks."""
        p = self.pattern
        if self.waiting:
            held = Detection(p, self.columns[:-1], self.continues).proof.removesuffix(" is active.")
            number, color, depth = self.columns[-1]
            return (
                f"{held} was active through column {self.columns[-2][0]}; column {number} ({color.value.title()}) "
                f"holds {depth} bead{'' if depth == 1 else 's'}, still short of what the pattern asks next, so "
                f"{p.id} is under way."
            )
        numbers = ", ".join(str(c) for c, _, _ in self.columns)
        held = ", ".join(f"{d}" for _, _, d in self.columns)
        colors = ", ".join(w.value.title() for _, w, _ in self.columns)
        noun = "Column" if len(self.columns) == 1 else "Columns"
        verb = "holds" if len(self.columns) == 1 else "hold"
        return (
            f"{noun} {numbers} ({colors}) {verb} {held} bead{'' if held == '1' else 's'}: "
            f"{p.describe()}, so {p.id} ({p.name}, {p.title}) is active."
        )

    @property
    def call(self) -> str:
        """Return which next result continues the pattern and which breaks it, in words."""
        keep = sorted(w.value.title() for w in self.continues)
        cut = sorted(w.value.title() for w in (BANKER, PLAYER) if w not in self.continues)
        if not cut:
            return "Either Banker or Player next keeps it on the board; only a later column can break it."
        if not keep:
            return "Either Banker or Player next breaks it: it cannot go on."
        return f"{keep[0]} next continues it; {cut[0]} next breaks it."


def columns_of(board: Board) -> list[tuple[int, Winner, int]]:
    """Return the Big Road's columns as (number from 1, colour, depth): the streaks, ties ignored."""
    depths = board.big_road.depths
    if not depths:
        return []
    newest = board.bead_plate.outcomes[board.big_road.coups[-1] - 1].winner
    return columns_from(depths, newest)


def columns_from(depths: Sequence[int], newest: Winner) -> list[tuple[int, Winner, int]]:
    """Return (number, colour, depth) of each column from the depths and the newest column's colour."""
    other = PLAYER if newest is BANKER else BANKER
    n = len(depths)
    return [(i + 1, newest if (n - 1 - i) % 2 == 0 else other, d) for i, d in enumerate(depths)]


def _window(pattern: Pattern, columns: Sequence[tuple[int, Winner, int]]) -> list[tuple[int, Winner, int]] | None:
    """Return the columns the pattern reads (its side's, the newest ``size``), or None when there are too few."""
    if pattern.side is not None:
        # Columns alternate colours: a side's columns are every other one, ending at the newest or the one before.
        last = len(columns) - (1 if columns and columns[-1][1] is pattern.side else 2)
        picked = columns[last - 2 * (pattern.size - 1) : last + 1 : 2] if last - 2 * (pattern.size - 1) >= 0 else []
    else:
        picked = list(columns[-pattern.size :]) if len(columns) >= pattern.size else []
    return list(picked) if len(picked) == pattern.size else None


def _holds(pattern: Pattern, window: Sequence[tuple[int, Winner, int]]) -> bool:
    if not all(w.holds(color, depth) for w, (_, color, depth) in zip(pattern.wants, window, strict=True)):
        return False
    return not pattern.step or all(b[2] == a[2] + pattern.step for a, b in pairwise(window))


def _continues(pattern: Pattern, columns: Sequence[tuple[int, Winner, int]], winner: Winner) -> bool:
    """Return True when ``winner`` next keeps an active pattern on the board (see the module's docstring)."""
    if pattern.side is not None and winner is not pattern.side:
        return True  # the other side's coup leaves the side's columns as they are
    window = _window(pattern, columns)
    assert window is not None
    _, color, depth = columns[-1]
    if color is winner:  # the newest column grows: can it still be the pattern's last column?
        prev = window[-2][2] if len(window) > 1 else None
        if pattern.step and prev is not None and depth + 1 > prev + pattern.step:
            return False
        return pattern.wants[-1].can_grow(winner, depth + 1)
    # A new column opens at depth 1: can it still be the pattern's first column, the pattern going round again?
    if pattern.step:
        return window[-1][2] + pattern.step >= 1
    return pattern.wants[0].can_grow(winner, 1)


def detect(columns: Sequence[tuple[int, Winner, int]], patterns: Iterable[Pattern] = PATTERNS) -> list[Detection]:
    """Return every pattern of ``patterns`` active on these Big Road columns (from :func:`columns_of`)."""
    found = []
    for pattern in patterns:
        window = _window(pattern, columns)
        if window is None or not _holds(pattern, window):
            continue
        keep = frozenset(w for w in (BANKER, PLAYER) if _continues(pattern, columns, w))
        found.append(Detection(pattern, tuple(window), keep))
    return found


def under_way(columns: Sequence[tuple[int, Winner, int]], patterns: Iterable[Pattern] = PATTERNS) -> list[Detection]:
    """Return every pattern under way on these columns: not active, but only its newest column is short.

    A pattern is under way when it held through the column before the newest,
    the newest column opened continuing it, and that column has not yet reached
    the depth the pattern asks of it (``sticky`` after a new column's first bead:
    it needs 2). The next decisive coup decides it: the newest column's colour
    again continues it (the column grows toward its depth), the other colour
    breaks it (the column ends short). Its ``columns`` are those it held
    through, then the newest.
    """
    if len(columns) < 2:
        return []
    number, color, depth = columns[-1]
    before = columns[:-1]
    chosen = tuple(patterns)
    active = {found.pattern.id for found in detect(columns, chosen)}
    found = []
    for pattern in chosen:
        if pattern.id in active or (pattern.side is not None and color is not pattern.side):
            continue  # the side's newest column is finished: nothing of it is still growing
        window = _window(pattern, before)
        if window is None or not _holds(pattern, window) or not _continues(pattern, before, color):
            continue
        want = pattern.wants[0]
        need = window[-1][2] + pattern.step if pattern.step else want.depth
        if need is None or depth >= need:
            continue  # the newest column is deep enough: the pattern went on another way
        found.append(Detection(pattern, (*window, (number, color, depth)), frozenset({color}), waiting=True))
    return found


def in_play(columns: Sequence[tuple[int, Winner, int]], patterns: Iterable[Pattern] = PATTERNS) -> list[Detection]:
    """Return every pattern active or under way on these columns: those the next decisive coup can bear on."""
    chosen = tuple(patterns)
    return detect(columns, chosen) + under_way(columns, chosen)


def good_roads(board: Board, patterns: Iterable[Pattern] = PATTERNS) -> list[Detection]:
    """Return every good road active on ``board``'s Big Road."""
    return detect(columns_of(board), patterns)


@dataclass(frozen=True, slots=True)
class Price(Generic[N]):
    """The chance the next coup continues an active pattern, breaks it, or ties: the next coup's odds regrouped."""

    continues: N
    breaks: N
    tie: N

    def decisive(self) -> N:
        """Return the chance the next decisive coup continues it (ties left out)."""
        return self.continues / (self.continues + self.breaks)


NOT_CHANGED = "The pattern does not change these numbers: they are the next coup's odds, whatever the Big Road shows."
"""The one line every priced good road carries."""


def price(detection: Detection, banker: N, player: N, tie: N) -> Price[N]:
    """Return the detection's price from the next coup's chances of Banker, Player and Tie (floats or fractions)."""
    chance = {BANKER: banker, PLAYER: player}
    keep = sum((chance[w] for w in detection.continues), start=tie * 0)
    cut = sum((chance[w] for w in (BANKER, PLAYER) if w not in detection.continues), start=tie * 0)
    return Price(keep, cut, tie)


def detection_dict(detection: Detection, chances: Price[float] | Price[Fraction] | None = None) -> dict[str, Any]:
    """Return a detection as JSON-ready data: id, name, columns, proof, what continues it, and its price if known."""
    p = detection.pattern
    data: dict[str, Any] = {
        "id": p.id,
        "name": p.name,
        "title": p.title,
        "columns": [{"column": c, "winner": w.value, "depth": d} for c, w, d in detection.columns],
        "continued_by": sorted(w.value for w in detection.continues),
        "proof": detection.proof,
    }
    if chances is not None:
        data["chance"] = {
            "continues": float(chances.continues),
            "breaks": float(chances.breaks),
            "tie": float(chances.tie),
        }
        data["note"] = NOT_CHANGED
    return data


# The pattern file (--good-roads FILE) ------------------------------------------------------------

_NESTED = "a table nested in a pattern (a dotted [{id}.{key}] or {key}.x = ...): each pattern is one [id] of plain keys"
"""Why a dotted header or key is refused: TOML reads it as a table nested in the pattern."""

_SPELLING = re.compile(r"^([BP*])(\d+\+?|\*)$")


def load_patterns(path: str) -> tuple[Pattern, ...]:
    """Return the built-in patterns with a TOML file's changes and additions; PatternError (file, line, key) if bad.

    A TOML table named for a built-in id changes its settings (``beads``,
    ``columns``; ``enabled = false`` drops it); any other table adds a pattern:
    ``columns = ["B2", "P1", "*2+", "**"]`` (colour B, P or *, then a depth n,
    at least n as ``n+``, or *), an optional ``name``, ``title`` and
    ``side = "banker" | "player" | "all"``.
    """
    import tomllib

    try:
        text = read_small(path).decode("utf-8")
    except OSError as exc:
        raise PatternError(f"cannot read the pattern file: {exc.strerror}", file=path) from None
    except TooLong as exc:
        raise PatternError(f"not a pattern file: {exc}", file=path) from None
    except UnicodeDecodeError as exc:
        raise PatternError(f"not UTF-8 text (byte {exc.start + 1})", file=path) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message, line = toml_problem(exc)
        raise PatternError(f"not TOML: {message}", file=path, line=line) from None
    return patterns_from(data, text, path)


def patterns_from(data: dict[str, Any], text: str = "", path: str = "<patterns>") -> tuple[Pattern, ...]:
    """Return the patterns a parsed pattern file gives (see :func:`load_patterns`); ``text`` locates errors."""
    out = {p.id: p for p in PATTERNS}

    def fail(message: str, table: str, key: str | None = None) -> PatternError:
        return PatternError(
            f"[{table}] {key + ': ' if key else ''}{message}", file=path, line=_line_of(text, table, key)
        )

    for id, table in data.items():
        if not isinstance(table, dict):
            raise fail("every pattern is a table, [id] with its keys", id)
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", id):
            raise fail("an id is lower-case words joined by hyphens", id)
        if id in BUILT_IN_IDS:
            allowed = {name for name, _ in out[id].settings} | {"enabled"}
            values: dict[str, int] = {}
            for key, value in table.items():
                if isinstance(value, dict):
                    raise fail(_NESTED.format(id=id, key=key), id, key)
                if key not in allowed:
                    raise fail(f"not a setting of {id}: it has {', '.join(sorted(allowed))}", id, key)
                if key == "enabled":
                    if not isinstance(value, bool):
                        raise fail("true or false", id, key)
                    continue
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
                    raise fail("a whole number from 1 to 50", id, key)
                values[key] = value
            if table.get("enabled") is False:
                del out[id]
            else:
                out[id] = _built(id, values)
            continue
        out[id] = _custom(id, table, fail)
    return tuple(out.values())


def _custom(id: str, table: dict[str, Any], fail: Any) -> Pattern:
    """Return a pattern a file adds; ``fail(message, table, key)`` makes its located error."""
    for key, value in table.items():
        if isinstance(value, dict):
            raise fail(_NESTED.format(id=id, key=key), id, key)
        if key not in ("name", "title", "columns", "side"):
            raise fail("not a key of a pattern: it has columns, name, title, side", id, key)
    spelled = table.get("columns")
    if not isinstance(spelled, list) or not spelled or len(spelled) > 50:
        raise fail('a list of 1 to 50 columns, as ["B2", "P1", "*2+", "**"]', id, "columns")
    wants = []
    for item in spelled:
        match = _SPELLING.match(item) if isinstance(item, str) else None
        if match is None:
            raise fail(
                f"{item!r} is not a column: B, P or *, then a depth (2), at least (2+) or any (*)", id, "columns"
            )
        letter, depth = match.groups()
        if depth != "*" and int(depth.rstrip("+")) == 0:
            raise fail(f"{item!r}: a column holds at least 1 bead", id, "columns")
        wants.append(
            Want(_LETTER[letter], None if depth == "*" else int(depth.rstrip("+")), at_least=depth.endswith("+"))
        )
    side_word = table.get("side", "all")
    if side_word not in _SIDES:
        raise fail("banker, player or all", id, "side")
    side = _SIDES[side_word]
    if side is not None and any(w.color not in (None, side) for w in wants):
        raise fail(f"a {side_word} pattern reads only {side_word.title()} columns", id, "columns")
    for key in ("name", "title"):
        if not isinstance(table.get(key, ""), str):
            raise fail("text", id, key)
    wants = [replace(w, color=side) if side is not None else w for w in wants]
    return Pattern(id, table.get("name", id), tuple(wants), table.get("title", id), side)


def _line_of(text: str, table: str, key: str | None) -> int | None:
    """Return the line of ``key`` in ``[table]`` (or of the table's header) in the file's text, if it can be found.

    Dotted names count as TOML reads them: ``[patterns.x]`` is key ``x`` of table ``patterns``, and
    ``name.first = 1`` under ``[mine]`` is key ``name`` of ``mine``.
    """
    lines = text.splitlines()
    name = r"\s*\"?" + re.escape(table) + r"\"?\s*"
    own = re.compile(r"^\s*\[\[?" + name + r"\]")
    dotted = re.compile(r"^\s*\[\[?" + name + r"\.\s*(.*?)\]")
    assign = None if key is None else re.compile(r"^\s*\"?" + re.escape(key) + r"\"?\s*[=.]")
    for n, line in enumerate(lines, 1):
        if own.match(line):
            if assign is None:
                return n
            for m, after in enumerate(lines[n:], n + 1):
                if re.match(r"^\s*\[", after):
                    break
                if assign.match(after):
                    return m
            found = _dotted_header(lines, dotted, key)
            return found or n
    # No [table] header: the table is made by a dotted header ([table.key]) or a dotted key (table.key = 1).
    if key is not None:
        found = _dotted_header(lines, dotted, key)
        if found:
            return found
    for n, line in enumerate(lines, 1):
        if dotted.match(line) or re.match(r"^" + name + r"[.=]", line):
            return n
    return None


def _dotted_header(lines: Sequence[str], dotted: re.Pattern[str], key: str | None) -> int | None:
    """Return the line of a header ``[table.key]`` (or ``[table.key.more]``), if the file has one."""
    for n, line in enumerate(lines, 1):
        match = dotted.match(line)
        if match and (key is None or re.match(r"\"?" + re.escape(key) + r"\"?\s*(\.|$)", match.group(1))):
            return n
    return None
