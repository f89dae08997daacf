"""A signal during ``roads convert -o`` leaves the old output as it was (issue 24, item 2).

On 6f90dd1 SIGINT after 4 s on a 60,000-shoe archive exited 130 "roads:
aborted" yet replaced the old output with the 15,106 shoes converted so far
(SIGTERM: 8,775): a ``finally`` committed the atomic write on the way out. The
output was also held whole in memory; now it streams to a temporary file
beside the target, renamed over it only when the command has read every log.
"""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest
from peak_memory import command

from roads.files import temp_files

OLD = "the old output, which must survive\n"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("archive") / "big.jsonl"
    with path.open("w") as out:
        for n in range(60_000):
            out.write(f'{{"shoe": {n}, "results": "{"BPPBTBBPBPPPBBPT" * 4}"}}\n')
    return path


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_during_convert_keeps_the_old_output(
    archive: Path, tmp_path: Path, sig: signal.Signals, status: int
) -> None:
    target = tmp_path / "out.csv"
    target.write_text(OLD)
    run = subprocess.Popen(
        command(["convert", str(archive), "--to", "csv", "-o", str(target)]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 4
        # Wait until the conversion is well under way: its temporary file holds some rows (or 4 s have passed).
        while time.monotonic() < deadline and not any(p.stat().st_size > 100_000 for p in temp_files(target)):
            assert run.poll() is None, run.communicate()
            time.sleep(0.02)
        run.send_signal(sig)
        _, err = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == status, err
    assert target.read_text() == OLD
    assert not list(temp_files(target)), "the temporary file must go with the stop"
