"""Progress on a terminal: one line on standard error, redrawn in place, gone at the end; nothing when piped.

A command that can run past a few seconds (``report``, ``exposure``,
``stats``) counts its shoes through one :class:`Progress`; the line says
``roads: 120 shoes counted`` (or ``120 of 200``), redrawn with a carriage
return at most a few times a second and cleared when the work ends, so what
the command prints after it starts on a clean line. When standard error is
not a terminal (a pipe, a file, a test's capture) nothing is written.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from types import TracebackType
from typing import TextIO

EVERY = 0.25
"""Seconds between redraws: four a second at most."""


def on_terminal(stream: TextIO) -> bool:
    """Return True when ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """Counts what a command has done (``update``) and shows it on a terminal; a context manager that clears it."""

    def __init__(self, done: str, unit: str = "shoe", total: int | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.on = on_terminal(self.stream)
        self.done, self.unit, self.total = done, unit, total
        self.count = 0
        self._drawn = 0
        self._shown = ""
        self._last = 0.0

    def text(self) -> str:
        """Return the line as it stands: ``roads: 120 of 200 shoes counted``."""
        of = f" of {self.total:,}" if self.total is not None else ""
        plural = "" if (self.count if self.total is None else self.total) == 1 else "s"
        return f"roads: {self.count:,}{of} {self.unit}{plural} {self.done}"

    def say(self, text: str) -> None:
        """Show ``text`` (``writing report.html``) in place of the count, for a step that has none."""
        if self.on:
            self._draw(f"roads: {text}")

    def update(self, n: int = 1) -> None:
        """Count ``n`` more; redraw when the last redraw is EVERY seconds old."""
        self.count += n
        if self.on and time.monotonic() - self._last >= EVERY:
            self._draw(self.text())

    def clear(self) -> None:
        """Clear the line, leaving the cursor where it found it: before printing on the same terminal."""
        if self._drawn:
            self._draw("")

    @contextlib.contextmanager
    def aside(self) -> Iterator[None]:
        """Let the command print on standard output: when that is the same terminal, the line is cleared while
        it prints and drawn again after it (piped output is left alone, and the line never leaves)."""
        shown = self._shown if self._drawn and on_terminal(sys.stdout) else ""
        if shown:
            self._draw("")
        try:
            yield
        finally:
            if shown:
                self._draw(shown)

    close = clear
    """The work is done: clear the line."""

    def _draw(self, text: str) -> None:
        # The cursor is left at the line's start, so a warning printed meanwhile writes over the line, not after it.
        pad = " " * max(0, self._drawn - len(text))
        self.stream.write(f"\r{text}{pad}\r")
        self.stream.flush()
        self._drawn = len(text)
        self._shown = text
        self._last = time.monotonic()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
