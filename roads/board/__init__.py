"""The road builder: Bead Plate, Big Road, the three derived roads, ask roads, proofs and statistics."""

from .bead_plate import BeadCell
from .big_road import Bead, BigRoad
from .derived import BLUE, RED, Color, DerivedRoad, Mark
from .explain import Proof
from .names import DERIVED, ROAD_NAMES, Road
from .scoreboard import Scoreboard
from .stats import Stats

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
