"""Across groups: how many are flagged against how many chance would flag, and whether they share one distribution."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import pytest
from helpers import run

TABLES = {
    "t1": "BBPBTPBBPBPPBBTBPBBPBBPTBBPB",
    "t2": "PPBPTPPBPPBTPPBPPTPBPPBPPBPP",
    "t3": "BPTBPTBPBPTBPBPBTPBPBPBTBPBP",
}


def _archive(tmp_path: Path) -> Path:
    log = tmp_path / "tables.jsonl"
    lines = [json.dumps({"shoe": i, "table": t, "results": r}) for i, (t, r) in enumerate(TABLES.items(), 1)]
    lines.append(json.dumps({"shoe": 9, "table": "t1", "results": "BPBPT"}))
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log


def _by_hand() -> tuple[float, int, float]:
    """Pearson's chi-square of the tables x {B, P, T} counts, with E = row total x column total / N."""
    rows: dict[str, list[int]] = {}
    for table, results in [*TABLES.items(), ("t1", "BPBPT")]:
        row = rows.setdefault(table, [0, 0, 0])
        for i, letter in enumerate("BPT"):
            row[i] += results.count(letter)
    columns = [sum(r[j] for r in rows.values()) for j in range(3)]
    n = sum(columns)
    statistic = sum(
        (r[j] - sum(r) * columns[j] / n) ** 2 / (sum(r) * columns[j] / n) for r in rows.values() for j in range(3)
    )
    dof = 2 * (len(rows) - 1)
    half = statistic / 2  # an even dof: the chi-square tail is a Poisson sum
    p = math.exp(-half) * sum(half**i / math.factorial(i) for i in range(dof // 2))
    return statistic, dof, p


def test_homogeneity_matches_an_independent_chi_square(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    statistic, dof, p = _by_hand()
    code, out, _ = run(capsys, "stats", str(_archive(tmp_path)), "--by", "table", "--json")
    assert code == 0
    data = json.loads(out)
    homogeneity = data["total"]["homogeneity"]
    assert homogeneity["dof"] == dof == 4
    assert homogeneity["statistic"] == pytest.approx(statistic, abs=1e-6)
    assert homogeneity["p"] == pytest.approx(p, rel=1e-5)
    assert list(data) == ["decks", "simulation", "groups", "flagged_groups", "total"]


def test_flagged_groups_count_against_chance(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _archive(tmp_path)
    code, out, _ = run(capsys, "stats", str(log), "--by", "shoe", "--json")
    data = json.loads(out)
    meaningful = sum(1 for g in data["groups"] if g["meaningful"])
    flagged = sum(1 for g in data["groups"] if g["flags"])
    said = data["flagged_groups"]
    assert code == 0 and {k: said[k] for k in ("count", "expected")} == {
        "count": flagged,
        "expected": pytest.approx(0.01 * meaningful),
    }
    assert meaningful == 3  # the 5-coup shoe has no meaningful test
    code, out, _ = run(capsys, "stats", str(log), "--by", "table", "--json")
    tables = json.loads(out)["flagged_groups"]
    code, text, _ = run(capsys, "stats", str(log), "--by", "table")
    assert code == 0 and f"== Groups: {tables['count']} of 3 flagged; about 0.03 would be by chance alone" in text
    assert "homogeneity of Banker/Player/Tie across the groups: chi-square" in text
    code, out, _ = run(capsys, "stats", str(log), "--by", "table", "--csv")
    row = next(r for r in csv.DictReader(io.StringIO(out)) if r["figure"] == "homogeneity")
    assert row["group"] == "total" and row["dof"] == "4"


def test_one_group_or_none_has_no_homogeneity(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _archive(tmp_path)
    code, out, _ = run(capsys, "stats", str(log), "--json")
    data = json.loads(out)
    assert code == 0 and data["total"]["homogeneity"] is None
    assert data["flagged_groups"] == {"count": 0, "expected": 0, "p": 1, "flag": False, "reading": "no group flagged"}
    code, text, _ = run(capsys, "stats", str(log))
    assert "== Groups" not in text


@pytest.mark.parametrize("by", ["table", "shoe"])
def test_the_report_says_the_groups_together_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, by: str
) -> None:
    log = _archive(tmp_path)
    code, out, _ = run(capsys, "stats", str(log), "--by", by, "--json")
    data = json.loads(out)
    page = tmp_path / "report.html"
    code, _, _ = run(capsys, "report", str(log), "--by", by, "-o", str(page))
    text = page.read_text(encoding="utf-8")
    groups = len(data["groups"])
    flagged = data["flagged_groups"]
    said = f"{flagged['count']} of {groups} {by} groups flagged; about {flagged['expected']:g}"
    assert code == 0 and said in text
    assert f"Chi-square {data['total']['homogeneity']['statistic']:.2f} on {2 * (groups - 1)} degrees" in text
