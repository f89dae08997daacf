"""`-j` is capped at cores x 4, with one line saying so (issue 24 item 13).

`-j 40` started 40 workers (1.45 GB) and `stats --dask local -j 1000` printed
23,062 lines with 1,071 tracebacks: the option had no upper bound. The cap is
one function (`roads.pool.worker_count`), used by every `-j` and by the Python
entry points, so a new command with `-j` gets it too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run

from roads.pool import WORKERS_PER_CORE, max_workers, worker_count

CAP = WORKERS_PER_CORE * (os.cpu_count() or 1)


def test_the_cap_is_four_processes_a_core() -> None:
    assert max_workers() == CAP
    assert worker_count(None) == (os.cpu_count() or 1, None)
    assert worker_count(CAP) == (CAP, None)
    workers, note = worker_count(1000)
    assert workers == CAP and note is not None and f"running {CAP}" in note and "-j 1000" in note


@pytest.mark.parametrize("command", ["render", "stats"])
def test_a_huge_j_runs_capped_and_says_so_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shoes = tmp_path / "year.jsonl"
    shoes.write_text("".join(f'{{"shoe": "{n}", "results": "BPPBTB"}}\n' for n in range(4)))
    argv = [command, str(shoes), "-j", "1000"]
    if command == "render":
        argv += ["-d", str(tmp_path / "out")]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines == [f"roads: warning: -j 1000 is more than 4 processes a core: running {CAP} "
                     f"({os.cpu_count() or 1} cores x 4)"], err  # fmt: skip
