"""What ``roads coup``, ``odds`` and ``stats`` print under ``--game dragon-tiger``: tables in words, and JSON."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...odds import percent
from ...odds.dragon_tiger import odds_data
from .jsontext import json_points, json_text

if TYPE_CHECKING:
    from ...odds.dragon_tiger import ExactDragonTigerOdds

ROWS: tuple[tuple[str, str], ...] = (
    ("dragon", "Dragon wins"),
    ("tiger", "Tiger wins"),
    ("tie", "Tie"),
    ("suited_tie", "Suited tie"),
    ("edge_dragon", "Dragon (1 to 1, half lost on a tie)"),
    ("edge_tiger", "Tiger (1 to 1, half lost on a tie)"),
    ("edge_tie_8", "Tie (8 to 1)"),
    ("edge_tie_11", "Tie (11 to 1)"),
    ("edge_suited_tie", "Suited tie (50 to 1)"),
)
"""The lines of ``roads odds --game dragon-tiger``, as (field, label)."""


def odds_table(odds: ExactDragonTigerOdds, what: str, exact: bool = False) -> str:
    """Return the odds as an aligned table in percent (with exact fractions when ``exact``)."""
    lines = [f"Dragon Tiger odds of {what} ({odds.cards_left} cards left), in percent", ""]
    width = max(len(label) for _, label in ROWS) + 2
    for field, label in ROWS:
        if field == "edge_dragon":
            lines += ["", "House edge (expected loss per unit bet)", ""]
        value = getattr(odds, field)
        if value is None:
            lines.append(f"  {label:<{width}}{'-':>10}   (the log's cards have no suits)")
            continue
        text = f"  {label:<{width}}{percent(Fraction(value)):>10}"
        if exact:
            text += f"   {value.numerator}/{value.denominator}"
        lines.append(text)
    return "\n".join(lines)


def odds_each_json(series: list[ExactDragonTigerOdds], exact: bool) -> str:
    """Return the odds after each coup as a JSON list, a point a line."""
    return json_points([{"coups_dealt": k, **odds_data(o, exact)} for k, o in enumerate(series)])


def odds_each_table(series: list[ExactDragonTigerOdds]) -> str:
    """Return the odds after each coup as a table in percent: Dragon, tie, suited tie and Dragon's edge."""
    columns = (("dragon", "Dragon"), ("tie", "Tie"), ("suited_tie", "suited"), ("edge_dragon", "edge D"))
    head = f"{'dealt':>5} {'left':>5}" + "".join(f" {label:>10}" for _, label in columns)
    lines = ["Dragon Tiger odds of the next coup after each coup, in percent", "", head]
    for k, o in enumerate(series):
        cells = "".join(
            f" {'-' if getattr(o, f) is None else percent(Fraction(getattr(o, f)), 4):>10}" for f, _ in columns
        )
        lines.append(f"{k:>5} {o.cards_left:>5}{cells}")
    return "\n".join(lines)


def stats_document(document: dict[str, Any], as_json: bool) -> str:
    """Return ``roads stats --game dragon-tiger`` as JSON (no last newline) or text (ending in one)."""
    return json_text(document) if as_json else stats_text(document)


def stats_text(document: dict[str, Any]) -> str:
    """Return the document as a few lines: counts and shares, each test, and what is flagged in plain words."""
    lines = [f"{document['coups']} coups, tested against one coup of a full {document['decks']}-deck shoe", ""]
    for test in document["tests"]:
        observed = "-" if test["observed"] is None else f"{100 * test['observed']:.2f}%"
        p = "-" if test["p"] is None else f"{test['p']:.4g}"
        lines.append(
            f"  {test['figure'].title():<8}{test['hits']:>8}  {observed:>8}  expected {100 * test['expected']:.2f}%"
            f"  p {p}{'  FLAGGED' if test['flag'] else ''}"
        )
    chi = document["chi_square"]
    statistic = "-" if chi["statistic"] is None else f"{chi['statistic']:.2f}"
    p = "-" if chi["p"] is None else f"{chi['p']:.4g}"
    lines.append(f"  Dragon/Tiger/Tie chi-square {statistic} on {chi['dof']} df, p {p}")
    lines.append("")
    lines += document["flagged"] or ["Nothing flagged at 1% (Holm over the four tests)."]
    return "\n".join(lines) + "\n"
