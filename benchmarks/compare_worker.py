"""One in-process measurement, run by ``compare.py`` inside either environment (this tree's or a release's).

    python benchmarks/compare_worker.py TASK INPUTS REPEATS [--cold]

Prints one JSON object: ``{"seconds": median, "peak_mb": peak resident memory}``.
It only uses API that the previous release (v0.1.0) has too, so one script
measures both sides on the same inputs.
"""

from __future__ import annotations

import gc
import json
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path


def median_seconds(run: Callable[[], object], repeats: int, warm_up: bool) -> float:
    """Return the median wall time of ``run`` over ``repeats`` calls, collected before each (one untimed first)."""
    if warm_up:
        run()
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def task(name: str, inputs: Path) -> tuple[Callable[[], object], int]:
    """Return the call that ``name`` times and how many work items one call is (for per-item figures)."""
    from roads import Scoreboard

    if name in ("build", "build-streaky"):
        text = (inputs / ("results-100k.txt" if name == "build" else "results-streaky-100k.txt")).read_text()
        return (lambda: Scoreboard.from_results(text)), 1
    if name == "build-log":
        path = str(inputs / "results-100k.txt")
        return (lambda: Scoreboard.from_log(path)), 1
    if name == "add":
        base = (inputs / "results-100k.txt").read_text()
        tail = (inputs / "results-10k.txt").read_text().replace("\n", "")

        # Each call builds a fresh 100,000-coup board untimed, then times 10,000 adds onto it.
        def timed() -> float:
            board = Scoreboard.from_results(base)
            add = board.add
            gc.collect()
            start = time.perf_counter()
            for letter in tail:
                add(letter)
            return time.perf_counter() - start

        return timed, len(tail)
    if name in ("svg", "png", "png-6000"):
        from roads.render import png, svg

        log = "cards-80.txt" if name != "png-6000" else "results-6000.txt"
        board = Scoreboard.from_log(str(inputs / log))
        draw = svg if name == "svg" else png
        return (lambda: draw(board)), 1
    if name.startswith("lesson-"):
        from roads.lesson.page import lesson_page

        count = int(name.split("-")[1])
        letters = (inputs / "results-2000.txt").read_text().replace("\n", "")[:count]
        return (lambda: lesson_page(letters)), 1
    if name == "odds":
        from roads.odds import compositions_through, exact_odds
        from roads.shoe import deal_shoe

        coups = deal_shoe(8, seed=2026).coups
        half = compositions_through(coups[: len(coups) // 2], 8)[-1]
        exact_odds(8)  # the composition-free tables, once, as a long-running process has them
        from roads.odds import odds_for

        return (lambda: odds_for(half)), 1
    raise SystemExit(f"unknown task {name!r}")


def main() -> int:
    """Run one task and print its median and the process's peak memory as JSON."""
    name, inputs, repeats = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    warm_up = "--cold" not in sys.argv[4:]
    run, items = task(name, inputs)
    if name == "add":
        if warm_up:
            run()
        seconds = statistics.median(float(run()) for _ in range(repeats)) / items  # type: ignore[arg-type]
    else:
        seconds = median_seconds(run, repeats, warm_up) / items
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "peak_mb": peak_kb / 1024}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
