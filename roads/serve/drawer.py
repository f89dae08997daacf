"""The server's drawings, made in a process of their own so that its event loop keeps the interpreter.

A board's drawing is milliseconds of Python (some 18 ms for a 120-coup SVG),
and a thread of the server that draws holds the interpreter's lock: the
event loop, which writes each change to every viewer (2,000 writes a coup in
a lobby), gave the lock up at each write and waited for it each time behind
the drawing. A lobby of 100 table pages draws 20 boards a second, so its
events were late by whole drawings (docs/serve.md, "Load"). Here the
server's thread only hands a :class:`Job` to the drawing process and waits
for the bytes without the lock.

The drawing process is ``python -m roads.serve.drawer``, started on the first
drawing and kept; the jobs go one at a time over its standard input and the
pictures come back over its standard output (a 4-byte length, then a pickle).
It ends with the server (stopped by it, or when its input closes: the server
was killed), ignores Ctrl-C (the server says the one line), runs at a lower
priority than the server (:data:`NICENESS`), and a drawing process that died is started again on the
next drawing (the drawing that lost it answers ``503``). An SVG comes back
compressed (gzip, no time stamp, the same bytes each time): the server keeps
and sends it that way to a browser that takes gzip.
"""

from __future__ import annotations

import atexit
import gzip
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..bounds import TooLong, whole_number
from ..enums import Game
from ..errors import RenderError, RoadsError, TableError
from ..outcome import Outcome
from ..render import render
from ..scene.layout import last_to_fit
from ..scene.options import RenderOptions, render_options
from ..scoreboard import Scoreboard

_HEAD = struct.Struct(">I")
"""A frame's length, before its pickle."""

GZIP_LEVEL = 6
"""zlib's level for a kept SVG: a 36-coup board five times smaller, a 120-coup one eight, at a millisecond a board."""


@dataclass(frozen=True, slots=True)
class Job:
    """One drawing: a shoe (its outcomes) drawn as ``kind`` with ``options``."""

    kind: str
    """``svg`` or ``png``."""
    options: RenderOptions
    fit: str | None = None
    """The width of the page's view (``?fit=W``): :func:`fitted` sets ``last`` from it."""
    outcomes: tuple[Outcome, ...] = ()
    """What the shoe's coups put on the roads (:func:`roads.serve.games.outcomes`), all a board needs of them."""
    game: Game = Game.BACCARAT
    then: tuple[Outcome, ...] = ()
    """Coups added to the shoe before it is drawn (an ask: the board if Banker won the next)."""


def fitted(drawn: Scoreboard, options: RenderOptions, fit: str | None) -> RenderOptions:
    """Return ``options`` with ``last`` set so that every road's newest mark is in a view ``fit`` model units wide
    scrolled to its right end (``?fit=W``: the table page's board on a phone), unchanged when the whole board fits,
    a ``last`` is given, or there is no ``fit``; RenderError for a ``fit`` that is not a whole number from 1."""
    if fit is None or options.last is not None:
        return options
    try:
        view = whole_number(fit, "fit")
    except TooLong as exc:
        raise RenderError(str(exc)) from None
    if view is None or view < 1:
        raise RenderError(f"fit should be the view's width in model units, a whole number from 1, got {fit[:16]!r}")
    last = last_to_fit(drawn, view, options)
    return options if last is None else render_options(options, last=last)


def draw(job: Job) -> bytes:
    """Return the picture ``job`` asks for, as ``roads render`` writes it (an SVG gzipped, see the module)."""
    board = Scoreboard.from_outcomes(job.outcomes, game=job.game)
    for outcome in job.then:
        board.add(outcome)
    data = render(board, job.kind, fitted(board, job.options, job.fit))
    return gzip.compress(data, GZIP_LEVEL, mtime=0) if job.kind == "svg" else data


def svg_answer(kept: bytes, accepted: str) -> tuple[bytes, dict[str, str]]:
    """Return the body and headers that send ``kept`` (an SVG as :func:`draw` makes it, gzipped) to a client
    whose ``Accept-Encoding`` is ``accepted``: as it is when the client takes gzip (every browser), else unpacked."""
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if _takes_gzip(accepted):
        return kept, {**headers, "Content-Encoding": "gzip"}
    return gzip.decompress(kept), headers


