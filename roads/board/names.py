"""Road names as users type them (``big-eye-boy``, ``Big Eye Boy``) mapped to the board's names."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RoadError, excerpt
from .scoreboard import DERIVED, ROAD_NAMES


def cli_name(road: str) -> str:
    """Return the command-line spelling of a road name: ``big_eye_boy`` -> ``big-eye-boy``."""
    return road.replace("_", "-")


def board_key(name: str) -> str:
    """Return ``name`` lower case with its words joined by underscores: ``Big-Eye Boy`` -> ``big_eye_boy``."""
    return "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())


def road_name(name: str, allowed: Sequence[str] = ROAD_NAMES) -> str:
    """Return the board name (``big_eye_boy``) of ``name``; RoadError listing the valid ones if unknown.

    Hyphens, underscores, spaces and case are all accepted, so ``big-eye-boy``,
    ``big_eye_boy`` and ``Big Eye Boy`` name the same road.
    """
    key = board_key(name)
    if key in allowed:
        return key
    valid = ", ".join(cli_name(road) for road in allowed)
    if key in ROAD_NAMES:
        # A real road, but not one this request can use (explain takes derived roads only).
        raise RoadError(f"{cli_name(key)} has no marks to explain: choose one of {valid}")
    raise RoadError(f"unknown road '{excerpt(name)}': choose one of {valid}")


def derived_name(name: str) -> str:
    """Return the board name of a derived road (Big Eye Boy, Small Road, Cockroach Pig)."""
    return road_name(name, DERIVED)
