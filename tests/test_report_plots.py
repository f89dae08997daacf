"""The report's pictures of its tests (issue 23): z-scores and shares on one axis, depths on a log axis, the
runs-test and homogeneity sections, and the forest plot of the groups' Banker shares."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from helpers import dealt_shoe_lines

from roads.analytics.gathered import FOREST_ROWS, GroupSample, family_size, holm_line
from roads.analytics.theory import SIM_DEPTHS, Z99
from roads.cli import main
from roads.pages.report.plots import ZRow, depth_histogram, group_forest, z_dots
from roads.pages.report.sections import homogeneity_section, order_reading, sample_note


def _number(text: str) -> float:
    """Return a tick label's value: a z, or a percentage as a share."""
    value = float(text.replace("\u2212", "-").rstrip("%"))
    return value / 100 if text.endswith("%") else value


def _rows(svg: str) -> dict[str, str]:
    """Return each row group of a plot by its data-figure."""
    return dict(re.findall(r'<g class="row[^"]*" data-figure="([^"]+)">(.*?)</g>', svg, re.S))


def _ticks(svg: str) -> list[tuple[float, float]]:
    """Return (x, value) of every tick label under a plot's x axis (the lowest row of numbers)."""
    found = re.findall(
        r'<text class="tick" text-anchor="middle" x="([\d.]+)" y="([\d.]+)">([\u2212+\-\d.]+%?)</text>', svg
    )
    lowest = max(float(y) for _, y, _ in found)
    return [(float(x), _number(v)) for x, y, v in found if float(y) == lowest]


