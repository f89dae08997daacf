"""Change records in JSON Lines logs: ``{"undo": N}`` takes back coup N, ``{"new_shoe": N}`` starts shoe N.

An undo record takes back the last coup standing; a new-shoe record closes
the shoe before it, so a live table's log is an archive of shoes (read by
:mod:`roads.logs.archive`), and an undo never reaches back past it.

A live table (``roads serve``) never rewrites what it acknowledged: taking a
coup back appends a record, and every reader honours it, so the log still
reads as the table's board. The reader holds back the last coups it read
(at most ``HELD``) until the next line shows whether they stand; a log with
no undo record reads exactly as before, coups and errors in the same order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..bounds import MAX_BURN
from ..errors import LogError, RoadsError
from .records import NEW_SHOE

HELD = 1024
"""Coups held back for a later undo record: an undo reaching further back is an error, not a reason to buffer."""

T = TypeVar("T")


class UndoRecord(BaseModel):
    """A line of a JSON Lines log that takes back coup ``undo``: the last coup standing."""

    model_config = ConfigDict(extra="forbid")
    undo: int = Field(ge=1, description="The number of the coup taken back: the last coup standing, counted from 1.")


class NewShoeRecord(BaseModel):
    """A line of a JSON Lines log that closes the shoe before it and starts shoe ``new_shoe``."""

    model_config = ConfigDict(extra="forbid")
    new_shoe: int = Field(ge=1, description="The number of the shoe that starts: the shoe before it plus one.")
    burned: list[str] | None = Field(
        default=None, max_length=MAX_BURN, description="The cards burned at the start of the shoe, if logged."
    )


def new_shoe(value: Any) -> NewShoeRecord | None:
    """Return the new-shoe record ``value`` is, None when it is not one; LogError when it is a malformed one."""
    if not isinstance(value, dict) or NEW_SHOE not in value:
        return None
    try:
        return NewShoeRecord.model_validate(value)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        raise LogError(f'a new-shoe record is {{"new_shoe": N, "burned": [cards]}} ({where}: {first["msg"]})') from None


def undo_number(value: Any) -> int | None:
    """Return N of an undo record ``{"undo": N}``, or None when ``value`` is not one."""
    if not isinstance(value, dict) or "undo" not in value:
        return None
    number = value["undo"]
    if len(value) != 1 or type(number) is not int:
        return -1
    return number


def honour_undo(values: Iterator[tuple[int, Any]], record: Callable[[Any, int, int], T], name: str) -> Iterator[T]:
    """Yield ``record(value, line, number)`` for every coup of ``values`` that no later undo record takes back.

    Each coup is checked as it is read, so errors come in the order of the
    lines; before any error the coups held back are handed on first, as a
    reader without undo records would have handed them on.
    """
    held: deque[T] = deque()
    given = 0
    try:
        for line, value in values:
            number = undo_number(value)
            if number is None:
                held.append(record(value, line, given + len(held) + 1))
                if len(held) > HELD:
                    given += 1
                    yield held.popleft()
                continue
            last = given + len(held)
            if number != last or not held:
                raise LogError(_refused(number, last, given), file=name, line=line)
            held.pop()
    except RoadsError:
        yield from held
        held.clear()
        raise
    yield from held


def _refused(number: int, last: int, given: int) -> str:
    if number < 0:
        return 'an undo record is {"undo": N} alone, N the number of the last coup'
    if last == 0:
        return f"undo {number}: there is no coup to take back"
    if number == last:
        return f"undo {number}: more than {HELD} coups taken back in a row"
    return f"undo {number}: only the last coup, {last}, can be taken back"
