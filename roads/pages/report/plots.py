"""The report's plots of its tests: z-scores on one scale, shares on one scale, column depths on a log scale.

Rows of different figures are only comparable on one scale: a z-score dot
plot for the exact shares and the order tests (runs, lag-1), one share axis
for the derived roads' red shares and for the groups' Banker shares (the
forest plot), and the Big Road depths on a log axis, where 3% of columns
6 deep shows as plainly as 50% 1 deep.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...analytics.gathered import GroupSample, holm_line
from ...analytics.theory import SIM_DEPTHS, Z99
from ...scene import plot
from ...scene.primitives import Group, Item
from .style import (
    AXIS,
    BAND_LABEL,
    BAND_LABEL_SIZE,
    BAR_FILL,
    BAR_WHISKER,
    DASH,
    EXACT_BAND,
    EXPECTED,
    GRID,
    LABEL,
    LABEL_SIZE,
    OBSERVED,
    PAPER,
    SIM_BAND,
    SUB,
    SUB_SIZE,
    THRESHOLD,
    TICK,
    TICK_SIZE,
    WHISKER,
    W,
    chart,
    figure_name,
)

NAMES_AT = 10.0
"""Where a row's name starts: rows name themselves in a column left of the plot."""
PLOT_LEFT, PLOT_RIGHT = 166.0, W - 14.0
"""The plotted range of every row plot, right of the names."""
Z_REACH = 4.0
"""Half the z axis at least: a fair figure's z falls inside it 9,999 times in 10,000."""
Z_CAP = 10.0
"""Half the z axis at most; a z beyond it is drawn at the edge with its value written."""


@dataclass(frozen=True, slots=True)
class ZRow:
    """One row of a z-score plot: what it is, a line of detail, its z (None: not meaningful) and its flag."""

    key: str
    name: str
    detail: str
    z: float | None
    flag: bool | None


def _row_names(y0: float, name: str, detail: str) -> list[Item]:
    return [
        plot.label(NAMES_AT, y0 + 15, name, LABEL_SIZE, LABEL),
        plot.label(NAMES_AT, y0 + 30, detail, SUB_SIZE, SUB),
    ]


def _x_axis(at: Any, ticks: Sequence[tuple[float, str]], top: float, bottom: float, title: str) -> list[Item]:
    """Return the vertical gridlines at ``ticks`` (value, label), the axis under them and its title."""
    items: list[Item] = [plot.rule(at(v), top, at(v), bottom, GRID) for v, _ in ticks]
    items += plot.x_ticks([(at(v), name) for v, name in ticks], bottom, TICK, TICK_SIZE, AXIS)
    items.append(plot.rule(PLOT_LEFT, bottom, PLOT_RIGHT, bottom, AXIS))
    items.append(plot.label((NAMES_AT + PLOT_RIGHT) / 2, bottom + 34, title, SUB_SIZE, SUB, "middle"))
    return items