def _axis(svg: str) -> Any:
    """Return the map from value to x that the plot's tick labels say (a straight line through two of them)."""
    (x0, v0), (x1, v1) = _ticks(svg)[0], _ticks(svg)[-1]
    return lambda v: x0 + (v - v0) * (x1 - x0) / (v1 - v0)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 dealt shoes with cards on three tables."""
    path = tmp_path_factory.mktemp("plots") / "shoes.jsonl"
    lines = dealt_shoe_lines(12, table=lambda seed: f"T{seed % 3 + 1}")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _stats(capsys: pytest.CaptureFixture[str], archive: Path, by: str) -> dict[str, Any]:
    assert main(["stats", str(archive), "--by", by, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _report(capsys: pytest.CaptureFixture[str], archive: Path, out: Path, *args: str) -> str:
    assert main(["report", str(archive), "-o", str(out), *args]) == 0
    capsys.readouterr()
    return out.read_text(encoding="utf-8")


# --- z-scores on one axis ---


def test_z_dots_put_every_row_on_one_axis_and_say_the_ones_off_it() -> None:
    rows = [ZRow(k, k, "", z, False) for k, z in (("a", -2.0), ("b", 0.5), ("c", 3.0), ("d", None), ("e", 25.0))]
    svg = z_dots(rows, tests=15, name="z", label="z")
    at = _axis(svg)
    drawn = _rows(svg)
    for key, z in (("a", -2.0), ("b", 0.5), ("c", 3.0)):
        cx = float(re.search(r'<circle class="observed" cx="([\d.]+)"', drawn[key]).group(1))  # type: ignore[union-attr]
        assert cx == pytest.approx(at(z), abs=0.01), key
    assert "<circle" not in drawn["d"] and ">n/m<" in drawn["d"]
    edge = float(re.search(r'cx="([\d.]+)"', drawn["e"]).group(1))  # type: ignore[union-attr]
    assert edge == pytest.approx(at(10.0), abs=0.01) and ">z +25.0<" in drawn["e"]  # at the cap, its value said


def test_holm_line_is_where_the_normal_p_is_alpha_over_the_family() -> None:
    for tests in (1, 2, 15):
        z = holm_line(tests)
        assert 2 * (1 - NormalDist().cdf(z)) == pytest.approx(0.01 / tests)
    assert holm_line(1) == pytest.approx(Z99)
    svg = z_dots([ZRow("a", "a", "", 0.0, False)], tests=15, name="z", label="z")
    at = _axis(svg)
    lines = sorted(float(x) for x in re.findall(r'<line class="threshold" x1="([\d.]+)"', svg))
    assert lines == pytest.approx([at(-holm_line(15)), at(holm_line(15))], abs=0.01)


def test_family_size_counts_the_tests_holm_adjusted(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    data = _stats(capsys, archive, "table")
    for group in [*data["groups"], data["total"]]:
        parts = [*group["tests"], group["chi_square"], group["chi_square_cards"]]
        parts += [group[n] for n in ("depths", "red_shares", "runs", "lag1")]
        adjusted = [t for t in parts if t is not None and t.get("p_adjusted") is not None]
        assert family_size(group) == len(adjusted) > 10


# --- the depths on a log scale ---


def test_depth_histogram_is_log_linear_so_the_deep_columns_show() -> None:
    def test(figure: str, share: float) -> dict[str, Any]:
        return {
            "figure": figure,
            "observed": share,
            "low": share * 0.8,
            "high": share * 1.2,
            "flag": False,
            "expected": share,
            "expected_low": share * 0.95,
            "expected_high": share * 1.05,
        }

    tests = {
        f"{s}_depth_{d}": test(f"{s}_depth_{d}", 0.5 / 2**i)
        for i, d in enumerate(SIM_DEPTHS)
        for s in ("banker", "player")
    }
    svg = depth_histogram(tests)
    heights = []
    for d in SIM_DEPTHS:
        bar = re.search(rf'data-figure="banker_depth_{re.escape(d)}">\s*<rect class="fill" height="([\d.]+)"', svg)
        assert bar is not None, d
        heights.append(float(bar.group(1)))
    steps = [a - b for a, b in itertools.pairwise(heights)]
    assert steps == pytest.approx([steps[0]] * 5, abs=0.02)  # each halving the same drop: a log axis
    # 1.6% of columns 6+ deep against 50% 1 deep: a thirty-second of its bar on a linear axis, far more here
    assert heights[-1] / heights[0] > 3 * (0.5 / 32) / 0.5


# --- the groups ---


def _group(key: str, banker: int, coups: int, flagged: bool = False) -> dict[str, Any]:
    share = banker / coups
    return {
        "key": key,
        "flags": ["banker: ..."] if flagged else [],
        "tests": [{"figure": "banker", "observed": share, "low": share - 0.1, "high": share + 0.1, "expected": 0.4586}],
    }


def test_group_sample_shows_every_flagged_group_and_the_same_sample_whatever_the_order() -> None:
    rng = random.Random(23)
    groups = [_group(f"shoe {i}", rng.randint(25, 50), 80, flagged=i % 70 == 3) for i in range(500)]
    sample = GroupSample.of(groups)
    shown = sample.shown()
    assert len(shown) == FOREST_ROWS and len(sample._sample) <= FOREST_ROWS
    flagged = {g["key"] for g in groups if g["flags"]}
    assert flagged <= {m.key for m in shown} and sample.flagged_count == len(flagged) == 8
    assert [m.index for m in shown] == sorted(m.index for m in shown)  # in the archive's order
    shuffled = groups[:]
    rng.shuffle(shuffled)
    assert {m.key for m in GroupSample.of(shuffled).shown()} == {m.key for m in shown}
    note = sample_note(sample, "shoe")
    assert "the 8 flagged" in note and f"32 of the {500 - 8} others" in note
    many = GroupSample.of([_group(f"shoe {i}", 40, 80, flagged=True) for i in range(60)])
    assert [m.key for m in many.shown()] == [f"shoe {i}" for i in range(FOREST_ROWS)]
    assert "the first 40 of the 60 flagged" in sample_note(many, "shoe")
    assert sample_note(GroupSample.of(groups[:12]), "shoe") == ""  # all shown: nothing to say


def _wilson(hits: int, n: int, z: float = Z99) -> tuple[float, float]:
    """The Wilson score interval, computed here from its formula."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_the_forest_plot_draws_each_groups_wilson_interval_against_theory(
    capsys: pytest.CaptureFixture[str], archive: Path
) -> None:
    data = _stats(capsys, archive, "table")
    svg = group_forest(GroupSample.of(data["groups"]), "table")
    at = _axis(svg)
    drawn = _rows(svg)
    assert set(drawn) == {"T1", "T2", "T3"}
    for g in data["groups"]:
        low, high = _wilson(g["counts"]["banker"], g["coups"])
        whisker = re.search(r'<line class="whisker" x1="([\d.]+)" x2="([\d.]+)"', drawn[g["key"]])
        assert whisker is not None
        assert (float(whisker.group(1)), float(whisker.group(2))) == pytest.approx((at(low), at(high)), abs=0.05)
    theory = re.search(r'<line class="expected exact" x1="([\d.]+)"', svg)
    assert theory is not None and float(theory.group(1)) == pytest.approx(
        at(data["total"]["tests"][0]["expected"]), abs=0.05
    )


def test_the_homogeneity_section_says_what_stats_says(
    capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path
) -> None:
    data = _stats(capsys, archive, "table")
    page = _report(capsys, archive, tmp_path / "r.html", "--by", "table")
    section = re.search(r'<section id="homogeneity">.*?</section>', page, re.S)
    assert section is not None
    h, flagged = data["total"]["homogeneity"], data["flagged_groups"]
    text = section.group(0)
    assert f"Chi-square {h['statistic']:.2f} on {h['dof']} degrees of freedom, p {h['p']:.3g}" in text
    assert f"{flagged['count']} of 3 table groups flagged" in text and f"about {flagged['expected']:g} would be" in text
    assert set(_rows(text)) == {"T1", "T2", "T3"} and 'data-plot="groups"' in text
    # grouped by shoe, the groups stream: the plot is drawn from what the page kept of each
    by_shoe = _report(capsys, archive, tmp_path / "s.html", "--by", "shoe")
    rows = _rows(re.search(r'data-plot="groups".*?</svg>', by_shoe, re.S).group(0))  # type: ignore[union-attr]
    assert len(rows) == 12
    # one group, or none: no section
    assert '<section id="homogeneity">' not in _report(capsys, archive, tmp_path / "t.html")


