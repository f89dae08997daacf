"""The archive report: one self-contained HTML page of ``roads stats``'s data, with plots drawn here as SVG.

The page is the ``report.html`` template (on ``base.html``, which owns the
document and its head), its sections the macros of ``report_sections.html``,
streamed a part at a time to the writer. It needs nothing but itself: the
style sheet is inline (allowed by its hash in the page's
Content-Security-Policy), the plots are inline SVG drawn by the functions
below, the tables download as ``data:`` links read from their spools as the
page is written. Same data, same bytes: nothing in it depends on the clock or
the machine.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib import resources
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from ...analytics.gathered import GroupSample, LeftOut, ShoeSummary, Spool, family_size
from ...analytics.theory import Z99
from ...scene import plot
from ...scene.primitives import Group, Item
from ...version import __version__
from ..csp import Policy
from ..jinja import environment
from .plots import depth_histogram, forest, share_rows, simulated_rows, z_dots
from .sections import WORDS, pct, section
from .style import (
    AXIS,
    BAND_LABEL,
    BAND_LABEL_SIZE,
    EXACT_BAND,
    EXPECTED,
    GRID,
    SHOE_BAR,
    SUB,
    SUB_SIZE,
    TICK,
    TICK_SIZE,
    W,
    chart,
    palette_css,
)


def spread(shares: Mapping[tuple[int, int], int], expected: float) -> str:
    """Return the histogram of each shoe's Banker share, with the band 99% of shoes of the usual length fall in.

    ``shares`` counts the shoes of each (Banker wins, coups) pair (:func:`roads.analytics.gathered.share_counts`).
    """
    pairs = sorted((coups, banker, n) for (banker, coups), n in shares.items() if coups and n)
    total = sum(n for _, _, n in pairs)
    typical, seen = 1, 0
    for coups, _, n in pairs:  # the median length, shoe by shoe
        seen += n
        if seen > total // 2:
            typical = coups
            break
    half = Z99 * math.sqrt(expected * (1 - expected) / typical)
    band = (max(0.0, expected - half), min(1.0, expected + half))
    width = 0.025
    values = [banker / coups for coups, banker, _ in pairs]
    lo = min([*values, band[0]])
    hi = max([*values, band[1]])
    first = float(math.floor(lo / width) * width)
    bins = max(1, math.ceil((hi - first) / width + 1e-9))
    counts = [0] * bins
    for (_, _, n), v in zip(pairs, values, strict=True):
        counts[min(bins - 1, int((v - first) / width + 1e-9))] += n
    left, right, bottom, top = 40.0, W - 10.0, 176.0, 20.0
    span = bins * width
    x = plot.Scale(first, first + span, left, right).at
    # Whole shoes: a step of counts is at least 1, and the top gridline is at or above the highest bar.
    cmax = max(counts) or 1
    step = max(1.0, plot.nice_step(cmax, 4))
    ceiling = math.ceil(cmax / step) * step
    y = plot.Scale(0.0, ceiling, bottom, top).at
    items: list[Item] = [
        plot.band(x(band[0]), top, x(band[1]) - x(band[0]), bottom - top, EXACT_BAND),
        plot.label(x(band[0]) + 4, top - 3, f"99% of fair {typical}-coup shoes", BAND_LABEL_SIZE, BAND_LABEL),
    ]
    items += plot.y_grid(
        [(y(v), plot.tick_label(v, step)) for v in plot.ticks(0.0, ceiling, step)], left, right, GRID, TICK, TICK_SIZE
    )
    for i, n in enumerate(counts):
        if n:
            x0, x1 = x(first + i * width), x(first + (i + 1) * width)
            items.append(Group((plot.bar(x0 + 0.5, x1 - x0 - 1, y(n), bottom, SHOE_BAR),), data=(("count", str(n)),)))
    e = x(expected)
    items.append(plot.rule(e, top, e, bottom, EXPECTED["exact"], 2.0))
    items.append(plot.rule(left, bottom, right, bottom, AXIS))
    x_step = plot.nice_step(span, 5)
    columns = [(x(v), plot.percent_label(v, x_step)) for v in plot.ticks(first, first + span, x_step)]
    items += plot.x_ticks(columns, bottom, TICK, TICK_SIZE)
    items.append(
        plot.label(
            (left + right) / 2,
            bottom + 32,
            "Banker share of a shoe's coups (shoes per 2.5% bin)",
            SUB_SIZE,
            SUB,
            "middle",
        )
    )
    return chart(bottom + 40, items, "Per-shoe Banker share against the exact odds", "spread")


def exposure_section(exposure: Mapping[str, Any]) -> str:
    """Return the side-bet exposure section from ``Summary.to_report()`` (roads/analytics/exposure.py)."""
    return section("exposure", exposure)


def integrity_section(integrity: Mapping[str, Any]) -> str:
    """Return the shuffle-integrity section from ``Integrity.document()`` (roads/analytics/integrity.py)."""
    return section("integrity", integrity)


def _encoded(table: str | Spool) -> Iterator[Markup]:
    """Yield the CSV ``table`` percent-encoded for a ``data:`` URI, a chunk at a time as its spool is read."""
    for chunk in [table] if isinstance(table, str) else table.chunks():
        yield Markup(quote(chunk, safe=""))


def _spread_section(shoes: ShoeSummary, banker: Mapping[str, Any], shoe_word: str) -> dict[str, Any]:
    """Return what the spread section shows: the shoes, how many fall outside their band, the plot."""
    e = banker["expected"]

    def out_of_band(wins: int, coups: int) -> bool:
        half = Z99 * math.sqrt(e * (1 - e) / coups)
        return not e - half <= wins / coups <= e + half

    outside = sum(n for (wins, coups), n in shoes.shares.items() if out_of_band(wins, coups))
    plot = spread(shoes.shares, e)
    return {"shoes": shoes.shoes, "shoe_word": shoe_word, "expected": e, "outside": outside, "plot": plot}


def report_html(data: dict[str, Any], shoes: Sequence[dict[str, Any]] | ShoeSummary, **options: Any) -> str:
    """Return the whole report page: ``data`` is ``roads stats --json``'s document, ``shoes`` its per-shoe groups
    (or their :class:`ShoeSummary`), ``options`` the keywords of :func:`write_report` (``logs``, ``by``,
    ``tests_csv``, ``left_out``, ``extra``), which writes the same page a piece at a time."""
    page = io.StringIO()
    summary = shoes if isinstance(shoes, ShoeSummary) else ShoeSummary.of(shoes)
    write_report(page.write, data, summary, **options)
    return page.getvalue()


def write_report(write: Callable[[str], object], data: dict[str, Any], shoes: ShoeSummary, **options: Any) -> None:
    """Write the whole report page through ``write``, each part as :func:`report_parts` makes it."""
    for part in report_parts(data, shoes, **options):
        write(part)


def report_parts(
    data: dict[str, Any],
    shoes: ShoeSummary,
    *,
    logs: Sequence[str],
    by: str | None,
    tests_csv: str | Spool,
    left_out: LeftOut | None = None,
    extra: Sequence[str] = (),
    theme: str = "classic",
) -> Iterator[str]:
    """Yield the report page's parts in order: ``data`` is ``roads stats --json``'s document, ``shoes`` what was
    kept of every shoe. The CSV downloads are read from their spools as they are yielded, so memory is bounded
    by the page's plots and tables, not by the archive.

    ``left_out`` names the shoes that could not be read: the page says, above
    everything else, that its figures are those of the other shoes. ``extra``
    are more sections, after the plots (roads.pages.report.laws makes the
    drift and per-shoe ones, :func:`exposure_section` the side-bet one). ``theme``
    (roads.scene.themes) colours the page and its plots.
    """
    css = palette_css(theme) + resources.files("roads").joinpath("data", "report.css").read_text(encoding="utf-8")
    total = data["total"]
    tests = {t["figure"]: t for t in total["tests"]}
    exact = [t for t in total["tests"] if t["source"] == "exact"]
    derived = [t for t in total["tests"] if t["figure"].endswith("_red")]
    c = total["counts"]
    n = total["coups"]
    flags = total["flags"]
    shoe_word = "shoe" if total["shoes"] == 1 else "shoes"
    banker = tests.get("banker")
    label = "Coup shares against the exact odds, as z-scores"
    red, red_label = "share of red marks, 99% interval", "Red shares of the derived roads"
    groups, count, sample = [], 0, None
    if by:
        groups, count = (data["groups"], len(data["groups"])) if data["groups"] else (shoes.first, shoes.groups)
        if count >= 2:
            sample = GroupSample.of(data["groups"]) if data["groups"] else shoes.sample
    context = {
        **WORDS,
        "title": f"Archive report: {total['shoes']:,} {shoe_word}, {n:,} coups",
        "policy": Policy(styles=(css,)),
        "css": Markup(css),
        "generator": __version__,
        "files": [*logs[:4], f"and {len(logs) - 4} more logs"] if len(logs) > 5 else list(logs),
        "cards": [
            ("Shoes", f"{total['shoes']:,}", ""),
            ("Coups", f"{n:,}", ""),
            ("Banker", pct(c["banker"] / n), "banker"),
            ("Player", pct(c["player"] / n), "player"),
            ("Tie", pct(c["tie"] / n), "tie"),
            ("Flags", str(len(flags)), "flags" if flags else "calm"),
        ],
        "data": data,
        "total": total,
        "sim": data["simulation"],
        "left_out": left_out,
        "exact_plot": z_dots(share_rows(exact), tests=family_size(total), name="shares", label=label),
        "depth_plot": depth_histogram(tests),
        "spread": None if banker is None else _spread_section(shoes, banker, shoe_word),
        "derived_plot": forest(simulated_rows(derived), theory=None, title=red, name="derived", label=red_label),
        "extra": [Markup(section) for section in extra],
        "by": by,
        "groups": groups,
        "group_count": count,
        "homogeneity": sample,
        "downloads": [
            ("tests.csv", "Tests (every group and the total), CSV", _encoded(tests_csv)),
            ("shoes.csv", "Per-shoe counts, CSV", _encoded(shoes.shoe_csv)),
        ],
    }
    return environment().get_template("report.html").generate(**context)
