"""`stats --dask local` keeps Dask's own log lines off the terminal unless --verbose (issue 24 item 13).

A local cluster closing printed distributed's heartbeat tracebacks and
"Worker process still alive after 4.0 seconds, killing" once per worker
(`-j 1000`: 23,062 lines with 1,071 tracebacks). Now standard error holds only
roads' own lines: here the one that says -j was capped.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from peak_memory import command

pytestmark = pytest.mark.slow  # a local Dask cluster of several processes starts and stops


def test_a_local_cluster_prints_only_roads_lines(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "a.jsonl"
    log.write_text("".join(f'{{"shoe": "{n}", "results": "BPPBTB"}}\n' for n in range(20)), encoding="utf-8")
    done = subprocess.run(
        command(["stats", str(log), "--dask", "local", "-j", "1000"]), capture_output=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("roads: warning: -j 1000 is more than 4 processes a core"), lines
    assert b"Total: 20 shoes" in done.stdout
