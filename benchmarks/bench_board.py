"""Road builder speed: build throughput, the cost of one add as the board grows, proofs on demand.

Run: python benchmarks/bench_board.py [--coups 100000] [--repeats 7]
Prints medians. Targets: build >= 250,000 coups/s on a 100,000-coup results
log; one add on a 100,000-coup board within 2x of one add on a 100-coup board.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import statistics
import time
from collections.abc import Callable

from roads.board import Scoreboard
from roads.board.explain import proofs
from roads.board.jsonview import board_dict
from roads.shoe import deal_shoe

BUILD_TARGET = 250_000
ADD_RATIO_TARGET = 2.0


def results_log(coups: int, seed: int = 2026) -> str:
    """Return a seeded results log with the game's own frequencies (8 decks: B 45.9%, P 44.6%, T 9.5%)."""
    rng = random.Random(seed)
    letters = rng.choices("BPT", weights=(45.87, 44.63, 9.50), k=coups)
    # One coup a line, as a results log is written.
    return "\n".join(letters) + "\n"


def median_seconds(run: Callable[[], object], repeats: int) -> float:
    """Return the median wall time of ``run`` over ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def add_costs(sizes: tuple[int, ...], tail: str, repeats: int) -> list[float]:
    """Return, per board size, the median cost in seconds of one ``add`` over the letters of ``tail``.

    Sizes are measured in turn within each repeat, so warm-up and CPU clock
    changes fall on all of them alike. The garbage collector is settled before
    each window: building 100,000 beads leaves a full collection pending, and
    it would otherwise land inside the timed adds (it is paid by the build,
    about once per 25% growth of the heap, not by each add).
    """
    bases = [results_log(size, seed=size) for size in sizes]
    times: list[list[float]] = [[] for _ in sizes]
    for _ in range(repeats):
        for base, out in zip(bases, times):
            board = Scoreboard.from_results(base)
            add = board.add
            gc.collect()
            start = time.perf_counter()
            for letter in tail:
                add(letter)
            out.append((time.perf_counter() - start) / len(tail))
    return [statistics.median(t) for t in times]


def main() -> int:
    """Run every benchmark and print its median; return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    ok = True

    log = results_log(args.coups)
    seconds = median_seconds(lambda: Scoreboard.from_results(log), args.repeats)
    rate = args.coups / seconds
    board = Scoreboard.from_results(log)
    marks = sum(len(road) for road in board.derived_roads())
    ok &= rate >= BUILD_TARGET
    print(f"build, {args.coups:,}-coup results log (all five roads, {marks:,} derived marks, drawn places): "
          f"{seconds * 1000:.1f} ms median, {rate:,.0f} coups/s (target >= {BUILD_TARGET:,})")

    # What `roads build LOG` pays: the log reader's parsing and checks, then the same builder.
    from roads.logs import iter_entries

    def read_and_build() -> Scoreboard:
        board = Scoreboard()
        for entry in iter_entries(io.StringIO(log), "results"):
            board.add(entry.outcome)
        return board

    seconds = median_seconds(read_and_build, max(3, args.repeats // 2))
    print(f"read with roads.logs.iter_entries and build, same log: {seconds * 1000:.0f} ms median, "
          f"{args.coups / seconds:,.0f} coups/s")

    tail = results_log(2_000, seed=7).replace("\n", "")
    small, large = add_costs((100, args.coups), tail, args.repeats)
    ratio = large / small
    ok &= ratio <= ADD_RATIO_TARGET
    print(f"one add: {small * 1e6:.2f} us on a 100-coup board, {large * 1e6:.2f} us on a "
          f"{args.coups:,}-coup board, ratio {ratio:.2f} (target <= {ADD_RATIO_TARGET})")

    # The same adds streamed for as long again with the collector left alone: its amortized share.
    stream = results_log(args.coups, seed=11).replace("\n", "")
    grown = Scoreboard.from_results(log)
    start = time.perf_counter()
    for letter in stream:
        grown.add(letter)
    streamed = (time.perf_counter() - start) / len(stream)
    print(f"one add, streaming {args.coups:,} more coups onto a {args.coups:,}-coup board, garbage "
          f"collection included: {streamed * 1e6:.2f} us")

    shoe = Scoreboard.from_outcomes(deal_shoe(8, seed=2026).coups[:80])
    count = sum(1 for _ in proofs(shoe))
    seconds = median_seconds(lambda: [p.text for p in proofs(shoe)], max(args.repeats, 51))
    print(f"proofs, all {count} marks of an 80-coup shoe (prose included): {seconds * 1000:.2f} ms median, "
          f"{seconds / count * 1e6:.1f} us a proof")

    seconds = median_seconds(lambda: board_dict(board), max(3, args.repeats // 2))
    print(f"JSON data of the {args.coups:,}-coup board: {seconds * 1000:.0f} ms median")

    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
