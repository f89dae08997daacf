"""``roads stats --by shoe --json`` scales (issue 35, item 7): the per-test detail only for the shoes that stand
out (or with ``--detail``), so 200,000 one-coup shoes write at most 100 MB (they wrote 2.16 GB)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import run

from roads.cli.output.stats import COMPACT_KEYS
from roads.shoe import deal_shoe


def results_lines(path: Path, shoes: list[str]) -> Path:
    """Write one JSON Lines shoe a results string."""
    path.write_text("".join(json.dumps({"shoe": n, "results": r}) + "\n" for n, r in enumerate(shoes, 1)))
    return path


def test_only_the_shoes_that_stand_out_keep_their_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shoe 2 is 70 Banker wins of 80: flagged, it keeps every test; the fair shoes are one line of counts."""
    fair = ["".join(c.outcome().winner.letter for c in deal_shoe(8, seed=s).coups) for s in (1, 2)]
    log = results_lines(tmp_path / "three.jsonl", [fair[0], "B" * 70 + "P" * 10, fair[1]])
    code, out, err = run(capsys, "stats", str(log), "--by", "shoe", "--json")
    assert code == 0, err
    data = json.loads(out)
    first, flagged, third = data["groups"]
    assert flagged["flags"] and "tests" in flagged and "detail" not in flagged
    for group in (first, third):
        assert list(group) == [*COMPACT_KEYS, "detail"] and group["detail"] is False and group["flags"] == []
    assert data["total"]["tests"] and data["flagged_groups"]["count"] == 1  # the total and the counting unchanged
    lines = out.splitlines()
    assert sum(1 for line in lines if '"detail": false' in line) == 2  # each compact shoe is one line
    code, every, _ = run(capsys, "stats", str(log), "--by", "shoe", "--json", "--detail")
    detailed = json.loads(every)
    assert code == 0 and all("tests" in g and "detail" not in g for g in detailed["groups"])
    assert {k: detailed["groups"][0][k] for k in COMPACT_KEYS} == {k: first[k] for k in COMPACT_KEYS}


def test_other_groupings_keep_every_test(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "t.csv"
    log.write_text(
        "shoe,coup,result,table\n" + "".join(f"{s},{c},{'BP'[c % 2]},t{s}\n" for s in (1, 2) for c in (1, 2))
    )
    code, out, _ = run(capsys, "stats", str(log), "--by", "table", "--json")
    assert code == 0 and all("tests" in g for g in json.loads(out)["groups"])


@pytest.mark.slow
def test_200000_one_coup_shoes_write_at_most_100_mb(tmp_path: Path) -> None:
    """Issue 35's archive: 200,000 one-coup shoes, --by shoe --json; the size is asserted, the time printed."""
    archive = tmp_path / "one.jsonl"
    with archive.open("w") as out:
        for n in range(1, 200_001):
            out.write(f'{{"shoe": {n}, "results": "{"BPT"[n % 3]}"}}\n')
    written = tmp_path / "out.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    start = time.monotonic()
    with written.open("wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "roads", "stats", str(archive), "--by", "shoe", "--json"],
            stdout=out,
            stderr=subprocess.PIPE,
            env=env,
            check=False,
        )
    took = time.monotonic() - start
    size = written.stat().st_size
    print(f"\n200,000 one-coup shoes, --by shoe --json: {size / 1e6:.1f} MB in {took:.0f} s")
    assert done.returncode == 0, done.stderr
    assert size <= 100_000_000
    with written.open(encoding="utf-8") as text:
        data = json.load(text)
    assert len(data["groups"]) == 200_000 and data["total"]["coups"] == 200_000
