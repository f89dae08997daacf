"""Regression: `roads build mixed.jsonl --per-shoe` and `roads render mixed.jsonl -d out/` stopped at a bad line 2.

Shoe 3 was never built or drawn. Now the bad shoe is one located line and the
rest still come out, with a summary and exit status 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.cli import main

MIXED = '{"shoe": 1, "results": "BPPB"}\n{"shoe": 2, "results": "BPQ"}\n{"shoe": 3, "results": "PPBT"}\n'


def test_regression_build_and_render_go_on_past_a_bad_shoe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "mixed.jsonl"
    log.write_text(MIXED)
    assert main(["build", str(log), "--per-shoe"]) == 1
    out, err = capsys.readouterr()
    assert [line.split(":")[0] for line in out.splitlines()] == ["1", "3", "2 shoes, 8 coups"]
    assert err.splitlines()[0].startswith(f"roads: error: {log}, shoe 2, line 2, coup 3:")
    assert err.splitlines()[-1] == "2 of 3 shoes built (1 failed: see above)"
    assert main(["render", str(log), "-d", str(tmp_path / "out"), "-j", "1"]) == 1
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["1.svg", "3.svg"]
