"""Road builder speed and size: build throughput, reading a log and building, one add as the board grows.

Run: python benchmarks/bench_board.py [--coups 100000] [--repeats 7] [--memory-coups 1000000]
Prints medians. Targets: >= 250,000 coups/s on a 100,000-coup results log, both
for building from a string and for what `roads build` pays (reading the log
through roads.logs, then building); one add on a 100,000-coup board within 2x
of one add on a 100-coup board; a built board at most 100 bytes a coup.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

from timing import median_seconds

from roads import Scoreboard
from roads.board.jsonview import board_dict
from roads.shoe import deal_shoe

BUILD_TARGET = 250_000
ADD_RATIO_TARGET = 2.0
BYTES_TARGET = 100


def results_log(coups: int, seed: int = 2026) -> str:
    """Return a seeded results log with the game's own frequencies (8 decks: B 45.9%, P 44.6%, T 9.5%)."""
    rng = random.Random(seed)
    letters = rng.choices("BPT", weights=(45.87, 44.63, 9.50), k=coups)
    # One coup a line, as a results log is written.
    return "\n".join(letters) + "\n"


def add_costs(sizes: tuple[int, ...], tail: str, repeats: int, placed: bool = False) -> list[float]:
    """Return, per board size, the median cost in seconds of one ``add`` over the letters of ``tail``.

    With ``placed`` each add is followed by ``place()``, which works out the
    drawn cells that reads would otherwise work out on demand.

    Sizes are measured in turn within each repeat, so warm-up and CPU clock
    changes fall on all of them alike. The garbage collector is settled before
    each window: building 100,000 beads leaves a full collection pending, and
    it would otherwise land inside the timed adds (it is paid by the build,
    about once per 25% growth of the heap, not by each add).
    """
    bases = [results_log(size, seed=size) for size in sizes]
    times: list[list[float]] = [[] for _ in sizes]
    for _ in range(repeats):
        for base, out in zip(bases, times, strict=False):
            board = Scoreboard.from_results(base)
            add, place = board.add, board.place
            gc.collect()
            start = time.perf_counter()
            if placed:
                for letter in tail:
                    add(letter)
                    place()
            else:
                for letter in tail:
                    add(letter)
            out.append((time.perf_counter() - start) / len(tail))
    return [statistics.median(t) for t in times]


def bytes_per_coup(coups: int) -> float:
    """Return the memory a built board of ``coups`` coups holds, per coup (its letters not counted)."""
    log = results_log(coups).replace("\n", "")
    gc.collect()
    tracemalloc.start()
    try:
        board = Scoreboard.from_results(log)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert board.coups == coups
    return held / coups


def main() -> int:
    """Run every benchmark and print its median; return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--memory-coups", type=int, default=1_000_000)
    args = parser.parse_args()
    ok = True

    log = results_log(args.coups)
    seconds = median_seconds(lambda: Scoreboard.from_results(log), args.repeats)
    rate = args.coups / seconds
    board = Scoreboard.from_results(log)
    marks = sum(len(road) for road in board.derived_roads())
    ok &= rate >= BUILD_TARGET
    print(
        f"build, {args.coups:,}-coup results log (all five roads, {marks:,} derived marks, drawn places): "
        f"{seconds * 1000:.1f} ms median, {rate:,.0f} coups/s (target >= {BUILD_TARGET:,})"
    )

    # What `roads build LOG` pays: the log read through roads.logs (detection, the results
    # grammar, located errors), then the same builder.
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "shoe.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(log)
        seconds = median_seconds(lambda: Scoreboard.from_log(path), args.repeats)
        rate = args.coups / seconds
        ok &= rate >= BUILD_TARGET
        print(
            f"read and build, Scoreboard.from_log on the same log as a file (what roads build pays): "
            f"{seconds * 1000:.1f} ms median, {rate:,.0f} coups/s (target >= {BUILD_TARGET:,})"
        )

        from roads.logs import iter_entries

        def line_by_line() -> Scoreboard:
            board = Scoreboard()
            for entry in iter_entries(path):
                board.add(entry.outcome)
            return board

        seconds = median_seconds(line_by_line, max(3, args.repeats // 2))
        print(
            f"  for comparison, iter_entries (an Entry a coup, line by line) and one add() each: "
            f"{seconds * 1000:.0f} ms median, {args.coups / seconds:,.0f} coups/s"
        )

        command = [sys.executable, "-m", "roads"]
        startup = median_seconds(lambda: subprocess.run([*command, "--version"], check=True, capture_output=True), 5)
        seconds = median_seconds(lambda: subprocess.run([*command, "build", path], check=True, capture_output=True), 5)
        print(
            f"roads build on the log, end to end in a new process: {seconds * 1000:.0f} ms median, "
            f"{args.coups / seconds:,.0f} coups/s ({startup * 1000:.0f} ms of it is starting the CLI: "
            f"roads --version)"
        )

    tail = results_log(2_000, seed=7).replace("\n", "")
    small, large = add_costs((100, args.coups), tail, args.repeats)
    ratio = large / small
    ok &= ratio <= ADD_RATIO_TARGET
    print(
        f"one add: {small * 1e6:.2f} us on a 100-coup board, {large * 1e6:.2f} us on a "
        f"{args.coups:,}-coup board, ratio {ratio:.2f} (target <= {ADD_RATIO_TARGET})"
    )
    small, large = add_costs((100, args.coups), tail, args.repeats, placed=True)
    print(
        f"one add, then its drawn cells (board.place()): {small * 1e6:.2f} us on a 100-coup board, "
        f"{large * 1e6:.2f} us on a {args.coups:,}-coup board, ratio {large / small:.2f}"
    )

    # The same adds streamed for as long again with the collector left alone: its amortized share.
    stream = results_log(args.coups, seed=11).replace("\n", "")
    grown = Scoreboard.from_results(log)
    start = time.perf_counter()
    for letter in stream:
        grown.add(letter)
    streamed = (time.perf_counter() - start) / len(stream)
    print(
        f"one add, streaming {args.coups:,} more coups onto a {args.coups:,}-coup board, garbage "
        f"collection included: {streamed * 1e6:.2f} us"
    )

    shoe = Scoreboard.from_outcomes(deal_shoe(8, seed=2026).coups[:80])
    count = sum(1 for _ in shoe.proofs())
    seconds = median_seconds(lambda: [p.text for p in shoe.proofs()], max(args.repeats, 51))
    print(
        f"proofs, all {count} marks of an 80-coup shoe (prose included): {seconds * 1000:.2f} ms median, "
        f"{seconds / count * 1e6:.1f} us a proof"
    )

    seconds = median_seconds(lambda: board_dict(board), max(3, args.repeats // 2))
    print(f"JSON data of the {args.coups:,}-coup board: {seconds * 1000:.0f} ms median")

    size = bytes_per_coup(args.memory_coups)
    ok &= size <= BYTES_TARGET
    print(
        f"memory of a built {args.memory_coups:,}-coup board (tracemalloc, all five roads placed): "
        f"{size:.1f} bytes a coup (target <= {BYTES_TARGET})"
    )

    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
