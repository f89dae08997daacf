"""Time ``roads stats`` on an archive of dealt shoes (issue 16): ``python benchmarks/bench_stats.py [SHOES]``.

The archive (results, one shoe a JSON Lines line, default 10,000 shoes) is
written once to a temporary folder; ``roads stats`` and ``roads build
--per-shoe`` then read it side by side in one run, so the ratio shows what the
statistics cost over building the boards.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds, quiet, write_archive


def main() -> None:
    """Print the median seconds of ``roads stats`` and of ``roads build --per-shoe`` on the same archive."""
    shoes = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "archive.jsonl"
        write_archive(log, shoes)
        stats = median_seconds(lambda: quiet("stats", str(log)), 3)
        build = median_seconds(lambda: quiet("build", str(log), "--per-shoe"), 3)
    print(
        f"{shoes} shoes: roads stats {stats:6.2f} s, roads build --per-shoe {build:6.2f} s (ratio {stats / build:.2f})"
    )


if __name__ == "__main__":
    main()
