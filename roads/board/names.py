"""The five roads by name: one :class:`Road` knows its spellings, its title and its offset k."""

from __future__ import annotations

from ..enums import NamedEnum
from ..errors import RoadError, excerpt


class Road(NamedEnum):
    """One of the five roads; the value is the board's name (``big_eye_boy``), so a Road is that string.

    ``Road.parse`` reads any spelling a user types (``big-eye-boy``,
    ``Big Eye Boy``, ``BIG_EYE_BOY``); ``cli`` is the command-line spelling,
    ``title`` the road as a dealer says it and ``k`` a derived road's offset.
    """

    BEAD_PLATE = "bead_plate"
    BIG_ROAD = "big_road"
    BIG_EYE_BOY = "big_eye_boy"
    SMALL_ROAD = "small_road"
    COCKROACH_PIG = "cockroach_pig"

    @property
    def cli(self) -> str:
        """Return the command-line spelling: ``big-eye-boy``."""
        return self.value.replace("_", "-")

    # A Road is a str, whose title() capitalises words; a road's own title is the dealer's name for it.
    @property
    def title(self) -> str:  # type: ignore[override]
        """Return the road as a dealer says it: ``Big Eye Boy``."""
        return _TITLES[self]

    @property
    def derived(self) -> bool:
        """Return True for Big Eye Boy, Small Road and Cockroach Pig, the roads read from the Big Road's columns."""
        return self in _OFFSETS

    @property
    def k(self) -> int:
        """Return a derived road's offset (1, 2, 3); RoadError for the Bead Plate and the Big Road."""
        try:
            return _OFFSETS[self]
        except KeyError:
            raise RoadError(f"the {self.title} has no offset: only derived roads do") from None

    @classmethod
    def parse(cls, name: str, *, derived: bool = False) -> Road:
        """Return the road ``name`` spells in any case, with hyphens, underscores or spaces; RoadError if unknown.

        With ``derived`` only Big Eye Boy, Small Road and Cockroach Pig are
        accepted (the roads that have marks to explain).
        """
        road: Road | None
        if isinstance(name, Road):
            road = name
        else:
            road = _SPELLINGS.get("_".join(str(name).lower().replace("-", " ").replace("_", " ").split()))
        allowed = DERIVED if derived else ROAD_NAMES
        valid = ", ".join(r.cli for r in allowed)
        if road is None:
            raise RoadError(f"unknown road '{excerpt(str(name))}': choose one of {valid}")
        if road not in allowed:
            raise RoadError(f"{road.cli} has no marks to explain: choose one of {valid}")
        return road

    @classmethod
    def parse_derived(cls, name: str) -> Road:
        """Return the derived road ``name`` spells (see :meth:`parse`); RoadError for any other."""
        return cls.parse(name, derived=True)


_TITLES = {
    Road.BEAD_PLATE: "Bead Plate",
    Road.BIG_ROAD: "Big Road",
    Road.BIG_EYE_BOY: "Big Eye Boy",
    Road.SMALL_ROAD: "Small Road",
    Road.COCKROACH_PIG: "Cockroach Pig",
}
_OFFSETS = {Road.BIG_EYE_BOY: 1, Road.SMALL_ROAD: 2, Road.COCKROACH_PIG: 3}
_SPELLINGS = {road.value: road for road in Road}
"""A road by its words joined with underscores: hyphens, spaces and underscores all separate words."""

ROAD_NAMES: tuple[Road, ...] = tuple(Road)
"""The five roads in board order."""

DERIVED: tuple[Road, Road, Road] = (Road.BIG_EYE_BOY, Road.SMALL_ROAD, Road.COCKROACH_PIG)
"""The derived roads in board order."""