def z_dots(rows: Sequence[ZRow], *, tests: int, name: str, label: str) -> str:
    """Return a dot plot of the rows' z-scores on one axis, with the 1% band of one test and Holm's lines.

    The shaded band is |z| < 2.58, where a single test's two-sided p is over
    1%; the dashed lines are at :func:`holm_line` of ``tests``, where the most
    extreme test of the family is flagged (for a normal p: an exact binomial
    one is judged by its own p, which the tests table gives).
    """
    row, top = 36.0, 36.0
    seen = [abs(r.z) for r in rows if r.z is not None]
    reach = min(Z_CAP, max(Z_REACH, math.ceil(max(seen, default=0.0))))
    at = plot.Scale(-reach, reach, PLOT_LEFT, PLOT_RIGHT).at
    bottom = top + len(rows) * row
    step = 1.0 if reach <= 5 else 2.0
    ticks = [(v, f"{v:+g}".replace("-", "\u2212") if v else "0") for v in plot.ticks(-reach, reach, step)]
    items: list[Item] = [plot.band(at(-Z99), top, at(Z99) - at(-Z99), bottom - top, EXACT_BAND)]
    items += _x_axis(at, ticks, top, bottom, "z: standard deviations from the expectation")
    items.append(
        plot.label(at(0), top - 22, f"shaded: p over 1% alone (|z| < {Z99:.2f})", BAND_LABEL_SIZE, BAND_LABEL, "middle")
    )
    holm = holm_line(tests)
    if holm < reach:
        for side in (-1, 1):
            x = at(side * holm)
            items.append(plot.rule(x, top, x, bottom, THRESHOLD, 1.5))
        items.append(plot.label(at(holm), top - 6, f"Holm {holm:.2f}", TICK_SIZE, TICK, "middle"))
        items.append(plot.label(at(-holm), top - 6, f"\u2212{holm:.2f}", TICK_SIZE, TICK, "middle"))
    items.append(plot.rule(at(0), top, at(0), bottom, EXPECTED["exact"], 2.0))
    for i, r in enumerate(rows):
        y0 = top + i * row
        mid = y0 + row / 2
        parts = _row_names(y0, r.name, r.detail)
        if r.z is None:
            parts.append(plot.label(at(0) + 8, mid + 4, "n/m", TICK_SIZE, TICK))
        else:
            z = max(-reach, min(reach, r.z))
            parts.append(plot.rule(at(0), mid, at(z), mid, WHISKER, 2.0))
            parts.append(plot.point(at(z), mid, 4.5, OBSERVED, PAPER, 1.5))
            if z != r.z:  # off the axis: drawn at its edge, its value said
                x = at(z) - 8 if z > 0 else at(z) + 8
                parts.append(plot.label(x, mid - 7, f"z {r.z:+.1f}", TICK_SIZE, TICK, "end" if z > 0 else "start"))
        flag = " flagged" if r.flag else ""
        items.append(Group(tuple(parts), classes=f"row{flag}", data=(("figure", r.key),)))
    return chart(bottom + 42, items, label, name)


def _versus(test: Mapping[str, Any]) -> str:
    """Return "observed vs expected" of a share test, as percentages."""
    observed = DASH if test["observed"] is None else f"{100 * test['observed']:.2f}%"
    return f"{observed} vs {100 * test['expected']:.2f}%"


def share_rows(tests: Sequence[Mapping[str, Any]]) -> list[ZRow]:
    """Return the z rows of share tests: named in words, detailed by their observed and expected share."""
    rows = []
    for t in tests:
        star = "*" if t.get("p_method") == "binomial" else ""
        rows.append(ZRow(t["figure"], figure_name(t["figure"]), _versus(t) + star, t["z"], t["flag"]))
    return rows


def order_rows(group: Mapping[str, Any]) -> list[ZRow]:
    """Return the z rows of the runs test and the lag-1 correlation of a group."""
    runs, lag = group["runs"], group["lag1"]
    r = DASH if lag["r"] is None else f"{lag['r']:+.4f}".replace("-", "\u2212")
    return [
        ZRow("runs", "Runs", f"{runs['runs']:,} vs {runs['expected']:,.1f}", runs["z"], runs["flag"]),
        ZRow("lag1", "Lag-1 correlation", f"r {r}", lag["z"], lag["flag"]),
    ]


@dataclass(frozen=True, slots=True)
class ShareRow:
    """One row of a forest plot: a share and its 99% interval, against its own expectation or the plot's."""

    key: str
    name: str
    observed: float | None
    low: float | None
    high: float | None
    flag: bool | None
    detail: str = ""
    expected: float | None = None
    expected_low: float | None = None
    expected_high: float | None = None


