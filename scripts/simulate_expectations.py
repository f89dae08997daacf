"""Write roads/data/simulated.json: the simulated expectations of roads stats for 1 to 8 decks.

    python scripts/simulate_expectations.py --shoes 50000 --seed 16

Deterministic: the same shoes and seed give the same bytes (each deck count
deals from numpy's PCG64 stream ``(seed, decks)``, in fixed batches). It takes
a few minutes on one core. ``--check`` compares instead of writing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from roads.analytics.simulated import SEED, SHIPPED_DECKS, SHIPPED_SHOES, simulate_expectations, to_json

TARGET = Path(__file__).resolve().parent.parent / "roads" / "data" / "simulated.json"


def main(argv: list[str] | None = None) -> int:
    """Simulate every shipped deck count and write (or check) the data file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=SHIPPED_SHOES, help="shoes per deck count")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--decks", type=int, nargs="*", default=list(SHIPPED_DECKS))
    parser.add_argument("--out", type=Path, default=TARGET)
    parser.add_argument("--check", action="store_true", help="fail if the file differs from a fresh run")
    args = parser.parse_args(argv)
    sims = []
    for decks in args.decks:
        sims.append(simulate_expectations(decks, args.shoes, args.seed, shipped=True))
        print(f"{decks} decks: {sims[-1].coups} coups", file=sys.stderr)
    text = to_json(sims)
    if args.check:
        # Only the deck counts simulated are compared, so one quick deck count can stand for the file.
        shipped = json.loads(args.out.read_text(encoding="utf-8"))
        fresh = json.loads(text)
        same = all(shipped["decks"].get(k) == v for k, v in fresh["decks"].items())
        same = same and (shipped["seed"], shipped["shoes"]) == (fresh["seed"], fresh["shoes"])
        print("same" if same else f"{args.out} differs from a fresh run", file=sys.stderr)
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
