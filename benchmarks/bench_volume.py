"""A year of shoes: 100,000 shoes (about 8 million coups) through `roads build --per-shoe` and `roads render`.

    python benchmarks/bench_volume.py generate             # /tmp/roads-volume/shoes.jsonl, 100,000 shoes
    python benchmarks/bench_volume.py build                # roads build shoes.jsonl --per-shoe --json
    python benchmarks/bench_volume.py render --shoes 10000 # roads render on the first 10,000 shoes, last 40 columns
    python benchmarks/bench_volume.py check                # roads check shoes.jsonl (every shoe, keep going)
    python benchmarks/bench_volume.py json                 # roads build --json on one 1,000,000-coup shoe,
                                                           # streamed, beside the whole-text way (board_json)
    python benchmarks/bench_volume.py garbage              # a 1 GB file of random bytes must fail fast
    python benchmarks/bench_volume.py all                  # every step above, in order

The log is made on demand and never committed: the numpy simulator
(roads.simulate) shuffles and deals real 8-deck shoes, and each shoe becomes
one JSON Lines line ``{"shoe": N, "results": "B P[p] T B[bn] ..."}``, markers
included. Every run is a separate process, measured from outside: wall time
and peak resident memory (ru_maxrss of the child). Numbers only; no targets,
since what matters is that memory stays flat as the file grows.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from roads.simulate import play_shoes, shuffled_shoes

FOLDER = Path("/tmp/roads-volume")
SHOES = 100_000
DECKS = 8
SEED = 2026
BATCH = 2_000
"""Shoes dealt at once by the simulator (about 2 MB of cards)."""

# Outcome code = winner * 8 + banker_pair * 4 + player_pair * 2 + natural, spelled as the results grammar does.
_SPELLING = [
    letter + (f"[{markers}]" if markers else "")
    for letter in "BPT"
    for markers in ("", "n", "p", "pn", "b", "bn", "bp", "bpn")
]


def generate(path: Path, shoes: int, seed: int = SEED) -> tuple[int, int]:
    """Write ``shoes`` dealt 8-deck shoes to ``path`` as multi-shoe JSON Lines; return (shoes, coups)."""
    rng = np.random.default_rng(seed)
    coups = 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for start in range(0, shoes, BATCH):
            size = min(BATCH, shoes - start)
            dealt = play_shoes(shuffled_shoes(rng, size, DECKS))
            p, b = dealt.player_total.astype(np.int64), dealt.banker_total.astype(np.int64)
            winner = np.where(b > p, 0, np.where(p > b, 1, 2))
            code = (
                winner * 8
                + (dealt.cards[:, 1] == dealt.cards[:, 3]) * 4
                + (dealt.cards[:, 0] == dealt.cards[:, 2]) * 2
                + dealt.natural
            )
            words = np.array(_SPELLING, dtype=object)[code]
            bounds = np.flatnonzero(np.diff(dealt.shoe)) + 1
            for i, shoe_words in enumerate(np.split(words, bounds)):
                out.write(json.dumps({"shoe": start + i + 1, "results": " ".join(shoe_words)}) + "\n")
            coups += len(code)
    return shoes, coups


_WRAPPER = """
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:]).returncode
print("PEAK", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
sys.exit(code)
"""
"""Runs a command and reports its peak RSS: a fresh process's RUSAGE_CHILDREN is that command alone
(and, for a pool, the largest of its workers, which it waits for)."""


BASELINE: str | None = None
"""A source tree of the previous release (``--baseline``): commands run again with it, side by side."""


def measure(
    command: list[str], stdout: int = subprocess.DEVNULL, tree: str | None = None
) -> tuple[float, float, int, str]:
    """Run ``command`` (``tree`` first on the import path); return (wall s, peak RSS MB, status, last stderr line)."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    start = time.perf_counter()
    # `python -m roads` puts the working folder first on the path: run the baseline from its own tree.
    proc = subprocess.run(
        [sys.executable, "-c", _WRAPPER, *command],
        stdout=stdout,
        stderr=subprocess.PIPE,
        check=False,
        env=env,
        cwd=tree,
    )
    wall = time.perf_counter() - start
    lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    peak_kb = int(lines.pop().split()[1])  # kilobytes on Linux
    return wall, peak_kb / 1024, proc.returncode, lines[-1] if lines else ""


def roads(*args: str) -> list[str]:
    """Return the command line running ``roads`` with this interpreter."""
    return [sys.executable, "-m", "roads", *args]


MILLION = 1_000_000


def one_long_shoe(path: Path, coups: int, seed: int = SEED) -> int:
    """Write a results log of one shoe of ``coups`` coups (the game's frequencies, some markers); return coups."""
    rng = np.random.default_rng(seed)
    code = rng.choice(24, size=coups, p=_frequencies())
    words = np.array(_SPELLING, dtype=object)[code]
    with path.open("w", encoding="utf-8") as out:
        for start in range(0, coups, 20):
            out.write(" ".join(words[start : start + 20]) + "\n")
    return coups


def _frequencies() -> np.ndarray:
    """Return how often each of the 24 spellings comes: B 45.9%, P 44.6%, T 9.5%, a marker now and then."""
    winner = np.array([0.459, 0.446, 0.095])
    markers = np.array([0.83, 0.05, 0.05, 0.005, 0.05, 0.005, 0.005, 0.005])
    table = np.outer(winner, markers / markers.sum()).ravel()
    return table / table.sum()


def first_shoes(source: Path, target: Path, shoes: int) -> Path:
    """Copy the first ``shoes`` lines of ``source`` to ``target`` (a representative slice); return it."""
    with source.open("rb") as src, target.open("wb") as out:
        for _, line in zip(range(shoes), src, strict=False):
            out.write(line)
    return target


def garbage(path: Path, size: int) -> None:
    """Write ``size`` bytes of random data to ``path`` (in 16 MB blocks)."""
    rng = np.random.default_rng(1)
    with path.open("wb") as out:
        left = size
        while left:
            block = min(left, 16 << 20)
            out.write(rng.integers(0, 256, block, dtype=np.uint8).tobytes())
            left -= block


def json_step(folder: Path, baseline: str | None) -> None:
    """Time roads build --json on one 1,000,000-coup shoe, streamed, beside the whole text at once."""
    big = folder / "one-million.txt"
    coups = one_long_shoe(big, MILLION)
    streamed, whole = folder / "board-streamed.json", folder / "board-whole.json"
    with streamed.open("wb") as sink:
        wall, peak, code, last = measure(roads("build", str(big), "--json"), stdout=sink.fileno())
    print(
        f"build --json, {coups:,} coups (streamed): exit {code}, {wall:.1f} s, peak RSS {peak:.0f} MB, "
        f"{streamed.stat().st_size / 1e6:.0f} MB of JSON {last}"
    )
    # The same board as one text, as build --json wrote it before it streamed: same bytes, all in memory.
    whole_way = (
        "import sys; from roads import Scoreboard; from roads.board.jsonview import board_json; "
        "sys.stdout.write(board_json(Scoreboard.from_log(sys.argv[1])) + '\\n')"
    )
    with whole.open("wb") as sink:
        wall, peak, code, last = measure([sys.executable, "-c", whole_way, str(big)], stdout=sink.fileno())
    same = streamed.read_bytes() == whole.read_bytes()
    print(f"board_json, the whole text at once: exit {code}, {wall:.1f} s, peak RSS {peak:.0f} MB; same bytes: {same}")
    if baseline:
        with whole.open("wb") as sink:
            wall, peak, code, last = measure(roads("build", str(big), "--json"), stdout=sink.fileno(), tree=baseline)
        same = streamed.read_bytes() == whole.read_bytes()
        print(f"[baseline] build --json: exit {code}, {wall:.1f} s, peak RSS {peak:.0f} MB; same bytes: {same}")
    for path in (streamed, whole):
        path.unlink()


def main() -> int:
    """Run the chosen steps and print what each cost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["generate", "build", "check", "render", "json", "garbage", "all"])
    parser.add_argument(
        "--shoes",
        type=int,
        default=None,
        help=f"generate: shoes in the log (default {SHOES:,}); render: the slice drawn (default 10,000)",
    )
    parser.add_argument("--format", default="png", choices=["png", "svg"], help="render: picture format")
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument(
        "--baseline",
        metavar="TREE",
        help="build, json: also run the previous release from this source tree (git archive v0.1.0 | tar -x -C TREE)",
    )
    args = parser.parse_args()
    log = args.folder / "shoes.jsonl"
    steps = ["generate", "build", "check", "render", "json", "garbage"] if args.step == "all" else [args.step]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")

    if "generate" in steps:
        start = time.perf_counter()
        shoes, coups = generate(log, args.shoes or SHOES)
        print(
            f"generate: {shoes:,} shoes, {coups:,} coups, {log.stat().st_size / 1e6:.1f} MB "
            f"in {time.perf_counter() - start:.1f} s -> {log}"
        )
    trees = [("this tree", None)] + ([("baseline", args.baseline)] if args.baseline else [])
    if "build" in steps:
        for label, tree in trees:
            out = args.folder / "stats.jsonl"
            with out.open("wb") as sink:
                command = roads("build", str(log), "--per-shoe", "--json")
                wall, peak, code, last = measure(command, stdout=sink.fileno(), tree=tree)
            lines = sum(1 for _ in out.open("rb"))
            coups = sum(json.loads(line)["coups"] for line in out.open("rb"))
            print(
                f"[{label}] build --per-shoe --json: {lines:,} shoes, {coups:,} coups, exit {code}, {wall:.1f} s "
                f"({coups / wall:,.0f} coups/s), peak RSS {peak:.0f} MB {last}"
            )
    if "check" in steps:
        # The previous release's check read one shoe a file: it refuses this log, so only this tree is timed.
        out = args.folder / "check.txt"
        with out.open("wb") as sink:
            wall, peak, code, last = measure(roads("check", str(log)), stdout=sink.fileno())
        lines = sum(1 for _ in out.open("rb"))
        print(f"check: {lines:,} shoes reported, exit {code}, {wall:.1f} s, peak RSS {peak:.0f} MB {last}")
    if "render" in steps:
        count = args.shoes or 10_000
        part = first_shoes(log, args.folder / f"first-{count}.jsonl", count)
        pictures = args.folder / f"pictures-{args.format}"
        for old in pictures.glob("*") if pictures.exists() else ():
            old.unlink()
        wall, peak, code, last = measure(
            roads("render", str(part), "-d", str(pictures), "--last", "40", "--format", args.format)
        )
        drawn = len(os.listdir(pictures)) if pictures.exists() else 0
        print(
            f"render --last 40 --format {args.format}: {drawn:,} of {count:,} shoes, exit {code}, {wall:.1f} s "
            f"({drawn / wall:.0f} shoes/s, {wall / max(drawn, 1) * 1000:.1f} ms a shoe), "
            f"peak RSS {peak:.0f} MB (largest process) {last}"
        )
    if "json" in steps:
        json_step(args.folder, args.baseline)
    if "garbage" in steps:
        junk = args.folder / "random-1GB.bin"
        garbage(junk, 1 << 30)
        try:
            wall, peak, code, last = measure(roads("build", str(junk)))
            print(f"build on 1 GB of random bytes: exit {code} in {wall * 1000:.0f} ms, peak RSS {peak:.0f} MB: {last}")
            wall, peak, code, last = measure(roads("build", str(junk), "--per-shoe"))
            print(f"build --per-shoe on it: exit {code} in {wall * 1000:.0f} ms, peak RSS {peak:.0f} MB: {last}")
        finally:
            junk.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
