"""The events casino boards mark and count: Super 6 wins, Dragon 7, Panda 8 and Lucky 6.

Each is read off the same event chains the bets settle on, so a board's count
of Dragon 7s is the number of coups on which a Dragon 7 bet won. The board
with its events marked (:func:`events_scene`) is drawn here, above the scene:
the scene knows how to mark a bead, not what a bet's event is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..coup import Coup
from ..errors import RenderError
from .kinds import main_events
from .settle import deal_of

if TYPE_CHECKING:
    from ..scene.options import RenderOptions
    from ..scene.primitives import Scene

EVENTS: tuple[str, ...] = ("super_6", "dragon_7", "panda_8", "lucky_6")
"""Every event a board can mark, in the order the legend and the counts list them."""

NAMES: dict[str, str] = {
    "super_6": "Super 6",
    "dragon_7": "Dragon 7",
    "panda_8": "Panda 8",
    "lucky_6": "Lucky 6",
}

MEANINGS: dict[str, str] = {
    "super_6": "Banker wins with 6",
    "dragon_7": "Banker wins with a three-card 7",
    "panda_8": "Player wins with a three-card 8",
    "lucky_6": "Banker wins with 6",
}

MARKED: dict[str, tuple[str, ...]] = {"standard": (), "super6": ("super_6",), "ez": ("dragon_7", "panda_8")}
"""What the boards of each rule set mark on the Bead Plate (Lucky 6 only when asked)."""


def coup_events(coup: Coup) -> tuple[str, ...]:
    """Return the events of one coup, in EVENTS order."""
    deal = deal_of(coup)
    banker, player = main_events(deal, "banker"), main_events(deal, "player")
    out = []
    if "win_6" in banker:
        out += ["super_6"]
    if "win_7_with_3_cards" in banker:
        out += ["dragon_7"]
    if "win_8_with_3_cards" in player:
        out += ["panda_8"]
    if "win_6" in banker:
        out += ["lucky_6"]
    return tuple(out)


def count_events(coups: Iterable[Coup]) -> dict[str, int]:
    """Return how many coups made each event; Lucky 6 is also split into two-card and three-card wins."""
    counts = dict.fromkeys((*EVENTS, "lucky_6_two_cards", "lucky_6_three_cards"), 0)
    for coup in coups:
        for event in coup_events(coup):
            counts[event] += 1
        if "lucky_6" in coup_events(coup):
            counts["lucky_6_two_cards" if len(coup.banker) == 2 else "lucky_6_three_cards"] += 1
    return counts


def marked_events(rules: str, lucky_6: bool = False) -> tuple[str, ...]:
    """Return the events a board under ``rules`` marks (with Lucky 6 if asked)."""
    return MARKED[rules] + (("lucky_6",) if lucky_6 else ())


def events_line(counts: dict[str, int]) -> str:
    """Return the counts as one line: 'Super 6 4, Dragon 7 1, Panda 8 2, Lucky 6 4 (3 two-card, 1 three-card)'."""
    lucky = f" ({counts['lucky_6_two_cards']} two-card, {counts['lucky_6_three_cards']} three-card)"
    return ", ".join(f"{NAMES[e]} {counts[e]}" + (lucky if e == "lucky_6" else "") for e in EVENTS)


def events_scene(coups: Sequence[Coup], options: RenderOptions, rules: str, lucky_6: bool = False) -> Scene:
    """Return the scoreboard of ``coups`` drawn as ``options`` say, with the events ``rules`` marks (and Lucky 6)."""
    # Counting events (roads build) needs no scene: only a picture of them loads it.
    from ..board import Board
    from ..scene.layout import lay_out, unit_pixels
    from ..scene.markers import mark_events

    if options.road not in ("scoreboard", "bead-plate"):
        raise RenderError(
            f"the events are marked on the Bead Plate: draw the scoreboard or bead-plate, not {options.road}"
        )
    board = Board.from_outcomes([c.outcome() for c in coups])
    return mark_events(
        lay_out(board, options),
        [coup_events(c) for c in coups],
        marked_events(rules, lucky_6),
        options.theme,
        NAMES,
        MEANINGS,
        pixels=unit_pixels(options),
    )
