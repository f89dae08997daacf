"""The one plot module: its tick maths, and that every chart and report plot draws its axes with it."""

from __future__ import annotations

import re

import pytest

from roads.analytics.gathered import share_counts
from roads.analytics.theory import SIM_DEPTHS
from roads.bets.edge_chart import edge_chart
from roads.odds.chance_chart import chart
from roads.pages.report import style as report_style
from roads.pages.report.page import spread
from roads.pages.report.plots import ShareRow, depth_histogram, forest
from roads.render.svg import page_svg, scene_svg
from roads.scene import plot
from roads.scene.primitives import Group, Line, Scene, Text, walk
from roads.scene.themes import THEMES


@pytest.mark.parametrize(
    ("span", "target", "step"),
    [(10, 6, 2), (60, 6, 10), (1, 4, 0.5), (0.3, 5, 0.1), (0.6, 5, 0.2), (100, 5, 20), (7, 7, 1), (0.004, 4, 0.001)],
)
def test_nice_step_is_one_two_or_five_times_a_power_of_ten(span: float, target: int, step: float) -> None:
    assert plot.nice_step(span, target) == pytest.approx(step)


@pytest.mark.parametrize(
    ("value", "step", "text"),
    [
        (45.5, 0.5, "45.5"),
        (40.0, 10, "40"),
        (0.25, 0.05, "0.25"),
        (-2.5, 0.5, "-2.5"),
        (-40.0, 20, "-40"),
        (3.0, 100 * 0.001, "3.0"),  # 0.09999...: one decimal, not two
    ],
)
def test_tick_label_has_the_decimals_its_step_needs(value: float, step: float, text: str) -> None:
    assert plot.tick_label(value, step) == text


def test_percent_label_reads_a_share_as_a_percentage() -> None:
    assert plot.percent_label(0.45, 0.1) == "45%"
    assert plot.percent_label(0.025, 0.005) == "2.5%"
    assert plot.percent_label(-0.02, 0.01) == "-2%"


def test_ticks_are_exact_multiples_across_zero_and_below_it() -> None:
    assert plot.ticks(0, 0.6, 0.2) == [0.0, 0.2, 0.4, 0.6]  # not 0.6000000000000001, and 0.6 kept
    assert plot.ticks(-0.3, 0.1, 0.1) == [-0.3, -0.2, -0.1, 0.0, 0.1]
    assert plot.ticks(-7, -1, 2) == [-6, -4, -2]
    assert plot.ticks(0.05, 0.05, 0.1) == []


def test_fit_rounds_outward_to_whole_steps() -> None:
    assert plot.fit([-3.2, 1.1]) == (-4, 2, 1)
    low, high, step = plot.fit([45.25, 45.3])  # a flat series still gets a span of at least 1
    assert (low, high, step) == pytest.approx((45.2, 45.4, 0.2))
    assert plot.fit([5.0, 5.0]) == pytest.approx((5.0, 5.2, 0.2))


def test_scale_maps_values_to_coordinates_either_way_up() -> None:
    up = plot.Scale(0.0, 0.5, 200.0, 20.0)
    assert (up.at(0.0), up.at(0.25), up.at(0.5)) == (200.0, 110.0, 20.0)
    assert plot.Scale(-1.0, 1.0, 10.0, 30.0).at(0.0) == 20.0


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _share_test(figure: str, source: str = "exact") -> dict[str, object]:
    return {
        "figure": figure,
        "source": source,
        "expected": 0.45,
        "expected_low": 0.44,
        "expected_high": 0.46,
        "low": 0.40,
        "high": 0.50,
        "observed": 0.45,
        "flag": False,
    }


def test_every_chart_and_report_plot_labels_its_ticks_through_the_plot_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plot, "tick_label", lambda value, step: f"T{value:g}")
    odds = chart([0.45, 0.46], [0.44, 0.45])
    edges = edge_chart({"tie": [0.14, -0.02]}, "edges")
    for scene in (odds, edges):
        grid = next(i for i in scene.items if isinstance(i, Group) and i.id == "grid")
        labels = [s.text for s in walk(grid.items) if isinstance(s, Text)]
        assert labels and all(t.startswith("T") for t in labels)
    depths = {
        f"{side}_depth_{d}": {**_share_test(f"{side}_depth_{d}", "simulated"), "observed": 0.2}
        for d in SIM_DEPTHS
        for side in ("banker", "player")
    }
    assert {"T10%", "T20%", "T50%", "T100%"} <= set(_texts(depth_histogram(depths)))
    shoes = [{"counts": {"banker": b}, "coups": 10} for b in (4, 4, 5)]
    assert {"T0", "T1", "T2"} <= set(_texts(spread(share_counts(shoes), 0.4586)))
    row = ShareRow("banker", "Banker", 0.45, 0.40, 0.50, False)
    ends = re.findall(
        r'<text class="tick"[^>]*>([^<]*)</text>', forest([row], theory=0.45, title="t", name="s", label="S")
    )
    shares = [t for t in ends if t.endswith("%") and not t.startswith("theory")]
    assert len(shares) >= 3 and all(t.startswith("T") for t in shares)


