"""The report's sections on the order of wins and on the groups together: their words, numbers and plots.

Each function returns one ``<section>`` of the page (roads.pages.report.page
puts them in place): the runs test and the lag-1 correlation with their z on
one axis; the groups' flagged count against chance, their homogeneity
chi-square and the forest plot of their Banker shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ...analytics.gathered import FOREST_ROWS, GroupSample, family_size, holm_line
from ...analytics.theory import ALPHA, Z99
from .plots import group_forest, order_rows, z_dots

MINUS = "\u2212"


def _num(value: float | None, form: str) -> str:
    """Return ``value`` in ``form`` with a true minus sign, or a dash for a missing one."""
    return "&#8211;" if value is None else format(value, form).replace("-", MINUS)


def _p(value: float | None) -> str:
    return "n/m" if value is None else f"{value:.3g}"


def order_reading(test: Mapping[str, Any], name: str) -> str:
    """Return what a runs (``name`` "runs") or lag-1 test says in plain words: streaky, choppy or neither."""
    if test["z"] is None or test["p"] is None:
        return "not meaningful: fewer than 10 Banker or 10 Player wins."
    streaky = test["z"] < 0 if name == "runs" else test["z"] > 0
    lean = "streakier" if streaky else "choppier"
    held = f"Holm p {_p(test['p_adjusted'])}"
    if test["flag"]:
        return f"<strong>{lean} than chance</strong>: flagged ({held}, at most {ALPHA:g})."
    if abs(test["z"]) < Z99:
        return f"within chance: no sign of streaks or chop ({held}, over {ALPHA:g})."
    return f"{lean} than one test alone would expect, but not beyond chance over the family ({held}, over {ALPHA:g})."


def runs_section(group: Mapping[str, Any]) -> str:
    """Return the section of the runs test and the lag-1 correlation: their numbers, p, reading and z plot."""
    runs, lag = group["runs"], group["lag1"]
    items = (
        f"<li><strong>Runs</strong>: {runs['runs']:,} runs of Banker and Player against {runs['expected']:,.1f} "
        f"expected of shuffled wins; z {_num(runs['z'], '+.2f')}, p {_p(runs['p'])}. "
        f"Reading: {order_reading(runs, 'runs')}</li>"
        f"<li><strong>Lag-1 correlation</strong>: r {_num(lag['r'], '+.4f')} between one win and the next over "
        f"{lag['pairs']:,} pairs; z {_num(lag['z'], '+.2f')}, p {_p(lag['p'])}. "
        f"Reading: {order_reading(lag, 'lag1')}</li>"
    )
    tests = family_size(group)
    plot = z_dots(order_rows(group), tests=tests, name="runs", label="Runs test and lag-1 correlation as z-scores")
    return (
        '<section id="runs"><h2>Streaks: runs test and lag-1</h2>'
        '<p class="explain">Is the table streaky? Ties left out, fewer runs (Big Road columns) than shuffled wins '
        "give, or a positive correlation between one win and the next, is a streaky table; the opposite a choppy "
        "one. Both are in the Holm family with the other tests.</p>"
        f'<ul class="order">{items}</ul>'
        f"{z_legend(tests)}"
        f'<figure class="plot" tabindex="0">{plot}</figure></section>'
    )


def z_legend(tests: int) -> str:
    """Return the legend of a z-score plot of a family of ``tests``."""
    return (
        '<p class="legend"><span class="key"><i class="k-obs"></i>z of the test</span>'
        '<span class="key"><i class="k-calm"></i>|z| under 2.58: p over 1% alone</span>'
        f'<span class="key"><i class="k-holm"></i>|z| {holm_line(tests):.2f}: Holm\'s first step over {tests} '
        "tests</span></p>"
    )


def flagged_words(data: Mapping[str, Any], by: str, groups: int) -> str:
    """Return the flagged-groups sentence: k groups flagged, about a expected by chance."""
    flagged = data.get("flagged_groups")
    if not flagged:
        return ""
    return (
        f"{flagged['count']:,} of {groups:,} {escape(by)} group{'' if groups == 1 else 's'} flagged; "
        f"about {flagged['expected']:g} would be by chance alone, as each fair group is flagged at most "
        f"{ALPHA:.0%} of the time."
    )


def homogeneity_words(total: Mapping[str, Any]) -> str:
    """Return the homogeneity chi-square in words: statistic, degrees of freedom and p."""
    h = total.get("homogeneity")
    if not h:
        return ""
    if h["p"] is None:
        return "Too few groups or results for the homogeneity chi-square."
    reading = "they differ" if h["p"] <= ALPHA else "no sign that they differ"
    return (
        f"Do the groups share one Banker/Player/Tie distribution? Chi-square {h['statistic']:.2f} on {h['dof']:,} "
        f"degrees of freedom, p {h['p']:.3g}: {reading} (at {ALPHA:g})."
    )


def sample_note(sample: GroupSample, by: str) -> str:
    """Return the sentence saying which groups the forest plot shows, when it cannot show them all."""
    shown = sample.shown()
    drawn = sample.flagged_count + sample.others
    if len(shown) >= drawn:
        return ""
    flagged = len(sample.flagged)
    first = "the" if flagged == sample.flagged_count else f"the first {flagged} of the"
    return (
        f'<p class="note">The plot shows at most {FOREST_ROWS} {escape(by)}s: {first} {sample.flagged_count:,} '
        f"flagged, and {len(shown) - flagged:,} of the {sample.others:,} others, picked by a hash of their names "
        "(the same archive shows the same ones). Every group is in the groups table and the tests CSV.</p>"
    )


def homogeneity_section(data: Mapping[str, Any], sample: GroupSample, by: str, groups: int) -> str:
    """Return the groups-together section: flagged groups against chance, homogeneity, the forest plot."""
    return (
        f'<section id="homogeneity"><h2>The {escape(by)}s together</h2>'
        f'<p class="explain across">{flagged_words(data, by, groups)} {homogeneity_words(data["total"])}</p>'
        f'<p class="explain">Each {escape(by)}\'s Banker share with its 99% Wilson interval, on one axis, against '
        "the exact odds (the line). Flagged groups (by any of their tests) are red. An interval missing the line "
        "now and then is chance (about 1 in 100); many missing it, or intervals spread wider than their widths, "
        "is what the chi-square measures.</p>"
        '<p class="legend"><span class="key"><i class="k-obs"></i>Banker share, 99% interval</span>'
        '<span class="key"><i class="k-exact"></i>exact theory</span></p>'
        f'<figure class="plot" tabindex="0">{group_forest(sample, by)}</figure>'
        f"{sample_note(sample, by)}</section>"
    )
