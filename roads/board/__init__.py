"""The road builder: Bead Plate, Big Road, the three derived roads, ask roads, proofs and statistics.

This is the model: it imports nothing that draws. :class:`Board` is the board
itself; the public :class:`roads.Scoreboard` adds its pictures and text.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from .bead_plate import BeadCell
from .big_road import Bead, BigRoad
from .board import Board
from .derived import DerivedRoad, Mark
from .marks import BLUE, RED, Color
from .names import DERIVED, ROAD_NAMES, Road
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
    "Board",
    "Color",
    "DerivedRoad",
    "Mark",
    "Proof",
    "Road",
    "Stats",
]


__getattr__ = lazy_names(__name__, {"Proof": f"{__name__}.explain"})
"""Return ``Proof``, importing the proofs (prose) on first use: building a board never needs them."""
