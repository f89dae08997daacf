"""Rendering benchmark: one 80-coup scoreboard to SVG and PNG in-process, and 1,000 shoes to PNG via the CLI.

    python benchmarks/bench_render.py                 # --repeats 31 --shoes 1000 by default

Prints medians and exits 1 if a target is missed (SVG <= 15 ms, PNG <= 60 ms,
the batch under 60 s).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import median_seconds

from roads import Scoreboard
from roads.logs import write_log
from roads.render import png, svg
from roads.shoe import deal_shoe

TARGETS = {"svg": 0.015, "png": 0.060, "batch": 60.0}


def main() -> int:
    """Run the benchmark; return 0 when every target is met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=31)
    parser.add_argument("--shoes", type=int, default=1000)
    parser.add_argument(
        "--baseline",
        metavar="TREE",
        help="also run the batch with the previous release's source tree first on the path, side by side",
    )
    parser.add_argument("--batch-only", action="store_true", help="skip the in-process SVG and PNG timings")
    args = parser.parse_args()

    results: dict[str, float] = {}
    if not args.batch_only:
        board = Scoreboard.from_outcomes(deal_shoe(8, seed=2026).coups[:80])
        marks = sum(len(board.road(name)) for name in ("big_eye_boy", "small_road", "cockroach_pig"))
        print(f"80-coup shoe (seed 2026): {len(board.big_road)} Big Road beads, {marks} derived marks")
        results["svg"] = median_seconds(lambda: svg(board), args.repeats, warm_up=True, collect=True)
        results["png"] = median_seconds(lambda: png(board), args.repeats, warm_up=True, collect=True)
        print(f"full scoreboard to SVG: {results['svg'] * 1000:7.2f} ms median (target <= 15 ms)")
        print(f"full scoreboard to PNG: {results['png'] * 1000:7.2f} ms median (target <= 60 ms)")
        scale_2 = median_seconds(lambda: png(board, scale=2), 11, warm_up=True, collect=True)
        print(f"  PNG at scale 2:       {scale_2 * 1000:7.2f} ms")

    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs"
        logs.mkdir()
        for seed in range(args.shoes):
            (logs / f"shoe{seed:04d}.txt").write_text(write_log(deal_shoe(8, seed=seed).coups, "cards"))
        command = [
            sys.executable,
            "-m",
            "roads",
            "render",
            *sorted(map(str, logs.iterdir())),
            "-d",
            str(Path(folder) / "out"),
            "--format",
            "png",
        ]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        results["batch"] = time.perf_counter() - start
        drawn = len(os.listdir(Path(folder) / "out"))
        print(
            f"{args.shoes} card logs to PNG via `roads render -d` on {os.cpu_count()} cores: "
            f"{results['batch']:.1f} s ({drawn} files, {results['batch'] / max(drawn, 1) * 1000:.1f} ms a shoe)"
            " (target < 60 s)"
        )
        if args.baseline:
            command[command.index("-d") + 1] = str(Path(folder) / "baseline")
            start = time.perf_counter()
            subprocess.run(
                command,
                check=True,
                stdout=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": args.baseline},
                cwd=args.baseline,  # `python -m roads` puts the working folder first on the path
            )
            took = time.perf_counter() - start
            drawn = len(os.listdir(Path(folder) / "baseline"))
            print(f"  the same with the baseline tree: {took:.1f} s ({drawn} files)")
    missed = [name for name, seconds in results.items() if seconds > TARGETS[name]]
    if missed:
        print(f"missed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
