"""Peak memory of a ``roads`` command run in a child process, and degenerate inputs of any size.

Used by the memory regression tests and by benchmarks/bench_degenerate.py:
an input that says nothing (blank lines, spaces, comments, digits, keys, one
endless line, a stream whose error comes late) must cost the same memory at
1 MB as at 32 MB.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

MB = 1 << 20

ADDRESS_LIMIT = 3 << 30
"""The child's address space cap: a regression fails with MemoryError instead of taking the machine."""


@dataclass(frozen=True)
class Run:
    """What one command did: exit status, peak resident memory, wall time, standard error."""

    status: int
    peak_mb: float
    seconds: float
    stderr: str


_WRAPPER = """
import atexit, resource, runpy, signal, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
for name in ("SIGINT", "SIGHUP", "SIGTERM"):  # a caller started in the background may ignore them
    signal.signal(getattr(signal, name), signal.default_int_handler if name == "SIGINT" else signal.SIG_DFL)

def report():
    # VmHWM is this process's own peak since exec; ru_maxrss would carry the forking parent's.
    with open("/proc/self/status") as status, open({report!r}, "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM")).split()[1])

atexit.register(report)
sys.argv = ["roads", *sys.argv[1:]]
runpy.run_module("roads", run_name="__main__")
"""
"""Runs ``roads`` in a child: its address space capped, its signals at their defaults, its peak reported at exit."""


def command(args: Sequence[str], *, python: str = sys.executable, report: str = os.devnull) -> list[str]:
    """Return the argv that runs ``roads ARGS`` with ``python`` (isolated: never the current folder's code)."""
    return [python, "-I", "-c", _WRAPPER.format(limit=ADDRESS_LIMIT, report=report), *args]


def run_peak(
    args: Sequence[str],
    *,
    python: str = sys.executable,
    timeout: float = 600.0,
    cwd: str | os.PathLike[str] | None = None,
) -> Run:
    """Run ``roads ARGS`` with ``python`` and return its status, its peak resident memory (MB) and its time."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as err, open(os.devnull, "wb") as sink:
        report = os.path.join(folder, "peak")
        child = subprocess.Popen(command(args, python=python, report=report), stdout=sink, stderr=err, cwd=cwd)
        try:
            child.wait(timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        try:
            peak = int(Path(report).read_text()) / 1024
        except (OSError, ValueError):
            peak = float("nan")  # killed before it could say
    return Run(child.returncode, peak, time.monotonic() - start, text)


def _repeat(unit: str, size: int, tail: str = "") -> str:
    return unit * max(1, (size - len(tail)) // len(unit)) + tail


def _keys(size: int) -> str:
    value = "x" * (256 << 10)
    parts = []
    total = 0
    n = 0
    while total < size:
        part = f'"meta{n}": "{value}"'
        parts.append(part)
        total += len(part) + 2
        n += 1
    return '{"coups": [{"winner": "banker"}], ' + ", ".join(parts) + "}"


def _late_error(size: int) -> str:
    # A card stream dealt from one deck over and over: valid coups, then a card that is not a card.
    coup = "3 6 K K 6 2\n"
    return _repeat(coup, size, "ZZ\n")


DEGENERATE: dict[str, Callable[[int], str]] = {
    "blank lines": lambda size: _repeat("\n", size),
    "whitespace": lambda size: _repeat(" \t  \n", size),
    "comments": lambda size: _repeat("# nothing to see here\n", size),
    "long number": lambda size: '[{"winner": "banker", "player_total": ' + "1" * size + "}]",
    "many keys": _keys,
    "one long line": lambda size: "B[b " + "x" * size,
    "late error": _late_error,
}
"""Inputs that hold no coup (or, for "late error", whose mistake is at the end), by the size wanted in bytes."""

SUFFIX = {"long number": ".json", "many keys": ".json"}


def write_input(folder: Path, kind: str, size: int) -> Path:
    """Write the degenerate input ``kind`` of about ``size`` bytes into ``folder``; return its path."""
    path = folder / f"{kind.replace(' ', '-')}-{size // MB}mb{SUFFIX.get(kind, '.txt')}"
    if not path.exists():
        path.write_text(DEGENERATE[kind](size), encoding="utf-8")
    return path
