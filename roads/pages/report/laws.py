"""The report's drift and per-shoe sections: the cumulative Banker share and its CUSUM, the per-shoe laws, a P-P plot.

Each section is one function of what :class:`Seen` kept of every shoe and
the page's data; ``roads report`` hands what :func:`sections` returns to
``roads.pages.report.page.write_report`` as extra sections. The
figures come from roads.analytics.drift and roads.analytics.pershoe; the
plots from the same parts and inks (roads.pages.report.style) as the
page's other plots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...analytics.drift import BAND, Drift, archive_drift, banker_chance
from ...analytics.gathered import Seen
from ...analytics.pershoe import LAW_NAMES, Fit, fits
from ...scene import plot
from ...scene.primitives import Group, Item, Polygon, Polyline
from .sections import section
from .style import (
    AXIS,
    BAND_LABEL,
    BAND_LABEL_SIZE,
    DOWN,
    EXACT_BAND,
    EXPECTED,
    GRID,
    LAW_BAR,
    LIMIT,
    PAPER,
    REFERENCE,
    SERIES,
    SIGNAL,
    SUB,
    SUB_SIZE,
    TICK,
    TICK_SIZE,
    UP,
    W,
    chart,
)

POINTS = 500
"""Most points a plotted series holds: a longer archive is drawn through every n-th shoe (and its last)."""
LAW_AXES = {"ties": "ties in a shoe", "pairs": "pairs in a shoe", "longest_column": "a shoe's longest Big Road column"}
KS99 = 1.6276
"""The asymptotic 99% point of Kolmogorov's statistic sqrt(n) D: the P-P plot's band is +-KS99 / sqrt(n)."""


def sections(seen: Seen, data: dict[str, Any]) -> list[str]:
    """Return the page's drift, per-shoe laws and per-shoe p-value sections (none for an archive of no shoes)."""
    if not len(seen.shoes):
        return []
    decks = data["decks"]
    return [
        drift_section(archive_drift(seen.shoes, decks)),
        laws_section(fits(seen.laws.counts, decks)),
        pvalues_section(seen.laws.p_values(banker_chance(decks))),
    ]


def _thinned(count: int) -> list[int]:
    """Return the indices of a series of ``count`` to draw: every n-th, and the last."""
    step = max(1, math.ceil(count / POINTS))
    keep = list(range(0, count, step))
    return keep if keep[-1] == count - 1 else [*keep, count - 1]


def _shoe_axis(count: int, left: float, right: float) -> plot.Scale:
    return plot.Scale(1.0, max(2.0, float(count)), left, right)


def _shoe_ticks(count: int, x: plot.Scale, bottom: float) -> list[Item]:
    step = max(1.0, plot.nice_step(max(count - 1, 1), 5))
    columns = [(x.at(v), plot.tick_label(v, step)) for v in plot.ticks(step, max(count, 2), step) if v <= count]
    return plot.x_ticks(
        [(x.at(1), "1"), *columns] if not columns or columns[0][1] != "1" else columns, bottom, TICK, TICK_SIZE
    )


