"""Many shoes, big files: `roads build --per-shoe` and `roads render -d` stream, and junk fails fast.

The measured runs (100,000 shoes, a 1 GB file of random bytes) are in
benchmarks/bench_volume.py; these tests check the behaviour that makes them
possible: nothing waits for the end of the file, and nothing keeps every shoe.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import FIXTURES, run

from roads.cli.batch import run as run_jobs
from roads.cli.render import shoe_jobs
from roads.errors import LogError
from roads.logs import iter_entries, iter_shoes
from roads.logs.source import LineBuffer
from roads.scene import RenderOptions

SHOES = (
    '{"shoe": 1, "results": "BPPTBBPT"}\n{"shoe": "t/7", "results": "B[bn] P T[p] B"}\n'
    '{"shoe": 3, "coups": [{"cards": ["3", "6", "K", "K", "6", "2"]}, {"winner": "banker"}]}\n'
)


def endless_shoes() -> LineBuffer:
    """Return a multi-shoe log that never ends: only a reader that streams can answer from it."""
    lines = (json.dumps({"shoe": n, "results": "BPPBTBPB" * 10}) + "\n" for n in itertools.count(1))
    return LineBuffer(lines, name="endless.jsonl")


@pytest.mark.slow  # a subprocess
def test_per_shoe_streams_one_line_per_shoe_as_it_reads() -> None:
    """``roads build - --per-shoe`` answers shoe by shoe from a log that never ends: only a streaming reader can."""
    command = [sys.executable, "-m", "roads", "build", "-", "--per-shoe", "--json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    feed, answers = proc.stdin, proc.stdout

    def write_forever() -> None:
        with contextlib.suppress(OSError, ValueError):  # the pipe breaks when the test has its answers
            for n in itertools.count(1):
                feed.write(json.dumps({"shoe": n, "results": "BPPBTBPB" * 10}) + "\n")

    threading.Thread(target=write_forever, daemon=True).start()
    try:
        first = [answers.readline() for _ in range(3)]
    finally:
        proc.kill()
        proc.wait()
        answers.close()
        with contextlib.suppress(OSError):  # what is left in the buffer has nowhere to go
            feed.close()
    assert [json.loads(line)["shoe"] for line in first] == [1, 2, 3]
    assert json.loads(first[0])["coups"] == 80


def test_per_shoe_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(SHOES)
    status, out, _ = run(capsys, "build", str(log), "--per-shoe")
    assert status == 0
    assert out.splitlines() == [
        (
            "1: 8 coups, Banker 3 (37.5%), Player 3 (37.5%), Tie 2 (25.0%); pairs B 0 P 0; naturals 0; "
            "longest streak B 2 P 2"
        ),
        (
            "t/7: 4 coups, Banker 2 (50.0%), Player 1 (25.0%), Tie 1 (25.0%); pairs B 1 P 1; naturals 1; "
            "longest streak B 1 P 1"
        ),
        (
            "3: 2 coups, Banker 1 (50.0%), Player 1 (50.0%), Tie 0 (0.0%); pairs B 0 P 0; naturals 0; "
            "longest streak B 1 P 1"
        ),
        "3 shoes, 14 coups",
    ]
    status, out, _ = run(capsys, "build", str(log), "--per-shoe", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r["shoe"] for r in rows] == [1, "t/7", 3] and [r["line"] for r in rows] == [1, 2, 3]
    assert rows[0]["big_eye_boy"] == {"red": 2, "blue": 2} and rows[1]["banker_pairs"] == 1


def test_per_shoe_reports_the_shoes_before_a_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(SHOES + '{"shoe": 4, "results": "BPX"}\n')
    status, out, err = run(capsys, "build", str(log), "--per-shoe", "--json")
    assert status == 1 and len(out.splitlines()) == 3
    assert err.startswith(f"roads: error: {log}, shoe 4, line 4") and err.count("\n") == 2
    assert err.endswith("3 of 4 shoes built (1 failed: see above)\n")


def test_per_shoe_reads_a_single_log_as_one_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "build", str(FIXTURES / "cards.txt"), "--per-shoe", "--from", "cards")
    assert status == 0 and out.splitlines()[0].startswith("cards: 6 coups")


def test_build_without_per_shoe_points_at_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(SHOES)
    status, _, err = run(capsys, "build", str(log))
    assert status == 2 and "pick it with --shoe ID or --shoe N" in err and "--per-shoe" in err


def test_render_draws_every_shoe_of_a_multi_shoe_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(
        SHOES + '{"shoe": "..", "results": "BP"}\n{"shoe": 1, "results": "PPP"}\n'
        '{"shoe": "a\\u001b[31m", "results": "T"}\n'
    )
    out = tmp_path / "pictures"
    status, stdout, err = run(capsys, "render", str(log), "-d", str(out), "--last", "40", "-j", "1")
    assert status == 0
    assert err == (
        f"roads: warning: {log}, line 5: shoe 1 appears twice (first as shoe 1, line 1): "
        "both are kept, as shoes 1 and 5 (pick one with --shoe 5)\n"
        f"roads: note: {log}, shoe 1 is drawn to {out / '1-2.svg'}: {out / '1.svg'} is taken\n"
    )
    assert stdout == f"wrote 6 pictures to {out}\n"
    # Ids become safe file names: no folder climbing, no control characters, a repeated id never overwrites.
    assert sorted(p.name for p in out.iterdir()) == [
        "1-2.svg",
        "1.svg",
        "3.svg",
        "a_[31m.svg",
        "shoe-line4.svg",
        "t_7.svg",
    ]


@pytest.mark.slow
def test_render_multi_shoe_on_two_processes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text("".join(json.dumps({"shoe": n, "results": "BPPBT" * 5}) + "\n" for n in range(12)))
    out = tmp_path / "pictures"
    status, _, _ = run(capsys, "render", str(log), "-d", str(out), "--format", "png", "-j", "2")
    assert status == 0 and len(list(out.glob("*.png"))) == 12


def test_render_multi_shoe_names_the_shoes_it_could_not_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(SHOES)
    status, stdout, err = run(
        capsys, "render", str(log), "-d", str(tmp_path / "out"), "--highlight", "big-eye-boy:2", "-j", "1"
    )
    lines = err.splitlines()
    assert status == 1 and stdout == f"wrote {tmp_path / 'out' / '1.svg'}\n"
    assert lines[0].startswith(f"roads: error: {log}, shoe 't/7': cannot highlight big-eye-boy:2")
    assert lines[-1] == "1 of 3 shoes written (2 failed: see above)"


def test_render_streams_shoes_without_reading_to_the_end(tmp_path: Path) -> None:
    jobs = shoe_jobs(endless_shoes(), str(tmp_path), ("x", str(tmp_path / "x.svg"), "svg"), RenderOptions(), None)
    answers = list(itertools.islice(run_jobs(jobs, 1), 3))
    assert [problem for _, problem in answers] == [None, None, None]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.svg", "2.svg", "3.svg"]


def _random_bytes() -> Iterator[bytes]:
    """An endless stream of random bytes (stands in for a 1 GB file of them)."""
    while True:
        yield os.urandom(1 << 16)


class _EndlessBinary(io.RawIOBase):
    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        return b"" if size == 0 else self.readline(size)

    def readline(self, size: int | None = -1) -> bytes:
        data = next(self._chunks)[: size if size and size > 0 else None]
        self.read_bytes += len(data)
        return data


@pytest.mark.parametrize("reader", [lambda s: list(iter_entries(s)), lambda s: list(iter_shoes(s))])
def test_random_bytes_fail_at_the_first_chunk(reader) -> None:  # type: ignore[no-untyped-def]
    stream = _EndlessBinary(_random_bytes())
    with pytest.raises(LogError, match="not UTF-8"):
        reader(stream)
    assert stream.read_bytes <= 3 << 16  # the first chunk and its lookahead, not the gigabyte


def test_a_sparse_gigabyte_fails_within_its_first_megabyte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 1 GB file of zero bytes (sparse: no disk used) is one endless word of NULs."""
    big = tmp_path / "zeros.bin"
    with big.open("wb") as handle:
        handle.truncate(1 << 30)
    status, _, err = run(capsys, "build", str(big))
    assert status == 1 and "no space or comma: this is not a shoe log" in err and "\\x00" not in err
    big.unlink()