def test_homogeneity_words_for_too_few_results() -> None:
    data = {
        "flagged_groups": {"count": 0, "expected": 0.02},
        "total": {"homogeneity": {"statistic": None, "dof": 0, "p": None}},
    }
    text = homogeneity_section(data, GroupSample.of([_group("a", 1, 2), _group("b", 1, 2)]), "date", 2)
    assert "0 of 2 date groups flagged" in text and "Too few groups or results" in text


# --- the runs section ---


def test_the_runs_section_reads_the_order_tests(
    capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path
) -> None:
    total = _stats(capsys, archive, "table")["total"]
    page = _report(capsys, archive, tmp_path / "r.html")
    section = re.search(r'<section id="runs">.*?</section>', page, re.S)
    assert section is not None
    runs, lag = total["runs"], total["lag1"]
    text = section.group(0).replace("\u2212", "-")
    assert f"{runs['runs']:,} runs of Banker and Player against {runs['expected']:,.1f} expected" in text
    assert f"z {runs['z']:+.2f}, p {runs['p']:.3g}" in text and f"z {lag['z']:+.2f}, p {lag['p']:.3g}" in text
    assert f"r {lag['r']:+.4f}" in text and set(_rows(text)) == {"runs", "lag1"}

    def test(z: float | None, flag: bool | None) -> dict[str, Any]:
        return {"z": z, "p": None if z is None else 0.001, "p_adjusted": 0.004, "flag": flag}

    assert "streakier than chance</strong>: flagged" in order_reading(test(-4.0, True), "runs")
    assert "at most 1 in 250 fair archives" in order_reading(test(-4.0, True), "runs")
    assert "streakier than chance</strong>" in order_reading(test(4.0, True), "lag1")
    assert "choppier than one test alone" in order_reading(test(3.0, False), "runs")
    assert "no sign of streaks or chop" in order_reading(test(-1.0, False), "runs")
    assert "not meaningful" in order_reading(test(None, None), "lag1")


# --- snapshots of the new plots (SVG text; the page's style sheet paints them) ---


@pytest.mark.parametrize("plot", ["shares", "runs", "depths", "derived", "groups"])
def test_snapshot_report_plots(plot: str, capsys: pytest.CaptureFixture[str], archive: Path, snapshot_svg: Any) -> None:
    from roads.pages.report.plots import forest, order_rows, share_rows, simulated_rows

    data = _stats(capsys, archive, "table")
    total = data["total"]
    tests = total["tests"]
    svgs = {
        "shares": lambda: z_dots(
            share_rows([t for t in tests if t["source"] == "exact"]), tests=family_size(total), name="s", label="s"
        ),
        "runs": lambda: z_dots(order_rows(total), tests=family_size(total), name="runs", label="r"),
        "depths": lambda: depth_histogram({t["figure"]: t for t in tests}),
        "derived": lambda: forest(
            simulated_rows([t for t in tests if t["figure"].endswith("_red")]),
            theory=None,
            title="t",
            name="d",
            label="d",
        ),
        "groups": lambda: group_forest(GroupSample.of(data["groups"]), "table"),
    }
    assert svgs[plot]() == snapshot_svg


def test_a_long_group_name_keeps_what_tells_groups_apart() -> None:
    from roads.pages.report.plots import _short

    assert _short("T1") == "T1"
    assert _short("archive-2026-03.jsonl, shoe 17") == "\u2026shoe 17"
    assert _short("a-very-long-table-name-indeed") == "\u2026ble-name-indeed"


def test_the_theme_reaches_the_plots(capsys: pytest.CaptureFixture[str], archive: Path, tmp_path: Path) -> None:
    """``--theme dark`` paints the page and its plots with the dark board's colours; classic follows the reader."""
    from roads.scene.themes import THEMES

    dark = _report(capsys, archive, tmp_path / "dark.html", "--theme", "dark")
    classic = _report(capsys, archive, tmp_path / "classic.html")
    first = dark[dark.index("<style>") : dark.index("}", dark.index("<style>"))]
    assert f"--red: {THEMES['dark'].banker};" in first and f"--paper: {THEMES['dark'].background};" in first
    assert "prefers-color-scheme" not in dark
    first = classic[classic.index("<style>") : classic.index("}", classic.index("<style>"))]
    assert f"--red: {THEMES['classic'].banker};" in first and "prefers-color-scheme: dark" in classic
    # the plots are painted by those variables: a Banker bar's class is filled with --red
    assert 'class="bar banker fill"' in dark and ".chart rect.bar.banker.fill { fill: var(--red);" in dark
