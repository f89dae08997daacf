"""A batch plans every output name once: no clash overwrites, a bad name is one error, the rest is drawn (defect 9).

On v0.1.0 one output that could not be written (a name too long in bytes)
stopped a batch with a bare ``OSError``; with ``-j 2`` it said "wrote 5
pictures" while 10 existed. Shoe ids ``x``, ``x-line3``, ``x`` printed "wrote 3
pictures" and left 2 files. The temporary name added 15 bytes, so a legal
249-byte name failed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roads.cli import main
from roads.files import atomic_write


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_name_too_long_is_one_error_and_the_batch_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str
) -> None:
    logs = []
    for n in range(5):
        log = tmp_path / f"shoe{n}.txt"
        log.write_text("BPPBT" * (n + 1))
        logs.append(str(log))
    # A stem of 252 bytes: the log's name fits (254 bytes with .t), its picture's would not (256 with .svg).
    long = tmp_path / ("é" * 126 + ".t")
    long.write_text("BPB")
    logs.insert(2, str(long))
    out = tmp_path / "out"
    status, stdout, err = run(capsys, "render", *logs, "-d", str(out), "-j", jobs)
    assert status == 1 and "Traceback" not in err and stdout == f"wrote 5 pictures to {out}\n"
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith("roads: error: ") and "bytes, more than the 255 allowed" in lines[0]
    assert lines[1] == "5 of 6 shoes written (1 failed: see above)"
    assert sorted(p.name for p in out.iterdir()) == [f"shoe{n}.svg" for n in range(5)]


def test_shoes_with_one_id_never_overwrite(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoes.jsonl"
    shoes = [("x", "BPB"), ("x-line3", "PPP"), ("x", "TTB"), ("x-2", "BBB")]
    log.write_text("".join(json.dumps({"shoe": shoe, "results": r}) + "\n" for shoe, r in shoes))
    out = tmp_path / "out"
    status, stdout, _ = run(capsys, "render", str(log), "-d", str(out), "-j", "1")
    assert (status, stdout) == (0, f"wrote 4 pictures to {out}\n")
    assert sorted(p.name for p in out.iterdir()) == ["x-2-2.svg", "x-2.svg", "x-line3.svg", "x.svg"]


def test_a_249_byte_name_is_written(tmp_path: Path) -> None:
    target = tmp_path / ("a" * 245 + ".svg")
    atomic_write(target, "<svg/>")
    assert target.read_text() == "<svg/>"
    longest = tmp_path / ("b" * 251 + ".svg")
    atomic_write(longest, "<svg/>")
    assert longest.read_text() == "<svg/>" and [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []
