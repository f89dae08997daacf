"""Runs of blank lines are read a buffer at a time and change nothing that is read (issue 14).

32 MB of blank lines took 80 s with ``--format`` given: the archive's
detection tape and its replay handled each blank line with a Python call of
their own, and the replay copied the rest of its block for every line. A
buffered file now gives its blank lines a buffer at a time (peeked at); an
in-memory stream still goes line by line. Both must read the same shoes,
coups, lines and errors in every format, however small the buffer.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roads.errors import RoadsError
from roads.logs import iter_entries, read_outcomes, source, write_log, write_shoe_line
from roads.logs.archive import Rewound, Shoe, _Tape, open_archive
from roads.shoe import deal_shoe

BLANKS = ["\n", "  \n", "\t\n", " \t \r\n", "\r\n"]


def _logs() -> dict[str, str]:
    coups = deal_shoe(8, seed=14).coups[:12]
    logs = {fmt: write_log(coups, fmt) for fmt in ("results", "cards", "stream", "json", "jsonl")}
    logs["archive"] = "".join(write_shoe_line(f"S{i}", coups[i : i + 4], results=i > 0) + "\n" for i in range(0, 12, 4))
    logs["csv"] = write_log(coups, "csv")
    return logs


LOGS = _logs()


@st.composite
def padded(draw: st.DrawFn) -> tuple[str, bytes]:
    """A log of one format with runs of blank lines (up to thousands) before, between and after its lines."""
    fmt = draw(st.sampled_from(sorted(LOGS)))
    lines = LOGS[fmt].splitlines(keepends=True)
    if draw(st.integers(0, 3)) == 0:  # a mistake after the blank lines, to be located past them
        at = draw(st.integers(1, len(lines) - 1))
        lines.insert(at, "X Y Z\n")
    out = []
    for line in [*lines, ""]:
        if draw(st.booleans()) and (fmt not in {"json", "csv"} or out):
            kinds = draw(st.lists(st.sampled_from(BLANKS), min_size=1, max_size=3))
            out.append("".join(kind * draw(st.sampled_from([1, 2, 7, 300, 2000])) for kind in kinds))
        out.append(line)
    return fmt, "".join(out).encode()


def _outcome(read: Callable[[Any], Any], stream: Any) -> Any:
    try:
        return ("ok", read(stream))
    except RoadsError as exc:
        return _error(exc)


def _error(exc: RoadsError) -> tuple[Any, ...]:
    return (type(exc).__name__, exc.message, exc.line, exc.column, exc.coup)  # not the file: the stream has none


def _entries(stream: Any) -> list[tuple[int, int, Any]]:
    return [(e.line, e.number, e.outcome) for e in iter_entries(stream)]


def _shoes(stream: Any) -> list[tuple[Any, ...]]:
    with open_archive(stream) as shoes:
        out = []
        for shoe in shoes:
            if shoe.error is not None:
                out.append((_id(shoe), shoe.line, *_error(shoe.error)))
                continue
            try:
                out.append((_id(shoe), shoe.line, [(e.line, e.number, e.outcome) for e in shoe.entries()]))
            except RoadsError as exc:
                out.append((_id(shoe), shoe.line, exc.message, exc.line, exc.column))
        return out


def _id(shoe: Shoe) -> str | int | None:
    return shoe.id if shoe.archive else None  # a one-shoe log is named after its file, and a stream has none


def _shoe_outcomes(stream: Any) -> list[Any]:
    with open_archive(stream) as shoes:
        return [shoe.outcomes() if shoe.error is None else _error(shoe.error) for shoe in shoes]


READS = {"entries": _entries, "outcomes": read_outcomes, "shoes": _shoes, "shoe outcomes": _shoe_outcomes}


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(padded(), st.sampled_from([2, 5, 64, 8192]), st.sampled_from([16, 1 << 16]), st.sampled_from(sorted(READS)))
def test_a_buffered_file_reads_what_a_line_by_line_stream_reads(
    tmp_path_factory: pytest.TempPathFactory, log: tuple[str, bytes], buffer: int, chunk: int, how: str
) -> None:
    _, data = log
    path = tmp_path_factory.mktemp("blank") / "log.txt"
    path.write_bytes(data)
    read = READS[how]
    saved = source.CHUNK
    source.CHUNK = chunk
    try:
        by_line = _outcome(read, io.BytesIO(data))  # no buffer to peek at: one line at a time
        with open(path, "rb", buffering=buffer) as handle:
            by_buffer = _outcome(read, handle)
    finally:
        source.CHUNK = saved
    assert by_buffer == by_line


@pytest.mark.parametrize("fmt", ["results", "cards", "json"])
def test_blank_lines_before_a_mistake_still_count_in_its_line(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "log.txt"
    good = {"results": "B P\n", "cards": "4S KC QC 5D 9H\n", "json": '[{"winner": "banker"},\n'}[fmt]
    path.write_text(good + "\n" * 100_000 + " \t\n" * 3 + "ZZZ\n")
    with pytest.raises(RoadsError) as raised:
        read_outcomes(path, fmt)
    assert raised.value.line == 100_005


def test_the_tape_keeps_a_run_of_one_blank_line_once() -> None:
    tape = _Tape(io.BufferedReader(io.BytesIO(b"B P\n" + b"\n" * 100_000 + b"T\n"), 4096))  # type: ignore[arg-type]
    assert tape.readline(100) == b"B P\n"
    assert tape.blank_run is not None
    read = b""
    while run := tape.blank_run():
        read += run
    assert read == b"\n" * 100_000
    assert tape.readline(100) == b"T\n"
    assert tape.taken == [[b"B P\n", 1], [b"\n", 100_000], [b"T\n", 1]]
    assert b"".join(tape.kept()) == b"B P\n" + b"\n" * 100_000 + b"T\n"


def test_the_tape_keeps_mixed_blank_lines_as_they_were() -> None:
    data = b"  \n\n\t\n" * 1000 + b"B\n"
    tape = _Tape(io.BufferedReader(io.BytesIO(data), 64))  # type: ignore[arg-type]
    assert tape.blank_run is not None
    calls = 0
    while (tape.blank_run() or tape.readline(100)) != b"B\n":
        calls += 1  # a run stops where the buffer ends mid-line: that line is read on its own
    assert calls < 3000 // 4
    assert b"".join(tape.kept()) == data


@given(st.binary(max_size=300), st.lists(st.integers(1, 40), min_size=1, max_size=8), st.just(-1) | st.integers(1, 50))
@settings(max_examples=examples(100))
def test_a_rewound_stream_gives_back_exactly_what_was_read(rest: bytes, cuts: list[int], size: int) -> None:
    kept = b"ab\n\n  \ncd" * 5
    blocks = []
    at = 0
    for cut in cuts:
        blocks.append(kept[at : at + cut])
        at += cut
    blocks.append(kept[at:])
    whole = b"".join(blocks) + rest
    rewound = Rewound(blocks[0], io.BytesIO(rest), "log", iter(blocks[1:]))
    got = []
    while True:
        line = rewound.blank_run() or rewound.readline(size)
        if not line:
            break
        got.append(line)
    assert b"".join(got) == whole
    again = Rewound(blocks[0], io.BytesIO(rest), "log", iter(blocks[1:]))
    assert again.read(size if size > 0 else 7) + again.read() == whole
