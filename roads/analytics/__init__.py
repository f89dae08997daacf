"""Archive analytics: counts of many shoes, measured against the exact odds of the rules."""

from __future__ import annotations

from .tally import StatsError, Tally
from .theory import ALPHA, chi_square_sf, holm, judge, normal_sf

__all__ = ["ALPHA", "StatsError", "Tally", "chi_square_sf", "holm", "judge", "normal_sf"]
