"""A card log's scoreboard with the Bead Plate marked for a rule set's events, as a scene."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import RenderError
from .options import RenderOptions
from .primitives import Scene

if TYPE_CHECKING:
    from ..coup import Coup


def events_scene(coups: Sequence[Coup], options: RenderOptions, rules: str, lucky_6: bool = False) -> Scene:
    """Return the scoreboard of ``coups`` drawn as ``options`` say, with the events ``rules`` marks (and Lucky 6)."""
    from ..bets.events import MEANINGS, NAMES, coup_events, marked_events
    from ..board import Scoreboard
    from .layout import lay_out
    from .markers import mark_events

    if options.road not in ("scoreboard", "bead-plate"):
        raise RenderError(
            f"the events are marked on the Bead Plate: draw the scoreboard or bead-plate, not {options.road}"
        )
    board = Scoreboard.from_outcomes([c.outcome() for c in coups])
    return mark_events(
        lay_out(board, options),
        [coup_events(c) for c in coups],
        marked_events(rules, lucky_6),
        options.theme,
        NAMES,
        MEANINGS,
    )
