"""Drift over shoes (issue 23, item 4): the cumulative Banker share, its band, the CUSUM and its decision limit."""

from __future__ import annotations

import csv
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from helpers import dealt_shoe_lines

from roads.analytics.drift import (
    BAND,
    K,
    ShoeCount,
    Shoes,
    banker_chance,
    crossing_chance,
    decision_limit,
    drift,
)
from roads.analytics.theory import ALPHA, expected_shares
from roads.cli import main
from roads.outcome import Winner
from roads.shoe import deal_shoe
from roads.simulate import dealt_winners


def test_cusum_and_band_of_a_hand_made_archive() -> None:
    # p = 1/2 so every figure is worked out by hand: z = (b - n/2) / sqrt(n/4) = (2b - n) / sqrt(n).
    shoes = [ShoeCount("a", None, 30, 10), ShoeCount("b", None, 20, 20), ShoeCount("c", None, 5, 20)]
    shoes += [ShoeCount("d", None, 0, 0), ShoeCount("e", None, 2, 14)]
    found = drift(shoes, 0.5, h=2.5)
    z = [20 / math.sqrt(40), 0.0, -15 / 5, None, -12 / 4]
    up = [z[0] - 0.5, z[0] - 1.0, 0.0, 0.0, 0.0]
    down = [0.0, 0.0, 2.5, 2.5, 5.0]
    # the cumulative share and its band: 3 standard deviations of the cumulative count over the decisions
    cumulative = [(30, 40), (50, 80), (55, 105), (55, 105), (57, 121)]
    for row, zi, ui, di, (b, n) in zip(found.rows, z, up, down, cumulative, strict=True):
        assert row.z == (None if zi is None else pytest.approx(zi))
        assert (row.up, row.down) == (pytest.approx(ui), pytest.approx(di))
        assert (row.cumulative_banker, row.cumulative_decisions, row.share) == (b, n, b / n)
        half = 3 * math.sqrt(0.25 / n)
        assert (row.low, row.high) == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    # up crosses 2.5 at the first shoe (2.66); down reaches 2.5 at c, not above it, and crosses at e (5.0).
    assert [(r.shoe, r.signal) for r in found.rows] == [
        ("a", "up"),
        ("b", None),
        ("c", None),
        ("d", None),
        ("e", "down"),
    ]
    assert found.about()["signals"] == [
        {"order": 1, "shoe": "a", "side": "up"},
        {"order": 5, "shoe": "e", "side": "down"},
    ]
    assert found.k == K == 0.5 and BAND == 3.0


def test_the_expected_share_leaves_ties_out() -> None:
    shares = expected_shares(8)
    assert banker_chance(8) == pytest.approx(shares["banker"] / (shares["banker"] + shares["player"]))
    assert 0.506 < banker_chance(8) < 0.507


def test_the_decision_limit_matches_a_monte_carlo_of_normal_steps() -> None:
    """Brook and Evans' chain against 20,000 simulated CUSUMs of standard normal steps, at a testable chance."""
    rng = np.random.default_rng(23)
    for shoes, alpha in ((30, 0.2), (120, 0.1)):
        h = decision_limit(shoes, alpha)
        up = np.zeros(20_000)
        crossed = np.zeros(20_000, dtype=bool)
        for step in rng.standard_normal((shoes, 20_000)):
            up = np.maximum(0.0, up + step - K)
            crossed |= up > h
        chance = crossing_chance(h, shoes)
        assert chance <= alpha / 2 + 1e-9
        sd = math.sqrt(chance * (1 - chance) / 20_000)
        assert abs(crossed.mean() - chance) < 4 * sd + 0.003, (shoes, h, crossed.mean(), chance)
    # longer archives need a higher h for the same false-alarm chance
    assert decision_limit(50) < decision_limit(200) < decision_limit(1000)


def test_shoes_go_by_date_when_every_shoe_has_one() -> None:
    kept = Shoes()
    for name, date in (("x", "2026-03-02"), ("y", "2026-03-01T10:00"), ("z", "2026-03-01 09:00")):
        kept.add(name, date, 1, 1)
    ordered, order = kept.ordered()
    assert order == "date" and [s.shoe for s in ordered] == ["z", "y", "x"]
    kept.add("w", None, 1, 1)
    ordered, order = kept.ordered()
    assert order == "archive" and [s.shoe for s in ordered] == ["x", "y", "z", "w"]


