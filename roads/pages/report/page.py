"""The archive report: one self-contained HTML page of ``roads stats``'s data, with plots drawn here as SVG.

The page needs nothing but itself: the style sheet is inline (allowed by its
hash in the page's Content-Security-Policy), the plots are inline SVG drawn by
the functions below, the tables download as ``data:`` links. Same data, same
bytes: nothing in it depends on the clock or the machine.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from html import escape
from importlib import resources
from typing import Any
from urllib.parse import quote

from ...analytics.gathered import SHOWN_GROUPS, GroupSample, LeftOut, ShoeSummary, Spool, family_size
from ...analytics.theory import ALPHA, EXACT_BELOW, Z99
from ...scene import plot
from ...scene.primitives import Group, Item
from ...version import __version__
from ..csp import Policy
from . import sections as report_sections
from .plots import depth_histogram, forest, share_rows, simulated_rows, z_dots
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
    figure_name,
    palette_css,
)


def _pct(value: float | None, digits: int = 2, none: str = "&#8211;") -> str:
    return none if value is None else f"{100 * value:.{digits}f}%"


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


def _download(name: str, label: str, table: str | Spool) -> Iterator[str]:
    """Yield a download link whose ``data:`` URI carries the CSV ``table``, percent-encoded a chunk at a time."""
    yield f'<a class="download" download="{escape(name)}" href="data:text/csv;charset=utf-8,'
    for chunk in [table] if isinstance(table, str) else table.chunks():
        yield quote(chunk, safe="")
    yield f'">{escape(label)}</a>'


def _tests_table(group: dict[str, Any]) -> str:
    rows = []
    for t in group["tests"]:
        flag = t["flag"]
        cls = ' class="flagged"' if flag else ""
        interval = "&#8211;" if t["low"] is None else f"{_pct(t['low'])} &#8211; {_pct(t['high'])}"
        z = "&#8211;" if t["z"] is None else f"{t['z']:+.2f}"
        p = "n/m" if t["p"] is None else f"{t['p']:.3g}" + ("*" if t.get("p_method") == "binomial" else "")
        held = _p_text(t.get("p_adjusted"))
        source = t["source"]
        badge = f'<span class="badge {source}">{source}</span>'
        if source == "simulated":
            badge += f'<span class="band-note">{_pct(t["expected_low"])} &#8211; {_pct(t["expected_high"])}</span>'
        verdict = "FLAG" if flag else ("n/m" if flag is None else "ok")
        if not t.get("family", True) and t["p"] is not None:
            verdict, held = "descriptive", "&#8211;"
        rows.append(
            f'<tr{cls} data-figure="{escape(t["figure"])}" data-observed="{t["observed"]}" '
            f'data-expected="{t["expected"]}" data-p="{t["p"]}">'
            f'<th scope="row">{escape(figure_name(t["figure"]))}</th>'
            f'<td class="num">{t["hits"]:,} / {t["trials"]:,}</td>'
            f'<td class="num">{_pct(t["observed"])}</td><td class="num">{_pct(t["expected"])}</td>'
            f'<td>{badge}</td><td class="num nowrap">{interval}</td>'
            f'<td class="num">{z}</td><td class="num">{p}</td><td class="num">{held}</td>'
            f'<td class="verdict">{verdict}</td></tr>'
        )
    for name, chi in (("Banker/Player/Tie", group["chi_square"]), ("4/5/6 cards", group["chi_square_cards"])):
        if chi is None:
            continue
        flag = chi["flag"]
        stat = "&#8211;" if chi["statistic"] is None else f"{chi['statistic']:.2f} on {chi['dof']} dof"
        verdict = "FLAG" if flag else ("n/m" if flag is None else "ok")
        cls = ' class="flagged"' if flag else ""
        rows.append(
            f'<tr{cls} data-test="chi-square">'
            f'<th scope="row">Chi-square, {name}</th><td class="num" colspan="3">{stat}</td>'
            f'<td><span class="badge exact">exact</span></td><td class="num nowrap">&#8211;</td>'
            f'<td class="num">&#8211;</td><td class="num">{_p_text(chi["p"])}</td>'
            f'<td class="num">{_p_text(chi.get("p_adjusted"))}</td><td class="verdict">{verdict}</td></tr>'
        )
    for name in ("depths", "red_shares", "runs", "lag1"):
        t = group.get(name)
        if t is None:
            continue
        flag = t["flag"]
        verdict = "FLAG" if flag else ("n/m" if flag is None else "ok")
        cls = ' class="flagged"' if flag else ""
        badge = "simulated" if name in ("depths", "red_shares") else "exact"
        if name == "depths":
            stat = "&#8211;" if t["statistic"] is None else f"{t['statistic']:.2f} on {t['dof']} dof"
            label, count, observed, expected = "Column depths (omnibus)", stat, "&#8211;", "&#8211;"
        elif name == "red_shares":
            label, count = "Red shares (omnibus)", f"Bonferroni of {t['tests']}"
            observed, expected = "&#8211;", "&#8211;"
        elif name == "runs":
            label, count = "Runs of Banker/Player", f"{t['runs']:,} runs"
            observed, expected = "&#8211;", f"{t['expected']:,.1f}"
        else:
            label, count = "Lag-1 correlation", f"{t['pairs']:,} pairs"
            observed, expected = ("&#8211;" if t["r"] is None else f"{t['r']:+.4f}"), "0"
        z = "&#8211;" if t["z"] is None else f"{t['z']:+.2f}"
        rows.append(
            f'<tr{cls} data-test="{name}"><th scope="row">{label}</th><td class="num">{count}</td>'
            f'<td class="num">{observed}</td><td class="num">{expected}</td>'
            f'<td><span class="badge {badge}">{badge}</span></td><td class="num nowrap">&#8211;</td>'
            f'<td class="num">{z}</td><td class="num">{_p_text(t["p"])}</td>'
            f'<td class="num">{_p_text(t["p_adjusted"])}</td><td class="verdict">{verdict}</td></tr>'
        )
    head = (
        "<tr><th>figure</th><th>count</th><th>observed</th><th>expected</th><th>source</th>"
        "<th>99% interval</th><th>z</th><th>p</th><th>Holm p</th><th>verdict</th></tr>"
    )
    return (
        f'<div class="table-wrap" tabindex="0" role="region" aria-label="Every test">'
        f'<table class="tests"><thead>{head}</thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _p_text(p: float | None) -> str:
    return "n/m" if p is None else f"{p:.3g}"


def _chi_lines(group: dict[str, Any]) -> str:
    items = []
    for name, chi in (("Banker/Player/Tie", group["chi_square"]), ("4/5/6 cards", group["chi_square_cards"])):
        if chi is None:
            continue
        stat = "&#8211;" if chi["statistic"] is None else f"{chi['statistic']:.2f}"
        p = "n/m" if chi["p"] is None else f"{chi['p']:.3g}"
        cls = ' class="flagged"' if chi["flag"] else ""
        items.append(f"<li{cls}>Chi-square of {name}: {stat} on {chi['dof']} degrees of freedom, p {p}</li>")
    return f'<ul class="chi">{"".join(items)}</ul>'


def _groups_table(groups: Sequence[dict[str, Any]], by: str, count: int) -> str:
    """Return the table of the first groups (``count`` in all)."""
    rows = []
    for g in groups[:SHOWN_GROUPS]:
        c = g["counts"]
        n = g["coups"] or 1
        flags = len(g["flags"])
        cls = ' class="flagged"' if flags else ""
        rows.append(
            f'<tr{cls}><th scope="row">{escape(str(g["key"]))}</th><td class="num">{g["shoes"]:,}</td>'
            f'<td class="num">{g["coups"]:,}</td><td class="num">{_pct(c["banker"] / n)}</td>'
            f'<td class="num">{_pct(c["player"] / n)}</td><td class="num">{_pct(c["tie"] / n)}</td>'
            f'<td class="num">{flags if g["meaningful"] else "n/m"}</td></tr>'
        )
    more = (
        f'<p class="note">The first {len(rows)} of {count:,} groups; every group is in the tests CSV below.</p>'
        if count > len(rows)
        else ""
    )
    head = (
        f"<tr><th>{escape(by)}</th><th>shoes</th><th>coups</th>"
        "<th>Banker</th><th>Player</th><th>Tie</th><th>flags</th></tr>"
    )
    return (
        f'<div class="table-wrap" tabindex="0" role="region" aria-label="Groups">'
        f'<table class="groups"><thead>{head}</thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>{more}"
    )


def _flag_item(line: str) -> str:
    """Return one flag's reading as a list item, the figure it names in bold."""
    name, sep, rest = line.partition(": ")
    return f"<li><strong>{escape(name)}</strong>{sep}{escape(rest)}</li>" if sep else f"<li>{escape(line)}</li>"


