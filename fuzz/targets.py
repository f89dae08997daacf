"""Fuzz targets: one function per parser, each taking raw bytes and allowed to raise only RoadsError.

Shared by both engines in run.py (atheris, coverage-guided; or the built-in
mutator). A target returns normally or raises RoadsError (which must print on
one line); anything else is a crash worth a regression test.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path

from roads.cards import parse_card
from roads.cli import main
from roads.errors import RoadsError
from roads.logs import FORMATS, LogWarning, detect_format, iter_entries, iter_shoes, parse_results

Target = Callable[[bytes], None]


class OneLineBroken(AssertionError):
    """A RoadsError whose message spans lines or runs long: the CLI promises one line."""


def _one_line(call: Callable[[], object]) -> None:
    """Run ``call``: a RoadsError is fine if it prints as one reasonable line; warnings are fine too."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LogWarning)
        try:
            call()
        except RoadsError as exc:
            text = str(exc)
            if len(text.splitlines()) != 1 or len(text) > 2000:
                raise OneLineBroken(repr(text[:300])) from exc


def _drain(source: object, fmt: str | None) -> None:
    for _ in iter_entries(source, fmt):  # type: ignore[arg-type]
        pass


def _shoes(data: bytes, fmt: str) -> None:
    for _ in iter_shoes(io.BytesIO(data), fmt):
        pass


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def results(data: bytes) -> None:
    """The results grammar: parse_results on text, and a results log read whole."""
    text = _text(data)
    _one_line(lambda: parse_results(text, file="fuzz", line=1))
    _one_line(lambda: _drain(io.BytesIO(data), "results"))


def cards(data: bytes) -> None:
    """Card logs (one coup a line, explicit hands) and single card tokens."""
    _one_line(lambda: _drain(io.BytesIO(data), "cards"))
    for token in _text(data).split()[:20]:
        _one_line(partial(parse_card, token))


def stream(data: bytes) -> None:
    """Raw card streams split by the drawing rules, lenient and strict."""
    _one_line(lambda: _drain(io.BytesIO(data), "stream"))
    _one_line(lambda: list(iter_entries(io.BytesIO(data), "stream", strict=True)))


def json_logs(data: bytes) -> None:
    """JSON logs: a list, an object with "coups", or one coup object."""
    _one_line(lambda: _drain(io.BytesIO(data), "json"))


def jsonl(data: bytes) -> None:
    """JSON Lines logs, one coup a line, and multi-shoe logs read with iter_shoes."""
    _one_line(lambda: _drain(io.BytesIO(data), "jsonl"))
    _one_line(lambda: list(iter_shoes(io.BytesIO(data))))


def detect(data: bytes) -> None:
    """Format detection, then whatever format was detected, from bytes and from text."""
    _one_line(lambda: detect_format(io.BytesIO(data)))
    _one_line(lambda: _drain(io.BytesIO(data), None))
    _one_line(lambda: _drain(io.StringIO(_text(data)), None))
    for fmt in FORMATS:
        _one_line(partial(_shoes, data, fmt))


_WORKDIR = Path(tempfile.mkdtemp(prefix="roads-fuzz-cli-"))
(_WORKDIR / "LOG").write_text("3 6 K K 6 2\n5 3 K K 8\n9 2 K 3\nB\n")
(_WORKDIR / "SHOES").write_text('{"shoe": 1, "results": "BPPT"}\n{"shoe": 2, "results": "B[bn] P"}\n')
_NUMBER_CAP = 9_999
"""Bigger numbers only make a run long (simulate --shoes 10**9), never reach new code."""


def cli(data: bytes) -> None:
    """The command line: argv split from the input; the exit status must be 0, 1 or 2, with no traceback."""
    words = _text(data).replace("\x00", "\n").split("\n")[:12]
    argv = [str(_NUMBER_CAP) if w.isdigit() and int(w) > _NUMBER_CAP else w for w in words]
    if "simulate" in argv or "--shoes" in argv:
        argv = [("20" if w.isdigit() and int(w) > 20 else w) for w in argv]
    out, err = io.StringIO(), io.StringIO()
    here, stdin, cores = os.getcwd(), sys.stdin, os.cpu_count
    os.chdir(_WORKDIR)
    # "-" must not wait on the terminal, and a batch must not fork a pool for every input.
    sys.stdin = io.TextIOWrapper(io.BytesIO(b"B P T\n"))
    os.cpu_count = lambda: 1
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        os.chdir(here)
        sys.stdin, os.cpu_count = stdin, cores
    if status not in (0, 1, 2, 130) or "Traceback" in err.getvalue():
        raise AssertionError(f"roads {argv!r} gave status {status}: {err.getvalue()[-500:]}")


TARGETS: dict[str, Target] = {
    "results": results,
    "cards": cards,
    "stream": stream,
    "json": json_logs,
    "jsonl": jsonl,
    "detect": detect,
    "cli": cli,
}
"""Target name (also its corpus folder under fuzz/corpus/) -> function."""
