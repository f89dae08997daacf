"""The lesson plan: what a lesson page shows, read and checked before any HTML is written.

The coups (with their cards and the log's notes), the roads and the mark
range to explain, the title and the source: every bit of text is cleaned on
the way in, and every problem is a LessonError before the page is begun.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from ..board.explain import Proof
from ..board.names import DERIVED, Road
from ..bounds import TooLong, whole_number
from ..coup import Coup
from ..errors import LessonError, excerpt
from ..outcome import Outcome
from ..pages.safe import clean, shorten
from ..scene import render_options
from ..scoreboard import Scoreboard
from ..terminal import plural

TITLE_LIMIT = 300
"""Longest page title kept; a title is a heading, not a place for a log's whole text."""
MAX_COUPS = 2000
"""Most coups one page shows: a shoe is under 100, and every coup costs a table row and about three proofs."""
LESSON_CELL = 48.0
"""Pixels per Big Road cell on a lesson board: a derived mark's half cell is then a 24 px tap target."""
DETAILS = {"decks": "Decks", "seed": "Seed", "cut": "Cut card", "burned": "Burned", "redeal": "Deal it again"}
"""Header lines a log's writer adds (``roads deal``): shown as the shoe's details, not as the lesson's text."""


@dataclass(frozen=True, slots=True)
class Played:
    """One coup of the lesson: its number, what it gave the roads, its cards when known, and the log's note."""

    number: int
    outcome: Outcome
    coup: Coup | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class MarkRange:
    """Marks ``first`` to ``last`` (from 1, both included) of each road on the page."""

    first: int
    last: int

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def parse_marks(text: str) -> MarkRange:
    """Return the range ``N`` or ``N-M`` names; LessonError saying how to write one."""
    raw = clean(text).strip()
    first, sep, last = raw.partition("-")
    try:
        low = whole_number(first, "a mark")
        high = whole_number(last, "a mark") if sep else low
    except TooLong as exc:
        raise LessonError(f"marks: {exc}") from None
    if low is None or high is None:
        raise LessonError(f"marks '{excerpt(raw)}' should be N or N-M, e.g. 1-10 (marks count from 1)")
    if low < 1 or high < low:
        raise LessonError(f"marks '{raw}' should be N or N-M with 1 <= N <= M, e.g. 1-10")
    return MarkRange(low, high)


@dataclass(slots=True)
class Lesson:
    """Everything one page shows, worked out before any HTML is written."""

    played: list[Played]
    board: Scoreboard
    roads: tuple[str, ...]
    marks: MarkRange | None
    title: str
    source: str | None
    notes: tuple[str, ...]
    theme: str
    shown: dict[str, list[Proof]] = field(default_factory=dict)
    details: tuple[tuple[str, str], ...] = ()
    """The log writer's header lines (decks, seed, cut, burned, redeal) as (label, value)."""
    last: int | None = None
    cell: float = 48.0


def played_from(items: Iterable[Played | Outcome | Coup | str]) -> list[Played]:
    """Return numbered coups from Played rows, outcomes, coups, or letters B/P/T (a string of them works too)."""
    out: list[Played] = []
    for item in items:
        if isinstance(item, str) and len(item) != 1:
            out.extend(played_from(ch for ch in item if not ch.isspace() and ch != ","))
            continue
        n = len(out) + 1
        if isinstance(item, Played):
            out.append(Played(n, item.outcome, item.coup, item.note))
        elif isinstance(item, Coup):
            out.append(Played(n, item.outcome(), item))
        elif isinstance(item, Outcome):
            out.append(Played(n, item))
        else:
            out.append(Played(n, Outcome.from_letter(item)))
    return out


class LessonOptions(TypedDict, total=False):
    """The keywords of :func:`plan_lesson` after the coups, for the functions that pass them on (``lesson_page``)."""

    road: str | None
    marks: MarkRange | str | None
    title: str | None
    source: str | None
    notes: Sequence[str]
    theme: str
    last: int | None
    cell: float | None


