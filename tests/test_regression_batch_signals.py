"""SIGTERM, SIGHUP and SIGINT stop a real batch at once: workers ended, no temporary file, one line (defect 10).

On v0.1.0 SIGTERM to ``roads render logs/*.txt -d out -j 2`` killed only the
parent: both workers lived on forever (re-parented, holding the caller's
pipes) and ``.part`` files stayed; SIGINT took 20-60 s and drew dozens more
pictures first.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from peak_memory import command

STOP_WITHIN = 2.0
"""Seconds from the signal to the batch's exit (the issue asks for one or two)."""


def children(pid: int) -> set[int]:
    """Return the ids of the processes whose parent is ``pid``."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("logs")
    chance = random.Random(11)
    paths = []
    for n in range(40):
        log = folder / f"shoe{n:02d}.txt"
        log.write_text("".join(chance.choice("BPPBT") for _ in range(2500)))
        paths.append(str(log))
    return paths


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
@pytest.mark.parametrize(
    ("sig", "status", "line"),
    [
        (signal.SIGTERM, 143, "roads: stopped by SIGTERM"),
        (signal.SIGHUP, 129, "roads: stopped by SIGHUP"),
        (signal.SIGINT, 130, "roads: aborted"),
    ],
)
def test_a_signal_stops_the_batch_and_everything_it_started(
    logs: list[str], tmp_path: Path, sig: signal.Signals, status: int, line: str
) -> None:
    out = tmp_path / "out"
    batch = subprocess.Popen(
        command(["render", *logs, "-d", str(out), "-j", "2", "--format", "png"]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        # Wait until the workers are drawing: a picture written, or a temporary file on its way.
        while time.monotonic() < deadline and not (out.exists() and any(out.iterdir())):
            assert batch.poll() is None, batch.communicate()
            time.sleep(0.02)
        workers = children(batch.pid)
        assert len(workers) == 2
        sent = time.monotonic()
        batch.send_signal(sig)
        stdout, stderr = batch.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if batch.poll() is None:
            batch.kill()
    assert took < STOP_WITHIN, f"{took:.2f} s from {sig.name} to exit"
    assert batch.returncode == status
    assert stderr.decode().splitlines() == [line] and stdout == b""
    # Nothing left running, nothing left behind.
    time.sleep(0.1)
    assert [pid for pid in workers if alive(pid)] == []
    names = [p.name for p in out.iterdir()]
    assert [n for n in names if n.endswith(".part")] == [] and len(names) < len(logs)
