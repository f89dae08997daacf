"""Time an 80-coup animation (issue 13): ``python benchmarks/bench_animate.py``.

One frame per coup through the PNG back-end, then the encoder; the frames
dominate, so GIF, WebP and APNG cost about the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds

from roads.render.animate import animate
from roads.scene import render_options
from roads.shoe import deal_shoe


def main() -> None:
    """Print the median seconds to animate the first 80 coups of a seeded shoe, per format."""
    outcomes = [coup.outcome() for coup in deal_shoe(8, seed=3).coups[:80]]
    options = render_options()
    for kind in ("GIF", "WEBP", "PNG"):
        seconds = median_seconds(lambda kind=kind: animate(outcomes, options, kind, 2), 3, warm_up=True)
        print(f"80-coup animation to {kind:4}: {seconds:6.2f} s median of 3")


if __name__ == "__main__":
    main()
