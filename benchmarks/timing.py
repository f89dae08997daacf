"""Timing shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable


def median_seconds(run: Callable[[], object], repeats: int, *, warm_up: bool = False, collect: bool = False) -> float:
    """Return the median wall time of ``run`` over ``repeats`` calls.

    ``warm_up`` makes one untimed call first (caches, fonts); ``collect`` runs the
    garbage collector before each call so a pending collection is not timed.
    """
    if warm_up:
        run()
    times = []
    for _ in range(repeats):
        if collect:
            gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
