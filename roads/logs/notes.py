"""What the log readers say beside their result: the ``roads.logs`` logger, loaded with the first note.

Reading a log almost always says nothing, so :mod:`logging` (with traceback,
string and textwrap: about 3 ms of every command's start-up) is imported only
when there is a note to give. A caller that shows the notes (the CLI) passes
its setup to :func:`when_used`, which runs it on the logger the moment there is
one; a Python user configures the ``roads.logs`` logger as usual.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging

NAME = "roads.logs"

Setup = Callable[["logging.Logger"], None]

_waiting: list[Setup] = []


def logger() -> logging.Logger:
    """Return the ``roads.logs`` logger, first running every setup :func:`when_used` left waiting."""
    import logging

    log = logging.getLogger(NAME)
    while _waiting:
        _waiting.pop(0)(log)
    return log


def when_used(setup: Setup) -> None:
    """Run ``setup`` on the logger now when logging is loaded already, else just before the first note."""
    if "logging" in sys.modules:
        setup(logger())
    else:
        _waiting.append(setup)


def forget(setup: Setup) -> None:
    """Drop ``setup`` if it is still waiting (no note was given)."""
    if setup in _waiting:
        _waiting.remove(setup)