def plan_lesson(  # noqa: PLR0913  # one keyword a page option, as the CLI has
    items: Iterable[Played | Outcome | Coup | str],
    *,
    road: str | None = None,
    marks: MarkRange | str | None = None,
    title: str | None = None,
    source: str | None = None,
    notes: Sequence[str] = (),
    theme: str = "classic",
    last: int | None = None,
    cell: float | None = None,
) -> Lesson:
    """Return what the lesson page of a shoe shows, every input checked: LessonError on the first problem.

    ``last`` shows the board's newest N columns; ``cell`` is pixels per Big Road
    cell (48 by default, the least that gives every derived mark a 24 px target).
    """
    played = played_from(items)
    if len(played) > MAX_COUPS:
        raise LessonError(
            f"a lesson page shows every coup and proof: {len(played)} coups is more than the "
            f"{MAX_COUPS} one page holds; keep the part of the log you teach"
        )
    board = Scoreboard.from_outcomes(p.outcome for p in played)
    roads = DERIVED if road is None else (Road.parse(road, derived=True),)
    if isinstance(marks, str):
        marks = parse_marks(marks)
    render_options(theme=theme, last=last)  # an unknown theme fails here, before any work
    size = LESSON_CELL if cell is None else check_cell(cell)
    details, notes = split_details(notes)
    name = clean(title).strip() if title else ""
    lesson = Lesson(
        played,
        board,
        roads,
        marks,
        shorten(name, TITLE_LIMIT) or _default_title(source),
        clean(source) if source else None,
        tuple(clean(n) for n in notes),
        theme,
        details=details,
        last=last,
        cell=size,
    )
    _check_range(lesson)
    for name_ in roads:
        every = list(board.proofs(name_))
        lesson.shown[name_] = every if marks is None else every[marks.first - 1 : marks.last]
    return lesson


def check_cell(cell: float) -> float:
    """Return ``cell`` when a lesson board can use it; LessonError naming the smallest that leaves 24 px targets."""
    if not LESSON_CELL <= cell <= 400:
        raise LessonError(
            f"cell {cell:g} is too small for a lesson board: the smallest is {LESSON_CELL:g} px, where "
            "each derived mark is a 24 px target a finger can tap"
            if cell < LESSON_CELL
            else f"cell must be from {LESSON_CELL:g} to 400 pixels, got {cell:g}"
        )
    return cell


def split_details(notes: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Return (the writer's ``key: value`` details, the author's notes) from a log's header lines."""
    details: list[tuple[str, str]] = []
    kept: list[str] = []
    for note in notes:
        key, sep, value = note.partition(":")
        if sep and key.strip().lower() in DETAILS and value.strip():
            details.append((DETAILS[key.strip().lower()], clean(value.strip())))
        else:
            kept.append(note)
    return tuple(details), tuple(kept)


def _default_title(source: str | None) -> str:
    return f"Reading the roads of {clean(source)}" if source else "Reading the roads"


def _check_range(lesson: Lesson) -> None:
    """Raise LessonError when a mark range shows nothing: no mark on any road, or past the end of --road's road.

    Roads grow at different speeds (Cockroach Pig starts a column later than
    Small Road), so over all three the range is clipped to each road's marks;
    one road asked for by name must hold the whole range.
    """
    marks = lesson.marks
    if marks is None:
        return
    counts = {name: len(lesson.board.road(name)) for name in lesson.roads}
    if len(counts) == 1:
        ((name, count),) = counts.items()
        if marks.last <= count:
            return
        choose = f" (choose marks within 1-{count})" if count else " yet"
        raise LessonError(f"marks {marks}: {Road.parse(name).title} has {plural(count, 'mark')}{choose}")
    if any(clipped(marks, count) for count in counts.values()):
        return
    have = ", ".join(f"{Road.parse(name).title} has {plural(count, 'mark')}" for name, count in counts.items())
    raise LessonError(f"marks {marks}: no road on the page reaches mark {marks.first} ({have})")


def clipped(marks: MarkRange, count: int) -> MarkRange | None:
    """Return the part of ``marks`` a road of ``count`` marks holds, or None when it holds none of it."""
    if marks.first > count:
        return None
    return MarkRange(marks.first, min(marks.last, count))


def line_notes(text: str) -> tuple[tuple[str, ...], dict[int, str]]:
    """Return a text log's leading comment lines and each data line's trailing comment (by line number)."""
    header: list[str] = []
    notes: dict[int, str] = {}
    seen_data = False
    # Lines as the log readers count them: only \n ends a line (str.splitlines would also break at a form
    # feed, \x1c-\x1e, \x85 or U+2028, and every note after one would land on the wrong coup).
    for number, raw in enumerate(text.split("\n"), 1):
        data, sep, comment = raw.removesuffix("\r").partition("#")
        comment = comment.strip()
        if data.strip():
            seen_data = True
            if sep and comment:
                notes[number] = comment
        elif sep and not seen_data and comment and not comment.lower().startswith("format:"):
            header.append(comment)
    return tuple(header), notes


__all__ = [
    "MAX_COUPS",
    "TITLE_LIMIT",
    "Lesson",
    "MarkRange",
    "Played",
    "line_notes",
    "parse_marks",
    "plan_lesson",
    "played_from",
]
