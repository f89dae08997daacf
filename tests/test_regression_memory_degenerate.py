"""Memory is bounded by what the input says, not by its bytes (issue 11, defects 1-5).

Each degenerate input is given at 1 MB and at 32 MB to a real ``roads``
process; its peak memory must not grow with the size. On v0.1.0, 10 MB of
blank lines took 1.75 GB, a 2 GB first line 1.98 GB, 2,000 metadata keys of
1 MB 2 GB, and ``odds --after``/``lesson`` read (and held) every coup before
refusing the shoe.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from peak_memory import MB, run_peak, write_input

pytestmark = pytest.mark.slow

SMALL, LARGE = 1 * MB, 32 * MB

GROWTH_MB = 12.0
"""Most the peak may grow from the 1 MB input to the 32 MB one: a leak of even 0.4 bytes a byte fails."""

READERS = {
    # The fast path (outcome batches) and the exact path (entries, the audit), each with the format detected.
    "build": ["build", "{log}"],
    "check": ["check", "{log}"],
}
# What each command checks while it reads: the shoe, the page's coup cap, the picture's size.
WHILE_READING = {
    "odds --after": ["odds", "--after", "{log}"],
    "lesson": ["lesson", "{log}", "-o", "{out}/page.html"],
    "render": ["render", "{log}", "-o", "{out}/board.svg"],
}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("degenerate")


def _growth(inputs: Path, tmp_path: Path, kind: str, args: list[str]) -> tuple[float, float, str]:
    peaks = []
    errors = []
    for size in (SMALL, LARGE):
        log = write_input(inputs, kind, size)
        run = run_peak([a.format(log=log, out=tmp_path) for a in args])
        assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr, run.stderr[-2000:]
        assert run.status in (0, 1), run.stderr
        peaks.append(run.peak_mb)
        errors.append(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "")
    return peaks[0], peaks[1], errors[1]


@pytest.mark.parametrize("command", sorted(READERS))
@pytest.mark.parametrize("kind", ["blank lines", "whitespace", "comments", "long number", "many keys", "one long line"])
def test_input_that_says_nothing_costs_no_memory(inputs: Path, tmp_path: Path, kind: str, command: str) -> None:
    small, large, error = _growth(inputs, tmp_path, kind, READERS[command])
    assert large - small < GROWTH_MB, f"{kind}: {small:.0f} MB at 1 MB, {large:.0f} MB at 32 MB ({error})"


@pytest.mark.parametrize("fmt", ["results", "cards", "stream", "json", "jsonl"])
def test_blank_lines_cost_no_memory_with_a_format_given(inputs: Path, tmp_path: Path, fmt: str) -> None:
    small, large, error = _growth(inputs, tmp_path, "blank lines", ["build", "--from", fmt, "{log}"])
    assert large - small < GROWTH_MB, f"{fmt}: {small:.0f} MB at 1 MB, {large:.0f} MB at 32 MB ({error})"
    assert "no coups" in error


@pytest.mark.parametrize("command", sorted(WHILE_READING))
def test_a_late_error_is_not_read_to(inputs: Path, tmp_path: Path, command: str) -> None:
    small, large, error = _growth(inputs, tmp_path, "late error", WHILE_READING[command])
    assert large - small < GROWTH_MB, f"{command}: {small:.0f} MB at 1 MB, {large:.0f} MB at 32 MB ({error})"
    assert error.startswith("roads: error:")
