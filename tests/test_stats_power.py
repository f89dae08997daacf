"""Power (issue 35, item 6): the smallest Banker-share shift an archive would flag at the flag level, in the total
and per group: an archive that far off is flagged, one half as far is not."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from helpers import run

from roads.analytics.theory import expected_shares

BANKER = expected_shares(8)["banker"]
TIE = expected_shares(8)["tie"]


def archive(path: Path, shoes: int, coups: int, banker: float, seed: int) -> Path:
    """Write ``shoes`` shoes of exactly round(coups x banker) Banker wins, the ties at their share, shuffled."""
    rng = random.Random(seed)
    lines = []
    for n in range(1, shoes + 1):
        b, t = round(coups * banker), round(coups * TIE)
        results = ["B"] * b + ["T"] * t + ["P"] * (coups - b - t)
        rng.shuffle(results)
        lines.append(json.dumps({"shoe": n, "results": "".join(results)}) + "\n")
    path.write_text("".join(lines))
    return path


def total(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "stats", str(path), "--json")
    assert code == 0, err
    return json.loads(out)["total"]  # type: ignore[no-any-return]


def test_the_power_figure_is_holms_first_step_plus_the_power_quantile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair = total(capsys, archive(tmp_path / "fair.jsonl", 100, 80, BANKER, 1))
    power = fair["power"]
    tests = power["tests"]
    z_a = NormalDist().inv_cdf(1 - 0.01 / (2 * tests))
    shift = (z_a + NormalDist().inv_cdf(0.8)) * math.sqrt(BANKER * (1 - BANKER) / 8000)
    assert tests >= 5 and power["power"] == 0.8
    assert power["banker_shift"] == pytest.approx(shift, abs=1e-6) and power["z"] == pytest.approx(z_a, abs=1e-6)


def test_an_archive_that_far_off_is_flagged_and_half_as_far_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shift = total(capsys, archive(tmp_path / "fair.jsonl", 100, 80, BANKER, 1))["power"]["banker_shift"]
    far = total(capsys, archive(tmp_path / "far.jsonl", 100, 80, BANKER + shift, 2))
    near = total(capsys, archive(tmp_path / "near.jsonl", 100, 80, BANKER + shift / 2, 3))
    banker = {
        name: next(t for t in d["tests"] if t["figure"] == "banker") for name, d in (("far", far), ("near", near))
    }
    assert banker["far"]["flag"] and not banker["near"]["flag"]


def test_each_group_has_its_own_power(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path / "fair.jsonl", 4, 80, BANKER, 4)
    code, out, _ = run(capsys, "stats", str(log), "--by", "shoe", "--json", "--detail")
    data = json.loads(out)
    shifts = [g["power"]["banker_shift"] for g in data["groups"]]
    assert code == 0 and len(set(shifts)) == 1 and shifts[0] > data["total"]["power"]["banker_shift"] * 1.9
    code, text, _ = run(capsys, "stats", str(log))
    assert "   power: a Banker share" in text and "would be flagged 80% of the time" in text
