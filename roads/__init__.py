"""roads: baccarat shoe logs to scoreboards, explained.

The flow runs one way: cards -> coups -> roads -> scene -> SVG / PNG / text.
"""

from __future__ import annotations

__version__ = "0.2.0.dev0"  # written only here: pyproject.toml reads it ([tool.setuptools.dynamic])

from typing import TYPE_CHECKING

from .cards import Card, parse_card
from .coup import Coup, Step, resolve
from .errors import RoadsError
from .outcome import Outcome, Winner
from .shoe import DealtShoe, deal_shoe

if TYPE_CHECKING:
    from .board import Scoreboard

__all__ = [
    "Card",
    "Coup",
    "DealtShoe",
    "Outcome",
    "RoadsError",
    "Scoreboard",
    "Step",
    "Winner",
    "__version__",
    "deal_shoe",
    "parse_card",
    "resolve",
]


def __getattr__(name: str) -> object:
    """Return ``roads.Scoreboard`` on first use: importing the road builder would add about 40% to ``import roads``."""
    if name == "Scoreboard":
        from .board import Scoreboard

        return Scoreboard
    raise AttributeError(f"module 'roads' has no attribute {name!r}")
