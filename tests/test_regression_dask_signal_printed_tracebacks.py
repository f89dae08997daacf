"""A signal during ``stats --dask local`` printed distributed's tracebacks (issue 24 item 13).

Ctrl-C while the local cluster was starting left the half-made cluster to
distributed's exit hook, which printed an ``AssertionError: Status.init``
traceback; later, a graceful close waited 2.5-3.4 s for the workers. Now an
interrupt kills the cluster's workers at once: one ``roads:`` line, the
signal's exit status, no worker left behind.
"""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest
from peak_memory import command

pytestmark = pytest.mark.slow  # a local Dask cluster of two processes starts


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(p) for p in (task / "children").read_text().split()}
        except OSError:
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.parametrize(
    ("moment", "sig", "said", "status"),
    [
        ("while the cluster starts", "SIGTERM", "roads: stopped by SIGTERM", 143),
        ("while it counts", "SIGINT", "roads: aborted", 130),
    ],
)
def test_regression_dask_signal_printed_tracebacks(
    tmp_path: Path, sig: str, said: str, status: int, moment: str
) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "a.jsonl"
    log.write_text("".join(f'{{"shoe": "{n}", "results": "{"BPPBTB" * 12}"}}\n' for n in range(20_000)))
    child = subprocess.Popen(
        command(["stats", str(log), "--dask", "local", "-j", "2"]), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and child.poll() is None:
        workers = _children(child.pid)
        if moment == "while the cluster starts" and workers:
            break  # the first worker process is up: the cluster is being made
        if moment == "while it counts" and len(workers) >= 2:
            time.sleep(1.0)  # both workers up, the scheduler handing them blocks
            workers = _children(child.pid)
            break
        time.sleep(0.02)
    assert child.poll() is None, "the count ended before the signal: give it a longer archive"
    child.send_signal(getattr(signal, sig))
    _, err = child.communicate(timeout=30)
    lines = err.decode().splitlines()
    assert child.returncode == status, lines
    assert lines == [said], lines  # no WARNING, no traceback from distributed's exit hook
    time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)], "a worker process outlived the run"
