"""The road builder: Bead Plate, Big Road, the three derived roads, ask roads, proofs and statistics."""

from typing import TYPE_CHECKING

from .bead_plate import BeadCell
from .big_road import Bead, BigRoad
from .derived import DerivedRoad, Mark
from .marks import BLUE, RED, Color
from .names import DERIVED, ROAD_NAMES, Road
from .scoreboard import Scoreboard
from .stats import Stats

if TYPE_CHECKING:
    from .explain import Proof

__all__ = [
    "BLUE",
    "DERIVED",
    "RED",
    "ROAD_NAMES",
    "Bead",
    "BeadCell",
    "BigRoad",
    "Color",
    "DerivedRoad",
    "Mark",
    "Proof",
    "Road",
    "Scoreboard",
    "Stats",
]


def __getattr__(name: str) -> object:
    """Return ``Proof``, importing the proofs (prose) on first use: building a board never needs them."""
    if name == "Proof":
        from .explain import Proof

        return Proof
    raise AttributeError(f"module 'roads.board' has no attribute {name!r}")
