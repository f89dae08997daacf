"""The report's per-shoe spread plot counted shoes in halves: a count axis of 0, 0.5, 1, 1.5, 2 shoes."""

from __future__ import annotations

import re

from roads.analytics.gathered import share_counts
from roads.pages.report.page import spread


def test_the_spread_plot_counts_whole_shoes() -> None:
    # Two shoes in the fullest bin: the old ticks (1, 2, 2.5 or 5 times a power of ten, 4 of them) were half-shoes.
    shoes = [{"counts": {"banker": b}, "coups": 10} for b in (4, 4, 5)]
    svg = spread(share_counts(shoes), 0.4586)
    counts = re.findall(r'<text class="tick"[^>]*text-anchor="end"[^>]*>([^<]*)</text>', svg)
    assert counts == ["0", "1", "2"]
