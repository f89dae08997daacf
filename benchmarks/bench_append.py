"""The time of one coup written by ``roads serve``'s store, on a table of 10 coups and on one of 10,000.

Run it with a tree's ``roads`` on the path to compare two trees in one sitting
(the store is the same API in both)::

    python benchmarks/bench_append.py                       # this tree
    PYTHONPATH=/path/to/other/tree python benchmarks/bench_append.py

Each write is one synced ``POST``'s work (``Store.add``), measured as the median
of ``--coups`` writes after the table holds ``N`` coups. Since issue 29 a write
appends one line; before, it rewrote the whole log, so its cost grew with the log.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import roads
from roads.serve.store import Store


def write_times(folder: Path, start: int, coups: int) -> list[float]:
    """Return the seconds of each of ``coups`` writes after a table of ``start`` coups."""
    store = Store(folder)
    table, _ = store.create("bench")
    log = folder / "bench.jsonl"
    with open(log, "a", encoding="utf-8") as handle:  # the table's first coups, written as the server writes them
        handle.writelines('{"winner": "banker"}\n' for _ in range(start))
    store = Store(folder)  # read back, as a restart would
    table = store.get("bench")
    times = []
    for n in range(start + 1, start + coups + 1):
        began = time.perf_counter()
        store.add(table, n, "BPT"[n % 3], None)
        times.append(time.perf_counter() - began)
    return times


def main() -> None:
    """Print the median write time at each table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=200, help="writes timed at each size (default 200)")
    args = parser.parse_args()
    print(f"roads {roads.__version__} from {Path(roads.__file__).parent}")
    for start in (10, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            seconds = statistics.median(write_times(Path(folder), start, args.coups))
        print(f"a coup on a table of {start:>6,} coups: {seconds * 1000:.3f} ms (median of {args.coups})")


if __name__ == "__main__":
    main()
