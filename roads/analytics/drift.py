"""Drift over shoes: the cumulative Banker share with its control band, and a CUSUM of each shoe's Banker count.

The shoes are taken in archive order, or by date when every shoe has one
(a stable sort: shoes of one date keep their archive order). The measure is
the **Banker share among non-tie coups** (``decisions``), whose exact chance
``p`` is ``P(Banker) / (P(Banker) + P(Player))`` for one coup of a full shoe:
ties are tested on their own, and leaving them out makes the line one
binomial share.

- The cumulative share after shoe i is ``B_i / N_i`` (Banker wins and
  decisions so far); its band is ``p ± 3 sqrt(p (1 - p) / N_i)``, three
  standard deviations of the cumulative count ``B_i`` divided by ``N_i``:
  pointwise, so a long fair archive may touch it somewhere.
- The CUSUM (Page's, two-sided) runs on each shoe's standardised Banker
  count ``z = (b - p n) / sqrt(n p (1 - p))``:
  ``up = max(0, up + z - k)``, ``down = max(0, down - z - k)``, with
  ``k = 0.5`` (tuned to a shift of one standard deviation per shoe). It
  signals where either side crosses ``h``, chosen for the archive's length:
  a fair archive of that many shoes crosses it anywhere with chance at most
  ALPHA (1%), ALPHA / 2 each side, computed by Brook and Evans' Markov chain
  on normal increments (:func:`crossing_chance`).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cache
from statistics import NormalDist
from typing import Any

from ..logs.fields import date_order
from .theory import ALPHA, expected_shares

K = 0.5
"""The CUSUM's reference value, in standard deviations of one shoe's Banker count: half the shift it is tuned to."""

BAND = 3.0
"""The control band's half-width, in standard deviations of the cumulative count."""

STATES = 100
"""Brook-Evans states between 0 and h: the crossing chance they give is within about 1% of its own value."""

BASIS = "banker among non-tie coups"


def banker_chance(decks: int) -> float:
    """Return the exact chance that a non-tie coup of a full ``decks``-deck shoe is a Banker win."""
    shares = expected_shares(decks)
    return shares["banker"] / (shares["banker"] + shares["player"])


@dataclass(frozen=True, slots=True)
class ShoeCount:
    """One shoe of the drift: its name, date (None when the log has none), Banker and Player wins."""

    shoe: str
    date: str | None
    banker: int
    player: int


class Shoes:
    """Every shoe's Banker and Player wins in archive order, kept compact (two numbers and a date a shoe)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.banker = array("q")
        self.player = array("q")
        self.dates: list[str | None] = []

    def add(self, shoe: str, date: str | None, banker: int, player: int) -> None:
        """Keep one shoe."""
        self.names.append(shoe)
        self.dates.append(date)
        self.banker.append(banker)
        self.player.append(player)

    def __len__(self) -> int:
        """Return how many shoes are kept."""
        return len(self.names)

    def ordered(self) -> tuple[list[ShoeCount], str]:
        """Return the shoes in drift order and its name: ``date`` when every shoe has a date, else ``archive``."""
        shoes = [ShoeCount(*row) for row in zip(self.names, self.dates, self.banker, self.player, strict=True)]
        if shoes and all(s.date is not None for s in shoes):
            # By the calendar date, then the time of day (dates were checked when read); T or a space alike.
            return sorted(shoes, key=lambda s: date_order(s.date or "")), "date"
        return shoes, "archive"


JSON_NAMES = {"up": "cusum_up", "down": "cusum_down"}
"""The drift row fields whose JSON (and CSV) names differ from their own."""


@dataclass(frozen=True, slots=True)
class DriftRow:
    """One shoe of the drift table: the cumulative counts, the share and its band, the CUSUM on both sides."""

    order: int
    shoe: str
    date: str | None
    banker: int
    decisions: int
    z: float | None
    """The shoe's standardised Banker count (None for a shoe of no decisions: the CUSUM stands still)."""
    cumulative_banker: int
    cumulative_decisions: int
    share: float | None
    low: float | None
    high: float | None
    up: float
    down: float
    signal: str | None
    """``up`` or ``down`` where that side crosses h (from at or below it), else None."""

    def to_dict(self) -> dict[str, Any]:
        """Return the row of the JSON table: the fields in their order, floats to 6 places, the CUSUMs named so."""
        row = {JSON_NAMES.get(f.name, f.name): getattr(self, f.name) for f in fields(self)}
        return {key: _round(value) if isinstance(value, float) else value for key, value in row.items()}