def _fair_archive(seed: int, shoes: int) -> list[ShoeCount]:
    """Return dealt shoes' Banker and Player counts (roads.simulate's stream (seed, 8))."""
    out = []
    for i, winners in enumerate(dealt_winners(8, shoes, seed, 16, 500)):
        out.append(ShoeCount(str(i), None, winners.count(0), winners.count(1)))
    return out


def test_fair_archives_do_not_flag_above_the_level() -> None:
    """Calibration, small: 40 fair archives of 60 dealt shoes; scripts/calibrate_drift.py runs the large one."""
    flagged = sum(bool(drift(_fair_archive(9000 + a, 60), banker_chance(8)).signals) for a in range(40))
    # 1% of 40 is 0.4: three or more flags would happen by chance less than 1 time in 100
    assert flagged <= 2


def test_a_drifting_archive_is_flagged_where_it_drifts() -> None:
    chance = random.Random(5)
    p = banker_chance(8)
    shoes = []
    for i in range(200):
        lean = p + (0.06 if i >= 100 else 0.0)  # the Banker share rises by 6 points at shoe 101
        banker = sum(chance.random() < lean for _ in range(75))
        shoes.append(ShoeCount(str(i), None, banker, 75 - banker))
    found = drift(shoes, p)
    assert found.signals and found.signals[0].signal == "up" and found.signals[0].order > 100


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """30 dealt shoes, dated backwards: the drift's order is the dates', not the archive's."""
    path = tmp_path_factory.mktemp("drift") / "shoes.jsonl"
    lines = dealt_shoe_lines(30, date=lambda seed: f"2026-03-{30 - seed:02d}")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_stats_drift_json_follows_the_dates(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(archive), "--drift", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)["drift"]
    assert doc["order"] == "date" and doc["shoes"] == 30 and doc["h"] == decision_limit(30)
    assert [r["date"] for r in doc["rows"]] == sorted(r["date"] for r in doc["rows"])
    assert doc["rows"][0]["shoe"].endswith("shoe 29")
    assert (doc["k"], doc["alpha"], doc["basis"]) == (K, ALPHA, "banker among non-tie coups")
    coups = [deal_shoe(8, seed=s).coups for s in reversed(range(30))]
    banker = [sum(c.outcome().winner is Winner.BANKER for c in shoe) for shoe in coups]
    assert [r["banker"] for r in doc["rows"]] == banker
    assert doc["rows"][-1]["cumulative_banker"] == sum(banker)


def test_stats_drift_csv_and_text_hold_a_row_a_shoe(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(archive), "--drift", "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("order,shoe,date,banker,decisions,z,") and len(rows) == 31
    # each row holds the JSON row's values under the same names
    assert main(["stats", str(archive), "--drift", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["drift"]["rows"][0]
    read = next(csv.DictReader(rows))
    assert read["shoe"] == first["shoe"] and int(read["cumulative_banker"]) == first["cumulative_banker"]
    assert float(read["cusum_down"]) == first["cusum_down"] and read["date"] == first["date"]
    assert main(["stats", str(archive), "--drift"]) == 0
    text = capsys.readouterr().out
    assert "30 shoes in date order" in text and f"h {decision_limit(30):g}" in text
    assert "no drift stands out" in text


def test_stats_drift_refuses_a_grouping(archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(archive), "--drift", "--by", "table"]) == 2
    assert "--drift follows the archive shoe by shoe" in capsys.readouterr().err


def test_the_report_section_names_where_the_cusum_crosses() -> None:
    from roads.pages.report.laws import drift_section

    p = banker_chance(8)
    shoes = [ShoeCount(f"s{i}", None, 45 if i >= 20 else 38, 30 if i >= 20 else 37) for i in range(40)]
    found = drift(shoes, p)
    html = drift_section(found)
    first = found.signals[0]
    assert first.signal == "up" and 20 < first.order < 40
    assert "The CUSUM crosses h" in html and f"s{first.order - 1} (shoe {first.order}, Banker high)" in html
    # the crossing is marked on the CUSUM plot, at its shoe
    assert f'data-shoe="{first.order}"' in html.split('data-plot="cusum"')[1]
    calm = drift_section(drift(_fair_archive(9100, 30), p))
    assert "No drift stands out" in calm and "data-shoe" not in calm