def _share_axis(rows: Sequence[ShareRow], theory: float | None) -> tuple[float, float, float]:
    """Return (low, high, step): one share axis holding every row's interval and expectation."""
    values = [theory] if theory is not None else []
    for r in rows:
        values += [v for v in (r.observed, r.low, r.high, r.expected, r.expected_low, r.expected_high) if v is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    pad = max((hi - lo) * 0.05, 0.002)
    step = plot.nice_step(hi - lo + 2 * pad, 4)
    return max(0.0, math.floor((lo - pad) / step) * step), min(1.0, math.ceil((hi + pad) / step) * step), step


def forest(rows: Sequence[ShareRow], *, theory: float | None, title: str, name: str, label: str) -> str:
    """Return a forest plot: each row's share and 99% interval on one share axis.

    ``theory`` is one exact expectation for every row (a solid line the
    plot's height); otherwise each row has its own simulated expectation, a
    dashed mark in its own 99% band. Rows with a detail line are two lines tall.
    """
    row = 36.0 if any(r.detail for r in rows) else 22.0
    top = 24.0 if theory is not None else 8.0
    lo, hi, step = _share_axis(rows, theory)
    at = plot.Scale(lo, hi, PLOT_LEFT, PLOT_RIGHT).at
    bottom = top + max(len(rows), 1) * row
    ticks = [(v, plot.percent_label(v, step)) for v in plot.ticks(lo, hi, step)]
    items = _x_axis(at, ticks, top, bottom, title)
    if theory is not None:
        items.append(plot.rule(at(theory), top, at(theory), bottom, EXPECTED["exact"], 2.0))
        items.append(plot.label(at(theory), top - 8, f"theory {100 * theory:.2f}%", TICK_SIZE, TICK, "middle"))
    for i, r in enumerate(rows):
        y0 = top + i * row
        if r.detail:
            mid = y0 + row / 2
            parts = _row_names(y0, r.name, r.detail)
        else:
            mid = y0 + row / 2
            parts = [plot.label(NAMES_AT, mid + 5, r.name, LABEL_SIZE, LABEL)]
        if r.expected is not None:
            if r.expected_low is not None and r.expected_high is not None:
                a, b = at(r.expected_low), at(r.expected_high)
                parts.append(plot.band(a, mid - 9, max(b - a, 1.5), 18, SIM_BAND))
            e = at(r.expected)
            parts.append(plot.rule(e, mid - 9, e, mid + 9, EXPECTED["simulated"], 2.0))
        if r.observed is not None and r.low is not None and r.high is not None:
            parts += plot.interval(at(r.low), at(r.high), mid, WHISKER, cap=4.0)
            parts.append(plot.point(at(r.observed), mid, 4.5, OBSERVED, PAPER, 1.5))
        flag = " flagged" if r.flag else ""
        items.append(Group(tuple(parts), classes=f"row{flag}", data=(("figure", r.key),)))
    return chart(bottom + 42, items, label, name)


def simulated_rows(tests: Sequence[Mapping[str, Any]]) -> list[ShareRow]:
    """Return forest rows of simulated share tests, each against its own simulated expectation and band."""
    return [
        ShareRow(
            t["figure"],
            figure_name(t["figure"]),
            t["observed"],
            t["low"],
            t["high"],
            t["flag"],
            detail=_versus(t),
            expected=t["expected"],
            expected_low=t["expected_low"],
            expected_high=t["expected_high"],
        )
        for t in tests
    ]


def _log_ticks(low: float, high: float) -> list[float]:
    """Return the 1, 2, 5 times a power of ten from ``low`` to ``high``."""
    out = []
    for power in range(math.floor(math.log10(low)), 1):
        out += [m * 10.0**power for m in (1, 2, 5) if low - 1e-12 <= m * 10.0**power <= high + 1e-12]
    return [round(v, 10) for v in out]


def _log_floor(share: float) -> float:
    """Return the largest 1, 2 or 5 times a power of ten at or below ``share`` (0.1% at least)."""
    share = max(share, 0.001)
    power = 10.0 ** math.floor(math.log10(share) + 1e-12)
    return round(max(m * power for m in (1, 2, 5) if m * power <= share * (1 + 1e-9)), 10)


def depth_histogram(tests: Mapping[str, Mapping[str, Any]]) -> str:
    """Return the Big Road column-depth histogram on a log share axis: each side's observed shares, each against
    its simulated band (a log axis, so the 3% of columns 5 or 6+ deep show as plainly as the half 1 deep)."""
    left, right, bottom, top = 44.0, W - 8.0, 196.0, 14.0
    depth = [t for t in tests.values() if "_depth_" in t["figure"]]
    lows = [v for t in depth for v in (t["observed"], t["low"], t["expected_low"]) if v is not None and v > 0]
    lo, hi = _log_floor(min(lows, default=0.01) * 0.8), 1.0
    span = math.log10(hi) - math.log10(lo)

    def at(share: float) -> float:
        clamped = min(max(share, lo), hi)
        return bottom - (math.log10(clamped) - math.log10(lo)) / span * (bottom - top)

    grid = [(at(v), plot.percent_label(v, v)) for v in _log_ticks(lo, hi)]
    items = plot.y_grid(grid, left, right, GRID, TICK, TICK_SIZE)
    group = (right - left) / len(SIM_DEPTHS)
    width = group * 0.34
    for g, d in enumerate(SIM_DEPTHS):
        for j, side in enumerate(("banker", "player")):
            t = tests[f"{side}_depth_{d}"]
            x = left + g * group + group * 0.13 + j * (width + group * 0.06)
            high, low = at(t["expected_high"]), at(t["expected_low"])
            parts: list[Item] = []
            if t["observed"]:
                parts.append(plot.bar(x, width, at(t["observed"]), bottom, BAR_FILL[side]))
            parts += [
                plot.band(x - 3, high, width + 6, max(low - high, 1.5), SIM_BAND),
                plot.rule(x - 3, at(t["expected"]), x + width + 3, at(t["expected"]), EXPECTED["simulated"], 2.0),
            ]
            if t["low"] is not None and t["high"] is not None:
                parts += plot.interval(
                    at(t["low"]), at(t["high"]), x + width / 2, BAR_WHISKER, vertical=True, width=1.5
                )
            flag = " flagged" if t["flag"] else ""
            items.append(Group(tuple(parts), classes=f"bar {side}{flag}", data=(("figure", t["figure"]),)))
    items += plot.x_ticks(
        [(left + g * group + group / 2, str(d)) for g, d in enumerate(SIM_DEPTHS)], bottom, TICK, TICK_SIZE
    )
    items.append(plot.rule(left, bottom, right, bottom, AXIS))
    title = "column depth (coups in a row); shares on a log scale"
    items.append(plot.label((left + W) / 2, bottom + 32, title, SUB_SIZE, SUB, "middle"))
    return chart(bottom + 40, items, "Big Road column depths against the simulation, on a log scale", "depths")


KEY_CHARACTERS = 16
"""A group's name in the forest plot is cut to this many characters (the groups table has it whole)."""


def _short(key: str) -> str:
    """Return a group's name cut to what tells groups apart: its last part ("...shoe 17" of "a.jsonl, shoe 17")."""
    if len(key) <= KEY_CHARACTERS:
        return key
    last = key.rsplit(", ", 1)[-1]
    return "\u2026" + (last if len(last) < KEY_CHARACTERS else last[-(KEY_CHARACTERS - 1) :])


def group_forest(sample: GroupSample, by: str) -> str:
    """Return the forest plot of the sampled groups' Banker shares with their 99% Wilson intervals."""
    shown = sample.shown()
    rows = [ShareRow(m.key, _short(m.key), m.observed, m.low, m.high, m.flagged) for m in shown]
    theory = shown[0].expected if shown else None
    title = f"Banker share of each {by}'s coups, 99% interval"
    return forest(rows, theory=theory, title=title, name="groups", label=f"Banker share by {by}, with theory")