@dataclass(frozen=True, slots=True)
class Drift:
    """The drift of an archive: its rows, how they are ordered, the expected share and the CUSUM's k and h."""

    order: str
    expected: float
    k: float
    h: float
    alpha: float
    rows: list[DriftRow]

    @property
    def signals(self) -> list[DriftRow]:
        """Return the rows where the CUSUM crosses h."""
        return [r for r in self.rows if r.signal is not None]

    def about(self) -> dict[str, Any]:
        """Return everything but the rows, for the JSON document and the report's words."""
        last = self.rows[-1] if self.rows else None
        return {
            "order": self.order,
            "basis": BASIS,
            "expected": _round(self.expected),
            "band_sigmas": BAND,
            "k": self.k,
            "h": self.h,
            "alpha": self.alpha,
            "shoes": len(self.rows),
            "share": None if last is None else _round(last.share),
            "signals": [{"order": r.order, "shoe": r.shoe, "side": r.signal} for r in self.signals],
            "flag": bool(self.signals),
        }

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document's ``drift`` object: what it is, then a row a shoe."""
        return {**self.about(), "rows": [r.to_dict() for r in self.rows]}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def drift(shoes: Iterable[ShoeCount], expected: float, *, order: str = "archive", h: float | None = None) -> Drift:
    """Return the drift of ``shoes`` (already in drift order) against the Banker chance ``expected``.

    ``h`` defaults to :func:`decision_limit` for as many shoes, at ALPHA.
    """
    shoes = list(shoes)
    limit = decision_limit(len(shoes)) if h is None else h
    spread = expected * (1 - expected)
    rows: list[DriftRow] = []
    banker = decisions = 0
    up = down = 0.0
    for i, s in enumerate(shoes, 1):
        n = s.banker + s.player
        banker += s.banker
        decisions += n
        z = None
        was_up, was_down = up > limit, down > limit
        if n:
            z = (s.banker - expected * n) / math.sqrt(n * spread)
            up, down = max(0.0, up + z - K), max(0.0, down - z - K)
        signal = "up" if up > limit and not was_up else "down" if down > limit and not was_down else None
        share = low = high = None
        if decisions:
            share = banker / decisions
            half = BAND * math.sqrt(spread / decisions)
            low, high = expected - half, expected + half
        rows.append(DriftRow(i, s.shoe, s.date, s.banker, n, z, banker, decisions, share, low, high, up, down, signal))
    return Drift(order, expected, K, limit, ALPHA, rows)


def crossing_chance(h: float, shoes: int, k: float = K, states: int = STATES) -> float:
    """Return the chance that one side of the CUSUM crosses ``h`` within ``shoes`` standard normal steps.

    Brook and Evans (1972): the CUSUM's range 0..h is cut into ``states``
    cells (the first the atom at 0), the step's law gives each move's chance,
    and the chance of still being inside after ``shoes`` steps is the first
    row of the transition matrix to that power, summed.
    """
    import numpy as np

    if shoes <= 0:
        return 0.0
    w = 2 * h / (2 * states - 1)
    cdf = NormalDist().cdf
    # P(next at or below the top of cell j | now at cell i's centre) depends on j - i alone: cell 0 takes
    # everything at or below w / 2 (the CUSUM's atom at 0).
    reach = np.array([cdf((d + 0.5) * w + k) for d in range(-states, states)])
    steps = np.arange(states)[None, :] - np.arange(states)[:, None]
    upper = reach[steps + states]
    lower = np.where(steps > -np.arange(states)[:, None], reach[steps + states - 1], 0.0)
    moves = upper - lower
    inside = np.linalg.matrix_power(moves, shoes)[0].sum()
    return float(min(1.0, max(0.0, 1.0 - inside)))


@cache
def decision_limit(shoes: int, alpha: float = ALPHA, k: float = K) -> float:
    """Return the CUSUM's h for an archive of ``shoes`` shoes: each side crosses it with chance alpha / 2 at most.

    Found by bisection on :func:`crossing_chance`, then rounded up to 0.01 (so
    the bytes never hang on the last digit, and the chance stays at most alpha).
    """
    if shoes <= 0:
        return 0.0
    low, high = 0.0, 1.0
    while crossing_chance(high, shoes, k) > alpha / 2:
        low, high = high, 2 * high
    for _ in range(40):
        mid = (low + high) / 2
        low, high = (mid, high) if crossing_chance(mid, shoes, k) > alpha / 2 else (low, mid)
    return math.ceil(high * 100 - 1e-6) / 100


CSV_COLUMNS = (
    "order",
    "shoe",
    "date",
    "banker",
    "decisions",
    "z",
    "cumulative_banker",
    "cumulative_decisions",
    "share",
    "low",
    "high",
    "cusum_up",
    "cusum_down",
    "signal",
)
"""One row a shoe, in drift order: ``decisions`` are its non-tie coups, ``share`` the cumulative Banker share."""


def archive_drift(shoes: Shoes, decks: int) -> Drift:
    """Return the drift of every kept shoe against the exact Banker chance of ``decks`` decks."""
    ordered, order = shoes.ordered()
    return drift(ordered, banker_chance(decks), order=order)