def _takes_gzip(accepted: str) -> bool:
    """Return whether an ``Accept-Encoding`` names gzip with a weight above 0 (``gzip;q=0`` refuses it)."""
    for part in accepted.split(","):
        name, *params = (piece.strip().lower() for piece in part.split(";"))
        if name == "gzip":
            weights = [param[2:] for param in params if param.startswith("q=")]
            try:
                return not weights or float(weights[0]) > 0
            except ValueError:
                return False
    return False


def _read(stream: IO[bytes], size: int) -> bytes:
    """Return ``size`` bytes of ``stream``; EOFError when it ends first."""
    data = stream.read(size)
    if len(data) != size:
        raise EOFError("the stream ended")
    return data


def _frame(value: object) -> bytes:
    """Return ``value`` pickled, after its length: one message between the server and its drawing process."""
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return _HEAD.pack(len(data)) + data


def _answer(job: Job) -> tuple[bool, object]:
    """Return (True, the picture) or (False, the error to raise in the server, one that survives a pickle)."""
    try:
        return True, draw(job)
    except RoadsError as exc:
        error: BaseException = exc
    except Exception as exc:  # a bug: the server answers it as a 500, the drawing process goes on
        error = RuntimeError(f"the drawing failed: {type(exc).__name__}: {exc}")
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        error = RenderError(str(error))
    return False, error


def serve(source: IO[bytes], sink: IO[bytes]) -> None:
    """Draw each job read from ``source``, writing each answer to ``sink``, until ``source`` ends."""
    while True:
        try:
            (size,) = _HEAD.unpack(_read(source, _HEAD.size))
            job = pickle.loads(_read(source, size))
        except EOFError:
            return  # the server has gone
        try:
            sink.write(_frame(_answer(job)))
            sink.flush()
        except BrokenPipeError:
            return


class Drawer:
    """The server's drawing process: started on the first drawing, one job at a time, started again if it died."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process: subprocess.Popen[bytes] | None = None

    def _running(self) -> subprocess.Popen[bytes]:
        """Return the drawing process, started (again) when there is none running; roads is imported there from
        the folder it is imported from here."""
        if self.process is None or self.process.poll() is not None:
            root = str(Path(__file__).resolve().parents[2])  # the folder roads is imported from
            path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
            self.process = subprocess.Popen(
                [sys.executable, "-m", __name__],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": path},
            )
        return self.process

    def draw(self, job: Job) -> bytes:
        """Return ``draw(job)`` made by the drawing process (its errors raised here); TableError 503 when the
        process ended before it answered."""
        with self.lock:
            process = self._running()
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(_frame(job))
                process.stdin.flush()
                (size,) = _HEAD.unpack(_read(process.stdout, _HEAD.size))
                ok, value = pickle.loads(_read(process.stdout, size))
            except (OSError, EOFError):
                self.stop()
                raise TableError("the drawing process ended before it drew this; ask again", status=503) from None
        if ok:
            return bytes(value)
        raise value

    def stop(self) -> None:
        """End the drawing process (the server stops), killed if it has not gone within a second. Never waits
        for the lock: a drawing in flight ends with the process (its thread reads the end of its output)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


drawer = Drawer()
"""The server's one drawing process."""
atexit.register(drawer.stop)


NICENESS = 5
"""How much lower the drawing process's priority is than the server's (``nice``): when the cores are short (a
lobby's 40,000 writes a second, its 20 drawings a second, and the viewers' own machines' work if they share it),
a change's event goes out before a board's drawing is done, and a board comes some milliseconds later."""


if __name__ == "__main__":
    if hasattr(os, "nice"):  # not on Windows
        os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which closes this process's input
    sink, sys.stdout = sys.stdout.buffer, sys.stderr  # a stray print must not break a frame
    serve(sys.stdin.buffer, sink)
