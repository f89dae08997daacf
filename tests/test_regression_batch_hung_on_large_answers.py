"""Batches never hang: a worker reads its jobs while it sends a large answer (issue 24, item 3).

On 6f90dd1 ``roads report`` and ``roads stats --by shoe`` hung for ever on
JSON Lines archives of a few thousand short shoes: the parent blocked sending a
256 KB block to a worker that was itself blocked sending back a large per-shoe
answer, and neither read.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
from pathlib import Path

import pytest
from peak_memory import command

from roads.pool import run_tasks

LIMIT = 600.0
"""Seconds any one run may take (10-30 s alone on 2 cores, several times that beside the suite; a hang is for ever)."""


def echo_big(item: bytes) -> bytes:
    """A task whose answer is much larger than any pipe buffer."""
    return item * 4


def lost(item: bytes) -> bytes:
    return b""


class Hung(Exception):
    """The pool took far longer than it can (not an OSError, which the pool reads as a dead worker)."""


def hung(signum: int, frame: object) -> None:
    raise Hung("the pool hung")


def test_the_pool_survives_large_jobs_and_larger_answers() -> None:
    items = [bytes([n % 256]) * (1 << 18) for n in range(24)]
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)  # a hang raises here, and closing the pool ends its workers
    try:
        answers = [answer for _, answer in run_tasks(items, 2, echo_big, lost)]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert answers == [item * 4 for item in items]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chance = random.Random(24)
    path = tmp_path_factory.mktemp("archive") / "short-shoes.jsonl"
    with path.open("w") as out:
        for n in range(10_000):
            out.write(json.dumps({"shoe": n, "results": "".join(chance.choices("BPT", k=8))}) + "\n")
    return path


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(args), capture_output=True, text=True, timeout=LIMIT, check=False)


@pytest.mark.slow
def test_stats_by_shoe_of_10000_shoes_finishes_alike_for_any_number_of_workers(archive: Path) -> None:
    # One test for the three runs: each must finish, and their bytes must agree (the by-shoe
    # answers are the large ones that hung; the --by-less total, counted alike, comes with them).
    outputs = {}
    for jobs in (["-j", "1"], ["-j", "2"], []):
        done = run(["stats", str(archive), "--by", "shoe", "--json", *jobs])
        assert done.returncode == 0, (jobs, done.stderr)
        outputs[" ".join(jobs) or "default"] = done.stdout
    assert len(set(outputs.values())) == 1, list(outputs)
    data = json.loads(outputs["-j 1"])
    assert len(data["groups"]) == 10_000 and data["total"]["shoes"] == 10_000


@pytest.mark.slow
def test_report_of_10000_shoes_finishes(archive: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    done = run(["report", str(archive), "-o", str(page)])
    assert done.returncode == 0, done.stderr
    assert "10000" in page.read_text().replace(",", "")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [["-j", "1"], ["-j", "2"], []], ids=["j1", "j2", "default"])
def test_render_a_folder_of_10000_shoes_finishes(archive: Path, tmp_path: Path, jobs: list[str]) -> None:
    out = tmp_path / "pictures"
    done = run(["render", str(archive), "-d", str(out), "--format", "svg", "--road", "big-road", *jobs])
    assert done.returncode == 0, done.stderr
    assert len(list(out.iterdir())) == 10_000
