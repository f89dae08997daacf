"""Time ``roads exposure`` on a dealt archive (issue 23): ``python benchmarks/bench_exposure.py [SHOES] [-j N]``.

The archive (cards, one shoe a JSON Lines line, default 1,000 shoes from
seed 1) is dealt once with ``roads deal --shoes N --seed 1 --format jsonl``;
``roads exposure --bet dragon_7 --bet panda_8 --json`` then reads it in a
fresh process on every core (or ``-j N``), three times, and the median is
printed with the coups per second. The target is 2 minutes for 1,000 shoes
on a 2-core machine.

It also counts how often the state that prices Dragon 7 and Panda 8 (the
cards left, by value) repeats across the archive's coups: the most a
cache could save (the scan keeps none: they are too few).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds

ROADS = [sys.executable, "-m", "roads"]


def repeats(log: Path) -> tuple[int, int]:
    """Return (coups, distinct cards-left-by-value states before them) over the archive, burned cards out."""
    from roads.cards import parse_card

    states: Counter[tuple[int, ...]] = Counter()
    with log.open(encoding="utf-8") as lines:
        for text in lines:
            shoe = json.loads(text)
            left = [4 * shoe["decks"] * (4 if v == 0 else 1) for v in range(10)]
            for card in shoe.get("burned", []):
                left[parse_card(card).value] -= 1
            for coup in shoe["coups"]:
                states[tuple(left)] += 1
                for card in coup["player_cards"] + coup["banker_cards"]:
                    left[parse_card(card).value] -= 1
    return sum(states.values()), len(states)


def main() -> None:
    """Print the median seconds of one ``roads exposure`` run over the archive, and the states' repeats."""
    args = sys.argv[1:]
    jobs = []
    if "-j" in args:
        at = args.index("-j")
        jobs = ["-j", args[at + 1]]
        del args[at : at + 2]
    shoes = int(args[0]) if args else 1_000
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "archive.jsonl"
        dealt = [*ROADS, "deal", "--shoes", str(shoes), "--seed", "1", "--format", "jsonl", "-o", str(log)]
        subprocess.run(dealt, check=True, capture_output=True)
        coups, distinct = repeats(log)
        command = [*ROADS, "exposure", str(log), "--bet", "dragon_7", "--bet", "panda_8", "--json", *jobs]

        def run() -> None:
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

        seconds = median_seconds(run, 3)
    cores = os.cpu_count() or 1
    print(
        f"{shoes:,} shoes, {coups:,} coups, Dragon 7 and Panda 8: roads exposure {seconds:6.2f} s "
        f"({coups / seconds:,.0f} coups/s, {' '.join(jobs) or f'all {cores} cores'}); "
        f"{distinct:,} distinct states by value ({coups - distinct:,} repeats)"
    )


if __name__ == "__main__":
    main()
