"""roads: baccarat shoe logs to scoreboards, explained.

The flow runs one way: cards -> coups -> roads -> scene -> SVG / PNG / text.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .cards import Card, parse_card
from .coup import Coup, Step, resolve
from .errors import RoadsError
from .outcome import Outcome, Winner
from .shoe import DealtShoe, deal_shoe

__all__ = [
    "Card", "Coup", "DealtShoe", "Outcome", "RoadsError", "Step", "Winner",
    "__version__", "deal_shoe", "parse_card", "resolve",
]
