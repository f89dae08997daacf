"""A card log's scoreboard with the Bead Plate marked for a rule set's events, written to a file."""

from __future__ import annotations

from ..errors import RenderError
from .options import RenderOptions


def save_marked(
    log: str, out: str, kind: str, options: RenderOptions, log_format: str | None, rules: str, lucky_6: bool
) -> None:
    """Draw the board of card log ``log`` with the events ``rules`` marks (and Lucky 6) to ``out``."""
    from ..bets.events import MEANINGS, NAMES, coup_events, marked_events
    from ..board import Scoreboard
    from ..logs import read_coups
    from ..render import save_scene
    from .layout import lay_out
    from .markers import mark_events

    if options.road not in ("scoreboard", "bead-plate"):
        raise RenderError(
            f"the events are marked on the Bead Plate: draw the scoreboard or bead-plate, not {options.road}"
        )
    coups = read_coups(log, log_format)
    board = Scoreboard.from_outcomes([c.outcome() for c in coups])
    scene = mark_events(
        lay_out(board, options),
        [coup_events(c) for c in coups],
        marked_events(rules, lucky_6),
        options.theme,
        NAMES,
        MEANINGS,
    )
    save_scene(scene, out, kind, cell=options.cell, width=options.width, scale=options.scale)