def drift_plot(found: Drift) -> str:
    """Return the cumulative Banker share shoe by shoe against the exact share, inside its +-3 sigma band."""
    left, right, top, bottom = 48.0, W - 12.0, 22.0, 190.0
    rows = found.rows
    e = found.expected
    x = _shoe_axis(len(rows), left, right)
    # The band is as wide as a shoe at the start: the scale follows the path after its first twentieth.
    settled = [r for r in rows[len(rows) // 20 :] if r.share is not None]
    span = max([abs((r.share or e) - e) for r in settled] + [(r.high or e) - e for r in settled[:1]] + [0.005])
    step = plot.nice_step(2 * span * 1.15, 4)
    lo, hi = math.floor((e - span * 1.15) / step) * step, math.ceil((e + span * 1.15) / step) * step
    y = plot.Scale(lo, hi, bottom, top)

    def at(value: float) -> float:
        return y.at(min(hi, max(lo, value)))

    keep = [i for i in _thinned(len(rows)) if rows[i].share is not None]
    upper = [(x.at(rows[i].order), at(rows[i].high or e)) for i in keep]
    lower = [(x.at(rows[i].order), at(rows[i].low or e)) for i in reversed(keep)]
    items: list[Item] = [Polygon(tuple(upper + lower), fill=EXACT_BAND.colour, classes=EXACT_BAND.classes)]
    items += plot.y_grid(
        [(y.at(v), plot.percent_label(v, step)) for v in plot.ticks(lo, hi, step)], left, right, GRID, TICK, TICK_SIZE
    )
    items.append(plot.rule(left, y.at(e), right, y.at(e), EXPECTED["exact"], 2.0))
    items.append(
        Polyline(tuple((x.at(rows[i].order), at(rows[i].share or e)) for i in keep), SERIES.colour, 2.0, SERIES.classes)
    )
    items.append(
        plot.label(left + 4, top - 6, f"{BAND:g}\u03c3 band of the cumulative count", BAND_LABEL_SIZE, BAND_LABEL)
    )
    items.append(plot.rule(left, bottom, right, bottom, AXIS))
    words = f"shoes in {'date' if found.order == 'date' else 'archive'} order; cumulative Banker share"
    return _shoe_chart(
        items, len(rows), x, bottom, words, "Cumulative Banker share of non-tie coups, shoe by shoe", "drift"
    )


def _shoe_chart(items: list[Item], shoes: int, x: plot.Scale, bottom: float, words: str, title: str, name: str) -> str:
    """Return a plot over the shoes: ``items`` with the shoe ticks and the axis ``words`` under them, as a chart."""
    items += _shoe_ticks(shoes, x, bottom)
    items.append(plot.label((x.start + x.end) / 2, bottom + 32, words, SUB_SIZE, SUB, "middle"))
    return chart(bottom + 40, items, title, name)


def cusum_plot(found: Drift) -> str:
    """Return the two CUSUMs shoe by shoe (up above the line, down below it) against their decision limit h."""
    left, right, top, bottom = 48.0, W - 12.0, 14.0, 190.0
    rows = found.rows
    x = _shoe_axis(len(rows), left, right)
    most = max([found.h * 1.15] + [max(r.up, r.down) for r in rows])
    step = plot.nice_step(2 * most, 5)
    ceiling = math.ceil(most / step) * step
    y = plot.Scale(-ceiling, ceiling, bottom, top)
    grid = [(y.at(v), plot.tick_label(abs(v), step)) for v in plot.ticks(-ceiling, ceiling, step)]
    items: list[Item] = plot.y_grid(grid, left, right, GRID, TICK, TICK_SIZE)
    for sign in (1, -1):
        items.append(plot.rule(left, y.at(sign * found.h), right, y.at(sign * found.h), LIMIT, 1.5))
    items.append(plot.label(right, y.at(found.h) - 5, f"h = {found.h:g}", BAND_LABEL_SIZE, SIGNAL, "end"))
    keep = _thinned(len(rows))
    items.append(Polyline(tuple((x.at(rows[i].order), y.at(rows[i].up)) for i in keep), UP.colour, 1.5, UP.classes))
    items.append(
        Polyline(tuple((x.at(rows[i].order), y.at(-rows[i].down)) for i in keep), DOWN.colour, 1.5, DOWN.classes)
    )
    for r in found.signals:
        value = r.up if r.signal == "up" else -r.down
        items.append(
            Group((plot.point(x.at(r.order), y.at(value), 4.5, SIGNAL, PAPER, 1.5),), data=(("shoe", str(r.order)),))
        )
    items.append(plot.label(left + 4, y.at(found.h) + 16, "up: Banker high", SUB_SIZE, SUB))
    items.append(plot.label(left + 4, y.at(-found.h) - 7, "down: Banker low", SUB_SIZE, SUB))
    items.append(plot.rule(left, y.at(0), right, y.at(0), AXIS))
    words = f"shoes; CUSUM of standardised Banker counts, k {found.k:g}"
    return _shoe_chart(
        items, len(rows), x, bottom, words, "CUSUM of the Banker count against its decision limit", "cusum"
    )


def law_plot(found: Fit) -> str:
    """Return one law: the archive's share of shoes at each count (bars) against the dealt shoes' (dots)."""
    left, right, top, bottom = 44.0, W - 10.0, 14.0, 176.0
    shoes, dealt = sum(found.observed.values()), sum(found.reference.values())
    values = [
        v
        for v in sorted(set(found.observed) | set(found.reference))
        if found.observed.get(v) or found.reference.get(v, 0) / dealt >= 0.001
    ]
    first, last = values[0], values[-1]
    x = plot.Scale(first - 0.5, last + 0.5, left, right)
    width = (right - left) / (last - first + 1)
    shares = {v: (found.observed.get(v, 0) / shoes, found.reference.get(v, 0) / dealt) for v in range(first, last + 1)}
    highest = max(max(pair) for pair in shares.values())
    step = plot.nice_step(highest, 4)
    ceiling = math.ceil(highest / step) * step
    y = plot.Scale(0.0, ceiling, bottom, top)
    items: list[Item] = plot.y_grid(
        [(y.at(v), plot.percent_label(v, step)) for v in plot.ticks(0.0, ceiling, step)],
        left,
        right,
        GRID,
        TICK,
        TICK_SIZE,
    )
    for v, (share, expected) in shares.items():
        parts: list[Item] = []
        if share:
            parts.append(plot.bar(x.at(v) - width * 0.38, width * 0.76, y.at(share), bottom, LAW_BAR))
        if expected:
            parts.append(plot.point(x.at(v), y.at(expected), min(4.0, width * 0.3), REFERENCE, PAPER, 1.0))
        if parts:
            items.append(Group(tuple(parts), data=(("value", str(v)),)))
    items.append(plot.rule(left, bottom, right, bottom, AXIS))
    x_step = max(1.0, plot.nice_step(last - first + 1, 8))
    items += plot.x_ticks(
        [(x.at(v), plot.tick_label(v, 1)) for v in plot.ticks(first, last, x_step)], bottom, TICK, TICK_SIZE
    )
    words = f"{LAW_AXES[found.law]} (share of shoes)"
    items.append(plot.label((left + right) / 2, bottom + 32, words, SUB_SIZE, SUB, "middle"))
    return chart(bottom + 40, items, f"{LAW_NAMES[found.law]}: the archive against dealt shoes", f"law-{found.law}")


def pp_plot(p_values: Sequence[float]) -> str:
    """Return the P-P plot of the shoes' p-values: the i-th smallest against i / (n + 1), with a 99% band."""
    left, right, top = 48.0, W - 60.0, 12.0
    bottom = top + (right - left)
    n = len(p_values)
    x = plot.Scale(0.0, 1.0, left, right)
    y = plot.Scale(0.0, 1.0, bottom, top)
    d = min(1.0, KS99 / math.sqrt(n))
    corners = ((0, 0), (d, 0), (1, 1 - d), (1, 1), (1 - d, 1), (0, d))
    items: list[Item] = [
        Polygon(tuple((x.at(a), y.at(b)) for a, b in corners), fill=EXACT_BAND.colour, classes=EXACT_BAND.classes)
    ]
    grid = [(y.at(v), plot.tick_label(v, 0.01)) for v in plot.ticks(0.0, 1.0, 0.25)]
    items += plot.y_grid(grid, left, right, GRID, TICK, TICK_SIZE)
    items.append(plot.rule(x.at(0), y.at(0), x.at(1), y.at(1), EXPECTED["exact"], 1.5))
    keep = _thinned(n)
    points = tuple((x.at((i + 1) / (n + 1)), y.at(p_values[i])) for i in keep)
    items.append(Polyline(points, SERIES.colour, 2.0, SERIES.classes))
    items.append(plot.rule(left, bottom, right, bottom, AXIS))
    items += plot.x_ticks(
        [(x.at(v), plot.tick_label(v, 0.01)) for v in plot.ticks(0.0, 1.0, 0.25)], bottom, TICK, TICK_SIZE
    )
    items.append(plot.label(x.at(0.02), y.at(0.97), "99% band", BAND_LABEL_SIZE, BAND_LABEL))
    words = "uniform quantile i / (n + 1); shoe p-values, sorted"
    items.append(plot.label((left + right) / 2, bottom + 32, words, SUB_SIZE, SUB, "middle"))
    return chart(bottom + 40, items, "P-P plot of the shoes' Banker p-values against the uniform", "pp")


def drift_section(found: Drift) -> str:
    """Return the drift section: what the two plots show, where the CUSUM crossed h, and the plots."""
    return section("drift", found, drift_plot(found), cusum_plot(found))


def laws_section(found: Sequence[Fit]) -> str:
    """Return the per-shoe laws section: a plot and a chi-square line for each law with shoes to count."""
    plots = [law_plot(f) if f.observed else None for f in found]
    return section("laws", found, plots)


def pvalues_section(p_values: Sequence[float]) -> str:
    """Return the section of the shoes' own p-values against the uniform (none without a shoe of decisions)."""
    if not p_values:
        return ""
    n = len(p_values)
    widest = max(abs(p - (i + 1) / (n + 1)) for i, p in enumerate(p_values))
    return section("pvalues", n, widest, min(1.0, KS99 / math.sqrt(n)), pp_plot(p_values))
