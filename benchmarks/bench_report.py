"""Time ``roads report`` beside ``roads stats`` on one archive: ``python benchmarks/bench_report.py [SHOES]``.

The report reads the archive once per shoe (for the spread plot) and tests
every shoe, so it costs about what ``roads stats --by shoe --json`` costs;
the page itself (SVG, tables, CSV) is a small part. Default 5,000 shoes.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds, quiet, write_archive


def main() -> None:
    """Print the median seconds of roads stats, roads stats --by shoe --json and roads report on one archive."""
    shoes = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "archive.jsonl"
        page = Path(folder) / "report.html"
        write_archive(log, shoes)
        stats = median_seconds(lambda: quiet("stats", str(log)), 3)
        by_shoe = median_seconds(lambda: quiet("stats", str(log), "--by", "shoe", "--json"), 3)
        report = median_seconds(lambda: quiet("report", str(log), "-o", str(page)), 3)
        size = page.stat().st_size
    print(
        f"{shoes} shoes: roads stats {stats:6.2f} s, stats --by shoe --json {by_shoe:6.2f} s, "
        f"roads report {report:6.2f} s ({size / 1e6:.2f} MB page)"
    )


if __name__ == "__main__":
    main()
