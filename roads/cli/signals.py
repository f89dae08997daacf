"""Stopping cleanly: SIGTERM and SIGHUP unwind the program like Ctrl-C does, so every cleanup runs.

Python's default for SIGTERM and SIGHUP is to die at once: no ``finally``,
so a temporary file stays and a batch's workers are orphaned. Here each
becomes a :class:`Stopped` exception raised where the program is, which runs
every cleanup on its way out; the CLI then prints one line and exits with
128 + the signal's number (143 for SIGTERM, 129 for SIGHUP; Ctrl-C is 130).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop ``roads`` the way Ctrl-C (SIGINT, already KeyboardInterrupt) does."""


class Stopped(BaseException):
    """A stop signal arrived; a BaseException, so no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """Return the signal's name, as ``kill -l`` spells it (SIGTERM)."""
        return signal.Signals(self.signum).name

    @property
    def status(self) -> int:
        """Return the exit status a shell expects after this signal: 128 + its number."""
        return 128 + self.signum


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into :class:`Stopped` while inside; the old handlers come back after."""
    old = {}
    try:
        for sig in STOP_SIGNALS:
            if signal.getsignal(sig) is signal.SIG_IGN:
                continue  # under nohup: the caller asked for this signal to be ignored
            try:
                old[sig] = signal.signal(sig, _raise_stopped)
            except ValueError:  # not the main thread: signals cannot be handled here
                break
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
