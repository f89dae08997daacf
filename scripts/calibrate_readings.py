"""The readings of roads stats on fair, biased, streaky and heterogeneous archives: how often each says what.

    python scripts/calibrate_readings.py --archives 20 --shoes 200 --seed 3535

Each kind of archive is ``--archives`` archives of ``--shoes`` result shoes of
80 coups (ties 9.5%, each coup drawn afresh from Python's random, seeded by
``(seed, kind, archive)``): **fair** (Banker at its exact 8-deck share),
**biased** (Banker +2 points), **streaky** (the last winner repeated with
chance 0.1 before each draw), **heterogeneous** (shoes alternating 6 points of
Banker share either way, fair in total). Each archive is read by ``roads stats
--by shoe --json``; the table gives, per kind, the share of archives whose
total flags the Banker share, the runs test within shoes, the pooled lag-1,
the homogeneity, "k of n groups flagged" against chance, and whose sentence
(``order_reading``) says the shoes differ. Prints a Markdown table
(docs/stats.md shows it). Deterministic for its arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roads.analytics.theory import expected_shares
from roads.cli import main as roads

BANKER = expected_shares(8)["banker"]
KINDS: dict[str, tuple[Callable[[int], float], float | None]] = {
    "fair": (lambda n: BANKER, None),
    "biased (Banker +2 points)": (lambda n: BANKER + 0.02, None),
    "streaky (repeat 0.1)": (lambda n: BANKER, 0.1),
    "heterogeneous (±6 points by shoe)": (lambda n: BANKER + (0.06 if n % 2 else -0.06), None),
}


def archive(path: Path, shoes: int, share: Callable[[int], float], repeat: float | None, rng: random.Random) -> None:
    """Write one archive of result shoes of 80 coups."""
    lines = []
    for number in range(1, shoes + 1):
        banker, out, last = share(number), [], ""
        for _ in range(80):
            if rng.random() < 0.095:
                out.append("T")
            elif repeat is not None and last and rng.random() < repeat:
                out.append(last)
            else:
                last = "B" if rng.random() < banker / 0.905 else "P"
                out.append(last)
        lines.append(json.dumps({"shoe": number, "results": "".join(out)}) + "\n")
    path.write_text("".join(lines), encoding="utf-8")


def read(path: Path) -> dict[str, Any]:
    """Return ``roads stats PATH --by shoe --json``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert roads(["stats", str(path), "--by", "shoe", "--json"]) == 0
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    """Print the table of readings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archives", type=int, default=20)
    parser.add_argument("--shoes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3535)
    args = parser.parse_args(argv)
    columns = ("banker flagged", "runs within shoes flagged", "lag-1 pooled flagged", "homogeneity flagged")
    columns += ("k of n groups beyond chance", "sentence: shoes differ", "sentence: streaks within shoes")
    print(f"| archive ({args.archives} of {args.shoes} shoes) | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    with tempfile.TemporaryDirectory() as folder:
        for k, (kind, (share, repeat)) in enumerate(KINDS.items()):
            hits = [0] * len(columns)
            for a in range(args.archives):
                path = Path(folder) / f"{k}-{a}.jsonl"
                archive(path, args.shoes, share, repeat, random.Random(f"{args.seed}-{k}-{a}"))
                data = read(path)
                total = data["total"]
                banker = next(t for t in total["tests"] if t["figure"] == "banker")
                sentence = total["order_reading"] or ""
                seen = (
                    banker["flag"],
                    total["runs"]["flag"],
                    total["lag1"]["flag"],
                    total["homogeneity"]["flag"],
                    data["flagged_groups"]["flag"],
                    "shoes differ from one another" in sentence,
                    "within shoes, not only" in sentence or "within shoes, where" in sentence,
                )
                hits = [h + bool(s) for h, s in zip(hits, seen, strict=True)]
            print(f"| {kind} | " + " | ".join(f"{h} of {args.archives}" for h in hits) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
