"""Readings that say what the tests say (issue 35, item 3): homogeneity flagged in words, "k of n groups flagged"
against chance, streaks within shoes told from a difference between shoes, the Holm p read as "at most"."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from roads.analytics.theory import binomial_at_least
from roads.analytics.verdicts import Across


def results_archive(path: Path, shoes: int, coups: int, share: Any, seed: int, repeat: float | None = None) -> Path:
    """Write ``shoes`` result lines of ``coups`` coups: Banker with ``share(shoe)`` (ties 9.5%), each coup drawn
    afresh, or, with ``repeat``, the last winner again with that chance (a streaky table)."""
    rng = random.Random(seed)
    lines = []
    for number in range(1, shoes + 1):
        banker = share(number)
        out, last = [], ""
        for _ in range(coups):
            if rng.random() < 0.095:
                out.append("T")
            elif repeat is not None and last and rng.random() < repeat:
                out.append(last)
            else:
                last = "B" if rng.random() < banker / 0.905 else "P"
                out.append(last)
        lines.append(json.dumps({"shoe": number, "results": "".join(out)}) + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def stats_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "stats", *argv, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_a_heterogeneous_archive_reads_as_shoes_that_differ_not_as_streaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Shoes alternating 10 points of Banker share either way: the pooled lag-1 flags, the runs within shoes do
    not, homogeneity is flagged, and the sentence says the shoes differ, not that the coups run in streaks."""
    log = results_archive(tmp_path / "het.jsonl", 300, 80, lambda n: 0.4586 + (0.1 if n % 2 else -0.1), 7)
    data = stats_json(capsys, str(log), "--by", "shoe")
    total = data["total"]
    assert total["lag1"]["flag"] and total["lag1"]["z"] > 0 and not total["runs"]["flag"]
    assert "the shoes differ from one another" in total["order_reading"]
    homogeneity = total["homogeneity"]
    assert homogeneity["flag"] and homogeneity["p"] <= 0.01
    assert homogeneity["reading"].startswith("the groups differ in their Banker/Player/Tie shares")
    code, text, _ = run(capsys, "stats", str(log), "--by", "shoe")
    assert code == 0
    assert "on 598 dof" in text and "FLAG the groups differ" in text
    assert "   streaks or shoes: the lag-1 correlation pooled over the archive" in text


def test_a_fair_archive_has_no_streak_sentence_and_agreeing_groups(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = results_archive(tmp_path / "fair.jsonl", 100, 80, lambda n: 0.4586, 3)
    total = stats_json(capsys, str(log), "--by", "shoe")["total"]
    assert total["order_reading"] is None
    assert not total["homogeneity"]["flag"] and "agree with one another" in total["homogeneity"]["reading"]


def test_a_streaky_table_reads_as_streaks_within_shoes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = results_archive(tmp_path / "streaky.jsonl", 100, 80, lambda n: 0.4586, 5, repeat=0.25)
    total = stats_json(capsys, str(log))["total"]
    assert total["runs"]["flag"] and total["runs"]["z"] < 0 and total["lag1"]["flag"]
    assert "both stand out: streaks within shoes" in total["order_reading"]


@pytest.mark.parametrize(
    ("hits", "trials", "share"), [(0, 10, 0.01), (3, 200, 0.01), (10, 200, 0.01), (1, 1, 0.3), (7, 40, 0.2)]
)
def test_binomial_at_least_is_the_exact_tail(hits: int, trials: int, share: float) -> None:
    p = Fraction(share)
    exact = sum(comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(hits, trials + 1))
    assert binomial_at_least(hits, trials, share) == pytest.approx(float(exact), rel=1e-9, abs=1e-15)


def group(flagged: bool) -> dict[str, Any]:
    return {"meaningful": True, "flags": ["x"] if flagged else [], "counts": {"banker": 4, "player": 4, "tie": 1}}


@pytest.mark.parametrize(("flagged", "stands_out"), [(3, False), (10, True)])
def test_k_of_n_groups_flagged_is_tested_against_chance(flagged: int, stands_out: bool) -> None:
    """3 of 200 is what chance gives (p 0.32); 10 of 200 is not (p about 3e-5)."""
    seen = Across()
    for i in range(200):
        seen.add(group(i < flagged))
    said = seen.flagged_groups()
    assert said["p"] == pytest.approx(binomial_at_least(flagged, 200, 0.01), rel=1e-5)
    assert said["flag"] is stands_out and said["expected"] == 2
    assert said["reading"].startswith(f"{flagged} of 200 groups flagged: ")
    assert ("more than chance alone explains" in said["reading"]) is stands_out
