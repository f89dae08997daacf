"""The report's sections: the macros of ``templates/report_sections.html`` and the words and plots they are given.

Each section is one macro; :func:`macros` gives them, with the few helpers
they format numbers by (a percentage, a p, a true minus sign) and the plots
they place. roads.pages.report.page streams the whole page through
``templates/report.html``; the functions here give one section on its own,
as roads.pages.report.laws and the tests use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from markupsafe import Markup

from ...analytics.drift import BAND
from ...analytics.exposure import KNOWN_WORDS
from ...analytics.gathered import FOREST_ROWS, SHOWN_GROUPS, GroupSample, family_size, holm_line
from ...analytics.integrity import ORDER_RUN, ORDER_RUN_RANKS, REPEAT_RUN
from ...analytics.pershoe import LAW_NAMES
from ...analytics.theory import ALPHA, EXACT_BELOW, Z99, at_most
from ..jinja import environment
from .plots import group_forest, order_rows, z_dots
from .style import figure_name

MINUS = "\u2212"
DASH = Markup("&#8211;")
"""What a missing number shows in the tables (an en dash)."""


def pct(value: float | None, digits: int = 2) -> str:
    """Return ``value`` as a percentage with ``digits`` decimals, or a dash for a missing one."""
    return DASH if value is None else f"{100 * value:.{digits}f}%"


def p_text(p: float | None) -> str:
    """Return a p to three significant figures, or n/m (not meaningful) for a missing one."""
    return "n/m" if p is None else f"{p:.3g}"


def num(value: float | None, form: str, minus: str = MINUS) -> str:
    """Return ``value`` in ``form`` with ``minus`` for its sign (a true minus unless told), or a dash for none."""
    return DASH if value is None else format(value, form).replace("-", minus)


def order_plot(group: Mapping[str, Any], tests: int) -> str:
    """Return the z plot of a group's runs test and lag-1 correlation."""
    return z_dots(order_rows(group), tests=tests, name="runs", label="Runs test and lag-1 correlation as z-scores")


SHOWN_FINDINGS = 20
"""The shuffle-integrity findings the page lists; ``roads stats --integrity`` names every one."""

INTEGRITY_KINDS = {
    "repeat": "repeated",
    "slug": "slug",
    "new_deck_order": "in new-deck order",
    "card_count": "card count",
}
"""How the integrity section counts each kind of finding."""

WORDS: dict[str, Any] = {
    "pct": pct,
    "p_text": p_text,
    "num": num,
    "at_most": at_most,
    "DASH": DASH,
    "figure_name": figure_name,
    "family_size": family_size,
    "holm_line": holm_line,
    "order_plot": order_plot,
    "group_forest": group_forest,
    "ALPHA": ALPHA,
    "Z99": Z99,
    "EXACT_BELOW": EXACT_BELOW,
    "BAND": BAND,
    "FOREST_ROWS": FOREST_ROWS,
    "SHOWN_GROUPS": SHOWN_GROUPS,
    "LAW_NAMES": LAW_NAMES,
    "KNOWN_WORDS": KNOWN_WORDS,
    "REPEAT_RUN": REPEAT_RUN,
    "ORDER_RUN": ORDER_RUN,
    "ORDER_RUN_RANKS": ORDER_RUN_RANKS,
    "SHOWN_FINDINGS": SHOWN_FINDINGS,
    "INTEGRITY_KINDS": INTEGRITY_KINDS,
}
"""What the section macros are given besides their numbers: formatting helpers, plots, constants."""


@cache
def macros() -> Any:
    """Return the section macros of ``templates/report_sections.html``, each a function returning Markup."""
    return environment().get_template("report_sections.html").make_module(WORDS)


def section(name: str, *args: Any) -> Markup:
    """Return the macro ``name`` of the sections filled with ``args``."""
    return Markup(getattr(macros(), name)(*args))


def order_reading(test: Mapping[str, Any], name: str) -> str:
    """Return what a runs (``name`` "runs") or lag-1 test says in plain words: streaky, choppy or neither."""
    return section("order_reading", test, name)


def runs_section(group: Mapping[str, Any]) -> str:
    """Return the section of the runs test and the lag-1 correlation: their numbers, p, reading and z plot."""
    return section("runs", group)


def sample_note(sample: GroupSample, by: str) -> str:
    """Return the sentence saying which groups the forest plot shows, when it cannot show them all."""
    return section("sample_note", sample, by)


def homogeneity_section(data: Mapping[str, Any], sample: GroupSample, by: str, groups: int) -> str:
    """Return the groups-together section: flagged groups against chance, homogeneity, the forest plot."""
    return section("homogeneity", data, sample, by, groups)
