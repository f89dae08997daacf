"""Big logs stream: readers are lazy and hold a bounded amount of memory, whatever the file's size."""

from __future__ import annotations

import io
import itertools
import json
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from roads.logs import LineBuffer, iter_entries, read_outcomes, write_log
from roads.shoe import deal_shoe

MB = 1 << 20


def endless_results() -> Iterator[str]:
    while True:
        yield "B P T B[bn] P\n"


class EndlessStream(io.RawIOBase):
    """A binary stream of cards that never ends: reading it all would never return."""

    def __init__(self) -> None:
        self._data = b""
        self._pattern = " ".join(str(c) for coup in deal_shoe(8, seed=2).coups for c in coup.dealt).encode() + b" "

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def, override]
        while len(self._data) < len(buffer):
            self._data += self._pattern
        n = len(buffer)
        buffer[:n] = self._data[:n]
        self._data = self._data[n:]
        return n


def test_results_reader_is_lazy_on_an_endless_text_stream() -> None:
    entries = iter_entries(LineBuffer(endless_results()))
    first = list(itertools.islice(entries, 50_000))
    assert len(first) == 50_000 and first[-1].number == 50_000 and first[-1].line == 10_000
    assert first[3].outcome.natural and first[3].outcome.banker_pair


def test_stream_reader_is_lazy_on_an_endless_binary_stream() -> None:
    entries = iter_entries(io.BufferedReader(EndlessStream()), "stream")
    first = list(itertools.islice(entries, 2_000))
    dealt = deal_shoe(8, seed=2).coups
    assert [e.coup for e in first[: len(dealt)]] == list(dealt)
    assert first[-1].number == 2_000 and first[-1].line == 1  # one endless line


def _peak_while_reading(path: Path, count: int, fmt: str | None = None) -> tuple[int, int]:
    tracemalloc.start()
    try:
        entries = list(itertools.islice(iter_entries(path, fmt), count))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return len(entries), peak


@pytest.mark.parametrize("kind", ["results-one-line", "results-lines", "stream-one-line", "json", "jsonl"])
@pytest.mark.slow
def test_a_50_mb_log_is_not_read_into_memory(tmp_path: Path, kind: str) -> None:
    """The first coups of a 50 MB file come out while only a few MB are ever held."""
    path = tmp_path / f"big-{kind}"
    shoe = deal_shoe(8, seed=5)
    if kind == "results-one-line":
        unit = ("B[bn]PPTBPPBBBT" * 1000).encode()
    elif kind == "results-lines":
        unit = ("B P P T B[p] P\n" * 1000).encode()
    elif kind == "stream-one-line":
        unit = (" ".join(str(c) for coup in shoe.coups for c in coup.dealt) + " ").encode()
    elif kind == "jsonl":
        unit = write_log(shoe.coups, "jsonl").encode()
    else:
        unit = b"".join(json.dumps(c.to_dict()).encode() + b",\n" for c in shoe.coups)
    with path.open("wb") as handle:
        if kind == "json":
            handle.write(b"[\n")
        written = 0
        while written < 50 * MB:
            handle.write(unit)
            written += len(unit)
        if kind == "json":
            handle.write(json.dumps(shoe.coups[0].to_dict()).encode() + b"\n]\n")
    try:
        assert path.stat().st_size >= 50 * MB
        read, peak = _peak_while_reading(path, 1_000, "stream" if kind.startswith("stream") else None)
    finally:
        path.unlink()  # pytest keeps old tmp folders; 250 MB of them would linger
    assert read == 1_000
    assert peak < 12 * MB, f"held {peak / MB:.1f} MB to read 1,000 coups of a 50 MB file"


@pytest.mark.slow
def test_a_long_single_line_reads_whole_and_right(tmp_path: Path) -> None:
    """A 450 KB plain run on one line crosses many chunks; every result and column is kept."""
    path = tmp_path / "run.txt"
    path.write_text("BPT" * 150_000 + "B[bn]\n", encoding="utf-8")
    outcomes = read_outcomes(path)
    assert len(outcomes) == 450_001 and outcomes[-1].natural
    assert [o.winner.letter for o in outcomes[:6]] == ["B", "P", "T", "B", "P", "T"]