def _legend(simulated: bool, exact: bool) -> str:
    items = ['<span class="key"><i class="k-obs"></i>observed share, 99% interval</span>']
    if exact:
        items.append('<span class="key"><i class="k-exact"></i>exact theory</span>')
    if simulated:
        items.append('<span class="key"><i class="k-sim"></i>simulated expectation and its 99% band</span>')
    return f'<p class="legend">{"".join(items)}</p>'


def _left_out_block(left_out: LeftOut) -> str:
    """Return the warning that heads a page whose archive had shoes that could not be read."""
    n = left_out.count
    items = "".join(f"<li><code>{escape(line)}</code></li>" for line in left_out.errors)
    more = n - len(left_out.errors)
    tail = f"<li>and {more:,} more (every one was named when the page was made)</li>" if more > 0 else ""
    return (
        '<section id="left-out"><div class="callout alarm"><p><strong>'
        f"{n:,} shoe{'' if n == 1 else 's'} could not be read and {'is' if n == 1 else 'are'} left out.</strong> "
        "Every figure on this page is of the other shoes.</p>"
        f"<ul>{items}{tail}</ul></div></section>"
    )


def exposure_section(exposure: Mapping[str, Any]) -> str:
    """Return the side-bet exposure section from ``Summary.to_report()`` (roads/analytics/exposure.py)."""
    net = exposure["ideal_net"]
    rows = "".join(
        f'<tr><th scope="row">{escape(bet)}</th><td class="num">{b["positive"]:,}</td>'
        f'<td class="num">{b["net"]:+,}</td></tr>'
        for bet, b in exposure["bets"].items()
    )
    strongest = "".join(
        f'<tr><th scope="row">{escape(str(m["shoe"]))}</th><td class="num">{m["coup"]}</td><td>{escape(m["bet"])}</td>'
        f'<td class="num">{100 * m["edge"]:+.2f}%</td><td class="num">{m["net"]:+,}</td></tr>'
        for m in exposure["strongest"]
    )
    return (
        '<section id="exposure"><h2>Side-bet exposure</h2><p class="explain">Before every coup of the '
        f"{exposure['shoes']:,} shoes with cards ({exposure['coups']:,} coups), the exact house edge of each bet "
        f"from the cards left ({escape(exposure['rules'])} rules, {exposure['decks']} decks, burned cards out when "
        f"the log names them). {exposure['positive_coups']:,} coups had a bet below zero, in the player's favour; "
        f"one unit on each such bet, settled with the coup's real outcome, would have netted {net:+,} units. "
        "A positive moment is a property of the cards, not a fault: see docs/exposure.md.</p>"
        '<div class="table-wrap" tabindex="0" role="region" aria-label="Exposure by bet">'
        '<table class="groups"><thead><tr><th>bet</th><th>positive coups</th><th>ideal net</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
        + (
            f'<p class="explain">The {len(exposure["strongest"])} strongest moments, by house edge:</p>'
            '<div class="table-wrap" tabindex="0" role="region" aria-label="Strongest moments">'
            '<table class="groups"><thead><tr><th>shoe</th><th>coup</th><th>bet</th><th>house edge</th>'
            f"<th>net</th></tr></thead><tbody>{strongest}</tbody></table></div>"
            if strongest
            else ""
        )
        + "</section>"
    )


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
    sim = data["simulation"]
    tests = {t["figure"]: t for t in total["tests"]}
    exact = [t for t in total["tests"] if t["source"] == "exact"]
    derived = [t for t in total["tests"] if t["figure"].endswith("_red")]
    c = total["counts"]
    n = total["coups"]
    flags = total["flags"]
    shoe_word = "shoe" if total["shoes"] == 1 else "shoes"
    shown = [*logs[:4], f"and {len(logs) - 4} more logs"] if len(logs) > 5 else list(logs)
    files = ", ".join(escape(log) for log in shown)
    banker = tests.get("banker")
    tests_in, label = family_size(total), "Coup shares against the exact odds, as z-scores"
    red, red_label = "share of red marks, 99% interval", "Red shares of the derived roads"

    cards = [
        ("Shoes", f"{total['shoes']:,}", ""),
        ("Coups", f"{n:,}", ""),
        ("Banker", _pct(c["banker"] / n), "banker"),
        ("Player", _pct(c["player"] / n), "player"),
        ("Tie", _pct(c["tie"] / n), "tie"),
        ("Flags", str(len(flags)), "flags" if flags else "calm"),
    ]
    summary = "".join(
        f'<div class="card {cls}"><span class="card-label">{label}</span><span class="card-value">{value}</span></div>'
        for label, value, cls in cards
    )
    if flags:
        flag_block = (
            '<div class="callout alarm"><p><strong>'
            f"{len(flags)} figure{'' if len(flags) == 1 else 's'} stand{'s' if len(flags) == 1 else ''} out</strong> "
            "after Holm's correction (1% family-wise):</p><ul>"
            + "".join(_flag_item(line) for line in flags)
            + "</ul></div>"
        )
    elif total["meaningful"]:
        flag_block = (
            '<div class="callout calm"><p><strong>Nothing stands out.</strong> No figure strays further from theory '
            "than chance would make it in 1 fair archive of 100 (Holm, 1% family-wise).</p></div>"
        )
    else:
        flag_block = '<div class="callout"><p>Too few coups for any test to be meaningful.</p></div>'

    sections = [
        f'<section id="flags"><h2>Flagged figures</h2>{flag_block}</section>',
        '<section id="shares"><h2>Coup shares against the exact odds</h2>'
        f'<p class="explain">How far each share of the archive\'s coups is from the exact probability for one coup '
        f"of a full {data['decks']}-deck shoe, in standard deviations (z), every row on one scale. A dot outside "
        "the shaded band would be rare for one test alone; one beyond the dashed lines is flagged even after "
        "Holm's correction for the whole family (a p marked * is exact binomial, judged by its own p).</p>"
        + report_sections.z_legend(tests_in)
        + f'<figure class="plot" tabindex="0">{z_dots(share_rows(exact), tests=tests_in, name="shares", label=label)}'
        + "</figure>"
        + _chi_lines(total)
        + "</section>",
        '<section id="streaks"><h2>Big Road column depths</h2>'
        '<p class="explain">The share of each side\'s Big Road columns by depth (a column of 3 is three wins in a '
        'row), against the <span class="badge simulated">simulated</span> share of dealt shoes, with its 99% band, on '
        "a log scale so that the rare deep columns (5, 6 and more) show as plainly as the common ones. "
        f"Longest column: Banker {total['streaks']['longest_banker']}, Player "
        f"{total['streaks']['longest_player']}; longest run of ties {total['streaks']['longest_tie_run']}.</p>"
        '<p class="legend"><span class="key"><i class="k-banker"></i>Banker</span>'
        '<span class="key"><i class="k-player"></i>Player</span>'
        '<span class="key"><i class="k-sim"></i>simulated share and its 99% band</span>'
        '<span class="key"><i class="k-whisker"></i>observed 99% interval</span></p>'
        f'<figure class="plot" tabindex="0">{depth_histogram(tests)}</figure></section>',
        report_sections.runs_section(total),
    ]
    if banker is not None:
        e = banker["expected"]

        def out_of_band(wins: int, coups: int) -> bool:
            half = Z99 * math.sqrt(e * (1 - e) / coups)
            return not e - half <= wins / coups <= e + half

        outside = sum(n for (wins, coups), n in shoes.shares.items() if out_of_band(wins, coups))
        sections.append(
            '<section id="spread"><h2>Banker share shoe by shoe</h2>'
            f'<p class="explain">How the Banker share of each of the {shoes.shoes:,} {shoe_word} spreads around the '
            f"exact {_pct(banker['expected'])} (line); the band is where 99% of fair shoes of the median length "
            f"fall. {outside:,} {'shoe falls' if outside == 1 else 'shoes fall'} outside their own band "
            f"(by chance about 1 shoe in 100 does: {0.01 * shoes.shoes:.1f} here).</p>"
            f'<figure class="plot" tabindex="0">{spread(shoes.shares, banker["expected"])}</figure></section>'
        )
    sections.append(
        '<section id="derived"><h2>Derived roads: share of red</h2>'
        '<p class="explain">Red marks of Big Eye Boy, Small Road and Cockroach Pig against the '
        '<span class="badge simulated">simulated</span> share of dealt shoes (no exact figure exists: a mark '
        "depends on the whole Big Road before it).</p>"
        + _legend(True, False)
        + '<figure class="plot" tabindex="0">'
        + f"{forest(simulated_rows(derived), theory=None, title=red, name='derived', label=red_label)}"
        + "</figure></section>"
    )
    left = [_left_out_block(left_out)] if left_out is not None and left_out.count else []
    sections = [*left, sections[0], '<div class="plots">', *sections[1:], "</div>"]
    sections += extra
    sections.append(
        '<section id="tests"><h2>Every test</h2>'
        '<p class="explain">All tests of the archive, corrected together by Holm: <em>Holm p</em> is each p '
        f"adjusted over the whole family, and a test is flagged when it is at most {ALPHA:g} ({ALPHA:.0%} "
        "family-wise). A p with * is the exact binomial one (fewer than "
        f"{EXACT_BELOW:.0f} hits or misses expected), the others the normal approximation's. "
        "<em>n/m</em>: not meaningful "
        "(fewer than 5 hits or misses expected). Simulated rows show their expectation's own 99% band; they "
        "are descriptive, each family (column depths, red shares) tested once by its omnibus row.</p>"
        + _tests_table(total)
        + "</section>"
    )
    if by:
        groups, count = (data["groups"], len(data["groups"])) if data["groups"] else (shoes.first, shoes.groups)
        if count >= 2:
            sample = GroupSample.of(data["groups"]) if data["groups"] else shoes.sample
            sections.append(report_sections.homogeneity_section(data, sample, by, count))
        sections.append(f'<section id="groups"><h2>By {escape(by)}</h2>{_groups_table(groups, by, count)}</section>')
    about = (
        f"Exact odds for {data['decks']} decks; simulated expectations from {sim['shoes']:,} shoes "
        f"({sim['coups']:,} coups, seed {sim['seed']}, cut card {sim['cut']} from the end; {escape(sim['source'])})."
    )
    title = f"Archive report: {total['shoes']:,} {shoe_word}, {n:,} coups"
    yield (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        + Policy(styles=(css,)).meta
        + f"<title>{escape(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
        f'<header><p class="kicker">roads report</p><h1>{escape(title)}</h1>'
        f'<p class="lede">{files}</p></header>\n'
        f'<main>\n<section class="summary" aria-label="Totals">{summary}</section>\n'
    )
    for section in sections:
        yield section + "\n"
    yield (
        '<section id="downloads"><h2>Tables</h2><p class="explain">The tables behind this page, '
        'embedded (they download from the page itself, no network):</p><ul class="downloads"><li>'
    )
    yield from _download("tests.csv", "Tests (every group and the total), CSV", tests_csv)
    yield "</li><li>"
    yield from _download("shoes.csv", "Per-shoe counts, CSV", shoes.shoe_csv)
    yield (
        f"</li></ul></section>\n</main>\n<footer><p>{about}</p><p>Made by roads {escape(__version__)}. "
        "How to read the tests, and what they assume: docs/stats.md.</p></footer>\n</body>\n</html>\n"
    )
