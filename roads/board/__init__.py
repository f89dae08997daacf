"""The road builder: Bead Plate, Big Road, the three derived roads, ask roads and statistics."""

from .bead_plate import BeadCell
from .big_road import Bead, BigRoad
from .derived import BLUE, OFFSETS, RED, TITLES, Color, DerivedRoad, Mark
from .scoreboard import DERIVED, ROAD_NAMES, Scoreboard
from .stats import Stats

__all__ = [
    "BLUE",
    "DERIVED",
    "OFFSETS",
    "RED",
    "ROAD_NAMES",
    "TITLES",
    "Bead",
    "BeadCell",
    "BigRoad",
    "Color",
    "DerivedRoad",
    "Mark",
    "Scoreboard",
    "Stats",
]
