"""A second `stats --dask local` at once warned "Port 8787 is already in use" (issue 24 item 13).

The local cluster's scheduler runs an HTTP server even with no dashboard,
on port 8787 unless told otherwise; with that port taken (another run, a
notebook's cluster) distributed printed a four-line UserWarning. Now the
server takes a free port and standard error stays empty.
"""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path

import pytest
from peak_memory import command

pytestmark = pytest.mark.slow  # a local Dask cluster starts and stops


def test_regression_dask_second_run_warned_port_in_use(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "a.jsonl"
    log.write_text("".join(f'{{"shoe": "{n}", "results": "BPPBTB"}}\n' for n in range(20)), encoding="utf-8")
    with socket.socket() as taken:
        try:
            taken.bind(("", 8787))
            taken.listen()
        except OSError:
            pass  # something on this machine holds 8787 already: the same case
        done = subprocess.run(
            command(["stats", str(log), "--dask", "local", "-j", "1"]), capture_output=True, timeout=300, check=False
        )
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().splitlines() == []
    assert b"Total: 20 shoes" in done.stdout
