"""Timing shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path


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


def quiet(*args: str) -> None:
    """Run one roads command in this process with its standard output thrown away."""
    import sys

    from roads.cli import main as roads

    saved = sys.stdout
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stdout = sink
        try:
            roads(list(args))
        finally:
            sys.stdout = saved


def write_archive(path: Path, shoes: int) -> Path:
    """Write ``shoes`` dealt 8-deck shoes (seeds 0, 1, ...) to ``path`` as JSON Lines of results; return it."""
    from roads.logs.writer import write_shoe_line
    from roads.shoe import deal_shoe

    with path.open("w", encoding="utf-8") as out:
        for seed in range(shoes):
            out.write(write_shoe_line(seed, deal_shoe(8, seed=seed).coups))
    return path
