"""Exact odds of the next coup for any shoe composition, by enumeration in dealing order.

>>> from roads.odds import exact_odds
>>> round(exact_odds(8).banker, 6)
0.458597
"""

from __future__ import annotations

from .api import MIN_CARDS, compositions_through, exact_odds, odds_after, odds_for, odds_through
from .composition import Composition
from .coup_odds import ExactOdds, Odds
from .figures import FIGURE_COLUMNS, figures_markdown, percent

__all__ = [
    "FIGURE_COLUMNS",
    "MIN_CARDS",
    "Composition",
    "ExactOdds",
    "Odds",
    "compositions_through",
    "exact_odds",
    "figures_markdown",
    "odds_after",
    "odds_for",
    "odds_through",
    "percent",
]
