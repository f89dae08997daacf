"""Simulated expectations: Big Road column depths and derived-road red shares of dealt shoes, with intervals.

No exact figure exists for these (they depend on a whole shoe's sequence), so
they come from shoes dealt by the project's simulator (``roads.simulate``:
full shoes, burn, the standard cut card) and counted by the same ``Tally``
that ``roads stats`` uses. The figures for 1 to 8 decks ship in
``roads/data/simulated.json`` (made by ``scripts/simulate_expectations.py``);
other deck counts are simulated on the fly, deterministically, once per process.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .tally import Tally
from .theory import SIM_FIGURES, Z99

SEED = 16
"""The seed of every simulation (issue 16); each deck count draws from its own stream ``(SEED, decks)``."""

SHIPPED_SHOES = 50_000
"""Shoes simulated per deck count for the shipped file."""

SHIPPED_DECKS = range(1, 9)
"""Deck counts whose expectations ship in roads/data/simulated.json."""

ON_THE_FLY_COUPS = 300_000
"""Coups simulated (at least MIN_SHOES shoes) for a deck count that is not shipped."""

MIN_SHOES = 40

BATCH = 500
"""Shoes shuffled at once: fixed, so the cards dealt do not depend on anything but the seed."""

DATA_FILE = "simulated.json"


@dataclass(frozen=True, slots=True)
class Expectation:
    """A simulated share: its estimate, the estimate's standard error, and the design effect of one archive.

    ``deff`` is the variance of a dealt archive's share over the binomial
    variance of as many independent trials: the columns (or marks) of one
    shoe are not independent, and the simulation measures by how much.
    """

    expected: float
    se: float
    deff: float

    @property
    def low(self) -> float:
        """Return the lower end of the simulation's 99% interval."""
        return max(0.0, self.expected - Z99 * self.se)

    @property
    def high(self) -> float:
        """Return the upper end of the simulation's 99% interval."""
        return min(1.0, self.expected + Z99 * self.se)


@dataclass(frozen=True, slots=True)
class Simulation:
    """The simulated expectations of one deck count, and how they were made."""

    decks: int
    shoes: int
    coups: int
    seed: int
    cut: int
    shipped: bool
    figures: dict[str, Expectation]

    def about(self) -> dict[str, Any]:
        """Return how the expectations were made, for the JSON document."""
        made = {name: getattr(self, name) for name in ("decks", "shoes", "coups", "seed", "cut")}
        return {**made, "source": f"roads/data/{DATA_FILE}" if self.shipped else "simulated on the fly"}


def simulate_expectations(decks: int, shoes: int, seed: int = SEED, *, shipped: bool = False) -> Simulation:
    """Deal ``shoes`` shoes of ``decks`` decks and return every simulated figure with its standard error."""
    from ..board import Board
    from ..outcome import Outcome, Winner
    from ..shoe import DEFAULT_CUT
    from ..simulate import cluster_spread, dealt_winners

    outcomes = [Outcome(Winner.BANKER), Outcome(Winner.PLAYER), Outcome(Winner.TIE)]
    # Per figure: sums over shoes of hits h, trials t, h^2, h*t, t^2 (exact integers).
    sums = {name: [0, 0, 0, 0, 0] for name in SIM_FIGURES}
    coups = 0
    for winners in dealt_winners(decks, shoes, seed, DEFAULT_CUT, BATCH):
        shoe = [outcomes[w] for w in winners]
        tally = Tally("shoe")
        tally.add(shoe, Board.from_outcomes(shoe))
        coups += tally.counts.coups
        for name, (h, t) in tally.simulated_counts().items():
            s = sums[name]
            s[0] += h
            s[1] += t
            s[2] += h * h
            s[3] += h * t
            s[4] += t * t
    figures = {}
    for name, (h, t, h2, ht, t2) in sums.items():
        p = h / t
        # The ratio estimator's variance with each shoe one cluster, as roads.simulate computes it.
        var = shoes / (shoes - 1) * float(cluster_spread(h, h2, ht, t, t2)) / (t * t)
        binomial = p * (1 - p) / t
        figures[name] = Expectation(p, math.sqrt(var), var / binomial if binomial else 1.0)
    return Simulation(decks, shoes, coups, seed, DEFAULT_CUT, shipped, figures)


def to_json(simulations: list[Simulation]) -> str:
    """Return the shipped data file's text: every deck count's figures, rounded, in a fixed order."""
    first = simulations[0]
    doc = {
        "about": (
            "Simulated expectations of roads stats (issue 16): shoes dealt by roads.simulate "
            "(full shoes, burn, cut card), counted by roads.analytics.Tally. "
            "expected: the share; se: its standard error (each shoe one cluster); "
            "deff: an archive's variance over the binomial variance."
        ),
        "command": f"python scripts/simulate_expectations.py --shoes {first.shoes} --seed {first.seed}",
        "seed": first.seed,
        "shoes": first.shoes,
        "cut": first.cut,
        "decks": {
            str(s.decks): {
                "coups": s.coups,
                "figures": {
                    name: {"expected": round(e.expected, 7), "se": float(f"{e.se:.4g}"), "deff": round(e.deff, 4)}
                    for name, e in s.figures.items()
                },
            }
            for s in simulations
        },
    }
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


@cache
def _shipped() -> dict[str, Any]:
    text = resources.files("roads").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def expectations(decks: int) -> Simulation:
    """Return the simulated expectations for ``decks`` decks: shipped for 1-8, else simulated once per process."""
    shipped = _shipped()
    entry = shipped["decks"].get(str(decks))
    if entry is None:
        # A deck count that is not shipped: the same seed and procedure, sized by coups so 1000 decks stays quick.
        per_shoe = 10.2 * decks
        shoes = max(MIN_SHOES, math.ceil(ON_THE_FLY_COUPS / per_shoe))
        return simulate_expectations(decks, shoes, SEED)
    figures = {name: Expectation(f["expected"], f["se"], f["deff"]) for name, f in entry["figures"].items()}
    return Simulation(decks, shipped["shoes"], entry["coups"], shipped["seed"], shipped["cut"], True, figures)
