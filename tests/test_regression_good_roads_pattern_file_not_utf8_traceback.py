"""Regression: a pattern file that is not UTF-8 (or is a device) gave a traceback instead of one located line."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from roads.shoe import deal_shoe


@pytest.mark.parametrize("content", [b'[x]\ncolumns = ["B\xff9"]\n', b"\xfe\xff\x00["])
def test_a_pattern_file_that_is_not_utf8_is_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("".join(c.outcome().winner.value[0].upper() + "\n" for c in deal_shoe(8, seed=4).coups[:30]))
    patterns = tmp_path / "p.toml"
    patterns.write_bytes(content)
    status, _, err = run(capsys, "explain", str(log), f"--good-roads={patterns}")
    assert status == 1
    assert err.startswith(f"roads: error: {patterns}") and "not UTF-8" in err and err.count("\n") == 1, err
