"""The order of wins: the runs test and the lag-1 correlation, against an independent count of a hand-made archive."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import statistics
from pathlib import Path

import pytest
from helpers import run

SHOES = {
    "a": "BBPTPBBBPPBPTBPPBBBPBPPBTBPBBPPPBPBB",
    "b": "PPBBTPBPBBBPPTPBPBPBBPPPBBPTBBPBPPBP",
    "c": "BPT",
    "d": "TTB",
}
"""Four shoes: two long ones, one with a single pair of non-tie coups, one with a lone non-tie coup."""


def _archive(tmp_path: Path, shoes: dict[str, str]) -> Path:
    log = tmp_path / "order.jsonl"
    log.write_text("".join(json.dumps({"shoe": k, "results": v}) + "\n" for k, v in shoes.items()), encoding="utf-8")
    return log


def _by_hand(shoes: dict[str, str]) -> tuple[float, float, int]:
    """Return the pooled runs z, the pooled lag-1 r and its number of pairs, counted from the letters."""
    gap = variance = 0.0
    xs: list[int] = []
    ys: list[int] = []
    for letters in shoes.values():
        seq = [c for c in letters if c != "T"]
        n1, n2 = seq.count("B"), seq.count("P")
        n = n1 + n2
        if n < 2:
            continue
        runs = 1 + sum(a != b for a, b in itertools.pairwise(seq))
        gap += runs - (1 + 2 * n1 * n2 / n)
        variance += 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
        xs += [c == "B" for c in seq[:-1]]
        ys += [c == "B" for c in seq[1:]]
    return gap / math.sqrt(variance), statistics.correlation(xs, ys), len(xs)


def test_runs_and_lag1_match_an_independent_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    z, r, pairs = _by_hand(SHOES)
    code, out, _ = run(capsys, "stats", str(_archive(tmp_path, SHOES)), "--json")
    assert code == 0
    total = json.loads(out)["total"]
    runs, lag1 = total["runs"], total["lag1"]
    assert runs["z"] == pytest.approx(z, abs=1e-6) and runs["p"] == pytest.approx(
        math.erfc(abs(z) / math.sqrt(2)), rel=1e-5
    )
    assert lag1["pairs"] == pairs and lag1["r"] == pytest.approx(r, abs=1e-6)
    assert lag1["z"] == pytest.approx(r * math.sqrt(pairs), abs=1e-5)
    assert runs["alpha"] == lag1["alpha"] == 0.01 and runs["p_adjusted"] >= runs["p"]
    # a run of wins is a Big Road column; shoe d's lone non-tie coup makes one, but no sequence to test
    assert runs["runs"] == total["streaks"]["columns"] - 1


def test_runs_and_lag1_are_rows_of_the_csv_and_lines_of_the_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = _archive(tmp_path, SHOES)
    z, r, pairs = _by_hand(SHOES)
    code, out, _ = run(capsys, "stats", str(log), "--csv")
    rows = {row["figure"]: row for row in csv.DictReader(io.StringIO(out))}
    assert code == 0 and float(rows["runs"]["z"]) == pytest.approx(z, abs=1e-5)
    assert float(rows["lag1"]["observed"]) == pytest.approx(r, abs=1e-6) and rows["lag1"]["trials"] == str(pairs)
    code, text, _ = run(capsys, "stats", str(log))
    assert "   runs within shoes: " in text and f"lag1 pooled: correlation {r:+.4f} over {pairs} pairs" in text


def test_a_streaky_shoe_is_flagged_by_the_runs_test_with_a_reading(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "stats", str(_archive(tmp_path, {"s": "BBBBBBPPPPPP" * 6})), "--json")
    total = json.loads(out)["total"]
    assert code == 0 and total["runs"]["flag"] and total["runs"]["z"] < 0 and total["lag1"]["z"] > 0
    reading = next(line for line in total["flags"] if line.startswith("runs:"))
    assert "streakier than chance" in reading and "fair shoes" in reading


def test_too_few_wins_of_a_side_is_not_meaningful(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "stats", str(_archive(tmp_path, {"s": "BPBBPTBP"})), "--json")
    total = json.loads(out)["total"]
    assert code == 0 and total["runs"]["p"] is None and total["lag1"]["p"] is None
    assert total["runs"]["flag"] is None


def test_the_depth_omnibus_is_the_rao_scott_chi_square_by_hand() -> None:
    from roads.analytics.theory import chi_square_sf, depth_omnibus, red_omnibus

    shares = [(0.5, 0.002, 1.2), (0.25, 0.002, 1.1), (0.125, 0.001, 1.0), (0.0625, 0.001, 1.0)]
    shares += [(0.03125, 0.001, 1.0), (0.03125, 0.001, 1.3)]
    counts = [60, 20, 10, 6, 3, 1]  # 100 columns: 3.1 expected at 6+, merged into depth 5 (then 6.2, enough)
    cells = [(60, 0.5, 0.002, 1.2), (20, 0.25, 0.002, 1.1), (10, 0.125, 0.001, 1.0), (6, 0.0625, 0.001, 1.0)]
    cells.append((4, 0.0625, 0.001, 1.3))  # the merged cell keeps the larger se and deff
    chi = sum((k - 100 * s) ** 2 / (100 * s) for k, s, _, _ in cells)
    scale = sum(d + 100 * se * se / (s * (1 - s)) for _, s, se, d in cells) / 5
    test = depth_omnibus([(counts, shares), ([0] * 6, shares)])  # a side with no column adds nothing
    assert test.values == {"statistic": round(chi / scale, 6), "dof": 4}
    assert test.p == pytest.approx(chi_square_sf(chi / scale, 4))
    assert red_omnibus([0.2, None, 0.004]).p == pytest.approx(0.008)
    assert red_omnibus([None]).p is None