def test_the_depth_histogram_ticks_one_two_and_five_in_each_decade_of_its_log_scale() -> None:
    # Depth shares from 50% down to 1.5%: the axis runs from 1% to 100%, 1, 2 and 5 in each decade.
    depths = {
        f"{side}_depth_{d}": {**_share_test(f"{side}_depth_{d}", "simulated"), "observed": 0.5 / 2 ** min(i, 5)}
        for i, d in enumerate(SIM_DEPTHS)
        for side in ("banker", "player")
    }
    report = [t for t in _texts(depth_histogram(depths)) if t.endswith("%")]
    assert report == ["1%", "2%", "5%", "10%", "20%", "50%", "100%"]


def test_a_page_plot_has_classes_and_data_and_leaves_the_paint_to_the_page() -> None:
    scene = Scene(
        100.0,
        50.0,
        "#ffffff",
        (),
        (
            Group(
                (
                    plot.rule(0, 1, 2, 3, plot.Ink("#123456", "axis")),
                    plot.label(1, 2, "a<b", 12, plot.Ink("#000", "tick")),
                ),
                classes="row",
                data=(("figure", "banker"),),
            ),
        ),
        'Shares "all"',
        "",
        "sans-serif",
    )
    svg = page_svg(scene, data=(("plot", "shares"),))
    assert svg.startswith('<svg aria-label="Shares &quot;all&quot;" class="chart" data-plot="shares" role="img"')
    assert '<g class="row" data-figure="banker">' in svg
    assert '<line class="axis" x1="0" x2="2" y1="1" y2="3" />' in svg
    assert '<text class="tick" x="1" y="2">a&lt;b</text>' in svg
    assert not re.search(r"\b(fill|stroke|style|font-size|id)=", svg)
    # the same scene as a picture of its own is painted with the inks' colours
    painted = scene_svg(scene, ids="")
    assert 'class="axis"' in painted and 'stroke="#123456"' in painted


def test_an_unclassed_line_is_written_as_before() -> None:
    scene = Scene(10.0, 10.0, "#ffffff", (), (Line(0, 0, 1, 1, "#000000", 1.0),), "t", "", "sans-serif")
    assert '<line stroke="#000000" stroke-linecap="round" stroke-width="1" x1="0" x2="1" y1="0" y2="1" />' in scene_svg(
        scene, ids=""
    )


def test_report_plot_sizes_and_colours_match_its_style_sheet() -> None:
    from importlib import resources

    css = resources.files("roads").joinpath("data", "report.css").read_text(encoding="utf-8")
    sizes = {
        "label": report_style.LABEL_SIZE,
        "sub": report_style.SUB_SIZE,
        "tick": report_style.TICK_SIZE,
        "band-label": report_style.BAND_LABEL_SIZE,
    }
    # .chart text is 14px; the others name their own size
    assert re.search(r"\.chart text \{[^}]*font-size: 14px", css) and sizes["label"] == 14
    for name in ("sub", "tick", "band-label"):
        found = re.search(rf"\.chart \.{name} \{{[^}}]*font-size: (\d+)px", css)
        assert found and float(found.group(1)) == sizes[name], name
    # the page's colours are its theme's, and a plot painted without the page takes the classic theme's
    classic = THEMES["classic"]
    screen = report_style.palette_css("classic").split("}")[0]
    for var, field in report_style.PAGE_COLOURS:
        assert f"--{var}: {getattr(classic, field)};" in screen, var
        assert f"--{var}:" not in css, var  # the style sheet names no colour of its own
    assert report_style.BAR_FILL["banker"].colour == report_style.SHOE_BAR.colour == classic.banker
    assert (report_style.GRID.colour, report_style.LABEL.colour) == (classic.grid, classic.text)
